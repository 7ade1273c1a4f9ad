/**
 * Issue 31: records of `xsd:any` leaves only, some of them nil, read by runs (xml-scan-leaves.ts
 * `LeafRun`) and made in one go with the texts around them (xml-compact.ts `runLeaves`, the nil
 * shapes of codec-stream.ts `nilShape`). On random records (texts, empty, long, with references,
 * nil with one of several prefixes, some bound to another namespace, missing leaves) whose
 * records now and then declare bindings of their own, the streamed value must be the codec's, and
 * every `$any` leaf must hang where the codec's does: the same bindings in scope.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TypeRegistry } from '../../src/runtime/wire/codec.js';
import { ComplexFrame, StreamFallback } from '../../src/runtime/wire/codec-stream.js';
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { difference } from '../support/decode-compare.js';
import { prng } from '../support/prng.js';
import { ANY_RECORDS, type Rand, XSI } from '../support/random-records.js';
import { byCodec, streamed } from '../support/stream-compare.js';

const anyTypes: TypeRegistry = ANY_RECORDS;
/** Records whose first two leaves are nillable fields and whose others go to `$any` (a run's tail after fields). */
const partTypes: TypeRegistry = {
  Holder: ANY_RECORDS['Holder']!,
  Rec: {
    name: 'Rec',
    ns: 'urn:r',
    any: '$any',
    fields: [
      { prop: 'a', name: 'a', ns: 'urn:r', value: { scalar: 'string' }, min: 0, max: 1, nillable: true },
      { prop: 'b', name: 'b', ns: 'urn:r', value: { scalar: 'string' }, min: 0, max: 1, nillable: true },
    ],
  },
};
const HOLDER = { complex: 'Holder' } as const;
const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
/** The prefixes a nil leaf's attribute may have: `xsi`, `i` and a long one bound to XSI on the holder, `o` to another namespace. */
const NIL_PREFIXES = ['xsi', 'i', 'instanceOfXmlSchema', 'o'];
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** One leaf: a text (short, with references, long, empty), `<n/>`, a nil one, or none. */
function leaf(r: Rand, q: string, i: number, nilPrefix: string): string {
  const x = r();
  if (x < 0.25) return `<${q}>${q}${i}</${q}>`;
  if (x < 0.35) return `<${q}>${q} &amp; &lt;${i}&gt;</${q}>`;
  if (x < 0.4) return `<${q}>${'long text '.repeat(1 + Math.floor(r() * 3500))}</${q}>`;
  if (x < 0.48) return `<${q}></${q}>`;
  if (x < 0.5) return `<${q}/>`;
  if (x < 0.83) return `<${q} ${nilPrefix}:nil="true"/>`;
  if (x < 0.85) return `<${q} ${pick(r, NIL_PREFIXES)}:nil="true"/>`;
  return '';
}

/**
 * A record: its leaves mostly in the same order (runs form), now and then declaring bindings of its own,
 * and (`others`) in another namespace.
 */
function record(r: Rand, i: number, nilPrefix: string, others: boolean): string {
  const names = r() < 0.85 ? NAMES : [...NAMES].sort(() => r() - 0.5);
  const q = others && r() < 0.15 ? 'q:' : '';
  const body =
    r() < 0.03
      ? names.map((n) => `<${q}${n} ${nilPrefix}:nil="true"/>`).join('')
      : names.map((n) => leaf(r, q + n, i, nilPrefix)).join('');
  const x = r();
  const decls =
    x < 0.06
      ? ` xmlns:xsi="${XSI}"`
      : x < 0.1
        ? ' xmlns:i="urn:not-xsi"'
        : x < 0.14
          ? ' xmlns:o="http://www.w3.org/2001/XMLSchema-instance"'
          : x < 0.17
            ? ' xmlns:q="urn:q2"'
            : x < 0.21
              ? ' xmlns:e="urn:e"'
              : x < 0.23
                ? ' xmlns:xsi="urn:not-xsi"'
                : '';
  return `<rec${decls}>${body}</rec>`;
}

/** The bindings in scope where `el` hangs (its own declarations, then its parents'), by prefix. */
function bindings(el: XmlElement): string {
  const seen: Record<string, string> = {};
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent)
    for (const [p, ns] of Object.entries(e.nsDecls)) seen[p] ??= ns;
  return Object.keys(seen)
    .sort()
    .map((p) => `${p}=${seen[p]}`)
    .join(' ');
}

type Records = { rec: { $any?: XmlElement[] }[] };

describe('nil xsd:any leaves made in one go with the texts around them (random records)', () => {
  it('give the codec value, with the bindings in scope of the codec leaves', () => {
    const r = prng(3103);
    const problems: string[] = [];
    let values = 0;
    let leaves = 0;
    let nils = 0;
    const byLeaf = vi.spyOn(ComplexFrame.prototype as unknown as { takeLeaves(): void }, 'takeLeaves');
    const runs = vi.spyOn(ComplexFrame.prototype, 'leafRun');
    try {
      for (let doc = 0; doc < 160; doc++) {
        // A third of the documents' records have fields before the xsd:any ones (none in another namespace then).
        const parts = doc % 3 === 2;
        const count = 2 + Math.floor(r() * 24);
        // The prefix most nil leaves of the document have; a record's now and then another.
        const main = pick(r, NIL_PREFIXES.slice(0, 3));
        const recs = Array.from({ length: count }, (_, i) =>
          record(r, i, r() < 0.9 ? main : pick(r, NIL_PREFIXES), !parts),
        ).join('');
        const text =
          `<Holder xmlns="urn:r" xmlns:q="urn:q" xmlns:xsi="${XSI}" xmlns:i="${XSI}" ` +
          `xmlns:instanceOfXmlSchema="${XSI}" xmlns:o="urn:o">${recs}</Holder>`;
        const types = parts ? partTypes : anyTypes;
        const want = byCodec(text, HOLDER, types);
        const got = streamed(text, HOLDER, types);
        if (want.error !== undefined || got instanceof StreamFallback) {
          problems.push(`${text}: ${want.error ?? (got as StreamFallback).reason}`);
          continue;
        }
        values++;
        const d = difference(want.value, got);
        if (d !== '') {
          problems.push(`${text}: ${d}`);
          continue;
        }
        const w = (want.value as Records).rec;
        const g = (got as Records).rec;
        for (let i = 0; i < g.length; i++)
          for (let k = 0; k < (g[i]!.$any ?? []).length; k++) {
            const el = g[i]!.$any![k]!;
            leaves++;
            if (el.attrs.length > 0) nils++;
            const b = bindings(el);
            if (b !== bindings(w[i]!.$any![k]!)) problems.push(`${text}: rec ${i} leaf ${k}: ${b}`);
          }
      }
      expect(problems.slice(0, 2)).toEqual([]);
      expect(values).toBe(160);
      expect(leaves).toBeGreaterThan(10000);
      expect(nils).toBeGreaterThan(4000);
      // Matches holding a nil leaf made in one go (no takeLeaves call between a leafRun call and the next).
      const runOrder = runs.mock.invocationCallOrder;
      const leafOrder = byLeaf.mock.invocationCallOrder;
      let inOneGo = 0;
      for (let c = 0, l = 0; c < runOrder.length; c++) {
        const next = runOrder[c + 1] ?? Infinity;
        let byLeaves = false;
        for (; l < leafOrder.length && leafOrder[l]! < next; l++) byLeaves ||= leafOrder[l]! > runOrder[c]!;
        const match = runs.mock.calls[c]![2];
        if (!byLeaves && match.some((v, g) => g > 0 && g % 2 === 0 && v !== undefined)) inOneGo++;
      }
      expect(inOneGo).toBeGreaterThan(100);
    } finally {
      byLeaf.mockRestore();
      runs.mockRestore();
    }
  });

  it('give the codec value when the texts around nil leaves are too long for one pool (xml-compact.ts POOL_MAX)', () => {
    // Once the shapes are known (the third record on), a match of a long text (past what a span tells) or of
    // texts past what a start tells, with nil leaves around them: made leaf by leaf, each text of its own.
    const nil = (n: string): string => `<${n} xsi:nil="true"/>`;
    const recs = [
      `<rec><a>a</a>${nil('b')}<c>c</c>${nil('d')}<e>e</e></rec>`,
      `<rec><a>a</a>${nil('b')}<c>c</c>${nil('d')}<e>e</e></rec>`,
      `<rec><a>a</a>${nil('b')}<c>c</c>${nil('d')}<e>e</e></rec>`,
      `<rec><a>a</a>${nil('b')}<c>${'x'.repeat(70000)}</c>${nil('d')}<e>e</e></rec>`,
      `<rec><a>${'y'.repeat(30000)}</a>${nil('b')}<c>${'z'.repeat(30000)}</c>${nil('d')}<e>${'w'.repeat(9000)}</e></rec>`,
    ];
    const text = `<Holder xmlns="urn:r" xmlns:xsi="${XSI}">${recs.join('')}</Holder>`;
    const want = byCodec(text, HOLDER, anyTypes);
    const got = streamed(text, HOLDER, anyTypes);
    expect(got).not.toBeInstanceOf(StreamFallback);
    expect(difference(want.value, got)).toBe('');
    const texts = (got as Records).rec.map((r) =>
      r.$any!.map((l) => (l.children[0] as string | undefined)?.length ?? 0),
    );
    expect(texts.slice(3)).toEqual([
      [1, 0, 70000, 0, 1],
      [30000, 0, 30000, 0, 9000],
    ]);
  });
});
