/**
 * FNV-1a (32-bit) in hex: a fast, dependency-free fingerprint for naming cache
 * files and noticing edited templates. Not for security (node:crypto costs about
 * 10 ms to load, which matters on the CLI's start-up path).
 */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
