/**
 * The time source for session expiry. Injected so tests can move time forward
 * without waiting (no timed tests).
 */

/** Something that says what time it is, in milliseconds since the Unix epoch. */
export interface Clock {
  /** The current time in epoch milliseconds. */
  now(): number;
}

/** The real clock (`Date.now()`). */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to: for expiry tests and simulations. */
export class ManualClock implements Clock {
  private current: number;

  /** @param start the initial time in epoch milliseconds (default: the real time now). */
  constructor(start: number = Date.now()) {
    this.current = start;
  }

  /** The clock's current time. */
  now(): number {
    return this.current;
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }
}
