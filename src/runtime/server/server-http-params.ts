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
