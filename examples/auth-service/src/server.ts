/**
 * Starting and stopping the Auth service: users file, session store,
 * {@link Authenticator}, generated handler, access log, and an HTTP server with
 * graceful shutdown (stop accepting, finish requests in flight, close idle
 * keep-alive connections, then release the session store).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthHandler } from '../../../generated/auth/index.js';
import { createAuthImpl } from './auth-impl.js';
import { Authenticator } from './authenticator.js';
import type { Clock } from './clock.js';
import type { ScryptParams } from './password-hash.js';
import { withAccessLog, type LogSink } from './request-log.js';
import type { SessionStore } from './session-store.js';
import { createSessionStore } from './session-store-factory.js';
import { UsersFileDirectory, type UserLookup } from './user-directory.js';

/** The path of the Auth endpoint (the WSDL's port address path). */
export const AUTH_PATH = '/ecomm/Auth.asmx';

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
  /** Session lifetime in ms (default 20 minutes). */
  readonly sessionTtlMs?: number;
  /** Parameters of the dummy hash (use those of your users' hashes). */
  readonly scrypt?: ScryptParams;
  /** Time source for session expiry. */
  readonly clock?: Clock;
  /** Access log sink (default: none). */
  readonly log?: LogSink;
  /** Send internal error details in Server faults. */
  readonly debug?: boolean;
  /** How long `close()` waits for requests in flight before cutting connections (default 10 s). */
  readonly shutdownTimeoutMs?: number;
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
  const sessions =
    options.sessions ??
    createSessionStore({
      store: options.store ?? 'memory',
      ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
  const authenticator = new Authenticator({
    users,
    sessions,
    ...(options.sessionTtlMs !== undefined ? { ttlMs: options.sessionTtlMs } : {}),
    ...(options.scrypt ? { scrypt: options.scrypt } : {}),
  });
  try {
    await sessions.ready?.();
    await authenticator.ready();
  } catch (err) {
    await sessions.close();
    throw err;
  }
  const log = options.log;
  const handler = createAuthHandler(createAuthImpl(authenticator), {
    debug: options.debug ?? false,
    ...(log
      ? { onError: (err: unknown) => log(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`) }
      : {}),
  });
  const logged = log ? withAccessLog(handler, log) : handler;
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const server = createServer((req, res) => {
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // While stopping, a keep-alive connection that just went idle is closed now.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    logged(req, res);
  });

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
    })();
    return closing;
  };
  return { server, port: address.port, baseUrl, url: baseUrl + AUTH_PATH, authenticator, close };
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
