import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '../../src/load/limit-concurrency.js';

describe('limitConcurrency', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    const limit = limitConcurrency(3);
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limit(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return i;
      }),
    );
    while (gates.length > 0 || running > 0) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
  });

  it('frees the slot when a task fails', async () => {
    const limit = limitConcurrency(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
