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
 *
 * Failing Redis (as Redis clients such as redis-py, Lettuce and go-redis do by
 * default or advise): every command has a timeout (`commandTimeoutMs`, default
 * 1 s), so a frozen Redis costs a request at most that long; while disconnected,
 * commands fail at each failed reconnection attempt instead of piling up; the client
 * reconnects for ever with capped exponential back-off. A failure caused by
 * Redis' absence is thrown as {@link StoreUnavailableError}; the log gets one
 * line when Redis becomes unavailable and one when it answers again (a probe
 * runs while it is down, so recovery is noticed without traffic).
 */
import { Redis, type RedisOptions, ReplyError } from 'ioredis';
import { systemClock, type Clock } from './clock.js';
import { RedisFailureStore } from './redis-failure-store.js';
import type { FailureStore } from './login-throttle.js';
import { checkTtl, type Session, type SessionData, type SessionStore, StoreUnavailableError } from './session-store.js';

/** Default command timeout in ms. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Longest pause between reconnection attempts, in ms. */
const MAX_RECONNECT_DELAY_MS = 1000;

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
  /** How long one command may take before the request fails as unavailable (default 1000 ms). */
  readonly commandTimeoutMs?: number;
  /** Where the outage and recovery lines go (default: nowhere). */
  readonly log?: (line: string) => void;
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

/** One line of text for an error (no stack). */
function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!.slice(0, 200);
}

/** A {@link SessionStore} in Redis. */
export class RedisSessionStore implements SessionStore {
  /** The client (shared with the login throttle when it keeps its counters in Redis). */
  readonly redis: Redis;
  private readonly ownsClient: boolean;
  private readonly prefix: string;
  private readonly clock: Clock;
  private readonly commandTimeoutMs: number;
  private readonly log: (line: string) => void;
  /** When the current outage began (epoch ms), or `undefined` while Redis answers. */
  private downSince: number | undefined;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  /** @param options connection, key prefix, clock, command timeout and log. */
  constructor(options: RedisSessionStoreOptions = {}) {
    this.ownsClient = options.redis === undefined;
    this.commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
    if (!Number.isSafeInteger(this.commandTimeoutMs) || this.commandTimeoutMs <= 0)
      throw new RangeError(`Redis command timeout must be a positive integer of ms, got ${this.commandTimeoutMs}`);
    this.redis =
      options.redis ??
      new Redis(options.url ?? 'redis://127.0.0.1:6379', {
        lazyConnect: false,
        commandTimeout: this.commandTimeoutMs,
        connectTimeout: Math.max(this.commandTimeoutMs, 1000),
        // While (re)connecting, commands wait at most the command timeout; each failed
        // reconnection attempt fails them at once (maxRetriesPerRequest 0), and commands
        // cut by a lost connection fail instead of being replayed later: their callers
        // were already answered (timeout or "unavailable").
        maxRetriesPerRequest: 0,
        autoResendUnfulfilledCommands: false,
        retryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 10), MAX_RECONNECT_DELAY_MS),
        ...options.redisOptions,
      });
    this.prefix = options.prefix ?? 'wsdlc:auth:session:';
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? (() => undefined);
    // Without an 'error' listener ioredis prints "Unhandled error event" with a stack for every retry.
    this.redis.on('error', (err: unknown) => this.markDown(describe(err)));
    this.redis.on('close', () => {
      if (!this.closed) this.markDown('connection closed');
    });
    this.redis.on('ready', () => this.markUp());
  }

  /** {@inheritDoc SessionStore.create} */
  async create(ticket: string, data: SessionData, ttlMs: number): Promise<Session> {
    checkTtl(ttlMs);
    const now = this.clock.now();
    const session: Session = { username: data.username, createdAt: now, expiresAt: now + ttlMs };
    const ok = await this.run(() => this.redis.set(this.prefix + ticket, JSON.stringify(session), 'PX', ttlMs, 'NX'));
    if (ok !== 'OK') throw new Error('session ticket collision in Redis');
    return session;
  }

  /** {@inheritDoc SessionStore.get} */
  async get(ticket: string): Promise<Session | undefined> {
    return this.alive(parseSession(await this.run(() => this.redis.get(this.prefix + ticket))));
  }

  /** {@inheritDoc SessionStore.delete} */
  async delete(ticket: string): Promise<Session | undefined> {
    return this.alive(parseSession(await this.run(() => this.redis.getdel(this.prefix + ticket))));
  }

  /**
   * {@inheritDoc SessionStore.ready}: waits for the connection (at most a few
   * seconds), then sends PING.
   * @throws Error naming the Redis problem when it does not answer
   */
  async ready(): Promise<void> {
    if (this.redis.status !== 'ready') await this.connected(Math.max(5000, this.commandTimeoutMs));
    await this.run(() => this.redis.ping());
  }

  /** {@inheritDoc SessionStore.available}: PING within the command timeout. */
  async available(): Promise<boolean> {
    try {
      await this.run(() => this.redis.ping());
      return true;
    } catch {
      return false;
    }
  }

  /** {@inheritDoc SessionStore.failureStore}: counters in Redis, shared by every instance. */
  failureStore(): FailureStore {
    return new RedisFailureStore(this);
  }

  /** Whether Redis is answering, as far as the last command or connection event tells. */
  get up(): boolean {
    return this.downSince === undefined;
  }

  /**
   * Runs one Redis command: a reply error (Redis answered) is thrown as is; a
   * timeout or connection failure marks the outage and is thrown as
   * {@link StoreUnavailableError}.
   */
  async run<T>(command: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await command();
    } catch (err) {
      if (err instanceof ReplyError) throw err;
      this.markDown(describe(err));
      throw new StoreUnavailableError(`the session store (Redis) is unavailable: ${describe(err)}`, { cause: err });
    }
    this.markUp();
    return result;
  }

  /** {@inheritDoc SessionStore.close} */
  async close(): Promise<void> {
    this.closed = true;
    this.stopProbe();
    if (this.ownsClient) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private alive(session: Session | undefined): Session | undefined {
    return session && session.expiresAt > this.clock.now() ? session : undefined;
  }

  private connected(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let last = 'no answer';
      const onError = (err: unknown): void => {
        last = describe(err);
      };
      const done = (err?: Error): void => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('error', onError);
        if (err) reject(err);
        else resolve();
      };
      const onReady = (): void => done();
      const timer = setTimeout(
        () => done(new Error(`Redis did not become ready within ${timeoutMs} ms (${last})`)),
        timeoutMs,
      );
      this.redis.on('ready', onReady);
      this.redis.on('error', onError);
    });
  }

  private markDown(reason: string): void {
    if (this.closed || this.downSince !== undefined) return;
    this.downSince = Date.now();
    this.log(`redis: unavailable (${reason}); answering "service unavailable" until it returns`);
    // Notice recovery without traffic (a frozen Redis never emits 'ready' again).
    this.probe = setInterval(() => {
      if (this.redis.status === 'ready') void this.available();
    }, 1000);
    this.probe.unref();
  }

  private markUp(): void {
    if (this.downSince === undefined) return;
    const seconds = (Date.now() - this.downSince) / 1000;
    this.downSince = undefined;
    this.stopProbe();
    if (!this.closed) this.log(`redis: available again after ${seconds.toFixed(1)} s`);
  }

  private stopProbe(): void {
    if (this.probe !== undefined) clearInterval(this.probe);
    this.probe = undefined;
  }
}
