/**
 * Runs an async task for each item with bounded concurrency, for file-system
 * work whose order does not matter (many small writes and reads through libuv's
 * thread pool finish much sooner side by side than one after another).
 */

/**
 * Calls `task` for every item, at most `limit` at a time. After the first
 * failure no further task starts; the tasks already running are waited for
 * (so nothing is still writing when the caller cleans up), then the first
 * failure is thrown.
 */
export async function eachConcurrently<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (err) {
        if (!failed) firstError = err;
        failed = true;
      }
    }
  };
  const workers: Promise<void>[] = [];
  for (let k = 0; k < Math.min(Math.max(1, Math.floor(limit)), items.length); k++) workers.push(worker());
  await Promise.all(workers);
  if (failed) throw firstError;
}
