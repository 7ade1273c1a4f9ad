import { describe, expect, it } from 'vitest';
import {
  checkScryptParams,
  hashPassword,
  isPasswordHash,
  parsePasswordHash,
  verifyPassword,
} from '../src/password-hash.js';

const LOW = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  it('stores N, r, p, a random salt and the key, and verifies the right password only', async () => {
    const h = await hashPassword('s3cret', LOW);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('s3cret', h)).toBe(true);
    expect(await verifyPassword('s3cret ', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
  });

  it('uses a different salt for every hash', async () => {
    const a = await hashPassword('same', LOW);
    const b = await hashPassword('same', LOW);
    expect(parsePasswordHash(a)?.salt.equals(parsePasswordHash(b)?.salt ?? Buffer.alloc(0))).toBe(false);
    expect(a).not.toBe(b);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const h = await hashPassword('pw', { N: 2 ** 11, r: 4, p: 2 });
    expect(parsePasswordHash(h)?.params).toEqual({ N: 2048, r: 4, p: 2 });
    expect(await verifyPassword('pw', h)).toBe(true);
  });

  it('treats malformed stored hashes as non-matching', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$1000$8$1$abc$def',
      'bcrypt$x$y',
      'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$short',
    ]) {
      expect(isPasswordHash(bad)).toBe(false);
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  it('rejects unusable parameters', () => {
    expect(() => checkScryptParams({ N: 1000, r: 8, p: 1 })).toThrow(RangeError);
    expect(() => checkScryptParams({ N: 1024, r: 0, p: 1 })).toThrow(RangeError);
    expect(() => checkScryptParams({ N: 2 ** 17, r: 8, p: 1 })).not.toThrow();
  });
});
