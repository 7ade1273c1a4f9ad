/**
 * The runtime's byte functions (src/runtime/bytes/): fixed vectors, and differential
 * tests against Node's Buffer on random inputs, for the public functions (Buffer or
 * native fast paths on this host) and for the web-standard code they fall back to
 * on hosts without Buffer (browsers, workerd without Node compatibility).
 */
import { Buffer, isUtf8 as nodeIsUtf8 } from 'node:buffer';
import { createHash, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prng } from '../support/prng.js';
import {
  base64Decode,
  base64Encode,
  concatBytes,
  constantTimeEqual,
  digest,
  digestSync,
  hexDecode,
  hexEncode,
  isUtf8,
  latin1Decode,
  latin1Encode,
  randomBytes,
  randomUuid,
  utf8ByteLength,
  utf8Decode,
  utf8DecodeStrict,
  utf8Encode,
} from '../../src/runtime/bytes/index.js';
import { portableBase64Decode, portableBase64Encode } from '../../src/runtime/bytes/base64.js';
import { webDigest } from '../../src/runtime/bytes/digest.js';
import { portableHexDecode, portableHexEncode } from '../../src/runtime/bytes/hex.js';
import { portableLatin1Decode, portableLatin1Encode } from '../../src/runtime/bytes/latin1.js';
import { portableIsUtf8, portableUtf8ByteLength, portableUtf8Decode } from '../../src/runtime/bytes/utf8.js';

/** Random bytes, often near-valid UTF-8: ASCII, lead bytes, continuation bytes and the edges between. */
function randomUtf8ish(next: () => number, length: number): Uint8Array {
  const pool = [0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++)
    out[i] = next() < 0.5 ? pool[Math.floor(next() * pool.length)]! : Math.floor(next() * 256);
  return out;
}

/** A random string of code units: ASCII, BMP, astral pairs and lone surrogates. */
function randomText(next: () => number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) {
    const r = next();
    if (r < 0.4) s += String.fromCharCode(32 + Math.floor(next() * 95));
    else if (r < 0.6) s += String.fromCharCode(0x80 + Math.floor(next() * 0x780));
    else if (r < 0.8) s += String.fromCharCode(0x800 + Math.floor(next() * 0xd000));
    else if (r < 0.95) s += String.fromCodePoint(0x10000 + Math.floor(next() * 0xfffff));
    else s += String.fromCharCode(0xd800 + Math.floor(next() * 0x800));
  }
  return s;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('UTF-8', () => {
  it('encodes and decodes fixed vectors, keeping a byte order mark', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['A', '41'],
      ['é', 'c3a9'],
      ['€', 'e282ac'],
      ['𝄞', 'f09d849e'],
      ['\uFEFFx', 'efbbbf78'],
      ['\uD800', 'efbfbd'], // a lone surrogate is written as U+FFFD
    ];
    for (const [text, bytes] of vectors) {
      expect(hex(utf8Encode(text))).toBe(bytes);
      expect(utf8ByteLength(text)).toBe(bytes.length / 2);
      expect(portableUtf8ByteLength(text)).toBe(bytes.length / 2);
      if (!text.startsWith('\uD800')) {
        expect(utf8Decode(Buffer.from(bytes, 'hex'))).toBe(text);
        expect(portableUtf8Decode(new Uint8Array(Buffer.from(bytes, 'hex')))).toBe(text);
      }
    }
  });

  it('replaces invalid bytes by maximal subparts, and the strict decoder refuses them', () => {
    const bad = new Uint8Array([0x61, 0xf0, 0x9f, 0x62, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);
    expect(utf8Decode(bad)).toBe('a\uFFFDb\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD');
    expect(portableUtf8Decode(bad)).toBe(utf8Decode(bad));
    expect(() => utf8DecodeStrict(bad)).toThrow(TypeError);
    expect(isUtf8(bad)).toBe(false);
    expect(portableIsUtf8(bad)).toBe(false);
    // A real U+FFFD in valid input is kept, not refused.
    expect(utf8DecodeStrict(new Uint8Array([0xef, 0xbf, 0xbd]))).toBe('\uFFFD');
    expect(utf8DecodeStrict(bad, 0, 1)).toBe('a');
  });

  it('matches Buffer on random bytes and random text', () => {
    const next = prng(1);
    for (let round = 0; round < 2000; round++) {
      const bytes = randomUtf8ish(next, Math.floor(next() * 24));
      const b = Buffer.from(bytes);
      const start = Math.floor(next() * (bytes.length + 1));
      expect(utf8Decode(bytes)).toBe(b.toString('utf8'));
      expect(portableUtf8Decode(bytes)).toBe(b.toString('utf8'));
      expect(utf8Decode(bytes, start)).toBe(b.toString('utf8', start));
      expect(portableUtf8Decode(bytes, start)).toBe(b.toString('utf8', start));
      expect(isUtf8(bytes)).toBe(nodeIsUtf8(bytes));
      expect(portableIsUtf8(bytes)).toBe(nodeIsUtf8(bytes));
      if (nodeIsUtf8(bytes)) expect(utf8DecodeStrict(bytes)).toBe(b.toString('utf8'));
      else expect(() => utf8DecodeStrict(bytes)).toThrow(TypeError);
      const text = randomText(next, Math.floor(next() * 16));
      expect(hex(utf8Encode(text))).toBe(Buffer.from(text, 'utf8').toString('hex'));
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
      expect(portableUtf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});

describe('latin1 (ISO-8859-1, not windows-1252)', () => {
  it('decodes every byte to the character of the same number', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const expected = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('');
    expect(latin1Decode(all)).toBe(expected);
    expect(portableLatin1Decode(all)).toBe(expected);
    expect(portableLatin1Decode(new Uint8Array([0x80]))).toBe('\u0080'); // windows-1252 would give U+20AC
    expect(portableLatin1Decode(all, 250, 253)).toBe('\u00fa\u00fb\u00fc');
    expect(hex(latin1Encode(expected))).toBe(hex(all));
    expect(hex(portableLatin1Encode(expected))).toBe(hex(all));
  });

  it('matches Buffer on random bytes, ranges and long inputs', () => {
    const next = prng(2);
    for (let round = 0; round < 500; round++) {
      const long = round % 50 === 0;
      const bytes = new Uint8Array(long ? 20000 : Math.floor(next() * 40)).map(() =>
        next() < 0.7 ? Math.floor(next() * 128) : Math.floor(next() * 256),
      );
      const b = Buffer.from(bytes);
      const start = Math.floor(next() * (bytes.length + 1));
      const end = start + Math.floor(next() * (bytes.length - start + 1));
      expect(latin1Decode(bytes, start, end)).toBe(b.toString('latin1', start, end));
      expect(portableLatin1Decode(bytes, start, end)).toBe(b.toString('latin1', start, end));
      const text = b.toString('latin1');
      expect(hex(portableLatin1Encode(text))).toBe(hex(Buffer.from(text, 'latin1')));
    }
  });
});

describe('base64', () => {
  // RFC 4648 §10.
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ];

  it('encodes and decodes the RFC 4648 vectors', () => {
    for (const [plain, coded] of vectors) {
      const bytes = new Uint8Array(Buffer.from(plain, 'latin1'));
      expect(base64Encode(bytes)).toBe(coded);
      expect(portableBase64Encode(bytes)).toBe(coded);
      expect(hex(base64Decode(coded))).toBe(hex(bytes));
      expect(hex(portableBase64Decode(coded))).toBe(hex(bytes));
      expect(hex(base64Decode(coded.replace(/=+$/, '')))).toBe(hex(bytes)); // padding optional
    }
  });

  it('ignores whitespace, reads the URL-safe alphabet, and refuses anything else the same way everywhere', () => {
    expect(hex(base64Decode(' Zm9v\r\nYmFy\t'))).toBe(hex(Buffer.from('foobar')));
    expect(hex(base64Decode('-_8='))).toBe('fbff');
    expect(hex(portableBase64Decode('-_8='))).toBe('fbff');
    for (const bad of ['Zm9v!', 'Z', 'Zm9vY', 'Zg==Zg==', 'Zm9v=', 'Zg=', 'Zé==', 'Zg===']) {
      expect(() => base64Decode(bad), bad).toThrow(RangeError);
      expect(() => portableBase64Decode(bad), bad).toThrow(RangeError);
    }
  });

  it('matches Buffer on random bytes (with whitespace inserted into the text)', () => {
    const next = prng(3);
    for (let round = 0; round < 1000; round++) {
      const bytes = new Uint8Array(Math.floor(next() * (round % 100 === 0 ? 5000 : 70))).map(() =>
        Math.floor(next() * 256),
      );
      const expected = Buffer.from(bytes).toString('base64');
      expect(base64Encode(bytes)).toBe(expected);
      expect(portableBase64Encode(bytes)).toBe(expected);
      const wrapped = expected.replace(/.{1,76}/g, (line) => (next() < 0.5 ? `${line}\r\n` : `${line} `));
      expect(hex(base64Decode(wrapped))).toBe(hex(bytes));
      expect(hex(portableBase64Decode(wrapped))).toBe(hex(bytes));
    }
    // A view into a larger buffer encodes only its own bytes.
    const big = new Uint8Array([1, 2, 3, 4, 5, 6]);
    expect(base64Encode(big.subarray(1, 4))).toBe(Buffer.from([2, 3, 4]).toString('base64'));
  });
});

describe('hex', () => {
  it('encodes lower case, decodes either case, refuses odd lengths and non-digits', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const expected = Buffer.from(all).toString('hex');
    expect(hexEncode(all)).toBe(expected);
    expect(portableHexEncode(all)).toBe(expected);
    expect(hex(hexDecode(expected))).toBe(expected);
    expect(hex(hexDecode(expected.toUpperCase()))).toBe(expected);
    expect(hex(portableHexDecode(expected.toUpperCase()))).toBe(expected);
    for (const bad of ['a', 'abc', 'zz', '0g', ' 00']) expect(() => hexDecode(bad), bad).toThrow(RangeError);
  });
});

describe('concat, random bytes, digests, comparison', () => {
  it('joins chunks as Buffer.concat does, with and without a total length', () => {
    const next = prng(4);
    for (let round = 0; round < 200; round++) {
      const chunks = Array.from({ length: Math.floor(next() * 5) }, () =>
        new Uint8Array(Math.floor(next() * 10)).map(() => Math.floor(next() * 256)),
      );
      const total = chunks.reduce((n, c) => n + c.length, 0);
      expect(hex(concatBytes(chunks))).toBe(hex(Buffer.concat(chunks)));
      const cut = Math.floor(next() * (total + 1));
      expect(hex(concatBytes(chunks, cut))).toBe(hex(Buffer.concat(chunks, cut)));
    }
  });

  it('gives random bytes beyond the 64 KiB a single getRandomValues call fills, and v4 UUIDs', () => {
    const a = randomBytes(70000);
    expect(a.length).toBe(70000);
    expect(a.subarray(65536).some((b) => b !== 0)).toBe(true);
    expect(hex(randomBytes(16))).not.toBe(hex(randomBytes(16)));
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('digests SHA-1 and SHA-256 (FIPS 180-4 vectors) synchronously on Node and through Web Crypto', async () => {
    expect(hex(digestSync('SHA-1', 'abc')!)).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(await digest('SHA-256', 'abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const next = prng(5);
    for (let round = 0; round < 50; round++) {
      const parts = [randomText(next, 5), new Uint8Array(Math.floor(next() * 40)).map(() => Math.floor(next() * 256))];
      for (const alg of ['SHA-1', 'SHA-256'] as const) {
        const h = createHash(alg === 'SHA-1' ? 'sha1' : 'sha256');
        h.update(Buffer.from(parts[0] as string, 'utf8'));
        h.update(parts[1] as Uint8Array);
        const expected = h.digest('hex');
        expect(hex(await webDigest(alg, ...parts))).toBe(expected);
        expect(hex(await digest(alg, ...parts))).toBe(expected);
        expect(hex(digestSync(alg, ...parts)!)).toBe(expected);
      }
    }
  });

  it('compares bytes as timingSafeEqual does', () => {
    const next = prng(6);
    for (let round = 0; round < 500; round++) {
      const a = new Uint8Array(Math.floor(next() * 6)).map(() => Math.floor(next() * 3));
      const b = new Uint8Array(Math.floor(next() * 6)).map(() => Math.floor(next() * 3));
      expect(constantTimeEqual(a, b)).toBe(a.length === b.length && timingSafeEqual(a, b));
      expect(constantTimeEqual(a, a.slice())).toBe(true);
    }
  });
});
