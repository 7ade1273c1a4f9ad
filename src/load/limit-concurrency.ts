/**
 * A small concurrency gate: at most `limit` tasks run at once, the rest wait in order.
 * Keeps a contract with hundreds of remote imports from opening hundreds of connections.
 */

/** Runs tasks with bounded concurrency. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Creates a limiter.
 * @param limit the most tasks running at once (at least 1)
 */
export function limitConcurrency(limit: number): Limiter {
  const max = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    running--;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
