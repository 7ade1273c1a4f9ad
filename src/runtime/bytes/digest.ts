/**
 * SHA-1 and SHA-256 digests (FIPS 180-4) of bytes or UTF-8 text. Web Crypto's
 * `subtle.digest` is asynchronous, so {@link digest} returns a promise; where the
 * host has Node's `node:crypto` (reached through `process.getBuiltinModule`, never
 * imported), {@link digestSync} answers at once, and {@link digest} uses it too.
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { hostName, nodeBuiltin } from './host.js';
import { webCrypto } from './random.js';
import { utf8Encode } from './utf8.js';

/** The digests the runtime uses (WS-Security UsernameToken: SHA-1; others: SHA-256). */
export type DigestAlgorithm = 'SHA-1' | 'SHA-256';

interface NodeHash {
  update(data: Uint8Array): NodeHash;
  digest(): Uint8Array;
}

/** `node:crypto`'s createHash, looked up on first use; `null` when the host has none. */
let createHash: ((algorithm: string) => NodeHash) | null | undefined;

function nodeCreateHash(): ((algorithm: string) => NodeHash) | null {
  if (createHash === undefined) {
    const found = nodeBuiltin<{ createHash?: unknown }>('node:crypto')?.createHash;
    createHash = typeof found === 'function' ? (found as (algorithm: string) => NodeHash) : null;
  }
  return createHash;
}

function bytesOf(part: Uint8Array | string): Uint8Array {
  return typeof part === 'string' ? utf8Encode(part) : part;
}

/**
 * The digest of `parts` joined (strings as UTF-8) at once, or `undefined` on a host
 * without `node:crypto` (a browser, workerd without Node compatibility): use {@link digest} there.
 */
export function digestSync(algorithm: DigestAlgorithm, ...parts: (Uint8Array | string)[]): Uint8Array | undefined {
  const create = nodeCreateHash();
  if (create === null) return undefined;
  const h = create(algorithm === 'SHA-1' ? 'sha1' : 'sha256');
  for (const p of parts) h.update(bytesOf(p));
  return h.digest();
}

/** The digest of `parts` joined (strings as UTF-8), from `node:crypto` where the host has it, else Web Crypto. */
export async function digest(algorithm: DigestAlgorithm, ...parts: (Uint8Array | string)[]): Promise<Uint8Array> {
  const now = digestSync(algorithm, ...parts);
  return now !== undefined ? now : webDigest(algorithm, ...parts);
}

/** {@link digest} through Web Crypto only. */
export async function webDigest(algorithm: DigestAlgorithm, ...parts: (Uint8Array | string)[]): Promise<Uint8Array> {
  const subtle = webCrypto().subtle;
  if (subtle === undefined) {
    throw new Error(
      `${hostName()} has no crypto.subtle (a browser offers it only on secure pages: https or localhost): ${algorithm} digests need it.`,
    );
  }
  let total = 0;
  const bytes = parts.map((p) => {
    const b = bytesOf(p);
    total += b.length;
    return b;
  });
  const joined = new Uint8Array(total);
  let at = 0;
  for (const b of bytes) {
    joined.set(b, at);
    at += b.length;
  }
  return new Uint8Array(await subtle.digest(algorithm, joined));
}
