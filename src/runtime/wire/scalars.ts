/**
 * Lexical mapping of simple values (XML Schema Part 2 §3.2 and §3.3) for each
 * {@link ScalarKind}: `encodeScalar` turns a JS value into its XML text,
 * `decodeScalar` validates XML text and turns it into the JS value.
 *
 * Also defines the two codec errors: {@link DecodeError} (the XML does not match
 * the description: a client rejects the response, a server answers a Client
 * fault) and {@link EncodeError} (the caller's value does not fit: a programming
 * error, reported before anything is sent).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { base64Decode, base64Encode, hexDecode, hexEncode } from '../bytes/index.js';
import type { IntegerRange, ScalarKind } from './descriptors.js';
import { resolveQName, type XmlElement } from '../xml/xml-parse.js';
import type { XmlWriter } from '../xml/xml-write.js';

/** XML that does not match the service description. `path` names the element, e.g. `LoginResponse/LoginResult/ServiceTicket`. */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
  /** Slash-separated element path (`@attr` for attributes); `''` when unknown. */
  readonly path: string;
  /** What is wrong, without the path. */
  readonly reason: string;

  constructor(path: string, reason: string) {
    super(path === '' ? reason : `${path}: ${reason}`);
    this.path = path;
    this.reason = reason;
  }

  /** The same error located at `path` (used by the codec to add context). */
  at(path: string): DecodeError {
    return new DecodeError(this.path === '' ? path : this.path, this.reason);
  }
}

/** A JS value that cannot be written as described (wrong type, missing required field, bad enumeration value). */
export class EncodeError extends TypeError {
  override readonly name = 'EncodeError';
  /** Slash-separated property path, e.g. `Login/Username`. */
  readonly path: string;
  /** What is wrong, without the path. */
  readonly reason: string;

  constructor(path: string, reason: string) {
    super(path === '' ? reason : `${path}: ${reason}`);
    this.path = path;
    this.reason = reason;
  }
}

/** A qualified name value (`xsd:QName`). */
export interface QNameValue {
  readonly ns: string;
  readonly name: string;
}

const INTEGER = /^[+-]?[0-9]+$/;
const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const DOUBLE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
// XML Schema Part 2 §3.2.7: -?yyyy-mm-ddThh:mm:ss(.s+)?(zzzzzz)?
const DATE_TIME =
  /^(-?[0-9]{4,})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const WS = /[\t\n\r ]+/;

function fail(reason: string): never {
  throw new DecodeError('', reason);
}

function show(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value).slice(0, 40)}`;
}

function wrong(kind: string, value: unknown): never {
  throw new EncodeError('', `expected ${kind}, got ${describe(value)}`);
}

/** Collapses whitespace (XML Schema Part 2 §4.3.6 `whiteSpace=collapse`). */
function collapse(text: string): string {
  return text.trim();
}

/** Days in `month` (1-12) of `year` (proleptic Gregorian, as XML Schema Part 2 §3.2.7 and Appendix D). */
export function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function decodeDateTime(text: string): Date {
  const m = DATE_TIME.exec(text);
  if (!m) fail(`invalid xsd:dateTime ${show(text)}`);
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  // Field ranges (XML Schema Part 2 §3.2.7.1): no day 31 of a 30-day month, 24:00:00 only as the end of a day,
  // no second 60, a timezone within ±14:00. Date.UTC would silently roll such values over into another instant.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && (frac === undefined || Number(frac) === 0);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    (hour > 23 && !endOfDay) ||
    minute > 59 ||
    second > 59
  ) {
    fail(`invalid xsd:dateTime ${show(text)}`);
  }
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000 + 1e-7) : 0;
  let t = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC maps years 0..99 to 1900..1999; set the year explicitly (before the 24:00 roll-over it includes).
  if (year >= 0 && year < 100) {
    const dt = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
    dt.setUTCFullYear(dt.getUTCFullYear() - 2000 + year);
    t = dt.getTime();
  }
  // A value without a timezone is taken as UTC (XML Schema leaves it "local, unknown").
  if (tz !== undefined && tz !== 'Z') {
    const sign = tz[0] === '-' ? -1 : 1;
    const tzHours = Number(tz.slice(1, 3));
    const tzMinutes = Number(tz.slice(4, 6));
    if (tzMinutes > 59 || tzHours > 14 || (tzHours === 14 && tzMinutes > 0))
      fail(`invalid timezone in xsd:dateTime ${show(text)}`);
    t -= sign * (tzHours * 60 + tzMinutes) * 60_000;
  }
  if (!Number.isFinite(t)) fail(`xsd:dateTime out of range ${show(text)}`);
  return new Date(t);
}

/** [min, max] of each bounded integer type as decimal text (`''`: unbounded). */
const INTEGER_BOUNDS: Readonly<Record<IntegerRange, readonly [string, string]>> = {
  long: ['-9223372036854775808', '9223372036854775807'],
  int: ['-2147483648', '2147483647'],
  short: ['-32768', '32767'],
  byte: ['-128', '127'],
  unsignedLong: ['0', '18446744073709551615'],
  unsignedInt: ['0', '4294967295'],
  unsignedShort: ['0', '65535'],
  unsignedByte: ['0', '255'],
  nonNegativeInteger: ['0', ''],
  positiveInteger: ['1', ''],
  nonPositiveInteger: ['', '0'],
  negativeInteger: ['', '-1'],
};

/** The bounds as numbers, for JS number values (a bound beyond the safe range is as good as none for a safe integer). */
const NUMBER_BOUNDS = Object.fromEntries(
  Object.entries(INTEGER_BOUNDS).map(([range, [min, max]]) => [
    range,
    [min === '' ? -Infinity : Number(min), max === '' ? Infinity : Number(max)] as const,
  ]),
) as Readonly<Record<IntegerRange, readonly [number, number]>>;
/** The bounds as BigInts (made once per range, on first use). */
const BIGINT_BOUNDS = new Map<IntegerRange, readonly [bigint | undefined, bigint | undefined]>();

function bigintBounds(range: IntegerRange): readonly [bigint | undefined, bigint | undefined] {
  let b = BIGINT_BOUNDS.get(range);
  if (b === undefined) {
    const [min, max] = INTEGER_BOUNDS[range];
    b = [min === '' ? undefined : BigInt(min), max === '' ? undefined : BigInt(max)];
    BIGINT_BOUNDS.set(range, b);
  }
  return b;
}

/**
 * Whether an integer lies in `range`: a safe-integer number (compared as a
 * number: the common case costs two comparisons), a bigint, or decimal text
 * (already valid lexically). Exported for the codec, which checks decoded and
 * encoded integers.
 */
export function inIntegerRange(value: number | bigint | string, range: IntegerRange): boolean {
  if (typeof value === 'number') {
    const bounds = NUMBER_BOUNDS[range];
    return value >= bounds[0] && value <= bounds[1];
  }
  const n = typeof value === 'bigint' ? value : BigInt(value);
  const [min, max] = bigintBounds(range);
  return (min === undefined || n >= min) && (max === undefined || n <= max);
}

/** A plain `Uint8Array` over the same memory (a decoded value is never a Node `Buffer`, on every host alike). */
function plainBytes(b: Uint8Array): Uint8Array {
  return b.constructor === Uint8Array ? b : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

function toBytes(value: unknown, kind: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return wrong(`a Uint8Array (${kind})`, value);
}

/**
 * Decodes the text of an element or attribute as `kind`.
 * `scope` resolves prefixes for `qname`; `xml` kinds are handled by the codec.
 * @throws DecodeError (without a path) when the text is not a valid lexical form.
 */
export function decodeScalar(kind: ScalarKind, text: string, scope?: XmlElement): unknown {
  switch (kind) {
    case 'string':
      return text;
    case 'boolean': {
      const t = collapse(text);
      if (t === 'true' || t === '1') return true;
      if (t === 'false' || t === '0') return false;
      return fail(`invalid xsd:boolean ${show(text)}`);
    }
    case 'int': {
      const t = collapse(text);
      if (!INTEGER.test(t)) fail(`invalid integer ${show(text)}`);
      const n = Number(t);
      if (!Number.isSafeInteger(n)) fail(`integer ${show(t)} is outside the safe JS number range`);
      return n;
    }
    case 'double': {
      const t = collapse(text);
      if (t === 'INF' || t === '+INF') return Infinity;
      if (t === '-INF') return -Infinity;
      if (t === 'NaN') return NaN;
      if (!DOUBLE.test(t)) fail(`invalid number ${show(text)}`);
      return Number(t);
    }
    case 'bigint': {
      const t = collapse(text);
      if (!INTEGER.test(t)) fail(`invalid integer ${show(text)}`);
      return BigInt(t);
    }
    case 'integerString': {
      const t = collapse(text);
      if (!INTEGER.test(t)) fail(`invalid integer ${show(text)}`);
      return t;
    }
    case 'decimalString': {
      const t = collapse(text);
      if (!DECIMAL.test(t)) fail(`invalid decimal ${show(text)}`);
      return t;
    }
    case 'dateTime':
      return decodeDateTime(collapse(text));
    case 'base64': {
      const t = text.replace(/[\t\n\r ]+/g, '');
      if (t.length % 4 !== 0 || !BASE64.test(t)) fail('invalid xsd:base64Binary');
      return plainBytes(base64Decode(t));
    }
    case 'hex': {
      const t = collapse(text);
      if (!HEX.test(t)) fail('invalid xsd:hexBinary');
      return plainBytes(hexDecode(t));
    }
    case 'qname': {
      const t = collapse(text);
      if (scope === undefined) {
        const i = t.indexOf(':');
        return { ns: '', name: i < 0 ? t : t.slice(i + 1) } satisfies QNameValue;
      }
      const q = resolveQName(scope, t);
      if (!q || q.name === '') fail(`QName ${show(t)} uses an undeclared prefix`);
      return q;
    }
    case 'xml':
    case 'dataSet':
      return text;
  }
}

/**
 * Encodes a JS value as the lexical form of `kind` (canonical where XML Schema
 * defines one: `true`/`false`, `INF`, UTC dateTime, upper-case hex).
 * `w` declares the namespace of a `qname` value on the open start tag.
 * @throws EncodeError (without a path) when the value has the wrong type or is out of range.
 */
export function encodeScalar(kind: ScalarKind, value: unknown, w?: XmlWriter): string {
  switch (kind) {
    case 'string':
    case 'xml':
    case 'dataSet':
      if (typeof value === 'string') return value;
      return wrong('a string', value);
    case 'boolean':
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      return wrong('a boolean', value);
    case 'int':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
      if (
        typeof value === 'bigint' &&
        value >= BigInt(Number.MIN_SAFE_INTEGER) &&
        value <= BigInt(Number.MAX_SAFE_INTEGER)
      ) {
        return value.toString();
      }
      return wrong('an integer number', value);
    case 'double':
      if (typeof value !== 'number') return wrong('a number', value);
      if (value === Infinity) return 'INF';
      if (value === -Infinity) return '-INF';
      if (Number.isNaN(value)) return 'NaN';
      return String(value).replace('e', 'E');
    case 'bigint':
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
      return wrong('a bigint', value);
    case 'integerString': {
      const t =
        typeof value === 'string'
          ? value.trim()
          : typeof value === 'bigint'
            ? value.toString()
            : typeof value === 'number' && Number.isSafeInteger(value)
              ? String(value)
              : wrong('an integer string', value);
      if (!INTEGER.test(t)) throw new EncodeError('', `invalid integer ${show(t)}`);
      return t;
    }
    case 'decimalString': {
      const t =
        typeof value === 'string'
          ? value.trim()
          : typeof value === 'bigint'
            ? value.toString()
            : typeof value === 'number' && Number.isFinite(value)
              ? String(value)
              : wrong('a decimal string', value);
      if (!DECIMAL.test(t)) throw new EncodeError('', `invalid decimal ${show(t)}`);
      return t;
    }
    case 'dateTime':
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new EncodeError('', 'invalid Date');
        return value.toISOString();
      }
      if (typeof value === 'string') {
        // The same field checks as reading (no 2023-02-30, no 25:00): a string is sent as given only when valid.
        try {
          decodeDateTime(value.trim());
        } catch (err) {
          if (err instanceof DecodeError) throw new EncodeError('', err.reason);
          throw err;
        }
        return value.trim();
      }
      return wrong('a Date', value);
    case 'base64': {
      return base64Encode(toBytes(value, 'base64Binary'));
    }
    case 'hex': {
      return hexEncode(toBytes(value, 'hexBinary')).toUpperCase();
    }
    case 'qname': {
      if (typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string') {
        const ns = 'ns' in value && typeof value.ns === 'string' ? value.ns : '';
        if (w) return w.qnameText(ns, value.name);
        return value.name;
      }
      return wrong('a { ns, name } QName', value);
    }
  }
}

/** Splits a list value (XML Schema Part 2 §3.2 list types: whitespace-separated items). */
export function splitList(text: string): string[] {
  const t = text.trim();
  return t === '' ? [] : t.split(WS);
}
