/**
 * The Auth service's logic, independent of the wire: check credentials and
 * open a session (Login), end a session (Logout).
 *
 * Failures are {@link AuthError}s; the SOAP implementation (`auth-impl.ts`)
 * turns them into Client faults. An unknown user and a wrong password give the
 * same error and take the same time: an unknown user's password is verified
 * against a dummy hash made with the same scrypt parameters as new users'.
 */
import { hashPassword, verifyPassword, DEFAULT_SCRYPT_PARAMS, type ScryptParams } from './password-hash.js';
import { DEFAULT_SESSION_TTL_MS, checkTtl, type Session, type SessionStore } from './session-store.js';
import { isWellFormedTicket, newTicket } from './tickets.js';
import type { UserLookup } from './user-directory.js';
import { randomBytes } from 'node:crypto';

/** Why a request failed. */
export type AuthErrorKind = 'invalid-input' | 'invalid-credentials' | 'invalid-ticket';

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
  ) {
    super(message);
  }
}

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
}

/** Login and Logout over a user lookup and a session store. */
export class Authenticator {
  private readonly users: UserLookup;
  private readonly sessions: SessionStore;
  private readonly ttlMs: number;
  private readonly dummyHash: Promise<string>;
  private readonly verify: (password: string, storedHash: string) => Promise<boolean>;

  /** @param options users, sessions, TTL and scrypt parameters. */
  constructor(options: AuthenticatorOptions) {
    this.users = options.users;
    this.sessions = options.sessions;
    this.ttlMs = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
    this.verify = options.verify ?? verifyPassword;
    checkTtl(this.ttlMs);
    this.dummyHash = hashPassword(randomBytes(16).toString('base64url'), options.scrypt ?? DEFAULT_SCRYPT_PARAMS);
    // Surface a failure through ready()/login(), not as an unhandled rejection.
    this.dummyHash.catch(() => undefined);
  }

  /** Waits until the dummy hash is ready (call at start-up so the first Login is not slower). */
  async ready(): Promise<void> {
    await this.dummyHash;
  }

  /**
   * Checks the credentials and opens a session.
   * @returns the new service ticket
   * @throws AuthError `invalid-credentials` for an unknown user or a wrong password
   */
  async login(username: unknown, password: unknown): Promise<string> {
    if (typeof username !== 'string' || username.length === 0)
      throw new AuthError('invalid-input', 'Username is required.');
    if (typeof password !== 'string') throw new AuthError('invalid-input', 'Password is required.');
    if (password.length > MAX_PASSWORD_LENGTH) throw new AuthError('invalid-credentials', INVALID_CREDENTIALS_MESSAGE);
    const user = await this.users.find(username);
    // Always run one scrypt verification, so unknown users cost the same as known ones.
    const ok = await this.verify(password, user?.passwordHash ?? (await this.dummyHash));
    if (!user || !ok) throw new AuthError('invalid-credentials', INVALID_CREDENTIALS_MESSAGE);
    const ticket = newTicket();
    await this.sessions.create(ticket, { username }, this.ttlMs);
    return ticket;
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
