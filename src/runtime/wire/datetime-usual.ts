/**
 * xsd:dateTime in the form nearly every peer writes, read without a regular expression
 * (XML Schema Part 2 §3.2.7): a 50 MB Salesforce answer holds 116,000 dates, whose regexp
 * matches (9 substrings and an array each) were about 175 ms of its decode. Used by the
 * streaming decoder of large answers (codec-stream.ts `decodeKept`), which falls back to
 * scalars.ts for any other form; a browser bundle, which has no streaming decoder, does not
 * carry it.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { daysIn } from './scalars.js';

/** The value of the 2 decimal digits of `t` at `at` (in `t`), or -1 when one of them is not a digit. */
function twoDigits(t: string, at: number): number {
  const a = t.charCodeAt(at) - 48;
  const b = t.charCodeAt(at + 1) - 48;
  // Unsigned: a character below "0" is negative, so above 9 too.
  return a >>> 0 > 9 || b >>> 0 > 9 ? -1 : a * 10 + b;
}

/** Where the digits of `yyyy-mm-ddThh:mm:ss` are: the date's 8, then the time's 6. */
const DIGITS = new Int8Array([0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]);

/**
 * The time of a dateTime in the form nearly every peer writes, `yyyy-mm-ddThh:mm:ss` with
 * a fraction of at most 3 digits and `Z`, a `+hh:mm`/`-hh:mm` offset or none, year 100 to
 * 9999, every field in range: the same time as the full reading (scalars.ts
 * `decodeDateTime`). `NaN` for anything else, which the full reading decides (or refuses).
 */
export function usualDateTime(t: string): number {
  const len = t.length;
  if (
    len < 19 ||
    t.charCodeAt(4) !== 45 || // -
    t.charCodeAt(7) !== 45 ||
    t.charCodeAt(10) !== 84 || // T
    t.charCodeAt(13) !== 58 || // :
    t.charCodeAt(16) !== 58
  )
    return Number.NaN;
  // The date's digits and the time's, each read as one integer, in one loop: the first large
  // answer of a process reads its dates before the engine has compiled this, and compiles it
  // meanwhile on a thread that takes turns with the decode's; read by 14 calls of a two-digit
  // helper, it took 11 ms to compile, the loop 8 (the 1 MB enterprise answer's first decode 0.93x).
  let date = 0;
  let time = 0;
  for (let k = 0; k < 14; k++) {
    // Unsigned: a character below "0" is negative, so above 9 too.
    const d = t.charCodeAt(DIGITS[k]!) - 48;
    if (d >>> 0 > 9) return Number.NaN;
    if (k < 8) date = date * 10 + d;
    else time = time * 10 + d;
  }
  const year = (date / 10_000) | 0;
  const month = ((date / 100) | 0) % 100;
  const day = date % 100;
  const hour = (time / 10_000) | 0;
  const minute = ((time / 100) | 0) % 100;
  const second = time % 100;
  if (
    year < 100 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return Number.NaN;
  let at = 19;
  let ms = 0;
  if (at < len && t.charCodeAt(at) === 46) {
    // .s, .ss or .sss: milliseconds
    let n = 0;
    while (n < 4 && at + 1 + n < len && (t.charCodeAt(at + 1 + n) - 48) >>> 0 <= 9) {
      ms = ms * 10 + t.charCodeAt(at + 1 + n) - 48;
      n++;
    }
    if (n < 1 || n > 3) return Number.NaN;
    ms *= n === 1 ? 100 : n === 2 ? 10 : 1;
    at += 1 + n;
  }
  let offset = 0;
  if (at < len) {
    const c = t.charCodeAt(at);
    if (c === 90 && at + 1 === len) {
      // Z
    } else if ((c === 43 || c === 45) && at + 6 === len && t.charCodeAt(at + 3) === 58) {
      const h = twoDigits(t, at + 1);
      const m = twoDigits(t, at + 4);
      if (h < 0 || m < 0 || m > 59 || h > 14 || (h === 14 && m > 0)) return Number.NaN;
      offset = (c === 45 ? -1 : 1) * (h * 60 + m) * 60_000;
    } else return Number.NaN;
  }
  // Date.UTC's time, computed here: Date.UTC is a call into the engine, several times the cost of this.
  return ((daysFromEpoch(year, month, day) * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms - offset;
}

/**
 * The days from 1970-01-01 to `year`-`month`-`day` (proleptic Gregorian, year 1 or later, a
 * valid date), as ECMAScript's MakeDay counts them: the civil-to-days count of H. Hinnant's
 * "chrono-compatible low-level date algorithms", over 400-year eras of 146,097 days, with
 * March as the first month of a year so that a leap day ends it.
 */
function daysFromEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
