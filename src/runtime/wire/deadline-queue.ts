/**
 * Time limits for many concurrent operations without a timer per operation:
 * the operations that share one limit are kept oldest first (same limit, so the
 * order of arrival is the order of their deadlines) with one timer, for the
 * oldest. Adding and removing an operation are a few pointer updates; the timer
 * is re-armed only when it fires. Cheaper per request than `setTimeout` +
 * `clearTimeout`, which the server's body reader and the client's transport
 * would otherwise pay on every exchange.
 *
 * Timers are `unref`'d: what is being timed (a socket) keeps the process alive.
 * Ships with generated code (node:* only).
 */

/** Something with a deadline; the queue links entries through these fields. */
export interface DeadlineEntry {
  /** When it expires (`performance.now()` time); set by {@link DeadlineQueue.add}. */
  deadline: number;
  /** The queue holding it, `undefined` when none. */
  deadlineQueue: DeadlineQueue | undefined;
  prevDeadline: DeadlineEntry | undefined;
  nextDeadline: DeadlineEntry | undefined;
  /** Called (once, after it was removed from the queue) when the deadline passes. */
  expired(): void;
}

/** Longest delay setTimeout honours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The entries that share one time limit, and the timer of the oldest. */
export class DeadlineQueue {
  private head: DeadlineEntry | undefined;
  private tail: DeadlineEntry | undefined;
  private timer: unknown;
  readonly timeoutMs: number;

  /** @param timeoutMs the time limit of every entry, in milliseconds (> 0). */
  constructor(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
  }

  /** Starts the clock of `entry` (which must not be in a queue). */
  add(entry: DeadlineEntry): void {
    entry.deadline = performance.now() + this.timeoutMs;
    entry.deadlineQueue = this;
    entry.prevDeadline = this.tail;
    entry.nextDeadline = undefined;
    if (this.tail === undefined) this.head = entry;
    else this.tail.nextDeadline = entry;
    this.tail = entry;
    if (this.timer === undefined) this.arm(this.timeoutMs);
  }

  /** Stops the clock of `entry` (in this queue). */
  remove(entry: DeadlineEntry): void {
    const { prevDeadline: prev, nextDeadline: next } = entry;
    if (prev === undefined) this.head = next;
    else prev.nextDeadline = next;
    if (next === undefined) this.tail = prev;
    else next.prevDeadline = prev;
    entry.prevDeadline = entry.nextDeadline = entry.deadlineQueue = undefined;
  }

  private arm(ms: number): void {
    // setTimeout treats anything above 2^31-1 ms (about 24.8 days) as 1 ms: wait at most that long, then re-check.
    const timer: unknown = setTimeout(fire, Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(ms))), this);
    // Node's timers can be told not to keep the process alive; on the web a timer is a number.
    (timer as { unref?: () => void }).unref?.();
    this.timer = timer;
  }

  /** Expires every entry whose deadline has passed, then waits for the next deadline. */
  expire(): void {
    this.timer = undefined;
    const now = performance.now();
    let e = this.head;
    while (e !== undefined && e.deadline <= now) {
      this.remove(e);
      e.expired();
      e = this.head;
    }
    if (this.head !== undefined) this.arm(this.head.deadline - now);
    else if (queues.get(this.timeoutMs) === this) queues.delete(this.timeoutMs);
  }
}

function fire(queue: DeadlineQueue): void {
  queue.expire();
}

const queues = new Map<number, DeadlineQueue>();

/** The shared queue of a time limit (created on first use, dropped once empty and expired). */
export function deadlineQueue(timeoutMs: number): DeadlineQueue {
  let q = queues.get(timeoutMs);
  if (q === undefined) queues.set(timeoutMs, (q = new DeadlineQueue(timeoutMs)));
  return q;
}
