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
 *
 * Replicas and failover (Redis Sentinel, see redis-connection.ts): Redis
 * replicates asynchronously, so a session the primary has may not yet be on any
 * replica when the primary dies, and the promoted replica would not know the
 * ticket. A Login is therefore answered only once the session is on
 * `waitReplicas` replicas: `SET` is followed by `WAIT n timeout`, which returns
 * how many replicas acknowledged the write; fewer is "unavailable, try again".
 * The default, `auto`, waits for one replica whenever the primary reports one
 * online (`INFO replication`, read on each connection and every second), and for
 * none when it has none (a lone primary, or a promoted replica whose old primary
 * is gone). When the client reconnects to a primary at another address the
 * store counts a failover and logs it.
 */
import { Redis, type RedisOptions, ReplyError } from 'ioredis';
import { systemClock, type Clock } from './clock.js';
import { ServiceError } from './errors.js';
import { permanentProblem, type RedisConnection, redisClientArgs } from './redis-connection.js';
import { RedisFailureStore } from './redis-failure-store.js';
import type { FailureStore } from './login-throttle.js';
import {
  checkTtl,
  type Session,
  type SessionData,
  type SessionStore,
  type StoreObserver,
  StoreUnavailableError,
} from './session-store.js';

/** Default command timeout in ms. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Longest pause between reconnection attempts, in ms. */
const MAX_RECONNECT_DELAY_MS = 1000;

/** How often the primary's replicas are counted while it answers (for `waitReplicas: 'auto'`), in ms. */
const REPLICA_COUNT_INTERVAL_MS = 1000;

/** Options of {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** Redis URL (`redis://host:port/db`); used when neither `redis` nor `connection` is given. */
  readonly url?: string;
  /** Where and how to connect (URL or sentinels, ACL user, TLS files); wins over `url`. */
  readonly connection?: RedisConnection;
  /**
   * Replicas that must have a new session before Login answers (`WAIT`): a number, or
   * `auto` (default): one while the primary reports a replica online, else none.
   */
  readonly waitReplicas?: number | 'auto';
  /** How long `WAIT` waits for the replicas, in ms (default: half the command timeout). */
  readonly waitTimeoutMs?: number;
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
  private readonly waitReplicas: number | 'auto';
  private readonly waitTimeoutMs: number;
  /** Online replicas of the current primary (`auto`), or a pending count after a (re)connection. */
  private replicas: number | Promise<number> | undefined;
  private replicaTimer: NodeJS.Timeout | undefined;
  /** `host:port` of the primary of the last connection. */
  private primary: string | undefined;
  private observer: StoreObserver = {};

  /** @param options connection, key prefix, clock, command timeout and log. */
  constructor(options: RedisSessionStoreOptions = {}) {
    this.ownsClient = options.redis === undefined;
    this.commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
    if (!Number.isSafeInteger(this.commandTimeoutMs) || this.commandTimeoutMs <= 0)
      throw new RangeError(`Redis command timeout must be a positive integer of ms, got ${this.commandTimeoutMs}`);
    this.waitReplicas = options.waitReplicas ?? 'auto';
    if (this.waitReplicas !== 'auto' && (!Number.isSafeInteger(this.waitReplicas) || this.waitReplicas < 0))
      throw new RangeError(`replicas to wait for must be a non-negative integer or "auto", got ${this.waitReplicas}`);
    this.waitTimeoutMs = options.waitTimeoutMs ?? Math.max(1, Math.floor(this.commandTimeoutMs / 2));
    if (!Number.isSafeInteger(this.waitTimeoutMs) || this.waitTimeoutMs <= 0)
      throw new RangeError(`replica wait timeout must be a positive integer of ms, got ${this.waitTimeoutMs}`);
    const base: RedisOptions = {
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
    };
    this.redis =
      options.redis ??
      new Redis(...(redisClientArgs(options.connection ?? { url: options.url }, base) as [RedisOptions]));
    this.prefix = options.prefix ?? 'wsdlc:auth:session:';
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? (() => undefined);
    // Without an 'error' listener ioredis prints "Unhandled error event" with a stack for every retry.
    this.redis.on('error', (err: unknown) => this.markDown(describe(err)));
    this.redis.on('close', () => {
      if (!this.closed) this.markDown('connection closed');
    });
    this.redis.on('ready', () => {
      this.markUp();
      this.connectedTo();
    });
  }

  /** {@inheritDoc SessionStore.observe} */
  observe(observer: StoreObserver): void {
    this.observer = observer;
  }

  /** {@inheritDoc SessionStore.create} */
  async create(ticket: string, data: SessionData, ttlMs: number): Promise<Session> {
    checkTtl(ttlMs);
    const now = this.clock.now();
    const session: Session = { username: data.username, createdAt: now, expiresAt: now + ttlMs };
    const key = this.prefix + ticket;
    const replicas = await this.replicasToWaitFor();
    if (replicas === 0) {
      const ok = await this.run(() => this.redis.set(key, JSON.stringify(session), 'PX', ttlMs, 'NX'));
      if (ok !== 'OK') throw new Error('session ticket collision in Redis');
      return session;
    }
    // Sent together: WAIT counts the replicas that acknowledged everything this connection wrote before it.
    const [ok, acked] = await this.run(() =>
      Promise.all([
        this.redis.set(key, JSON.stringify(session), 'PX', ttlMs, 'NX'),
        this.redis.wait(replicas, this.waitTimeoutMs),
      ]),
    );
    if (ok !== 'OK') throw new Error('session ticket collision in Redis');
    if (acked < replicas) {
      this.observer.error?.('not-replicated');
      // The session stays on the primary until its TTL; nobody has its ticket.
      this.replicas = undefined;
      throw new StoreUnavailableError(
        `the session reached ${acked} of ${replicas} replica(s) within ${this.waitTimeoutMs} ms`,
      );
    }
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
   * @throws ServiceError naming the Redis problem when it does not answer, refuses the
   *   credentials or the TLS handshake fails (at once for the last two: waiting will not help)
   */
  async ready(): Promise<void> {
    try {
      if (this.redis.status !== 'ready') await this.connected(Math.max(5000, this.commandTimeoutMs));
      await this.run(() => this.redis.ping());
      await this.replicasToWaitFor();
    } catch (err) {
      // The operator's setting or environment, not a bug: a message without a stack (run-cli.ts).
      if (err instanceof ServiceError) throw err;
      throw new ServiceError(`cannot use Redis: ${permanentProblem(err) ?? describe(err)}`);
    }
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
      if (err instanceof ReplyError) {
        this.observer.error?.('reply');
        throw err;
      }
      this.observer.error?.(/timed? ?out/i.test(describe(err)) ? 'timeout' : 'connection');
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
    if (this.replicaTimer !== undefined) clearInterval(this.replicaTimer);
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
        // A wrong password or an untrusted certificate will not pass by waiting: say so now.
        const hint = permanentProblem(err);
        if (hint !== undefined) done(new ServiceError(`cannot use Redis: ${hint}`));
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

  /**
   * After each (re)connection: counts a failover when the primary's address changed
   * (Sentinel sent the client elsewhere), and counts its replicas again.
   */
  private connectedTo(): void {
    const stream = this.redis.stream as { remoteAddress?: string; remotePort?: number } | undefined;
    const address = stream?.remoteAddress !== undefined ? `${stream.remoteAddress}:${stream.remotePort}` : undefined;
    if (address !== undefined && this.primary !== undefined && address !== this.primary) {
      this.observer.failover?.();
      this.log(`redis: failover: the primary is now ${address} (was ${this.primary})`);
    }
    if (address !== undefined) this.primary = address;
    this.replicas = undefined;
    if (this.waitReplicas === 'auto' && this.replicaTimer === undefined && !this.closed) {
      this.replicaTimer = setInterval(() => {
        if (this.redis.status === 'ready') this.countReplicas().catch(() => undefined);
      }, REPLICA_COUNT_INTERVAL_MS);
      this.replicaTimer.unref();
    }
  }

  /** Replicas a new session must reach before Login answers (see the file comment). */
  private async replicasToWaitFor(): Promise<number> {
    if (this.waitReplicas !== 'auto') return this.waitReplicas;
    const known = this.replicas;
    if (typeof known === 'number') return Math.min(known, 1);
    return Math.min(await (known ?? this.countReplicas()), 1);
  }

  /** Reads how many replicas the primary has online (`INFO replication`: `slaveN:...,state=online,...`). */
  private countReplicas(): Promise<number> {
    const pending = this.run(() => this.redis.info('replication')).then(
      (info) => {
        const n = (info.match(/^slave\d+:.*state=online/gm) ?? []).length;
        if (this.replicas === pending) this.replicas = n;
        return n;
      },
      (err: unknown) => {
        if (this.replicas === pending) this.replicas = undefined;
        throw err;
      },
    );
    this.replicas = pending;
    return pending;
  }

  private markDown(reason: string): void {
    if (this.closed || this.downSince !== undefined) return;
    this.downSince = Date.now();
    this.observer.availability?.(false);
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
    this.observer.availability?.(true);
    this.stopProbe();
    if (!this.closed) this.log(`redis: available again after ${seconds.toFixed(1)} s`);
  }

  private stopProbe(): void {
    if (this.probe !== undefined) clearInterval(this.probe);
    this.probe = undefined;
  }
}
