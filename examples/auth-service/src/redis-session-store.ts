/**
 * Redis session store: lets several service instances behind a load balancer
 * share sessions (a ticket from one instance works on every other).
 *
 * Each session is one string key `<prefix><ticket>` holding JSON
 * `{"username", "createdAt", "expiresAt"}`, written with `SET key value PX ttl NX`
 * so Redis drops it when it expires. Logout uses `GETDEL` (Redis >= 6.2), which
 * reads and deletes in one atomic step: of two concurrent logouts of one ticket,
 * only one sees the session. The stored `expiresAt` is also checked against the
 * injected clock, so a session is dead by the service's clock even if Redis has
 * not yet expired the key (and expiry can be tested without waiting).
 */
import { Redis, type RedisOptions } from 'ioredis';
import { systemClock, type Clock } from './clock.js';
import { checkTtl, type Session, type SessionData, type SessionStore } from './session-store.js';

/** Options of {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** Redis URL (`redis://host:port/db`); used when `redis` is not given. */
  readonly url?: string;
  /** An existing client to use (the store then does not own it and `close()` leaves it open). */
  readonly redis?: Redis;
  /** Extra client options when the store creates the client. */
  readonly redisOptions?: RedisOptions;
  /** Key prefix (default `wsdlc:auth:session:`). */
  readonly prefix?: string;
  /** Time source (default: the real clock). */
  readonly clock?: Clock;
}

/** Parses a stored session value; `undefined` for anything unexpected. */
function parseSession(value: string | null): Session | undefined {
  if (value === null) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { username, createdAt, expiresAt } = data as Record<string, unknown>;
  if (typeof username !== 'string' || typeof createdAt !== 'number' || typeof expiresAt !== 'number') return undefined;
  return { username, createdAt, expiresAt };
}

/** A {@link SessionStore} in Redis. */
export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;
  private readonly ownsClient: boolean;
  private readonly prefix: string;
  private readonly clock: Clock;

  /** @param options connection, key prefix and clock. */
  constructor(options: RedisSessionStoreOptions = {}) {
    this.ownsClient = options.redis === undefined;
    this.redis =
      options.redis ??
      new Redis(options.url ?? 'redis://127.0.0.1:6379', {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
        ...options.redisOptions,
      });
    this.prefix = options.prefix ?? 'wsdlc:auth:session:';
    this.clock = options.clock ?? systemClock;
  }

  /** {@inheritDoc SessionStore.create} */
  async create(ticket: string, data: SessionData, ttlMs: number): Promise<Session> {
    checkTtl(ttlMs);
    const now = this.clock.now();
    const session: Session = { username: data.username, createdAt: now, expiresAt: now + ttlMs };
    const ok = await this.redis.set(this.prefix + ticket, JSON.stringify(session), 'PX', ttlMs, 'NX');
    if (ok !== 'OK') throw new Error('session ticket collision in Redis');
    return session;
  }

  /** {@inheritDoc SessionStore.get} */
  async get(ticket: string): Promise<Session | undefined> {
    return this.alive(parseSession(await this.redis.get(this.prefix + ticket)));
  }

  /** {@inheritDoc SessionStore.delete} */
  async delete(ticket: string): Promise<Session | undefined> {
    return this.alive(parseSession(await this.redis.getdel(this.prefix + ticket)));
  }

  /** {@inheritDoc SessionStore.ready}: sends PING. */
  async ready(): Promise<void> {
    await this.redis.ping();
  }

  /** {@inheritDoc SessionStore.close} */
  async close(): Promise<void> {
    if (this.ownsClient) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private alive(session: Session | undefined): Session | undefined {
    return session && session.expiresAt > this.clock.now() ? session : undefined;
  }
}
