/**
 * Issue 31: what the streaming decoder reads of a type per child and per record, worked out
 * once per type (wire/stream-plan.ts): simple values read without the codec's general path
 * (numbers, integers in a range, booleans, dates, strings), children told by the order of
 * the record before (a guess checked by name), the arrays of a record reused by the next,
 * and the `xsd:any` leaves' shapes guessed the same way (xml/xml-compact.ts). Each gives what
 * the tree and the codec give, value for value (`-0` included), or falls back where the codec
 * fails; and all of it on one registry read many times, as a client reads its answers.
 */
import { describe, expect, it } from 'vitest';
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import type { ComplexDesc, FieldDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { lookupNamespace, parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { difference } from '../support/decode-compare.js';
import { heapUsed } from '../support/heap.js';
import { prng } from '../support/prng.js';

const NS = 'urn:p';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

function byTree(text: string, desc: ValueDesc, types: TypeRegistry): { value?: unknown; error?: string } {
  try {
    return { value: readValue(parseXml(text), desc, types) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The problems of reading `text` streamed against the tree's reading: none when they agree (or streaming falls back where the tree fails). */
function compare(
  text: string,
  desc: ValueDesc,
  types: TypeRegistry,
): { problem?: string; streamed: boolean; valid: boolean } {
  const want = byTree(text, desc, types);
  const valid = want.error === undefined;
  const got = decodeStreaming(text, {}, (root) => valueFrame(root, desc, types));
  // Falling back is allowed (the client then reads the tree); the tests count how often it streams.
  if (got instanceof StreamFallback) return { streamed: false, valid };
  if (!valid)
    return { problem: `${text}: streamed a value where the codec fails: ${want.error}`, streamed: true, valid };
  const d = difference(want.value, got);
  return { ...(d === '' ? {} : { problem: `${text}: ${d}` }), streamed: true, valid };
}

function field(prop: string, value: ValueDesc, extra: Partial<FieldDesc> = {}): FieldDesc {
  return { prop, name: prop, ns: NS, value, min: 0, max: 1, ...extra };
}

/** A holder of records whose fields are `fields`. */
function records(fields: FieldDesc[], rec: Partial<ComplexDesc> = {}): TypeRegistry {
  return {
    Rec: { name: 'Rec', ns: NS, fields, ...rec },
    Holder: { name: 'Holder', ns: NS, fields: [field('rec', { complex: 'Rec' }, { max: -1 })] },
  } as TypeRegistry;
}
const HOLDER: ValueDesc = { complex: 'Holder' };

function doc(recs: readonly string[]): string {
  return `<p:Holder xmlns:p="${NS}" xmlns:q="urn:q" xmlns:xsi="${XSI}">${recs.map((r) => `<p:rec>${r}</p:rec>`).join('')}</p:Holder>`;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

describe('simple values read by the plan', () => {
  const kinds: Record<string, ValueDesc> = {
    double: { scalar: 'double' },
    int: { scalar: 'int' },
    intInt: { scalar: 'int', range: 'int' },
    intShort: { scalar: 'int', range: 'short' },
    intUnsigned: { scalar: 'int', range: 'unsignedByte' },
    boolean: { scalar: 'boolean' },
    dateTime: { scalar: 'dateTime' },
    string: { scalar: 'string' },
    stringEnum: { scalar: 'string', enum: ['a', 'b c'] },
    intList: { scalar: 'int', list: true },
    decimal: { scalar: 'decimalString' },
  } as Record<string, ValueDesc>;
  const texts = [
    ...['0', '-0', '1', '-1', '1.', '.5', '-.5', '+1', ' 1 ', '1e5', '1E-3', 'NaN', 'INF', '-INF', '+INF', '0.1'],
    ...['0.30000000000000004', '123456789012345', '1234567890123456', '12345678901234567890', '0.000000000000001'],
    ...['999999999999999.9', '-12.50', '00012.3400', '-', '.', '', 'abc', '1.2.3', '--1', '1-', '1 2', '٣'],
    ...['32767', '32768', '-32768', '-32769', '255', '256', '2147483647', '2147483648', '-2147483648', '-2147483649'],
    ...['9007199254740991', '9007199254740993', '000000000000000000001', '-000'],
    ...[
      'true',
      'false',
      'TRUE',
      ' true',
      'yes',
      '2024-02-29T23:59:59.5Z',
      '2023-02-29T00:00:00Z',
      '2024-01-01T00:00:00+14:00',
    ],
    ...[
      '1999-12-31T24:00:00Z',
      '0099-01-01T00:00:00Z',
      'a',
      'b c',
      'b  c',
      'a long string of thirteen and more characters',
    ],
  ];

  it('gives the codec value of every form, or falls back where the codec fails', () => {
    const problems: string[] = [];
    let validTexts = 0;
    for (const [name, desc] of Object.entries(kinds)) {
      const types = records([field('v', desc), field('w', { scalar: 'string' })]);
      // Each text alone, and all of them as records of one answer (the plan and its arrays reused).
      for (const t of texts) {
        const r = compare(doc([`<p:v>${esc(t)}</p:v><p:w>${name}</p:w>`]), HOLDER, types);
        if (r.problem) problems.push(`${name}: ${r.problem}`);
        // A valid simple value is always streamed.
        if (r.valid && !r.streamed) problems.push(`${name}: ${t}: not streamed`);
        if (r.valid) validTexts++;
      }
      const valid = texts.filter((t) => byTree(doc([`<p:v>${esc(t)}</p:v>`]), HOLDER, types).error === undefined);
      const r = compare(doc(valid.map((t) => `<p:v>${esc(t)}</p:v><p:w>x</p:w>`)), HOLDER, types);
      if (r.problem) problems.push(`${name} (all): ${r.problem}`);
      if (!r.streamed) problems.push(`${name} (all): not streamed`);
    }
    expect(problems).toEqual([]);
    expect(validTexts).toBeGreaterThan(150);
  });

  it('reads random decimals of up to 17 digits as Number does', () => {
    const r = prng(3117);
    const types = records([field('d', { scalar: 'double' }), field('i', { scalar: 'int' })]);
    const recs: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const n = 1 + Math.floor(r() * 17);
      let digits = '';
      for (let j = 0; j < n; j++) digits += String(Math.floor(r() * 10));
      const point = Math.floor(r() * (n + 1));
      const sign = r() < 0.3 ? '-' : '';
      const d = point === 0 || point === n ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
      recs.push(`<p:d>${sign}${d}</p:d><p:i>${sign}${digits.slice(0, 15)}</p:i>`);
    }
    const text = doc(recs);
    const got = decodeStreaming(text, {}, (root) => valueFrame(root, HOLDER, types)) as { rec: { d: number }[] };
    expect(got).not.toBeInstanceOf(StreamFallback);
    expect(difference(byTree(text, HOLDER, types).value, got)).toBe('');
    expect(got.rec.some((x) => Object.is(x.d, -0))).toBe(true);
  });
});

describe('records told by the order of the one before', () => {
  it('reads records whose children change order, go missing, repeat, stray or sit in other namespaces', () => {
    const r = prng(3118);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const problems: string[] = [];
    let streamed = 0;
    let compared = 0;
    for (const any of [false, true]) {
      // One registry for every document: the plans, their guesses and their arrays carry over.
      const fields = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n, i) =>
        field(n, i % 3 === 0 ? { scalar: 'int' } : { scalar: 'string' }, {
          max: i === 5 ? -1 : 1,
          min: i === 7 ? 1 : 0,
          nillable: i % 2 === 0,
        }),
      );
      fields.push(field('nest', { complex: 'Rec' }));
      const types = records(fields, any ? { any: '$any' } : {});
      const usual = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'x', 'y', 'z'];
      for (let d = 0; d < 60; d++) {
        const recs: string[] = [];
        for (let k = 0; k < 20; k++) {
          // h (required) always there, the others mostly; nil only where nillable; another namespace but beside xsd:any.
          let names = usual.filter((n) => n === 'h' || r() < 0.85);
          if (r() < 0.2) names = names.sort(() => r() - 0.5);
          if (r() < 0.2) names.push(pick(usual));
          const kids = names.map((n) => {
            const prefix = !any && r() < 0.05 ? 'q:' : 'p:';
            if ('aceg'.includes(n) && r() < 0.05) return `<${prefix}${n} xsi:nil="true"/>`;
            const text = 'adg'.includes(n) ? pick(['1', '42', ' 7 ', '-0']) : pick(['1', 'text', ' 7 ', '']);
            return `<${prefix}${n}>${text}</${prefix}${n}>`;
          });
          // A record of the same type inside (Salesforce's Account.Parent): its arrays are its own.
          if (r() < 0.2) kids.splice(Math.floor(r() * kids.length), 0, `<p:nest><p:a>9</p:a><p:h>n</p:h></p:nest>`);
          recs.push(kids.join(''));
        }
        const c = compare(doc(recs), HOLDER, types);
        if (c.problem) problems.push(c.problem);
        if (c.streamed) streamed++;
        compared++;
      }
    }
    expect(problems).toEqual([]);
    expect(streamed).toBe(compared);
  });

  it('reads xsd:any leaves in changing orders and prefixes as the tree has them', () => {
    const types = records([field('Id', { scalar: 'string' })], { any: '$any' });
    const r = prng(3119);
    const problems: string[] = [];
    for (let d = 0; d < 40; d++) {
      const recs: string[] = [];
      for (let k = 0; k < 15; k++) {
        // Half the documents in one order (the guesses hold, across documents and scopes too), half shuffled.
        const all = ['Name', 'City', 'Phone', 'LongFieldNameOfThirteenPlus', 'Industry'];
        const fixed = d % 2 === 0;
        const names = fixed ? all : all.filter(() => r() < 0.9);
        if (!fixed && r() < 0.3) names.reverse();
        recs.push(
          `<p:Id>${k}</p:Id>${names
            .map((n) => {
              const prefix = !fixed && r() < 0.1 ? 'q' : 'p';
              return !fixed && r() < 0.1
                ? `<${prefix}:${n} xsi:nil="true"/>`
                : `<${prefix}:${n}>${n} ${d}.${k}</${prefix}:${n}>`;
            })
            .join('')}`,
        );
      }
      // Every few documents, records under a scope of their own (a declaration on the holder's child).
      const text = d % 5 === 4 ? doc(recs).replace(/<p:rec>/g, '<p:rec xmlns:q="urn:q2">') : doc(recs);
      const c = compare(text, HOLDER, types);
      if (c.problem) problems.push(c.problem);
      if (!c.streamed) problems.push(`${text}: not streamed`);
      // Each leaf hangs from the scope of its own record: its prefixes resolve as they did there.
      const got = decodeStreaming(text, {}, (root) => valueFrame(root, HOLDER, types)) as {
        rec: { $any?: XmlElement[] }[];
      };
      const q = d % 5 === 4 ? 'urn:q2' : 'urn:q';
      for (const rec of got.rec)
        for (const leaf of rec.$any ?? [])
          if (lookupNamespace(leaf, 'q') !== q) problems.push(`${text}: q of ${leaf.name} is not ${q}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('what a decode leaves behind', () => {
  // A namespace, a type name and xsd:any names of 13 characters or more: on V8, views of the document.
  const LONG_NS = 'urn:a-namespace-long-enough-to-be-a-view';
  const types = {
    Base: {
      name: 'BaseRecordType',
      ns: LONG_NS,
      any: '$any',
      fields: [{ ...field('Id', { scalar: 'string' }), ns: LONG_NS }],
    },
    Derived: {
      name: 'DerivedRecordType',
      ns: LONG_NS,
      base: 'Base',
      any: '$any',
      fields: [{ ...field('Amount', { scalar: 'double' }), ns: LONG_NS }],
    },
    Holder: {
      name: 'Holder',
      ns: LONG_NS,
      fields: [{ ...field('rec', { complex: 'Base' }, { max: -1 }), ns: LONG_NS }],
    },
  } as unknown as TypeRegistry;

  function text(n: number): string {
    const pad = 'p'.repeat(2000);
    let s = `<h:Holder xmlns:h="${LONG_NS}" xmlns:xsi="${XSI}" xmlns:o="urn:another-long-namespace">`;
    for (let i = 0; i < n; i++)
      s += `<h:rec xsi:type="h:DerivedRecordType"><h:Id>${i}</h:Id><h:Amount>${i}.5</h:Amount><o:AnotherLongFieldName>${pad}</o:AnotherLongFieldName></h:rec>`;
    return `${s}</h:Holder>`;
  }

  // The decoder's memos (a namespace, an xsi:type, the last parent, the names of xsd:any children)
  // are let go of or copied when a decode ends: the scanner's names and namespaces of 13 characters
  // or more are views of the text.
  it('no part of the document is kept by the decoder once it is done', () => {
    const decode = (records: number): number => {
      const t = text(records);
      const got = decodeStreaming(t, {}, (root) => valueFrame(root, { complex: 'Holder' }, types));
      expect(got).not.toBeInstanceOf(StreamFallback);
      const recs = (got as { rec: { $type: string; Amount: number; $any: XmlElement[] }[] }).rec;
      expect(recs[7]!.$type).toBe('Derived');
      expect(recs[7]!.Amount).toBe(7.5);
      expect(recs[7]!.$any[0]!.name).toBe('AnotherLongFieldName');
      return t.length;
    };
    decode(2000); // compiled and optimised before measuring
    decode(10); // what a memo would keep of a decode is now a small document
    const before = heapUsed();
    const length = decode(2000);
    expect(length).toBeGreaterThan(4_000_000);
    // Nothing of the 4 MB text: only the plans, shapes and code made meanwhile.
    expect(heapUsed() - before).toBeLessThan(length / 4);
  });

  it('nor once a decode has given up midway (an invalid value: the tree path reads it)', () => {
    const failing = (records: number): number => {
      const t = text(records).replace(`<h:Amount>${records >> 1}.5</h:Amount>`, '<h:Amount>x</h:Amount>');
      const got = decodeStreaming(t, {}, (root) => valueFrame(root, { complex: 'Holder' }, types));
      expect(got).toBeInstanceOf(StreamFallback);
      return t.length;
    };
    failing(2000);
    failing(10);
    const before = heapUsed();
    const length = failing(2000);
    expect(heapUsed() - before).toBeLessThan(length / 4);
  });
});
