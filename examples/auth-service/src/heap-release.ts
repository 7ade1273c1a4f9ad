/**
 * Gives the V8 heap's garbage back to the system before a password hash takes
 * its memory (128 MiB at the production scrypt cost).
 *
 * Under a login flood the service answers about a thousand refused requests a
 * second; their sockets and parsers often outlive two scavenges and are
 * promoted, so the old generation fills with garbage until V8's next
 * mark-compact, which it starts only once the old generation has grown by at
 * least 8 MB over the live heap (V8's minimum allocation-limit step). The
 * service's peak RSS is its size at the moment a hash runs plus the hash, so
 * that garbage adds to every peak. A full collection right before the hash (a
 * few ms at the service's 6 MB live heap, and only when the old generation grew
 * by `minGrowthBytes` since the last one) frees those pages first; the peak
 * becomes live heap + hash.
 *
 * The collector is `globalThis.gc`, which node defines when started with
 * `--expose-gc` (the service's start scripts pass it); without it nothing is
 * collected early and V8 collects as usual.
 */
import { getHeapSpaceStatistics } from 'node:v8';

/** Old-generation growth since the last early collection that triggers the next: 1 MiB. */
export const DEFAULT_MIN_GROWTH_BYTES = 1024 * 1024;

/** Options of {@link heapReleaser}. */
export interface HeapReleaserOptions {
  /** A full, synchronous garbage collection (e.g. `globalThis.gc` under `--expose-gc`). */
  readonly collect: () => void;
  /** Bytes used by the old generation now (default: V8's heap spaces except the young generation). */
  readonly oldGenerationBytes?: () => number;
  /** Growth that triggers a collection (default {@link DEFAULT_MIN_GROWTH_BYTES}). */
  readonly minGrowthBytes?: number;
}

/** Bytes used by every V8 heap space except the young generation's. */
export function oldGenerationBytes(): number {
  let bytes = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') {
      bytes += space.space_used_size;
    }
  }
  return bytes;
}

/**
 * A function to call right before each hash: it collects when the old
 * generation grew by at least `minGrowthBytes` since the last collection it
 * ran (or since it was made), and does nothing otherwise.
 */
export function heapReleaser(options: HeapReleaserOptions): () => void {
  const used = options.oldGenerationBytes ?? oldGenerationBytes;
  const minGrowth = options.minGrowthBytes ?? DEFAULT_MIN_GROWTH_BYTES;
  let afterLast = used();
  return () => {
    if (used() - afterLast < minGrowth) return;
    options.collect();
    afterLast = used();
  };
}

/** `globalThis.gc` when node runs with `--expose-gc`, else `undefined`. */
export function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? () => void gc() : undefined;
}
