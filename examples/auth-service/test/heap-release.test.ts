/**
 * Issue 20, item 9 (peak RSS under a login flood): the heap's garbage is given back before
 * each hash (heap-release.ts), through the hashing bound's `beforeTask` hook.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { BusyError, HashLimiter } from '../src/hash-limiter.js';
import { exposedGc, heapReleaser, oldGenerationBytes } from '../src/heap-release.js';
import { startTestService, type TestService } from './helpers/auth-service.js';

const MiB = 1024 * 1024;

/** A real full collection, as `--expose-gc` gives one (vitest runs without the flag). */
function realGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

const running: TestService[] = [];
afterEach(async () => {
  for (const t of running.splice(0)) await t.stop();
});

describe('heapReleaser', () => {
  it('collects only once the old generation grew by minGrowthBytes since the last collection', () => {
    let used = 10 * MiB;
    let collections = 0;
    const release = heapReleaser({
      collect: () => {
        collections++;
        used = 11 * MiB;
      },
      oldGenerationBytes: () => used,
      minGrowthBytes: 2 * MiB,
    });
    release();
    expect(collections).toBe(0);
    used = 12 * MiB - 1;
    release();
    expect(collections).toBe(0);
    used = 12 * MiB;
    release();
    expect(collections).toBe(1);
    // Measured again after the collection (11 MiB): 12.5 MiB is not 2 MiB more.
    used = 12.5 * MiB;
    release();
    expect(collections).toBe(1);
    used = 13 * MiB;
    release();
    expect(collections).toBe(2);
  });

  it('with a real collector, frees the old generation garbage before it returns', () => {
    const release = heapReleaser({ collect: realGc() });
    // 16 MiB in large-object space (old generation), garbage once dropped.
    let garbage: number[] | undefined = new Array<number>(2 * MiB).fill(1.5);
    const withGarbage = oldGenerationBytes();
    expect(garbage.length).toBe(2 * MiB);
    garbage = undefined;
    release();
    expect(garbage).toBeUndefined();
    expect(withGarbage - oldGenerationBytes()).toBeGreaterThan(12 * MiB);
  });
});

describe('exposedGc', () => {
  it('is globalThis.gc when node exposes it, else undefined', () => {
    const g = globalThis as { gc?: unknown };
    const saved = g.gc;
    try {
      delete g.gc;
      expect(exposedGc()).toBeUndefined();
      let calls = 0;
      g.gc = () => {
        calls++;
      };
      exposedGc()!();
      expect(calls).toBe(1);
    } finally {
      if (saved === undefined) delete g.gc;
      else g.gc = saved;
    }
  });
});

describe('HashLimiter beforeTask', () => {
  it('runs once for each task that gets a slot, right before it starts; never for a refused one', async () => {
    const events: string[] = [];
    const limiter = new HashLimiter({ maxConcurrent: 1, maxQueue: 1, beforeTask: () => events.push('before') });
    const task = (name: string) => async (): Promise<void> => {
      events.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 10));
    };
    const results = await Promise.allSettled([limiter.run(task('a')), limiter.run(task('b')), limiter.run(task('c'))]);
    expect(events).toEqual(['before', 'start a', 'before', 'start b']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(BusyError);
  });
});

describe('the service with collectGarbage', () => {
  it('collects before a login hash once the heap grew by 1 MiB', async () => {
    let collections = 0;
    const t = await startTestService({ alice: 's3cret' }, { collectGarbage: () => collections++ });
    running.push(t);
    // Held across the login: 8 MiB more old generation than when the service started.
    const held = new Array<number>(MiB).fill(2.5);
    const answer = await fetch(`${t.service.url}/Login?Username=alice&Password=s3cret`);
    expect(answer.status).toBe(200);
    expect(held.length).toBe(MiB);
    expect(collections).toBe(1);
  });
});
