/**
 * The shared time-limit queue (src/runtime/wire/deadline-queue.ts) behind the
 * client's per-call limits, the idle connections of the HTTP/1.1 transport and
 * the server's body reader.
 */
import { describe, expect, it } from 'vitest';
import { deadlineQueue, type DeadlineEntry } from '../../src/runtime/wire/deadline-queue.js';

function entry(onExpire: () => void): DeadlineEntry {
  return { deadline: 0, deadlineQueue: undefined, prevDeadline: undefined, nextDeadline: undefined, expired: onExpire };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('deadlineQueue', () => {
  it('expires entries oldest first after their limit, and never a removed one', async () => {
    const expired: string[] = [];
    const q = deadlineQueue(20);
    const a = entry(() => expired.push('a'));
    const b = entry(() => expired.push('b'));
    const c = entry(() => expired.push('c'));
    q.add(a);
    q.add(b);
    q.add(c);
    q.remove(b);
    await sleep(80);
    expect(expired).toEqual(['a', 'c']);
  });

  it('a limit beyond what setTimeout takes (2^31-1 ms, Infinity) waits instead of firing every millisecond', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      for (const ms of [2 ** 31, 2 ** 40, Number.POSITIVE_INFINITY]) {
        let fired = 0;
        const e = entry(() => fired++);
        const q = deadlineQueue(ms);
        q.add(e);
        await sleep(30);
        expect(fired, String(ms)).toBe(0);
        q.remove(e);
      }
      expect(warnings).not.toContain('TimeoutOverflowWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
