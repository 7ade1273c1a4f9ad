/**
 * Decode plans (src/runtime/decode-plan.ts) against the codec, over the corpus:
 * for every SOAP operation of every contract that builds a model, the sample
 * request envelope the client writes is recorded as a shape, then documents of
 * that shape with other hole texts (valid and invalid values, whitespace,
 * non-ASCII) are read the way the server reads them (parseRequestEnvelope +
 * readBodyValue) and must give what a plain parse and `readValue` give: the
 * same value, with the same keys in the same order, or the same error.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { writeEnvelopeFor } from '../../src/runtime/client.js';
import { readValue, type TypeRegistry } from '../../src/runtime/codec.js';
import { DecodePlan } from '../../src/runtime/decode-plan.js';
import type { ValueDesc } from '../../src/runtime/descriptors.js';
import { envelopeOf, matchEnvelopeShape, type SoapVersion } from '../../src/runtime/soap-envelope.js';
import { parseRequestEnvelope, readBodyValue } from '../../src/runtime/soap-request-envelope.js';
import { parseXml, type XmlElement } from '../../src/runtime/xml-parse.js';
import { buildingContracts, loadCorpusModel } from './corpus-files.js';
import { SampleBuilder } from './sample-values.js';

/** Hole texts a document may carry: plain character data (what a shape matches), valid and invalid for many types. */
const VALUES = [
  '0', '1', '-1', '42', ' 7 ', '+3', '007', '1.5', '-0.0', '1e400', '1E3', 'INF', '-INF', 'NaN',
  'true', 'false', 'TRUE', ' true ', 'yes',
  'abc', 'x', ' ', '  ', '\t', '\n x \n', 'a b  c', 'é', '€uro 😀', 'ﬀ',
  '2024-02-29T12:00:00Z', '2024-02-29T12:00:00.123+02:00', '2024-13-01T00:00:00', '2024-01-01', '12:00:00', 'P1D',
  'AAAA', 'QUJD', 'QUJ', 'zz', '0aFF', 'abc=',
  'a:b', 'xs:string', 'tns:Foo', 'nope:x', ':x',
  '9007199254740993', '-9223372036854775809', '18446744073709551615', '256', '-129', '65536', '1 2 3', ']]', ']>', '"\'',
];

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function firstElement(el: XmlElement): XmlElement | undefined {
  for (const c of el.children) if (typeof c !== 'string') return c;
  return undefined;
}

type Outcome = { readonly value: unknown } | { readonly error: string };

function failed(err: unknown): Outcome {
  return { error: err instanceof Error ? `${err.constructor.name}: ${err.message}` : String(err) };
}

/** The reference: a parse without memos and `readValue` on the Body's first element. */
function byTree(text: string, desc: ValueDesc, types: TypeRegistry): Outcome {
  try {
    const env = envelopeOf(parseXml(text, { maxDepth: 1000 }));
    const el = firstElement(env.body);
    return el === undefined ? { error: 'no Body element' } : { value: readValue(el, desc, types) };
  } catch (err) {
    return failed(err);
  }
}

/** What the server does. */
function byServer(text: string, desc: ValueDesc, types: TypeRegistry): Outcome & { shaped?: boolean } {
  let shaped = false;
  try {
    const env = parseRequestEnvelope(text, { maxDepth: 1000 });
    shaped = 'shape' in env;
    const el = firstElement(env.body);
    if (el === undefined) return { error: 'no Body element' };
    return { value: readBodyValue(env, el, desc, types), shaped };
  } catch (err) {
    return { ...failed(err), shaped };
  }
}

function isXml(v: object): v is XmlElement {
  return 'children' in v && 'nsDecls' in v && 'parent' in v;
}

/** An element without its parent link, for comparing. */
function plainXml(el: XmlElement): unknown {
  return { ns: el.ns, name: el.name, prefix: el.prefix, attrs: el.attrs, nsDecls: el.nsDecls, children: el.children.map((c) => (typeof c === 'string' ? c : plainXml(c))) };
}

/** Where two values differ (prototypes, key order, values), or '' when they do not. */
function difference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return Object.is(a, b) ? '' : `${path || '/'}: ${String(a)} vs ${String(b)}`;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path || '/'}: prototypes differ`;
  if (isXml(a) || isXml(b)) return isXml(a) && isXml(b) && JSON.stringify(plainXml(a)) === JSON.stringify(plainXml(b)) ? '' : `${path || '/'}: elements differ`;
  if (!Array.isArray(a) && Object.getPrototypeOf(a) !== Object.prototype) return isDeepStrictEqual(a, b) ? '' : `${path || '/'}: differ`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('|') !== kb.join('|')) return `${path || '/'}: keys ${ka.join(',')} vs ${kb.join(',')}`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`);
    if (d !== '') return d;
  }
  return '';
}

const tally = { operations: 0, documents: 0, planned: 0, fromTree: 0, errors: 0, tooLong: 0 };

describe('decode plans agree with the codec on the corpus (value, key order, or error)', () => {
  const planDecode = vi.spyOn(DecodePlan.prototype, 'decode');
  for (const rel of buildingContracts()) {
    it(rel, async () => {
      const model = await loadCorpusModel(rel);
      const problems: string[] = [];
      const random = prng(rel.length * 7919 + rel.charCodeAt(0));
      for (const service of serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING })) {
        const samples = new SampleBuilder(service.types);
        for (const op of service.operations) {
          for (const [kind, version] of [['soap11', '1.1'], ['soap12', '1.2']] as const) {
            const soap = op[kind];
            if (!soap) continue;
            let text: string;
            try {
              text = writeEnvelopeFor(version as SoapVersion, soap, samples.value(op.input), service.types);
            } catch {
              continue;
            }
            if (text.length > 4096) {
              tally.tooLong++;
              continue;
            }
            // Record the shape (once the shared memo is full, one unmatched document in sixteen is recorded).
            for (let i = 0; i < 40 && matchEnvelopeShape(text, { maxDepth: 1000 }) === undefined; i++) parseRequestEnvelope(text, { maxDepth: 1000 });
            const m = matchEnvelopeShape(text, { maxDepth: 1000 });
            if (m === undefined) continue;
            tally.operations++;
            const desc = soap.input.value;
            for (let n = 0; n < 12; n++) {
              let doc = m.shape.literals[0]!;
              for (let k = 0; k < m.holes.length; k++) doc += (n === 0 ? m.holes[k]! : VALUES[Math.floor(random() * VALUES.length)]!) + m.shape.literals[k + 1]!;
              const before = planDecode.mock.calls.length;
              const want = byTree(doc, desc, service.types);
              const got = byServer(doc, desc, service.types);
              tally.documents++;
              if (got.shaped === true) {
                if (planDecode.mock.calls.length > before) tally.planned++;
                else tally.fromTree++;
              }
              if ('error' in want) tally.errors++;
              const where = `${rel} ${op.name} ${kind} document ${n}`;
              if ('error' in want || 'error' in got) {
                if (!('error' in want && 'error' in got && want.error === got.error)) problems.push(`${where}: ${JSON.stringify(want).slice(0, 200)} vs ${JSON.stringify(got).slice(0, 200)}`);
                continue;
              }
              const d = difference(want.value, got.value);
              if (d !== '') problems.push(`${where}: ${d}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('used plans for most documents, and the tree for values that have none', () => {
    expect(tally.operations).toBeGreaterThan(500);
    expect(tally.planned).toBeGreaterThan(tally.documents * 0.7);
    expect(tally.fromTree).toBeGreaterThan(0);
    expect(tally.errors).toBeGreaterThan(tally.documents * 0.1);
  });

  afterAll(() => {
    console.log(
      `decode plans: ${tally.operations} operations, ${tally.documents} documents (${tally.errors} invalid), ${tally.planned} decoded by plan, ${tally.fromTree} from their tree; ${tally.tooLong} samples over 4096 characters not tried`,
    );
  });
});
