/**
 * Shared by the decode-plan tests (test/corpus-generate/decode-plan.test.ts,
 * test/runtime-server/decode-plan-features.test.ts) and the parser's
 * differential test: reading a request both ways (a plain parse and readValue;
 * the server's parseRequestEnvelope and readBodyValue), comparing values
 * strictly, and a reproducible PRNG.
 */
import { isDeepStrictEqual } from 'node:util';
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import type { ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { envelopeOf, matchEnvelopeShape } from '../../src/runtime/wire/soap-envelope.js';
import { parseRequestEnvelope, readBodyValue } from '../../src/runtime/server/soap-request-envelope.js';
import { parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
export { prng } from './prng.js';

/** What reading a request gave: its value or its error, and whether the server read it from a shape. */
export interface ReadOutcome {
  readonly value?: unknown;
  readonly error?: string;
  readonly shaped?: boolean;
}

const MAX_DEPTH = 1000;

function failed(err: unknown): { error: string } {
  return { error: err instanceof Error ? `${err.constructor.name}: ${err.message}` : String(err) };
}

function firstElement(el: XmlElement): XmlElement | undefined {
  for (const c of el.children) if (typeof c !== 'string') return c;
  return undefined;
}

/** The reference: a parse without memos and `readValue` on the Body's first element. */
export function byTree(text: string, desc: ValueDesc, types: TypeRegistry): ReadOutcome {
  try {
    const el = firstElement(envelopeOf(parseXml(text, { maxDepth: MAX_DEPTH })).body);
    return el === undefined ? { error: 'no Body element' } : { value: readValue(el, desc, types) };
  } catch (err) {
    return failed(err);
  }
}

/** What the server does: parseRequestEnvelope and readBodyValue. */
export function byServer(text: string, desc: ValueDesc, types: TypeRegistry): ReadOutcome {
  let shaped = false;
  try {
    const env = parseRequestEnvelope(text, { maxDepth: MAX_DEPTH });
    shaped = 'shape' in env;
    const el = firstElement(env.body);
    return el === undefined
      ? { error: 'no Body element', shaped }
      : { value: readBodyValue(env, el, desc, types), shaped };
  } catch (err) {
    return { ...failed(err), shaped };
  }
}

/** Makes `text` a recorded shape (once the shared memo is full, one unmatched document in sixteen is recorded); false if it cannot be. */
export function recordShape(text: string): boolean {
  for (let k = 0; k < 40 && matchEnvelopeShape(text, { maxDepth: MAX_DEPTH }) === undefined; k++)
    parseRequestEnvelope(text, { maxDepth: MAX_DEPTH });
  return matchEnvelopeShape(text, { maxDepth: MAX_DEPTH }) !== undefined;
}

const withoutParent = (k: string, v: unknown): unknown => (k === 'parent' ? undefined : v);

/** Where two values differ (prototypes, own keys in order, values; elements by their properties), or '' where they do not. */
export function difference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? '' : `${path || '/'}: ${String(a)} vs ${String(b)}`;
  // Elements through the XmlElement interface (JSON: a compact leaf of the streaming decoder, xml-compact.ts, has the properties of a parsed element there), whatever their class.
  if ('children' in a && 'parent' in a && 'children' in b && 'parent' in b)
    return JSON.stringify(a, withoutParent) === JSON.stringify(b, withoutParent)
      ? ''
      : `${path || '/'}: elements differ`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path || '/'}: prototypes differ`;
  if (!Array.isArray(a) && Object.getPrototypeOf(a) !== Object.prototype)
    return isDeepStrictEqual(a, b) ? '' : `${path || '/'}: differ`;
  const ka = Reflect.ownKeys(a).map(String);
  const kb = Reflect.ownKeys(b).map(String);
  if (ka.join('|') !== kb.join('|')) return `${path || '/'}: keys ${ka.join(',')} vs ${kb.join(',')}`;
  for (const k of ka) {
    if (k === 'length') continue;
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`);
    if (d !== '') return d;
  }
  return '';
}

/** Hole texts a document may carry: plain character data (what a shape matches), valid and invalid for many types. */
export const HOLE_VALUES = [
  '0',
  '1',
  '-1',
  '42',
  ' 7 ',
  '+3',
  '007',
  '1.5',
  '-0.0',
  '1e400',
  '1E3',
  'INF',
  '-INF',
  'NaN',
  'true',
  'false',
  'TRUE',
  ' true ',
  'yes',
  'abc',
  'x',
  ' ',
  '  ',
  '\t',
  '\n x \n',
  'a b  c',
  'é',
  '€uro 😀',
  'ﬀ',
  '2024-02-29T12:00:00Z',
  '2024-02-29T12:00:00.123+02:00',
  '2024-13-01T00:00:00',
  '2024-01-01',
  '12:00:00',
  'P1D',
  'AAAA',
  'QUJD',
  'QUJ',
  'zz',
  '0aFF',
  'abc=',
  'a:b',
  'xs:string',
  'tns:Foo',
  'nope:x',
  ':x',
  '9007199254740993',
  '-9223372036854775809',
  '18446744073709551615',
  '256',
  '-129',
  '65536',
  '1 2 3',
  ']]',
  ']>',
  '"\'',
];
