/**
 * eachConcurrently (src/util/each-concurrently.ts): bounded concurrency for the
 * writer's file work, and a failure that never leaves a task running behind it.
 */
import { describe, expect, it } from 'vitest';
import { eachConcurrently } from '../../src/util/each-concurrently.js';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('eachConcurrently', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachConcurrently([...Array(40).keys()], 4, async (i) => {
      running++;
      most = Math.max(most, running);
      await tick(i % 3);
      seen.push(i);
      running--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    expect(most).toBe(4);
  });

  it('after a failure starts nothing new, waits for the running tasks, then throws the first failure', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = eachConcurrently([...Array(20).keys()], 3, async (i) => {
      started.push(i);
      if (i === 4) throw new Error('disk full at 4');
      if (i === 5) {
        await tick(5);
        throw new Error('second failure');
      }
      await tick(20);
      finished.push(i);
    });
    await expect(run).rejects.toThrow('disk full at 4');
    // Nothing was still running when the promise settled: every started task that did not fail had finished.
    expect(finished.sort((a, b) => a - b)).toEqual(started.filter((i) => i !== 4 && i !== 5).sort((a, b) => a - b));
    expect(started.length).toBeLessThan(20);
  });

  it('reports the failure of the earliest item, whichever failed first in time', async () => {
    const run = eachConcurrently(['a.ts', 'b.ts', 'c.ts'], 3, async (name) => {
      if (name === 'a.ts') {
        await tick(30);
        throw new Error('EIO writing a.ts');
      }
      if (name === 'b.ts') throw new Error('ENOSPC writing b.ts');
    });
    await expect(run).rejects.toThrow('EIO writing a.ts');
  });

  it('does nothing for no items and treats a limit below 1 (or NaN) as 1', async () => {
    await eachConcurrently([], 8, () => Promise.reject(new Error('never called')));
    let running = 0;
    let most = 0;
    for (const limit of [0, Number.NaN]) {
      await eachConcurrently([1, 2, 3], limit, async () => {
        running++;
        most = Math.max(most, running);
        await tick(1);
        running--;
      });
    }
    expect(most).toBe(1);
    const done: number[] = [];
    await eachConcurrently([1, 2, 3], Number.NaN, async (i) => {
      done.push(i);
    });
    expect(done).toEqual([1, 2, 3]);
  });
});
