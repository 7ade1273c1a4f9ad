/**
 * Where the Redis session store connects and how: one Redis URL (`redis://` or
 * `rediss://` for TLS), or Redis Sentinel (sentinel addresses and the master's
 * name: the client asks the sentinels for the primary and follows a failover);
 * an ACL user and password; for TLS a CA file and optionally a client
 * certificate and key (mutual TLS). Files are read once, at start; a file that
 * cannot be read is a {@link ServiceError} naming it.
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { RedisOptions } from 'ioredis';
import { ServiceError } from './errors.js';

/** A sentinel's address. */
export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/** How to reach Redis. */
export interface RedisConnection {
  /** `redis://[user:password@]host:port[/db]` or `rediss://...` (TLS); not with `sentinels`. */
  readonly url?: string;
  /** Sentinels to ask for the primary (Redis Sentinel); not with `url`. */
  readonly sentinels?: readonly HostPort[];
  /** The master name the sentinels monitor (`sentinel monitor <name> ...`); default `mymaster`. */
  readonly masterName?: string;
  /** ACL user name (Redis 6+); wins over one in the URL. */
  readonly username?: string;
  /** Password of the ACL user (or `requirepass`); wins over one in the URL. */
  readonly password?: string;
  /** Password of the sentinels themselves, when they have one. */
  readonly sentinelPassword?: string;
  /** PEM file of the CA that signed the server's certificate (TLS; default: the system's CAs). */
  readonly caFile?: string;
  /** PEM client certificate, for servers that ask for one (`tls-auth-clients yes`). */
  readonly certFile?: string;
  /** PEM key of the client certificate. */
  readonly keyFile?: string;
}

/** Default master name (the name in Redis' sample sentinel.conf). */
export const DEFAULT_MASTER_NAME = 'mymaster';

/** Reads one PEM file or throws a {@link ServiceError} naming it and the setting. */
function readPem(file: string, setting: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const why = err instanceof Error && 'code' in err ? String((err as NodeJS.ErrnoException).code) : String(err);
    throw new ServiceError(`${file}: cannot read the ${setting} (${why})`);
  }
}

/** Whether the connection uses TLS (a `rediss://` URL). */
export function usesTls(conn: RedisConnection): boolean {
  return conn.url !== undefined && /^rediss:\/\//i.test(conn.url);
}

/** The TLS options of `conn` (files read now), or `undefined` without TLS. */
function tlsOptions(conn: RedisConnection): ConnectionOptions | undefined {
  const files = conn.caFile !== undefined || conn.certFile !== undefined || conn.keyFile !== undefined;
  if (!usesTls(conn)) {
    if (files)
      throw new ServiceError(
        conn.sentinels
          ? 'TLS files were given with sentinels: TLS is supported with one rediss:// URL only'
          : 'TLS files were given but the Redis URL is not rediss://',
        { exitCode: 2 },
      );
    return undefined;
  }
  if ((conn.certFile === undefined) !== (conn.keyFile === undefined))
    throw new ServiceError('a Redis client certificate needs both the certificate and its key file', { exitCode: 2 });
  return {
    ...(conn.caFile !== undefined ? { ca: readPem(conn.caFile, 'Redis CA file') } : {}),
    ...(conn.certFile !== undefined ? { cert: readPem(conn.certFile, 'Redis client certificate') } : {}),
    ...(conn.keyFile !== undefined ? { key: readPem(conn.keyFile, 'Redis client key') } : {}),
  };
}

/**
 * The ioredis constructor arguments for `conn` on top of `base` (timeouts, retries):
 * `[url, options]` for a URL, `[options]` for Sentinel.
 * @throws ServiceError for contradictory settings or unreadable files
 */
export function redisClientArgs(conn: RedisConnection, base: RedisOptions): [string, RedisOptions] | [RedisOptions] {
  if (conn.url !== undefined && conn.sentinels !== undefined)
    throw new ServiceError('give either a Redis URL or sentinels, not both', { exitCode: 2 });
  const tls = tlsOptions(conn);
  const auth: RedisOptions = {
    ...(conn.username !== undefined ? { username: conn.username } : {}),
    ...(conn.password !== undefined ? { password: conn.password } : {}),
  };
  if (conn.sentinels !== undefined) {
    if (conn.sentinels.length === 0)
      throw new ServiceError('Redis Sentinel needs at least one sentinel', { exitCode: 2 });
    return [
      {
        ...base,
        ...auth,
        sentinels: conn.sentinels.map((s) => ({ host: s.host, port: s.port })),
        name: conn.masterName ?? DEFAULT_MASTER_NAME,
        ...(conn.sentinelPassword !== undefined ? { sentinelPassword: conn.sentinelPassword } : {}),
        // All sentinels unreachable: ask again soon (a request still fails within its command timeout).
        sentinelRetryStrategy: (times: number) => Math.min(100 * times, 1000),
      },
    ];
  }
  return [conn.url ?? 'redis://127.0.0.1:6379', { ...base, ...auth, ...(tls ? { tls } : {}) }];
}

/** Parses `host:port,host:port` (sentinel addresses). @throws ServiceError for a malformed entry */
export function parseHostPorts(text: string, setting: string): HostPort[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((entry) => {
      const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry);
      const port = m ? Number(m[2]) : 0;
      if (!m || port < 1 || port > 65535)
        throw new ServiceError(`${setting}: expected host:port, got ${JSON.stringify(entry)}`, { exitCode: 2 });
      return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
    });
}

/**
 * A hint for a connection problem that retrying will not fix (bad password,
 * missing permission, an untrusted or mismatched certificate), or `undefined`
 * for one that may pass (Redis down, a failover).
 */
export function permanentProblem(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof Error && 'code' in err ? String((err as NodeJS.ErrnoException).code) : '';
  if (/^(WRONGPASS|NOAUTH|NOPERM)\b/.test(message))
    return `Redis refused the credentials: ${message.split('\n')[0]} (check the ACL user and password)`;
  if (
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL/.test(code) ||
    /certificate|wrong version number|alert/i.test(message)
  )
    return `TLS with Redis failed: ${message.split('\n')[0]}${code ? ` (${code})` : ''} (check the CA file, the client certificate and the rediss:// host)`;
  return undefined;
}
