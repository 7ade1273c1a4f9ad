/**
 * Parsing of HTTP `Content-Type` headers (RFC 9110 §8.3, media type parameters
 * §5.6.6), liberal in what it accepts: parameter names and the media type are
 * matched case-insensitively, parameters may come in any order, values may be
 * quoted or not, stray whitespace and empty parameters are ignored.
 *
 * Used by the server to tell SOAP 1.1 (`text/xml`, SOAP 1.1 §6.1.1), SOAP 1.2
 * (`application/soap+xml`, SOAP 1.2 Part 2 §7.1.4 and RFC 3902, with the optional
 * `action` parameter) and HTML form posts (`application/x-www-form-urlencoded`,
 * WSDL 1.1 §4.6 `mime:content`) apart. Ships with generated code.
 */

/** A parsed media type: lower-cased `type/subtype` and its parameters (names lower-cased). */
export interface MediaType {
  /** `type/subtype`, lower-cased, without parameters; `''` when the header is absent. */
  readonly type: string;
  /** Parameters by lower-cased name; values unquoted, case kept. */
  readonly params: Readonly<Record<string, string>>;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** The media type of an absent or empty header. */
export const EMPTY_MEDIA_TYPE: MediaType = Object.freeze({ type: '', params: NO_PARAMS });

/** Removes surrounding double quotes and unescapes `\x` pairs (RFC 9110 §5.6.4 quoted-string). */
function unquote(value: string): string {
  if (value.length < 2 || value.charCodeAt(0) !== 34 || value.charCodeAt(value.length - 1) !== 34) return value;
  let out = '';
  for (let i = 1; i < value.length - 1; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length - 1) out += value[++i]!;
    else out += c;
  }
  return out;
}

/**
 * Splits a header value at `;` outside quoted strings.
 * (A quoted `action` may legitimately contain `;`.)
 */
function splitParams(header: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header.charCodeAt(i);
    if (c === 92 /* \ */ && quoted) i++;
    else if (c === 34 /* " */) quoted = !quoted;
    else if (c === 59 /* ; */ && !quoted) {
      parts.push(header.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(header.slice(start));
  return parts;
}

/**
 * Recently parsed headers: a client (or a server) sends the same few content
 * types again and again, so each distinct header string is parsed once. Results
 * are frozen, so sharing them is safe; the cache is bounded (cleared when full).
 */
const cache = new Map<string, MediaType>();
const CACHE_LIMIT = 64;
/** The header last looked up in the cache, and its result. */
let lastHeader = '';
let lastParsed: MediaType = EMPTY_MEDIA_TYPE;
/** Longer headers are not cached (they are unusual, and would make the cache's memory unbounded). */
const CACHEABLE_LENGTH = 256;

/**
 * Parses a `Content-Type` header value. Never throws: a malformed header yields
 * whatever could be understood (an unrecognisable type simply does not match).
 * The result is frozen.
 */
export function parseContentType(header: string | undefined): MediaType {
  if (header === undefined) return EMPTY_MEDIA_TYPE;
  // Most often the header is the one before: comparing the strings costs less than hashing a new one.
  if (header === lastHeader) return lastParsed;
  const cached = cache.get(header);
  if (cached !== undefined) {
    lastHeader = header;
    lastParsed = cached;
    return cached;
  }
  const parsed = parseUncached(header);
  if (header.length <= CACHEABLE_LENGTH) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(header, parsed);
  }
  return parsed;
}

function parseUncached(header: string): MediaType {
  const semi = header.indexOf(';');
  if (semi < 0) return Object.freeze({ type: header.trim().toLowerCase(), params: NO_PARAMS });
  const parts = splitParams(header);
  const params: Record<string, string> = {};
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i]!;
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const name = p.slice(0, eq).trim().toLowerCase();
    if (name === '') continue;
    params[name] = unquote(p.slice(eq + 1).trim());
  }
  return Object.freeze({ type: parts[0]!.trim().toLowerCase(), params: Object.freeze(params) });
}

/** What a request body is, judged from its media type. */
export type BodyKind = 'soap11' | 'soap12' | 'form' | 'other';

/**
 * Classifies a media type: `text/xml` is SOAP 1.1 (SOAP 1.1 §6.1.1),
 * `application/soap+xml` SOAP 1.2 (SOAP 1.2 Part 2 §7.1.4),
 * `application/x-www-form-urlencoded` an HTTP POST form (WSDL 1.1 §4.6).
 * `application/xml` is accepted as SOAP 1.1 too (some clients send it).
 */
export function bodyKindOf(mediaType: MediaType): BodyKind {
  switch (mediaType.type) {
    case 'text/xml':
    case 'application/xml':
      return 'soap11';
    case 'application/soap+xml':
      return 'soap12';
    case 'application/x-www-form-urlencoded':
      return 'form';
    default:
      return 'other';
  }
}
