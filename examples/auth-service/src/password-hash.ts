/**
 * Password hashing with scrypt (RFC 7914) from `node:crypto`.
 *
 * Stored form (one string, self-describing so the cost can be raised later
 * without invalidating existing hashes):
 *
 *     scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>
 *
 * - N (CPU/memory cost), r (block size), p (parallelism): the production
 *   default is N = 2^17, r = 8, p = 1 (OWASP Password Storage Cheat Sheet
 *   minimum for scrypt): 128 MiB and roughly 0.2-0.4 s per hash on a current
 *   server core. Tests use a much lower N (see {@link ScryptParams}).
 * - salt: 16 random bytes per user (`crypto.randomBytes`).
 * - key: 32 derived bytes.
 *
 * Verification recomputes the key with the stored parameters and compares in
 * constant time (`crypto.timingSafeEqual`).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters (RFC 7914 §2). */
export interface ScryptParams {
  /** CPU/memory cost; a power of two greater than 1. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelisation. */
  readonly p: number;
}

/** Production default: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/** Salt length in bytes. */
export const SALT_BYTES = 16;

/** Derived key length in bytes. */
export const KEY_BYTES = 32;

/** Upper bound on N accepted from a stored hash (guards against a hash that would exhaust memory). */
const MAX_N = 2 ** 22;

/** A parsed stored hash. */
interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** Checks that `params` are usable scrypt parameters; throws `RangeError` otherwise. */
export function checkScryptParams(params: ScryptParams): void {
  const { N, r, p } = params;
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) {
    throw new RangeError(`scrypt N must be a power of two between 2 and 2^22, got ${N}`);
  }
  if (!Number.isInteger(r) || r < 1 || r > 64) throw new RangeError(`scrypt r must be an integer 1..64, got ${r}`);
  if (!Number.isInteger(p) || p < 1 || p > 16) throw new RangeError(`scrypt p must be an integer 1..16, got ${p}`);
}

/** Promise wrapper over `crypto.scrypt` with enough `maxmem` for the parameters. */
function deriveKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs about 128 * N * r * p bytes; Node's default maxmem is 32 MiB.
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 128 * params.N * params.r * params.p + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes `password` with a fresh random salt; returns the stored form. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  checkScryptParams(params);
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Parses a stored hash; `undefined` when it is not in the stored form. */
export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const params: ScryptParams = { N: Number(n), r: Number(r), p: Number(p) };
  try {
    checkScryptParams(params);
  } catch {
    return undefined;
  }
  const saltBytes = Buffer.from(salt, 'base64url');
  const keyBytes = Buffer.from(key, 'base64url');
  if (saltBytes.length < 8 || keyBytes.length !== KEY_BYTES) return undefined;
  return { params, salt: saltBytes, key: keyBytes };
}

/** Whether `stored` is a well-formed stored hash. */
export function isPasswordHash(stored: string): boolean {
  return parsePasswordHash(stored) !== undefined;
}

/**
 * Verifies `password` against a stored hash in constant time. A malformed
 * stored hash verifies as `false` (never throws for bad data).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
