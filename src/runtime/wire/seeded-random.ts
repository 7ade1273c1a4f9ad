/**
 * A small seeded pseudo-random generator (mulberry32) and a 32-bit string hash
 * (FNV-1a) to derive seeds: the same seed gives the same numbers on every host.
 * For made-up values (a mock's answers, a test's random cases), never for secrets
 * (bytes/random.ts is the runtime's source of strong randomness).
 *
 * Ships with generated code (with the `mock` runtime feature).
 */

/** mulberry32 seeded with `seed`: numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of `text` (FNV-1a), to give each name its own stream of values. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
