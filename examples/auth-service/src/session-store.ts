/**
 * The session store interface: where live sessions (ticket -> user) are kept.
 *
 * Two implementations: {@link MemorySessionStore} (one process, the default)
 * and {@link RedisSessionStore} (several instances behind a load balancer).
 * Both take a {@link Clock}: a session's expiry is decided against the store's
 * clock, so tests can expire sessions without waiting.
 */
import type { FailureStore } from './login-throttle.js';

/** What a session remembers. */
export interface SessionData {
  /** The user the ticket was issued to. */
  readonly username: string;
}

/** A stored session. */
export interface Session extends SessionData {
  /** When the session was created (epoch ms, by the store's clock). */
  readonly createdAt: number;
  /** When the session stops being valid (epoch ms, by the store's clock). */
  readonly expiresAt: number;
}

/** Create/get/delete of sessions with a time to live. */
export interface SessionStore {
  /** Stores a new session under `ticket` that expires `ttlMs` from now. */
  create(ticket: string, data: SessionData, ttlMs: number): Promise<Session>;
  /** The live session for `ticket`, or `undefined` when unknown or expired. */
  get(ticket: string): Promise<Session | undefined>;
  /**
   * Ends the session atomically and returns it; `undefined` when the ticket was
   * unknown or already expired. Of two concurrent deletes of one ticket, at most
   * one returns the session.
   */
  delete(ticket: string): Promise<Session | undefined>;
  /** Optional start-up check (e.g. that Redis answers), so a bad configuration fails at start, not at the first Login. */
  ready?(): Promise<void>;
  /** Optional readiness probe: whether the store answers now (bounded by its command timeout). */
  available?(): Promise<boolean>;
  /** Optional: where failed-login counters go with this store (shared like its sessions); default in memory. */
  failureStore?(): FailureStore;
  /** Optional: tells `observer` about the store's errors, outages and failovers (for metrics). */
  observe?(observer: StoreObserver): void;
  /** Releases resources (timers, connections). */
  close(): Promise<void>;
}

/** Kinds of store errors: no answer in time, no connection, an error reply, a write not on enough replicas. */
export type StoreErrorKind = 'timeout' | 'connection' | 'reply' | 'not-replicated';

/** What a store reports about itself (every callback optional; called synchronously, keep them cheap). */
export interface StoreObserver {
  /** A command failed. */
  error?(kind: StoreErrorKind): void;
  /** The store became unavailable (`false`) or answers again (`true`). */
  availability?(up: boolean): void;
  /** The store now talks to another primary than before (a failover). */
  failover?(): void;
}

/** Default session lifetime: 20 minutes (the ASP.NET session default). */
export const DEFAULT_SESSION_TTL_MS = 20 * 60 * 1000;

/** Validates a time to live; throws `RangeError` when it is not a positive integer of milliseconds. */
export function checkTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)
    throw new RangeError(`session TTL must be a positive integer of milliseconds, got ${ttlMs}`);
}

/**
 * The store cannot answer now (down, frozen, unreachable): a temporary failure.
 * The service answers "service unavailable, try again" (see auth-impl.ts).
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
