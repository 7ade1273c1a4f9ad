/**
 * Throttling of failed logins, per user name and per client address, with
 * exponential back-off (OWASP Authentication Cheat Sheet, "Account lockout";
 * NIST SP 800-63B §5.2.2 rate limiting): the first `freeFailures` failures of a
 * key cost nothing; each further one locks the key for `baseDelayMs * 2^k`
 * (capped at `maxDelayMs`). While a key is locked, a login for it is refused at
 * once, before any password hashing, with the time left. Counters are forgotten
 * `windowMs` after the last failure; a successful login clears the user's
 * counter (never the address's, so one good account does not reset a spray).
 *
 * Unknown and known user names are counted alike, so a lockout reveals nothing.
 * Keys are SHA-256 digests, so the stores hold neither user names nor addresses
 * and a hostile name cannot grow a key. Counters live in memory (bounded) or,
 * with the Redis session store, in Redis, shared by every instance
 * (redis-failure-store.ts).
 */
import { createHash } from 'node:crypto';
import { systemClock, type Clock } from './clock.js';

/** How one kind of key is throttled. */
export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  readonly freeFailures: number;
  /** The first lock, in ms; each further failure doubles it. */
  readonly baseDelayMs: number;
  /** Longest lock, in ms. */
  readonly maxDelayMs: number;
  /** Counters are forgotten this long after the last failure (and its lock), in ms. */
  readonly windowMs: number;
}

/** Default per user name: 5 free failures, then 1 s, 2 s, 4 s ... up to 15 minutes. */
export const DEFAULT_USER_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

/** Default per address: 20 free failures (addresses may be shared behind NAT), then the same back-off. */
export const DEFAULT_ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

/** The lock after `count` failures under `policy`, in ms (0: not locked). */
export function lockDelay(count: number, policy: ThrottlePolicy): number {
  if (count <= policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(count - policy.freeFailures - 1, 40), policy.maxDelayMs);
}

/** Where failure counters are kept. */
export interface FailureStore {
  /** Until when `key` is locked (epoch ms; 0 or past: not locked). */
  lockedUntil(key: string): Promise<number>;
  /** Counts a failure of `key` at `now`, locking it as `policy` says. */
  recordFailure(key: string, policy: ThrottlePolicy, now: number): Promise<void>;
  /** Forgets `key`'s failures. */
  reset(key: string): Promise<void>;
}

/** Default bound on the keys kept in memory (about 100 bytes each). */
export const DEFAULT_MAX_KEYS = 100_000;

interface Counter {
  count: number;
  until: number;
  forgetAt: number;
}

/**
 * Counters in a Map, bounded: beyond `maxKeys` the least recently failed key is
 * dropped (a flood of fresh names or addresses cannot grow memory).
 */
export class MemoryFailureStore implements FailureStore {
  private readonly counters = new Map<string, Counter>();

  /** @param clock time source; @param maxKeys bound on the keys kept. */
  constructor(
    private readonly clock: Clock = systemClock,
    readonly maxKeys: number = DEFAULT_MAX_KEYS,
  ) {}

  /** Keys kept now. */
  get size(): number {
    return this.counters.size;
  }

  /** {@inheritDoc FailureStore.lockedUntil} */
  lockedUntil(key: string): Promise<number> {
    const c = this.live(key);
    return Promise.resolve(c ? c.until : 0);
  }

  /** {@inheritDoc FailureStore.recordFailure} */
  recordFailure(key: string, policy: ThrottlePolicy, now: number): Promise<void> {
    const c = this.live(key) ?? { count: 0, until: 0, forgetAt: 0 };
    c.count++;
    const lock = lockDelay(c.count, policy);
    if (lock > 0) c.until = now + lock;
    c.forgetAt = now + lock + policy.windowMs;
    // Re-inserting keeps the Map in order of last failure: the first key is the one to drop.
    this.counters.delete(key);
    this.counters.set(key, c);
    while (this.counters.size > this.maxKeys) this.counters.delete(this.counters.keys().next().value!);
    return Promise.resolve();
  }

  /** {@inheritDoc FailureStore.reset} */
  reset(key: string): Promise<void> {
    this.counters.delete(key);
    return Promise.resolve();
  }

  private live(key: string): Counter | undefined {
    const c = this.counters.get(key);
    if (c && c.forgetAt <= this.clock.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }
}

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  readonly store: FailureStore;
  readonly user?: ThrottlePolicy;
  readonly address?: ThrottlePolicy;
  readonly clock?: Clock;
}

/** The keys of one login attempt. */
export interface ThrottleKeys {
  readonly user: string;
  readonly address: string | undefined;
}

/** Per-user and per-address throttling of failed logins. */
export class LoginThrottle {
  private readonly store: FailureStore;
  private readonly userPolicy: ThrottlePolicy;
  private readonly addressPolicy: ThrottlePolicy;
  private readonly clock: Clock;

  /** @param options store, policies and clock. */
  constructor(options: LoginThrottleOptions) {
    this.store = options.store;
    this.userPolicy = options.user ?? DEFAULT_USER_POLICY;
    this.addressPolicy = options.address ?? DEFAULT_ADDRESS_POLICY;
    this.clock = options.clock ?? systemClock;
  }

  /** The keys for `username` from `address` (digests). */
  keys(username: string, address: string | undefined): ThrottleKeys {
    const digest = (s: string): string => createHash('sha256').update(s).digest('base64url');
    return { user: `u:${digest(username)}`, address: address === undefined ? undefined : `a:${digest(address)}` };
  }

  /** How long, in ms, until a login with `keys` may be tried (0: now). */
  async waitFor(keys: ThrottleKeys): Promise<number> {
    const [u, a] = await Promise.all([
      this.store.lockedUntil(keys.user),
      keys.address === undefined ? 0 : this.store.lockedUntil(keys.address),
    ]);
    return Math.max(0, Math.max(u, a) - this.clock.now());
  }

  /** Counts a failed login. */
  async failed(keys: ThrottleKeys): Promise<void> {
    const now = this.clock.now();
    await Promise.all([
      this.store.recordFailure(keys.user, this.userPolicy, now),
      keys.address === undefined ? undefined : this.store.recordFailure(keys.address, this.addressPolicy, now),
    ]);
  }

  /** A successful login: forgets the user's failures. */
  async succeeded(keys: ThrottleKeys): Promise<void> {
    await this.store.reset(keys.user);
  }
}
