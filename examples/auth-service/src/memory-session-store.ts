/**
 * In-memory session store (the default): one process only.
 *
 * Expired sessions are dropped when read, and swept periodically (an unref'd
 * timer, so it never keeps the process alive). The store is bounded: when
 * `maxSessions` is reached, expired sessions are swept, and if it is still full
 * the oldest session is evicted (Map iteration order is insertion order).
 */
import { systemClock, type Clock } from './clock.js';
import { checkTtl, type Session, type SessionData, type SessionStore } from './session-store.js';

/** Options of {@link MemorySessionStore}. */
export interface MemorySessionStoreOptions {
  /** Time source (default: the real clock). */
  readonly clock?: Clock;
  /** Most sessions kept at once (default 100,000). */
  readonly maxSessions?: number;
  /** Sweep interval in real milliseconds (default 60 s; 0 disables the timer). */
  readonly sweepIntervalMs?: number;
}

/** A {@link SessionStore} in a `Map`. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly clock: Clock;
  private readonly maxSessions: number;
  private readonly timer: NodeJS.Timeout | undefined;

  /** @param options clock, bound and sweep interval. */
  constructor(options: MemorySessionStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxSessions = options.maxSessions ?? 100_000;
    if (!Number.isSafeInteger(this.maxSessions) || this.maxSessions < 1)
      throw new RangeError('maxSessions must be a positive integer');
    const interval = options.sweepIntervalMs ?? 60_000;
    if (interval > 0) {
      this.timer = setInterval(() => this.sweep(), interval);
      this.timer.unref();
    }
  }

  /** Number of sessions held (live or not yet swept). */
  get size(): number {
    return this.sessions.size;
  }

  /** {@inheritDoc SessionStore.create} */
  async create(ticket: string, data: SessionData, ttlMs: number): Promise<Session> {
    checkTtl(ttlMs);
    if (this.sessions.size >= this.maxSessions) this.sweep();
    while (this.sessions.size >= this.maxSessions) {
      const oldest = this.sessions.keys().next();
      if (oldest.done) break;
      this.sessions.delete(oldest.value);
    }
    const now = this.clock.now();
    const session: Session = { username: data.username, createdAt: now, expiresAt: now + ttlMs };
    this.sessions.set(ticket, session);
    return session;
  }

  /** {@inheritDoc SessionStore.get} */
  get(ticket: string): Promise<Session | undefined> {
    return Promise.resolve(this.live(ticket));
  }

  /** {@inheritDoc SessionStore.delete} */
  delete(ticket: string): Promise<Session | undefined> {
    const session = this.live(ticket);
    this.sessions.delete(ticket);
    return Promise.resolve(session);
  }

  /** Drops every expired session. */
  sweep(): void {
    const now = this.clock.now();
    for (const [ticket, session] of this.sessions) {
      if (session.expiresAt <= now) this.sessions.delete(ticket);
    }
  }

  /** {@inheritDoc SessionStore.close} */
  close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.sessions.clear();
    return Promise.resolve();
  }

  private live(ticket: string): Session | undefined {
    const session = this.sessions.get(ticket);
    if (!session) return undefined;
    if (session.expiresAt <= this.clock.now()) {
      this.sessions.delete(ticket);
      return undefined;
    }
    return session;
  }
}
