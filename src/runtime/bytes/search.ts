/**
 * Finding a byte sequence in bytes (MIME delimiters, header ends), as Node's
 * `Buffer#indexOf` does, on any host.
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { asHostBuffer, hostBuffer } from './host.js';

/** The first index at or after `from` where `needle` occurs in `haystack`, or -1 (an empty needle is found at `from`). */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  if (hostBuffer !== undefined) return asHostBuffer(hostBuffer, haystack).indexOf(needle, from);
  return portableIndexOfBytes(haystack, needle, from);
}

/** {@link indexOfBytes} on web standards only. */
export function portableIndexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const n = needle.length;
  let at = from < 0 ? Math.max(0, haystack.length + from) : from;
  if (n === 0) return Math.min(at, haystack.length);
  const first = needle[0]!;
  const last = haystack.length - n;
  while (at <= last) {
    at = haystack.indexOf(first, at);
    if (at < 0 || at > last) return -1;
    let i = 1;
    while (i < n && haystack[at + i] === needle[i]) i++;
    if (i === n) return at;
    at++;
  }
  return -1;
}
