/**
 * Runs an async task for each item with bounded concurrency, for file-system
 * work whose order does not matter (many small writes and reads through libuv's
 * thread pool finish much sooner side by side than one after another).
 */

/**
 * Calls `task` for every item, at most `limit` at a time, starting them in order.
 * After a failure no further task starts; the tasks already running are waited for
 * (so nothing is still writing when the caller cleans up), then the failure of the
 * earliest item is thrown. Items start in order, so every item before a failing one
 * has run by then: the error reported does not depend on which finished first.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failedAt = -1;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (failedAt < 0 && next < items.length) {
      const i = next++;
      try {
        await task(items[i]!);
      } catch (err) {
        if (failedAt < 0 || i < failedAt) {
          failedAt = i;
          failure = err;
        }
      }
    }
  };
  const n = Math.max(1, Math.floor(limit) || 1);
  const workers: Promise<void>[] = [];
  for (let k = 0; k < Math.min(n, items.length); k++) workers.push(worker());
  await Promise.all(workers);
  if (failedAt >= 0) throw failure;
}
