/**
 * The Auth service's logic, independent of the wire: check credentials and
 * open a session (Login), end a session (Logout).
 *
 * Failures are {@link AuthError}s; the SOAP implementation (`auth-impl.ts`)
 * turns them into Client faults. An unknown user and a wrong password give the
 * same error and take the same time: an unknown user's password is verified
 * against a dummy hash made with the parameters most stored hashes have (the
 * users file's, else the configured ones), so a user hashed at another cost than
 * the service's cannot be told from an unknown one by timing. A successful
 * login with a hash at another cost than the configured one rehashes the
 * password at the configured cost.
 *
 * Abuse: failed logins are throttled per user and per address (login-throttle.ts),
 * checked before any hashing; hashing itself is bounded (hash-limiter.ts), so a
 * flood of logins cannot take more than `maxConcurrent` hashes of memory.
 */
import { randomBytes } from 'node:crypto';
import { HashLimiter } from './hash-limiter.js';
import type { LoginThrottle, ThrottleKeys } from './login-throttle.js';
import {
  checkScryptParams,
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  parsePasswordHash,
  type ScryptParams,
  verifyPassword,
} from './password-hash.js';
import { checkTtl, DEFAULT_SESSION_TTL_MS, type Session, type SessionStore } from './session-store.js';
import { isWellFormedTicket, newTicket } from './tickets.js';
import type { UserLookup } from './user-directory.js';

/** Why a request failed. */
export type AuthErrorKind = 'invalid-input' | 'invalid-credentials' | 'invalid-ticket' | 'throttled';

/** A failed Login or Logout caused by the caller (a SOAP Client fault). */
export class AuthError extends Error {
  override readonly name = 'AuthError';

  /**
   * @param kind what went wrong
   * @param message the text sent to the client (reveals nothing about which check failed)
   */
  constructor(
    readonly kind: AuthErrorKind,
    message: string,
    /** For `throttled`: seconds until the login may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The message for a throttled Login (the same whether the user exists). */
export const THROTTLED_MESSAGE = 'Too many failed logins; try again later.';
/** The message for a Login refused because its user name or address already has logins in progress. */
export const IN_PROGRESS_MESSAGE = 'Too many logins in progress for this user or address; try again later.';

/** Default logins in progress (waiting for or running a hash) per user name and per address. */
export const DEFAULT_MAX_IN_PROGRESS_PER_CLIENT = 2;

/** The message for a failed Login (same for an unknown user and a wrong password). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
/** The message for a Logout of a ticket that is unknown, expired or already logged out. */
export const INVALID_TICKET_MESSAGE = 'Unknown or expired service ticket.';

/** Longest password accepted, in characters (bounds the work per request). */
export const MAX_PASSWORD_LENGTH = 4096;

/** Options of {@link Authenticator}. */
export interface AuthenticatorOptions {
  /** Where users come from. */
  readonly users: UserLookup;
  /** Where sessions are kept. */
  readonly sessions: SessionStore;
  /** Session lifetime in milliseconds (default 20 minutes). */
  readonly ttlMs?: number;
  /** scrypt parameters of the dummy hash used for unknown users; use those new users get (default: production). */
  readonly scrypt?: ScryptParams;
  /** Password check (default {@link verifyPassword}); injectable to observe that unknown users are verified too. */
  readonly verify?: (password: string, storedHash: string) => Promise<boolean>;
  /** Failed-login throttling (default: none). */
  readonly throttle?: LoginThrottle;
  /** Bound on concurrent hashing (default: one at a time, queue of 8). */
  readonly limiter?: HashLimiter;
  /** Where a failed rehash is reported (it never fails the login). */
  readonly onRehashError?: (err: unknown) => void;
  /**
   * Logins in progress allowed per user name and per address (default 2), so one
   * client cannot fill the hashing queue and lock others out (nginx `limit_conn`
   * per key). Needs `throttle` (its keys).
   */
  readonly maxInProgressPerClient?: number;
}

/** Login and Logout over a user lookup and a session store. */
export class Authenticator {
  private readonly users: UserLookup;
  private readonly sessions: SessionStore;
  private readonly ttlMs: number;
  private readonly scrypt: ScryptParams;
  /** Dummy hashes by parameters (`N$r$p`): the configured ones and those of the users file. */
  private readonly dummies = new Map<string, Promise<string>>();
  private readonly verify: (password: string, storedHash: string) => Promise<boolean>;
  private readonly throttle: LoginThrottle | undefined;
  /** The hashing bound (exposed for monitoring and tests). */
  readonly limiter: HashLimiter;
  private readonly onRehashError: (err: unknown) => void;
  private readonly maxInProgress: number;
  /** Logins in progress by throttle key (entries removed at zero: the map holds only live keys). */
  private readonly inProgress = new Map<string, number>();

  /** @param options users, sessions, TTL, scrypt parameters, throttle and hashing bound. */
  constructor(options: AuthenticatorOptions) {
    this.users = options.users;
    this.sessions = options.sessions;
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.verify = options.verify ?? verifyPassword;
    this.throttle = options.throttle;
    this.limiter = options.limiter ?? new HashLimiter();
    this.onRehashError = options.onRehashError ?? (() => undefined);
    this.maxInProgress = options.maxInProgressPerClient ?? DEFAULT_MAX_IN_PROGRESS_PER_CLIENT;
    checkTtl(this.ttlMs);
    this.scrypt = options.scrypt ?? DEFAULT_SCRYPT_PARAMS;
    checkScryptParams(this.scrypt);
    this.dummyFor(this.scrypt);
  }

  /** Waits until the dummy hashes are ready (call at start-up so the first Login is not slower). */
  async ready(): Promise<void> {
    await this.dummyFor(this.scrypt);
    await this.dummyFor((await this.users.hashParams?.()) ?? this.scrypt);
  }

  /** The dummy hash at `params` (made once; a failure surfaces through ready()/login()). */
  private dummyFor(params: ScryptParams): Promise<string> {
    const key = `${params.N}$${params.r}$${params.p}`;
    let dummy = this.dummies.get(key);
    if (dummy === undefined) {
      dummy = hashPassword(randomBytes(16).toString('base64url'), params);
      dummy.catch(() => undefined);
      this.dummies.set(key, dummy);
    }
    return dummy;
  }

  /**
   * Checks the credentials and opens a session.
   * @param address the client's address, for per-address throttling
   * @returns the new service ticket
   * @throws AuthError `invalid-credentials` for an unknown user or a wrong password,
   *   `throttled` while the user or address is locked after failures
   * @throws BusyError when the hashing queue is full
   */
  async login(username: unknown, password: unknown, address?: string): Promise<string> {
    if (typeof username !== 'string' || username.length === 0)
      throw new AuthError('invalid-input', 'Username is required.');
    if (typeof password !== 'string') throw new AuthError('invalid-input', 'Password is required.');
    const keys = this.throttle?.keys(username, address);
    if (keys) await this.refuseIfThrottled(keys);
    if (password.length > MAX_PASSWORD_LENGTH) {
      if (keys) await this.throttle!.failed(keys);
      throw new AuthError('invalid-credentials', INVALID_CREDENTIALS_MESSAGE);
    }
    const user = await this.users.find(username);
    // Always run one scrypt verification, so unknown users cost the same as known ones.
    const stored = user?.passwordHash ?? (await this.dummyFor((await this.users.hashParams?.()) ?? this.scrypt));
    const held = keys ? this.enter(keys) : [];
    let ok: boolean;
    try {
      ok = await this.limiter.run(async () => {
        // Failures counted while this request waited may have locked it: no hash then.
        if (keys) await this.refuseIfThrottled(keys);
        const good = (await this.verify(password, stored)) && user !== undefined;
        // Counted before the slot passes on, so the next waiter's check sees it.
        if (!good && keys) await this.throttle!.failed(keys);
        return good;
      });
    } finally {
      this.leave(held);
    }
    if (!user || !ok) throw new AuthError('invalid-credentials', INVALID_CREDENTIALS_MESSAGE);
    if (keys) await this.throttle!.succeeded(keys);
    await this.rehashIfNeeded(username, password, user.passwordHash);
    const ticket = newTicket();
    await this.sessions.create(ticket, { username }, this.ttlMs);
    return ticket;
  }

  /**
   * Counts a login in progress for its user and address keys.
   * @throws AuthError `throttled` when either already has `maxInProgress`
   */
  private enter(keys: ThrottleKeys): string[] {
    const list = keys.address === undefined ? [keys.user] : [keys.user, keys.address];
    if (list.some((k) => (this.inProgress.get(k) ?? 0) >= this.maxInProgress))
      throw new AuthError('throttled', IN_PROGRESS_MESSAGE, 1);
    for (const k of list) this.inProgress.set(k, (this.inProgress.get(k) ?? 0) + 1);
    return list;
  }

  private leave(list: readonly string[]): void {
    for (const k of list) {
      const n = (this.inProgress.get(k) ?? 1) - 1;
      if (n <= 0) this.inProgress.delete(k);
      else this.inProgress.set(k, n);
    }
  }

  private async refuseIfThrottled(keys: ThrottleKeys): Promise<void> {
    const waitMs = await this.throttle!.waitFor(keys);
    if (waitMs > 0) throw new AuthError('throttled', THROTTLED_MESSAGE, Math.ceil(waitMs / 1000));
  }

  /** Rehashes at the configured cost a hash made at another (OWASP: upgrade on login). */
  private async rehashIfNeeded(username: string, password: string, stored: string): Promise<void> {
    const parsed = parsePasswordHash(stored);
    const p = this.scrypt;
    if (!parsed || !this.users.updateHash) return;
    if (parsed.params.N === p.N && parsed.params.r === p.r && parsed.params.p === p.p) return;
    try {
      const fresh = await this.limiter.run(() => hashPassword(password, p));
      await this.users.updateHash(username, stored, fresh);
    } catch (err) {
      this.onRehashError(err);
    }
  }

  /**
   * Ends the session of `ticket`.
   * @returns the ticket
   * @throws AuthError `invalid-ticket` when the ticket is unknown, expired or already logged out
   */
  async logout(ticket: unknown): Promise<string> {
    if (typeof ticket !== 'string' || ticket.length === 0)
      throw new AuthError('invalid-input', 'ServiceTicket is required.');
    const session = isWellFormedTicket(ticket) ? await this.sessions.delete(ticket) : undefined;
    if (!session) throw new AuthError('invalid-ticket', INVALID_TICKET_MESSAGE);
    return ticket;
  }

  /** The live session of `ticket` (for other operations that take a ticket). */
  async session(ticket: string): Promise<Session | undefined> {
    return isWellFormedTicket(ticket) ? this.sessions.get(ticket) : undefined;
  }
}
