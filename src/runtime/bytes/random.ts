/**
 * Cryptographically strong random bytes (nonces, MIME boundaries, content IDs),
 * from Web Crypto's `getRandomValues` (W3C Web Cryptography API §10.1.1), which
 * every supported host has (Node 20 as `globalThis.crypto`).
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { hostName } from './host.js';

/** The most `getRandomValues` fills in one call. */
const QUOTA = 65536;

/** The part of Web Crypto's `Crypto` the runtime uses. */
export interface WebCrypto {
  getRandomValues(array: Uint8Array): Uint8Array;
  randomUUID?(): string;
  subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> };
}

/** The host's Web Crypto object, or an error naming the host and the fix. */
export function webCrypto(): WebCrypto {
  const c = (globalThis as unknown as { crypto?: WebCrypto }).crypto;
  if (c === undefined || typeof c.getRandomValues !== 'function') {
    throw new Error(
      `${hostName()} has no Web Crypto (globalThis.crypto): random bytes and digests need it. Use Node 20 or later, Bun, Deno, workerd, or a browser.`,
    );
  }
  return c;
}

/** `length` random bytes. */
export function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  const c = webCrypto();
  for (let i = 0; i < length; i += QUOTA) c.getRandomValues(out.subarray(i, Math.min(length, i + QUOTA)));
  return out;
}

/** A random version 4 UUID (RFC 9562 §5.4), lower case. */
export function randomUuid(): string {
  const c = webCrypto();
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = randomBytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  let h = '';
  for (let i = 0; i < 16; i++) h += (b[i]! + 0x100).toString(16).slice(1);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
