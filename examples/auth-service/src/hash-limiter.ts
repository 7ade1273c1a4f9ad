/**
 * Bounds password hashing: at most `maxConcurrent` hashes run at once (each
 * scrypt at the production cost holds 128 MiB), at most `maxQueue` wait for a
 * slot, and a request beyond that is refused at once with {@link BusyError}
 * (load shedding, as nginx's `limit_conn`/`limit_req` and Envoy's circuit
 * breakers do, rather than an unbounded queue whose memory and latency grow
 * with the flood).
 */

/** The hashing queue is full: a temporary failure ("busy, try again"). */
export class BusyError extends Error {
  override readonly name = 'BusyError';
}

/** Options of {@link HashLimiter}. */
export interface HashLimiterOptions {
  /** Hashes running at once (default 1). */
  readonly maxConcurrent?: number;
  /** Requests waiting for a slot before new ones are refused (default 8). */
  readonly maxQueue?: number;
  /**
   * Called when a task has its slot, right before it runs (the service gives the V8 heap's
   * garbage back here, see heap-release.ts, so a hash's memory adds to the live heap only).
   */
  readonly beforeTask?: () => void;
}

/** Default hashes at once: one scrypt at N = 2^17 (128 MiB) keeps the compiled service at about 190 MB RSS under a flood. */
export const DEFAULT_MAX_CONCURRENT_HASHES = 1;
/** Default queue length. */
export const DEFAULT_HASH_QUEUE = 8;

/** A counting semaphore with a bounded FIFO queue. */
export class HashLimiter {
  readonly maxConcurrent: number;
  readonly maxQueue: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly beforeTask: (() => void) | undefined;

  /** @param options limits (see {@link HashLimiterOptions}). */
  constructor(options: HashLimiterOptions = {}) {
    this.maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_HASHES;
    this.maxQueue = options.maxQueue ?? DEFAULT_HASH_QUEUE;
    this.beforeTask = options.beforeTask;
    if (!Number.isSafeInteger(this.maxConcurrent) || this.maxConcurrent < 1)
      throw new RangeError(`concurrent hashes must be a positive integer, got ${this.maxConcurrent}`);
    if (!Number.isSafeInteger(this.maxQueue) || this.maxQueue < 0)
      throw new RangeError(`hash queue length must be a non-negative integer, got ${this.maxQueue}`);
  }

  /** Hashes running now. */
  get active(): number {
    return this.running;
  }

  /** Requests waiting now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `task` when a slot is free.
   * @throws BusyError at once when all slots are taken and the queue is full
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueue) throw new BusyError('too many logins in progress');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      this.beforeTask?.();
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes to the next waiter as is (running stays the same).
      if (next) next();
      else this.running--;
    }
  }
}
