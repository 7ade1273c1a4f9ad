/**
 * The simple values of a mock's answers: made up from a seeded stream, of the
 * value's kind and within its built-in range, one of its enumeration values, a
 * member of its union, and a string fitting its `length`, `minLength`,
 * `maxLength` and `pattern` facets where the descriptors carry them (descriptors
 * built for a mock from the contract do: `serviceDescriptors(model, { sampleFacets: true })`).
 *
 * Ships with generated code (with the `mock` runtime feature).
 */
import type { SampleFacets } from '../wire/descriptors.js';
import { decodeScalar, encodeScalar } from '../wire/scalars.js';
import type { SimpleSampleDesc } from '../wire/sample-values.js';
import { patternSample } from './mock-pattern.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett'];
/** Tries at a pattern whose samples miss the length facets before a word is cut to fit. */
const PATTERN_TRIES = 8;

/** Integer bounds of a range kept small (values a person reads), within the type's value space. */
function integerText(desc: SimpleSampleDesc, r: () => number): string {
  const n = Math.floor(r() * 100);
  switch (desc.range) {
    case 'positiveInteger':
      return String(n + 1);
    case 'negativeInteger':
      return String(-(n + 1));
    case 'nonPositiveInteger':
      return String(-n);
    default:
      return String(n);
  }
}

/** A word like `delta42`. */
function word(r: () => number): string {
  return `${WORDS[Math.floor(r() * WORDS.length)]}${Math.floor(r() * 100)}`;
}

/** A string within the facets: a sample of a pattern when one fits the lengths, else a word cut or padded to them. */
function facetString(f: SampleFacets, r: () => number): string {
  const min = f.length ?? f.minLength ?? 0;
  const max = f.length ?? f.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (s: string): boolean => {
    const n = [...s].length;
    return n >= min && n <= max;
  };
  if (f.pattern !== undefined && f.pattern.length > 0) {
    // Random samples first, then the shortest each quantifier allows (a `maxLength` below what they make).
    for (let i = 0; i < 2 * PATTERN_TRIES; i++) {
      const s = patternSample(f.pattern[Math.floor(r() * f.pattern.length)]!, r, i >= PATTERN_TRIES);
      if (s !== undefined && fits(s)) return s;
    }
  }
  let s = word(r);
  if (s.length > max) s = s.slice(0, max);
  while (s.length < min) s += WORDS[s.length % WORDS.length]!.charAt(0);
  return s;
}

/** A made-up simple value of `desc`, drawn from `r`. */
export function mockLeaf(desc: SimpleSampleDesc, r: () => number): unknown {
  const kind = desc.scalar;
  const union = desc.facets?.union;
  if (union !== undefined && union.length > 0 && (desc.enum === undefined || desc.enum.length === 0)) {
    const member = union[Math.floor(r() * union.length)]!;
    if ('scalar' in member && member.list !== true) {
      const v = mockLeaf(member, r);
      if (member.scalar === kind || v === undefined) return desc.list === true ? [v] : v;
      // Members of other kinds: the union reads and writes text.
      const text = encodeScalar(member.scalar, v);
      return desc.list === true ? [text] : text;
    }
  }
  let text: string;
  if (desc.enum !== undefined && desc.enum.length > 0) text = desc.enum[Math.floor(r() * desc.enum.length)]!;
  else if (kind === 'string' || kind === 'xml')
    text = desc.facets !== undefined ? facetString(desc.facets, r) : word(r);
  else if (kind === 'boolean') text = r() < 0.5 ? 'true' : 'false';
  else if (kind === 'double' || kind === 'decimalString') text = (Math.floor(r() * 10000) / 100).toFixed(2);
  else if (kind === 'dateTime')
    text = new Date(Date.UTC(2020, 0, 1) + Math.floor(r() * 5 * 365 * 86400) * 1000).toISOString().replace('.000', '');
  else if (kind === 'base64') text = ['AQID', 'BAUG', 'aGVsbG8=', 'd3NkbGM='][Math.floor(r() * 4)]!;
  else if (kind === 'hex') text = ['0A0B', 'CAFE', '00FF10'][Math.floor(r() * 3)]!;
  else if (kind === 'qname') return { ns: '', name: WORDS[Math.floor(r() * WORDS.length)]! };
  else if (kind === 'dataSet') return undefined;
  else text = integerText(desc, r);
  const one = kind === 'string' || kind === 'xml' ? text : decodeScalar(kind, text);
  return desc.list === true ? [one] : one;
}
