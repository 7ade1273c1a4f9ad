/**
 * Issue 31: what the values the streaming decoder reads from a large response
 * (wire/codec-stream.ts) keep. They hold nothing of its text. On V8 a substring of 13 characters or more is a view of the string
 * it was cut from, so a kept string value would keep the whole response text alive; the decoder
 * gives each string value storage of its own (xml/xml-string-copy.ts). Measured: the heap a
 * decode's strings keep once the text is dropped, against the size of the text (4 MB, so that
 * one retained text is far above the few hundred KB the strings take). And records of many
 * fields are ordinary objects, not hash tables (V8 "dictionary mode": 2-3x the memory), in
 * the codec's property order.
 */
import v8 from 'node:v8';
import { beforeAll, describe, expect, it } from 'vitest';
import { readValue } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback as Fallback, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { decodeSoapResponseStreaming, StreamFallback } from '../../src/runtime/wire/soap-response-stream.js';
import { heapUsed } from '../support/heap.js';
import { ANY_RECORDS } from '../support/random-records.js';

v8.setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

const NS = 'urn:kept-strings';
const OTHER = 'urn:another-namespace-of-some-length';
const types = {
  Rec: {
    name: 'Rec',
    ns: NS,
    attrs: [{ prop: 'label', name: 'label', ns: '', value: { scalar: 'string' }, required: false }],
    fields: [
      { prop: 'name', name: 'name', ns: NS, value: { scalar: 'string' }, min: 1, max: 1 },
      { prop: 'tags', name: 'tags', ns: NS, value: { scalar: 'string', list: true }, min: 0, max: 1 },
      { prop: 'code', name: 'code', ns: NS, value: { scalar: 'qname' }, min: 0, max: 1 },
      { prop: 'amount', name: 'amount', ns: NS, value: { scalar: 'decimalString' }, min: 0, max: 1 },
    ],
  },
  Wrapper: {
    name: 'QueryResponse',
    ns: NS,
    fields: [{ prop: 'recs', name: 'rec', ns: NS, value: { complex: 'Rec' }, min: 0, max: -1 }],
  },
} as unknown as ServiceDesc['types'];
const OUT = { element: { ns: NS, name: 'QueryResponse' }, value: { complex: 'Wrapper' } };

type Rec = { label: string; name: string; tags: string[]; code: { ns: string; name: string }; amount: string };

/** A response of `n` records whose values are 13 characters or more, padded with a skipped element. */
function response(n: number): string {
  const pad = 'p'.repeat(2000);
  const parts: string[] = [
    `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:s="${NS}" xmlns:o="${OTHER}"><soap:Body><s:QueryResponse>`,
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `<s:rec label="record label number ${i}"><s:name>the name of record ${i}</s:name><s:skipped>${pad}</s:skipped>` +
        `<s:tags>first-tag-of-${i} second-tag-of-${i}</s:tags><s:code>o:code-number-${i}</s:code>` +
        `<s:amount>12345678901234.${i}</s:amount></s:rec>`,
    );
  parts.push('</s:QueryResponse></soap:Body></soap:Envelope>');
  return parts.join('');
}

const RECORDS = 2000;

/** Decodes a fresh response and returns what `pick` keeps of its records, with the text's length. */
function decodeAndKeep(pick: (r: Rec) => unknown): { kept: unknown[]; textLength: number } {
  const text = response(RECORDS);
  const read = decodeSoapResponseStreaming(text, '1.1', OUT as never, types, {});
  if (read instanceof StreamFallback) throw new Error(`fell back: ${read.reason}`);
  const recs = (read.value as { recs: Rec[] }).recs;
  expect(recs).toHaveLength(RECORDS);
  return { kept: recs.map(pick), textLength: text.length };
}

describe('string values of a streamed response', () => {
  const kinds: Record<string, (r: Rec) => unknown> = {
    'element text': (r) => r.name,
    attribute: (r) => r.label,
    'list item': (r) => r.tags[1],
    'QName namespace': (r) => r.code.ns,
    'QName local name': (r) => r.code.name,
    decimal: (r) => r.amount,
  };
  // Compiled and optimised before measuring: the code V8 makes meanwhile is on the heap too.
  beforeAll(() => {
    for (const pick of Object.values(kinds)) decodeAndKeep(pick);
  });
  for (const [kind, pick] of Object.entries(kinds)) {
    it(`${kind}: kept, it does not keep the response text alive`, () => {
      const before = heapUsed();
      const { kept, textLength } = decodeAndKeep(pick);
      const retained = heapUsed() - before;
      expect(textLength).toBeGreaterThan(4_000_000);
      // The values themselves: some hundreds of KB; the text would be 4 MB more.
      expect(retained).toBeLessThan(textLength / 2);
      expect(kept[7]).toEqual(pick(sample(7)));
    });
  }

  it('are equal to what was read', () => {
    const r = sample(42);
    expect(r).toEqual({
      label: 'record label number 42',
      name: 'the name of record 42',
      tags: ['first-tag-of-42', 'second-tag-of-42'],
      code: { ns: OTHER, name: 'code-number-42' },
      amount: '12345678901234.42',
    });
  });
});

describe('xsd:any fields read by runs (xml-scan-leaves.ts LeafRun)', () => {
  const anyTypes: ServiceDesc['types'] = ANY_RECORDS;
  /** A 4 MB text whose records have one xsd:any field with a long text and three empty ones. */
  const text = (): string => {
    const rec = (i: number): string => `<rec><a></a><b></b><c></c><d>a long text of record ${i}</d></rec>`;
    return `<Holder xmlns="urn:r"><pad>${'p'.repeat(4_000_000)}</pad>${rec(0)}${rec(1)}${rec(2)}</Holder>`;
  };
  const decode = (t: string): { rec: { $any: { children: unknown[] }[] }[] } => {
    const v = decodeStreaming(t, {}, (root) => valueFrame(root, { complex: 'Holder' }, anyTypes as never));
    if (v instanceof Fallback) throw new Error(`fell back: ${v.reason}`);
    return v as { rec: { $any: { children: unknown[] }[] }[] };
  };

  it("keep nothing of the text when one of a record's texts is the only one not empty (review finding)", () => {
    decode(text());
    const before = heapUsed();
    // In a function: nothing here holds the text once it returns. The second and third records
    // are read by the run the first made; the third's tail in one go (the second's leaf by leaf:
    // codec-stream.ts tailShapes).
    const { kept, textLength } = (() => {
      const t = text();
      return { kept: decode(t).rec[2]!.$any[3]!, textLength: t.length };
    })();
    const retained = heapUsed() - before;
    expect(kept.children).toEqual(['a long text of record 2']);
    expect(retained).toBeLessThan(textLength / 2);
  });

  it('keep nothing of the text when the only text not empty is among nil leaves (xml-compact.ts runLeaves)', () => {
    // Nil leaves around it, made in one go with it once their shapes are known (the fourth record: the
    // second and third take theirs leaf by leaf, the third for its <a>, which the second's match lacks).
    const rec = (i: number): string =>
      `<rec><a xsi:nil="true"/><b></b><c xsi:nil="true"/><d>a long text of record ${i}</d><e xsi:nil="true"/></rec>`;
    const nilText = (): string =>
      `<Holder xmlns="urn:r" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><pad>${'p'.repeat(4_000_000)}</pad>` +
      `${rec(0)}${rec(1)}${rec(2)}${rec(3)}</Holder>`;
    decode(nilText());
    const before = heapUsed();
    const { kept, textLength } = (() => {
      const t = nilText();
      return { kept: decode(t).rec[3]!.$any, textLength: t.length };
    })();
    const retained = heapUsed() - before;
    expect(kept.map((l) => l.children)).toEqual([[], [], [], ['a long text of record 3'], []]);
    expect(retained).toBeLessThan(textLength / 2);
  });
});

/** Record `i` of a small response. */
function sample(i: number): Rec {
  const read = decodeSoapResponseStreaming(response(i + 1), '1.1', OUT as never, types, {});
  if (read instanceof StreamFallback) throw new Error(read.reason);
  return (read.value as { recs: Rec[] }).recs[i]!;
}

describe('records of many fields', () => {
  const FIELDS = 40;
  const wide = {
    Wide: {
      name: 'Wide',
      ns: NS,
      fields: Array.from({ length: FIELDS }, (_, i) => ({
        prop: `f${i}`,
        name: `f${i}`,
        ns: NS,
        value: { scalar: i % 2 === 0 ? 'string' : 'double' },
        min: 0,
        max: 1,
      })),
    },
    List: {
      name: 'List',
      ns: NS,
      fields: [{ prop: 'recs', name: 'rec', ns: NS, value: { complex: 'Wide' }, min: 0, max: -1 }],
    },
  } as unknown as ServiceDesc['types'];

  /** A record with the fields `from` to 39 (one shape per `from`). */
  const rec = (from: number, i: number): string => {
    let s = '<rec>';
    for (let f = from; f < FIELDS; f++) s += `<f${f}>${f % 2 === 0 ? `value ${i}.${f}` : i + f / 4}</f${f}>`;
    return `${s}</rec>`;
  };

  it('are ordinary objects with the codec value, whatever their shapes', () => {
    const shapes = [0, 0, 5, 0, 5, 1, 2, 3, 4, 30, 0];
    const text = `<List xmlns="${NS}">${shapes.map((from, i) => rec(from, i)).join('')}</List>`;
    const got = decodeStreaming(text, {}, (root) => valueFrame(root, { complex: 'List' }, wide));
    if (got instanceof Fallback) throw new Error(got.reason);
    const recs = (got as { recs: Record<string, unknown>[] }).recs;
    expect(recs).toHaveLength(shapes.length);
    for (const r of recs) expect(hasFastProperties(r)).toBe(true);
    const want = readValue(parseXml(text), { complex: 'List' }, wide) as { recs: Record<string, unknown>[] };
    expect(recs).toStrictEqual(want.recs);
    for (let i = 0; i < recs.length; i++) expect(Object.keys(recs[i]!)).toEqual(Object.keys(want.recs[i]!));
    expect(recs[10]!['f39']).toBe(10 + 39 / 4);
  });
});
