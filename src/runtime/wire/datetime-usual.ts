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

/** The value of the `n` decimal digits of `t` at `at`, or -1 when one of them is not a digit. */
function digitsAt(t: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = t.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    v = v * 10 + d;
  }
  return v;
}

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
  const year = digitsAt(t, 0, 4);
  const month = digitsAt(t, 5, 2);
  const day = digitsAt(t, 8, 2);
  const hour = digitsAt(t, 11, 2);
  const minute = digitsAt(t, 14, 2);
  const second = digitsAt(t, 17, 2);
  if (
    year < 100 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  )
    return Number.NaN;
  let at = 19;
  let ms = 0;
  if (at < len && t.charCodeAt(at) === 46) {
    // .s, .ss or .sss: milliseconds
    let end = at + 1;
    while (end < len && end <= at + 4 && digitsAt(t, end, 1) >= 0) end++;
    const n = end - at - 1;
    if (n < 1 || n > 3) return Number.NaN;
    ms = digitsAt(t, at + 1, n) * (n === 1 ? 100 : n === 2 ? 10 : 1);
    at = end;
  }
  let offset = 0;
  if (at < len) {
    const c = t.charCodeAt(at);
    if (c === 90 && at + 1 === len) {
      // Z
    } else if ((c === 43 || c === 45) && at + 6 === len && t.charCodeAt(at + 3) === 58) {
      const h = digitsAt(t, at + 1, 2);
      const m = digitsAt(t, at + 4, 2);
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
