/**
 * Decode plans (src/runtime/server/decode-plan.ts) feature by feature, with hand-written
 * descriptions: every codec feature a request can use (multi-references,
 * `xsi:type`, `xsi:nil`, SOAP-encoded arrays, simpleContent with attributes,
 * lists, QNames with prefixes, enumerations, ranges, base64, `xsd:any`,
 * `anyAttribute`, `xml` values, substitution groups, choices, duplicate and
 * other-namespace elements, awkward property names). Documents of one shape with
 * random values are read the way the server reads them and must give what a
 * plain parse and `readValue` give: value, prototypes and key order, or error.
 * (Cases from the review of the decode plan; the corpus test covers real contracts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TypeRegistry } from '../../src/runtime/wire/codec.js';
import { DecodePlan } from '../../src/runtime/server/decode-plan.js';
import type { FieldDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { byServer, byTree, difference, prng, recordShape, type ReadOutcome } from '../support/decode-compare.js';
// SOAP-encoded arrays are an optional codec: generated schema.ts imports it when its contract has them.
import '../../src/runtime/wire/soap-array.js';

const N = 'urn:t';
const str = { scalar: 'string' } as const;
const int = { scalar: 'int' } as const;
const f = (prop: string, value: ValueDesc, min = 0, max = 1, extra: Partial<FieldDesc> = {}): FieldDesc => ({
  prop,
  name: prop,
  ns: N,
  value,
  min,
  max,
  ...extra,
});

const types: TypeRegistry = {
  T: { name: 'T', ns: N, fields: [f('a', str), f('n', int)] },
  D: { name: 'D', ns: N, base: 'T', fields: [f('d', { scalar: 'dateTime' })] },
  Op: {
    name: 'Op',
    ns: N,
    fields: [f('p', { complex: 'T' }), f('q', { complex: 'T' }), f('r', { complex: 'T' }, 0, -1)],
  },
  Nil: { name: 'Nil', ns: N, fields: [f('a', str, 1, 1, { nillable: true }), f('b', int, 0, 1), f('c', str, 1)] },
  Arr: { name: 'Arr', ns: N, fields: [], soapArray: int },
  OpArr: { name: 'OpArr', ns: N, fields: [f('arr', { complex: 'Arr' })] },
  Meas: {
    name: 'Meas',
    ns: N,
    fields: [],
    attrs: [
      { prop: 'unit', name: 'unit', ns: '', value: str, required: true },
      { prop: 'v', name: 'v', ns: '', value: int },
    ],
    text: { prop: 'value', value: { scalar: 'double' } },
  },
  OpMeas: { name: 'OpMeas', ns: N, fields: [f('m', { complex: 'Meas' }), f('v', str)] },
  Lists: {
    name: 'Lists',
    ns: N,
    anyAttr: 'other',
    fields: [
      f('l', { scalar: 'int', list: true }),
      f('q', { scalar: 'qname' }),
      f('e', { scalar: 'string', enum: ['A', 'B'] }),
      f('big', { scalar: 'bigint', range: 'unsignedLong' }),
      f('b64', { scalar: 'base64' }),
      f('x', { scalar: 'xml' }),
    ],
  },
  Any: { name: 'Any', ns: N, any: 'rest', fields: [f('a', str)] },
  Sub: {
    name: 'Sub',
    ns: N,
    fields: [
      f('head', { complex: 'T' }, 1, 1, {
        subst: [
          { name: 'member', ns: N, value: { complex: 'D' } },
          { name: 'smember', ns: N, value: str },
        ],
      }),
    ],
  },
  Choice: {
    name: 'Choice',
    ns: N,
    fields: [f('x', str, 1, 1, { choice: 0, branch: 0 }), f('y', int, 1, -1, { choice: 0, branch: 1 })],
  },
  Proto: { name: 'Proto', ns: N, fields: [f('__proto__', str), f('constructor', str), f('0', str), f('a', str)] },
  R: { name: 'R', ns: N, fields: [f('c', { complex: 'R' }, 0, -1), f('s', str)] },
};

/** Body content templates (`{}` = a text value) and the description of the Body's element; `plan`: whether documents get one. */
const CASES: readonly (readonly [name: string, template: string, desc: ValueDesc, plan: boolean])[] = [
  [
    'href',
    `<op><p href="#1"/><q href="#1"/><r href="#1"/><r href="#2"/></op><m id="1"><a>{}</a><n>{}</n></m><m id="2"><a>{}</a></m>`,
    { complex: 'Op' },
    false,
  ],
  ['enc:ref', `<op><p enc:ref="1"/><q>{}</q></op><m enc:id="1"><n>{}</n></m>`, { complex: 'Op' }, false],
  ['href to a simple value', `<op><a href="#1"/><c>{}</c></op><m id="1">{}</m>`, { complex: 'Nil' }, false],
  [
    'xsi:type, known and unknown prefix',
    `<op><p xsi:type="t:D"><a>{}</a><d>{}</d></p><q xsi:type="zz:D"><n>{}</n></q></op>`,
    { complex: 'Op' },
    true,
  ],
  [
    'xsi:nil on nillable and optional',
    `<op><a xsi:nil="true">{}</a><b xsi:nil="true">{}</b><c>{}</c></op>`,
    { complex: 'Nil' },
    true,
  ],
  ['xsi:nil on a required element', `<op><a>{}</a><c xsi:nil="1">{}</c></op>`, { complex: 'Nil' }, false],
  ['SOAP-encoded array', `<op><arr><i>{}</i><i>{}</i><j xsi:nil="true"/></arr></op>`, { complex: 'OpArr' }, true],
  ['simpleContent with attributes', `<op><m unit="kg" v="3">{}</m><v>{}</v></op>`, { complex: 'OpMeas' }, true],
  [
    'simpleContent with an invalid attribute',
    `<op><m unit="kg" v="x">{}</m><v>{}</v></op>`,
    { complex: 'OpMeas' },
    true,
  ],
  [
    'lists, QName, enum, range, base64, anyAttribute',
    `<op xmlns:zz="urn:zz" foo="bar"><l>{}</l><q>{}</q><e>{}</e><big>{}</big><b64>{}</b64></op>`,
    { complex: 'Lists' },
    true,
  ],
  ['an xml value', `<op><x>{}</x><e>{}</e></op>`, { complex: 'Lists' }, false],
  ['xsd:any with an extra element', `<op><a>{}</a><zzz>{}</zzz></op>`, { complex: 'Any' }, false],
  ['xsd:any without one', `<op><a>{}</a></op>`, { complex: 'Any' }, true],
  ['substitution group, complex member', `<op><member><a>{}</a><d>{}</d></member></op>`, { complex: 'Sub' }, true],
  ['substitution group, simple member', `<op><smember>{}</smember></op>`, { complex: 'Sub' }, true],
  ['choice', `<op><y>{}</y><y>{}</y></op>`, { complex: 'Choice' }, true],
  ['text in complex elements', `<op><p>{}</p><q> {} </q></op>`, { complex: 'Op' }, true],
  [
    'duplicate and other-namespace elements',
    `<op><a>{}</a><a>{}</a><n>{}</n><a xmlns="urn:other">{}</a></op>`,
    { complex: 'T' },
    true,
  ],
  ['liberal namespaces', `<op><a xmlns="urn:other">{}</a><n xmlns="">{}</n></op>`, { complex: 'T' }, true],
  [
    '__proto__, constructor and integer-like properties',
    `<op><__proto__>{}</__proto__><constructor>{}</constructor><a>{}</a><_0>{}</_0></op>`,
    { complex: 'Proto' },
    false,
  ],
  ['a simple Body element', `<op>{}</op>`, int, true],
  ['a nil simple Body element', `<op xsi:nil="true">{}</op>`, int, true],
  ['an enumerated list', `<op>{}</op>`, { scalar: 'string', enum: ['A', 'B'], list: true }, true],
  ['a prefixed QName', `<op xmlns:zz="urn:zz">{}</op>`, { scalar: 'qname' }, true],
  ['a dateTime', `<op>{}</op>`, { scalar: 'dateTime' }, true],
];

const VALUES = [
  '0',
  '1',
  ' 7 ',
  'x',
  ' ',
  '\t',
  'A',
  ' A ',
  'B',
  't:T',
  'zz:T',
  'nope:T',
  '2024-01-01T00:00:00Z',
  'QUJD',
  '1 2 3',
  '18446744073709551616',
  '-1',
  'true',
  'abc',
];

const envelope = (body: string): string =>
  `<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:enc="http://www.w3.org/2003/05/soap-encoding" xmlns="${N}" xmlns:t="${N}"><s:Body>${body}</s:Body></s:Envelope>`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('decode plans, feature by feature', () => {
  const random = prng(1);

  it.each(CASES.map((c) => [c[0], c] as const))('%s', (_name, [, template, desc, plannable]) => {
    const decode = vi.spyOn(DecodePlan.prototype, 'decode');
    const parts = template.split('{}');
    const doc = (values: readonly string[]): string => envelope(parts.map((p, k) => p + (values[k] ?? '')).join(''));
    expect(recordShape(doc(parts.slice(1).map(() => 'x')))).toBe(true);
    const problems: string[] = [];
    for (let n = 0; n < 60; n++) {
      const text = doc(parts.slice(1).map(() => VALUES[Math.floor(random() * VALUES.length)]!));
      const want = byTree(text, desc, types);
      const got = byServer(text, desc, types);
      expect(got.shaped).toBe(true);
      if (want.error !== undefined || got.error !== undefined) {
        if (want.error !== got.error) problems.push(`${String(want.error)} vs ${String(got.error)}`);
        continue;
      }
      const d = difference(want.value, got.value);
      if (d !== '') problems.push(`${d} in ${text}`);
    }
    expect(problems).toEqual([]);
    expect(decode.mock.calls.length).toBe(plannable ? 60 : 0);
  });

  it('makes a plan per type registry (one description, two handlers)', () => {
    const desc = { complex: 'X' };
    const t1: TypeRegistry = { X: { name: 'X', ns: N, fields: [f('a', str)] } };
    const t2: TypeRegistry = { X: { name: 'X', ns: N, fields: [f('a', int)] } };
    const doc = (a: string): string => envelope(`<op><a>${a}</a><registries/></op>`);
    expect(recordShape(doc('1'))).toBe(true);
    const outcomeOf = (o: ReadOutcome): ReadOutcome => ({ value: o.value, error: o.error });
    for (const t of [t1, t2, t1, t2]) {
      const got = byServer(doc('7'), desc, t);
      expect(got.shaped).toBe(true);
      expect(outcomeOf(got)).toEqual(outcomeOf(byTree(doc('7'), desc, t)));
    }
    expect(byServer(doc('7'), desc, t2).value).toEqual({ a: 7 });
  });

  it('makes no plan for values read through references, however often they repeat (bounded recording)', () => {
    const decode = vi.spyOn(DecodePlan.prototype, 'decode');
    const record_ = vi.spyOn(DecodePlan, 'record');
    const fan = 4;
    const levels = 4;
    let body = `<op>${'<c href="#1"/>'.repeat(fan)}</op>`;
    for (let l = 1; l < levels; l++) body += `<m id="${l}">${`<c href="#${l + 1}"/>`.repeat(fan)}<s>{}</s></m>`;
    body += `<m id="${levels}"><s>{}</s></m>`;
    const doc = (v: string): string => envelope(body.replaceAll('{}', v));
    expect(recordShape(doc('x'))).toBe(true);
    const desc = { complex: 'R' };
    for (const v of ['y', 'z']) {
      const got = byServer(doc(v), desc, types);
      expect(got.shaped).toBe(true);
      expect(difference(byTree(doc(v), desc, types).value, got.value)).toBe('');
    }
    expect(record_).toHaveBeenCalledTimes(1);
    expect(record_.mock.results[0]!.value).toBeUndefined();
    expect(decode).not.toHaveBeenCalled();
  });
});
