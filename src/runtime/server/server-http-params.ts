/**
 * Decoding the named parameters of an HTTP GET query string or an HTTP POST form
 * (WSDL 1.1 §4.4 `http:urlEncoded`, §4.6 `mime:content
 * type="application/x-www-form-urlencoded"`) into the operation's input object.
 * Scalars are validated with the same lexical rules as SOAP (XML Schema Part 2).
 * Unknown parameters are ignored (as ASMX does). Ships with generated code.
 */
import type { HttpParamDesc, ValueDesc } from '../wire/descriptors.js';
import { DecodeError, decodeSimpleValue } from '../wire/codec.js';

/** A parameter that is missing or malformed; the server answers 400 with this message. */
export class ParamError extends Error {
  override readonly name = 'ParamError';
}

/** Strict UTF-8 (no U+FFFD substitution), keeping a leading BOM as the URL Standard's decoder does. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const ENCODER = new TextEncoder();

/**
 * Parses `application/x-www-form-urlencoded` text (a query string or a form body)
 * as the URL Standard (§5.1) does, except that percent-escapes whose bytes are
 * not UTF-8 (`%FF`, a lone `%C3`) are refused instead of becoming U+FFFD: a body
 * with invalid bytes is refused, and so is the same text written with escapes.
 * `where` names the text in the message ("query string", "form body"); `separator` separates the
 * pairs (`&`, or a WSDL 2.0 `whttp:queryParameterSeparator` such as `;`).
 * @throws ParamError for an escape sequence that does not decode as UTF-8
 */
export function parseUrlEncoded(text: string, where: string, separator = '&'): URLSearchParams {
  if (separator === '&' && !text.includes('%')) return new URLSearchParams(text);
  const out = new URLSearchParams();
  for (const pair of text.split(separator)) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    out.append(percentDecode(name, where), percentDecode(value, where));
  }
  return out;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x57 : -1;
}

/**
 * A value taken from the request path (`http:urlReplacement`, WSDL 1.1 §4.7): percent-decoded as
 * RFC 3986 §2.1 says (`+` stays a plus sign), as strict UTF-8.
 * @throws ParamError for an escape sequence that does not decode as UTF-8
 */
export function decodePathValue(segment: string): string {
  return segment.includes('%') ? decodeEscapes(segment, 'request path') : segment;
}

/** URL Standard percent-decode of one name or value (`+` is a space), decoded as strict UTF-8. */
function percentDecode(s: string, where: string): string {
  return decodeEscapes(s.includes('+') ? s.replace(/\+/g, ' ') : s, where);
}

/** Percent-escapes of `plus` decoded as strict UTF-8. */
function decodeEscapes(plus: string, where: string): string {
  if (!plus.includes('%')) return plus;
  const bytes = ENCODER.encode(plus);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25 && i + 2 < bytes.length) {
      const hi = hexValue(bytes[i + 1]!);
      const lo = hexValue(bytes[i + 2]!);
      if (hi >= 0 && lo >= 0) {
        bytes[n++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
    }
    bytes[n++] = b;
  }
  try {
    return UTF8.decode(bytes.subarray(0, n));
  } catch {
    const shown = plus.length > 80 ? `${plus.slice(0, 80)}...` : plus;
    throw new ParamError(
      `The ${where} is not valid: percent-escapes in ${JSON.stringify(shown)} do not decode to UTF-8 (RFC 3986 §2.5).`,
    );
  }
}

/** A character outside XML 1.0's Char production (§2.2), including an unpaired surrogate. */
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decodeOne(param: HttpParamDesc, value: ValueDesc, text: string): unknown {
  if (!('scalar' in value)) {
    throw new ParamError(`Parameter ${param.name} has a complex type and cannot be passed over HTTP GET/POST.`);
  }
  // Every binding carries the same XML Schema values: a character XML cannot hold is not a string value either.
  if (NOT_XML_CHAR.test(text))
    throw new ParamError(`Parameter ${param.name} contains a character that XML cannot carry.`);
  try {
    return decodeSimpleValue(text, value, param.name);
  } catch (err) {
    if (err instanceof DecodeError)
      throw new ParamError(`Cannot convert ${JSON.stringify(text)} for parameter ${param.name}: ${err.reason}.`);
    throw err;
  }
}

/**
 * Builds the input object from decoded query/form parameters.
 * A parameter with `max` 1 takes its first value; with `max` > 1 or -1 it is an array.
 * @throws ParamError naming the first missing or invalid parameter ("Missing parameter: Username.").
 */
export function decodeHttpParams(params: readonly HttpParamDesc[], values: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  let folded: Map<string, string[]> | undefined;
  for (const param of params) {
    const many = param.max === -1 || param.max > 1;
    let texts = values.getAll(param.name);
    if (texts.length === 0) {
      // As ASMX (its query string and form collections ignore case): `zip` for `ZIP`, when no other parameter
      // of the operation has that name in another case. The exact name wins.
      folded ??= foldedParams(values);
      const lower = param.name.toLowerCase();
      if (params.filter((o) => o.name.toLowerCase() === lower).length === 1) texts = folded.get(lower) ?? [];
    }
    if (many) {
      if (texts.length < param.min) throw new ParamError(`Missing parameter: ${param.name}.`);
      if (param.max !== -1 && texts.length > param.max) {
        throw new ParamError(`Parameter ${param.name} is given ${texts.length} times; at most ${param.max} allowed.`);
      }
      if (texts.length > 0) input[param.prop] = texts.map((t) => decodeOne(param, param.value, t));
      continue;
    }
    const text = texts[0];
    if (text === undefined) {
      if (param.min > 0) throw new ParamError(`Missing parameter: ${param.name}.`);
      continue;
    }
    input[param.prop] = decodeOne(param, param.value, text);
  }
  return input;
}

/** The values of `values` by lower-cased name (for matching names whatever their case). */
function foldedParams(values: URLSearchParams): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, value] of values) {
    const key = name.toLowerCase();
    const list = out.get(key);
    if (list === undefined) out.set(key, [value]);
    else list.push(value);
  }
  return out;
}
