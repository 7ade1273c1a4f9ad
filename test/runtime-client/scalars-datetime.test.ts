/**
 * xsd:dateTime's fast reading (wire/datetime-usual.ts, the form nearly every peer writes)
 * gives what the full reading (wire/scalars.ts) gives. Each text in that form is read beside the same
 * text with its fraction written with 4 or more digits (the same instant, which only the full
 * reading takes): the same time, or both refused. Fields in and out of range, every fraction of
 * 1-3 digits, offsets up to and past ±14:00.
 */
import { describe, expect, it } from 'vitest';
import { usualDateTime } from '../../src/runtime/wire/datetime-usual.js';
import { decodeScalar } from '../../src/runtime/wire/scalars.js';
import { prng } from '../support/prng.js';

/** The time `text` reads as, or the error's name. */
function read(text: string): number | string {
  try {
    return (decodeScalar('dateTime', text) as Date).getTime();
  } catch (err) {
    return (err as Error).name;
  }
}

/** `text` with its fraction written with at least 4 digits (zeros added). */
function slowForm(text: string): string {
  const m = /^(.{19})(\.[0-9]+)?(.*)$/.exec(text)!;
  return `${m[1]}${(m[2] ?? '.').padEnd(5, '0')}0${m[3]}`;
}

const two = (n: number): string => String(n).padStart(2, '0');

describe('xsd:dateTime in its usual form', () => {
  it('reads as the full reading does, in and out of range', () => {
    const r = prng(2031);
    const pick = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
    let values = 0;
    let refused = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 20000; i++) {
      const year = r() < 0.1 ? pick(100, 120) : pick(1000, 9999);
      const date = `${String(year).padStart(4, '0')}-${two(pick(0, 13))}-${two(pick(0, 32))}`;
      const time = `${two(pick(0, 25))}:${two(pick(0, 60))}:${two(pick(0, 61))}`;
      const fraction = ['', '.5', '.07', '.999', '.123'][pick(0, 4)]!;
      const tz = ['', 'Z', `+${two(pick(0, 15))}:${two(pick(0, 60))}`, `-${two(pick(0, 14))}:${two(pick(0, 59))}`][
        pick(0, 3)
      ]!;
      const text = `${date}T${time}${fraction}${tz}`;
      const got = read(text);
      if (got !== read(slowForm(text)))
        wrong.push(`${text}: ${got} where the full reading gives ${read(slowForm(text))}`);
      if (typeof got === 'number') {
        values++;
        // Read by the fast reading, but for 24:00:00 (the end of a day), which only the full reading takes.
        if (!text.includes('T24:') && usualDateTime(text) !== got) wrong.push(`${text}: not read by the fast reading`);
      } else {
        refused++;
        if (!Number.isNaN(usualDateTime(text)))
          wrong.push(`${text}: taken by the fast reading, refused by the full one`);
      }
    }
    expect(wrong).toEqual([]);
    expect(values).toBeGreaterThan(5000);
    expect(refused).toBeGreaterThan(5000);
  });

  it('reads every fraction of 1 to 3 digits as the full reading does', () => {
    const wrong: string[] = [];
    for (let n = 1; n <= 3; n++)
      for (let f = 0; f < 10 ** n; f++) {
        const text = `2024-02-29T23:59:59.${String(f).padStart(n, '0')}Z`;
        if (usualDateTime(text) !== read(slowForm(text))) wrong.push(text);
      }
    expect(wrong).toEqual([]);
    expect(read('2024-02-29T23:59:59.5+01:30')).toBe(Date.UTC(2024, 1, 29, 22, 29, 59, 500));
  });

  it('refuses what the full reading refuses, one character changed or added anywhere', () => {
    // The fast reading may leave a text to the full reading (NaN), never give another time or take a refused text.
    const r = prng(77);
    const chars = '0123456789-:T.Z+/ a\u0660\uff10';
    const wrong: string[] = [];
    let refused = 0;
    for (let i = 0; i < 20000; i++) {
      const base = [
        '2024-02-29T23:59:59.5+01:30',
        '1999-12-31T00:00:00Z',
        '0100-01-01T12:30:45.123',
        '2023-06-15T08:09:10',
      ][i % 4]!;
      const at = Math.floor(r() * base.length);
      // Changed, or (one in three) added: after an offset or a fraction's third digit too.
      const added = i % 3 === 0 ? 1 : 0;
      const text = base.slice(0, at + added) + chars[Math.floor(r() * chars.length)]! + base.slice(at + 1);
      const fast = usualDateTime(text);
      const full = read(text);
      if (typeof full !== 'number') refused++;
      if (!Number.isNaN(fast) && fast !== full) wrong.push(`${text}: ${fast} where the full reading gives ${full}`);
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(5000);
  });
});
