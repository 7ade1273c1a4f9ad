/**
 * Starting and stopping the Auth service: users file, session store,
 * {@link Authenticator}, generated handler, access log, and an HTTP server with
 * graceful shutdown (stop accepting, finish requests in flight, close idle
 * keep-alive connections, then release the session store).
 *
 * Slow clients: the request head must arrive within `headersTimeoutMs` (10 s,
 * nginx's `client_header_timeout` is 60 s, Envoy's `request_headers_timeout`
 * is off by default; 10 s is ample for a login) and the whole request within
 * `requestTimeoutMs` (30 s); Node answers 408 and closes. Node checks these
 * every `connectionsCheckingInterval` (30 s by default, which would let a slow
 * socket live 40 s): the service checks every second.
 *
 * Readiness: `GET /ready` answers 200 `ready` while the session store answers
 * (a PING within the command timeout for Redis) and 503 otherwise, or while
 * shutting down, for load balancers and orchestrators.
 *
 * Metrics: `GET /metrics` answers the Prometheus text format (metrics.ts).
 * Logs: one record per request (request-log.ts) to the text or JSON log
 * (service-log.ts, json-log.ts), besides the events (Redis outages, failovers).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server side only: the barrel (index.js) also loads the client runtime (https, tls, fetch transport).
import { createAuthHandler } from '../../../generated/auth/server.js';
import { createAuthImpl } from './auth-impl.js';
import { Authenticator } from './authenticator.js';
import { HashLimiter } from './hash-limiter.js';
import { heapReleaser } from './heap-release.js';
import { LoginThrottle, MemoryFailureStore, type ThrottlePolicy } from './login-throttle.js';
import type { Clock } from './clock.js';
import type { ScryptParams } from './password-hash.js';
import type { ServiceMetrics } from './metrics.js';
import type { RedisConnection } from './redis-connection.js';
import { type LogSink, type RequestRecord, withRequestRecords } from './request-log.js';
import { type ServiceLog, textLog } from './service-log.js';
import type { SessionStore } from './session-store.js';
import { createSessionStore } from './session-store-factory.js';
import { UsersFileDirectory, type UserLookup } from './user-directory.js';

/** The path of the Auth endpoint (the WSDL's port address path). */
export const AUTH_PATH = '/ecomm/Auth.asmx';
/** The readiness endpoint. */
export const READY_PATH = '/ready';
/** The Prometheus metrics endpoint. */
export const METRICS_PATH = '/metrics';
/** Default time for a request head, in ms. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Default time for a whole request, in ms. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Options of {@link startAuthService}. */
export interface AuthServiceOptions {
  /** Listen address (default `127.0.0.1`). */
  readonly host?: string;
  /** Listen port; `0` picks a free one (default 8080). */
  readonly port?: number;
  /** The users file (ignored when `users` is given). */
  readonly usersFile?: string;
  /** A user lookup to use instead of a users file. */
  readonly users?: UserLookup;
  /** A session store to use; it is closed with the service. Default: from `store`. */
  readonly sessions?: SessionStore;
  /** Which store to create when `sessions` is not given (default `memory`). */
  readonly store?: 'memory' | 'redis';
  /** Redis URL for the `redis` store. */
  readonly redisUrl?: string;
  /** Where and how to reach Redis (URL or sentinels, ACL user, TLS files); wins over `redisUrl`. */
  readonly redis?: RedisConnection;
  /** Replicas a new session must reach before Login answers (default `auto`: one while the primary has one). */
  readonly redisWaitReplicas?: number | 'auto';
  /** Session lifetime in ms (default 20 minutes). */
  readonly sessionTtlMs?: number;
  /** Parameters of the dummy hash (use those of your users' hashes). */
  readonly scrypt?: ScryptParams;
  /** Time source for session expiry. */
  readonly clock?: Clock;
  /** Log lines in the text format (default: none); see `logger`. */
  readonly log?: LogSink;
  /** The log (text or JSON, service-log.ts); wins over `log`. */
  readonly logger?: ServiceLog;
  /** Serve `GET /metrics` (default `true`). */
  readonly metrics?: boolean;
  /** Send internal error details in Server faults. */
  readonly debug?: boolean;
  /** How long `close()` waits for requests in flight before cutting connections (default 10 s). */
  readonly shutdownTimeoutMs?: number;
  /** Time for a request head, in ms (default 10 s); then 408 and the connection is closed. */
  readonly headersTimeoutMs?: number;
  /** Time for a whole request, in ms (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** Redis command timeout in ms (default 1000). */
  readonly redisCommandTimeoutMs?: number;
  /** Password hashes computed at once (default 1). */
  readonly maxConcurrentHashes?: number;
  /** Logins waiting for a hash slot before "busy" is answered (default 8). */
  readonly hashQueue?: number;
  /**
   * A full garbage collection (`globalThis.gc` under `node --expose-gc`, see `exposedGc`): run before
   * a hash when the old generation grew by 1 MiB since the last, so the hash's memory adds to the live heap
   * and not to garbage (heap-release.ts). Default: none, V8 collects as usual.
   */
  readonly collectGarbage?: () => void;
  /** Logins in progress per user name and per address (default 2); beyond: 429. */
  readonly maxInProgressPerClient?: number;
  /** Failed-login throttling: policies per user and per address, or `false` to turn it off (default: on). */
  readonly loginThrottle?: { readonly user?: ThrottlePolicy; readonly address?: ThrottlePolicy } | false;
}

/** A running service. */
export interface RunningAuthService {
  readonly server: Server;
  /** The bound port. */
  readonly port: number;
  /** The base URL, e.g. `http://127.0.0.1:8080`. */
  readonly baseUrl: string;
  /** The endpoint URL, e.g. `http://127.0.0.1:8080/ecomm/Auth.asmx`. */
  readonly url: string;
  readonly authenticator: Authenticator;
  /** The metrics `/metrics` shows (`undefined` with `metrics: false`). */
  readonly metrics: ServiceMetrics | undefined;
  /** Stops accepting, lets requests in flight finish, closes the session store. Idempotent. */
  close(): Promise<void>;
}

/** Builds and starts the Auth service. */
export async function startAuthService(options: AuthServiceOptions = {}): Promise<RunningAuthService> {
  let users = options.users;
  if (!users) {
    const dir = new UsersFileDirectory(options.usersFile ?? 'users.json');
    await dir.load();
    users = dir;
  }
  const serviceLog = options.logger ?? (options.log ? textLog(options.log) : undefined);
  const event = (line: string): void =>
    serviceLog?.event(/^redis: (unavailable|failover)/.test(line) ? 'warn' : 'info', line);
  const sessions =
    options.sessions ??
    (await createSessionStore({
      store: options.store ?? 'memory',
      ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
      ...(options.redis ? { redis: options.redis } : {}),
      ...(options.redisWaitReplicas !== undefined ? { redisWaitReplicas: options.redisWaitReplicas } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.redisCommandTimeoutMs !== undefined ? { redisCommandTimeoutMs: options.redisCommandTimeoutMs } : {}),
      ...(serviceLog ? { log: event } : {}),
    }));
  const throttleOptions = options.loginThrottle ?? {};
  const throttle =
    throttleOptions === false
      ? undefined
      : new LoginThrottle({
          store: sessions.failureStore?.() ?? new MemoryFailureStore(options.clock),
          ...(throttleOptions.user ? { user: throttleOptions.user } : {}),
          ...(throttleOptions.address ? { address: throttleOptions.address } : {}),
          ...(options.clock ? { clock: options.clock } : {}),
        });
  const authenticator = new Authenticator({
    users,
    sessions,
    ...(options.sessionTtlMs !== undefined ? { ttlMs: options.sessionTtlMs } : {}),
    ...(options.scrypt ? { scrypt: options.scrypt } : {}),
    ...(throttle ? { throttle } : {}),
    ...(options.maxInProgressPerClient !== undefined ? { maxInProgressPerClient: options.maxInProgressPerClient } : {}),
    limiter: new HashLimiter({
      ...(options.maxConcurrentHashes !== undefined ? { maxConcurrent: options.maxConcurrentHashes } : {}),
      ...(options.hashQueue !== undefined ? { maxQueue: options.hashQueue } : {}),
      ...(options.collectGarbage ? { beforeTask: heapReleaser({ collect: options.collectGarbage }) } : {}),
    }),
    ...(serviceLog
      ? {
          onRehashError: (err: unknown) =>
            serviceLog.event('error', `rehash failed: ${err instanceof Error ? err.message : String(err)}`),
        }
      : {}),
  });
  let metrics: ServiceMetrics | undefined;
  if (options.metrics ?? true) {
    const { ServiceMetrics } = await import('./metrics.js');
    metrics = new ServiceMetrics(authenticator.limiter);
    sessions.observe?.(metrics.storeObserver());
  }
  try {
    await sessions.ready?.();
    await authenticator.ready();
  } catch (err) {
    await sessions.close();
    throw err;
  }
  const handler = createAuthHandler(createAuthImpl(authenticator), {
    debug: options.debug ?? false,
    ...(serviceLog
      ? {
          onError: (err: unknown) =>
            serviceLog.event('error', `error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
        }
      : {}),
  });
  const onRecord =
    metrics && serviceLog
      ? (r: RequestRecord) => {
          metrics.request(r);
          serviceLog.request(r);
        }
      : metrics
        ? (r: RequestRecord) => metrics.request(r)
        : serviceLog
          ? (r: RequestRecord) => serviceLog.request(r)
          : undefined;
  const recorded = onRecord ? withRequestRecords(handler, onRecord) : handler;
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeout);
  const readiness = (req: IncomingMessage, res: ServerResponse): void => {
    const answer = (ok: boolean, why: string): void => {
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : `${why}\n`);
    };
    if (stopping) answer(false, 'not ready: shutting down');
    else if (!sessions.available) answer(true, 'ready');
    else
      sessions.available().then(
        (ok) => answer(ok, ok ? 'ready' : 'not ready: the session store does not answer'),
        () => answer(false, 'not ready: the session store does not answer'),
      );
  };
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(headersTimeout / 4))),
    },
    (req, res) => {
      if (stopping) res.shouldKeepAlive = false;
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        // While stopping, a keep-alive connection that just went idle is closed now.
        if (stopping) setImmediate(() => server.closeIdleConnections());
      });
      const url = req.url ?? '/';
      if ((req.method === 'GET' || req.method === 'HEAD') && (url === READY_PATH || url.startsWith(`${READY_PATH}?`))) {
        readiness(req, res);
        return;
      }
      if (metrics && req.method === 'GET' && (url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`))) {
        metrics.render().then(
          ({ contentType, body }) => {
            res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
            res.end(body);
          },
          () => {
            res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end('metrics unavailable\n');
          },
        );
        return;
      }
      recorded(req, res);
    },
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${hostForUrl}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopping = true;
      // Answers still to be sent tell the client the connection is closing.
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      await shutDown(server, options.shutdownTimeoutMs ?? 10_000);
      await sessions.close();
      metrics?.close();
      serviceLog?.flush?.();
    })();
    return closing;
  };
  return { server, port: address.port, baseUrl, url: baseUrl + AUTH_PATH, authenticator, metrics, close };
}

/**
 * Graceful HTTP shutdown: `server.close()` stops accepting and resolves once
 * every connection has ended; idle keep-alive connections are closed now, busy
 * ones when their response is done (see the request listener). After
 * `timeoutMs` the remaining connections are cut.
 */
function shutDown(server: Server, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
