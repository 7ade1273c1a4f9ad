/**
 * Service configuration from command-line flags and environment variables
 * (a flag wins over its variable, which wins over the default).
 *
 * | flag              | variable        | default                                   |
 * |-------------------|-----------------|-------------------------------------------|
 * | `--host`          | `HOST`          | `127.0.0.1`                               |
 * | `--port`          | `PORT`          | `8080` (`0` picks a free port)            |
 * | `--data-dir`      | `DATA_DIR`      | none                                      |
 * | `--users`         | `USERS_FILE`    | `<data dir>/users.json`, else `./users.json` |
 * | `--session-ttl`   | `SESSION_TTL`   | `1200` seconds                            |
 * | `--store`         | `SESSION_STORE` | `memory`, or `redis` when a Redis URL is set |
 * | `--redis-url`     | `REDIS_URL`     | none                                      |
 * | `--scrypt-log-n`  | `SCRYPT_LOG_N`  | `17` (N = 2^17; r = 8, p = 1)             |
 * | `--debug`         | `DEBUG_FAULTS=1`| off (faults carry no internal details)    |
 * | `--header-timeout`| `HEADER_TIMEOUT`| `10` seconds for a request head           |
 * | `--redis-timeout` | `REDIS_TIMEOUT` | `1000` ms per Redis command               |
 * | `--max-hashing`   | `MAX_HASHING`   | `1` password hash at a time               |
 * | `--hash-queue`    | `HASH_QUEUE`    | `8` logins waiting for a hash, then "busy" |
 * | `--redis-sentinels` | `REDIS_SENTINELS` | none (`host:port,host:port`)           |
 * | `--redis-master`  | `REDIS_MASTER_NAME` | `mymaster`                            |
 * | `--redis-user`    | `REDIS_USERNAME`| none (the URL's, else `default`)          |
 * |                   | `REDIS_PASSWORD`| none (the URL's); no flag, so it stays out of `ps` |
 * | `--redis-ca`      | `REDIS_CA_FILE` | the system's CAs (`rediss://` only)       |
 * | `--redis-cert`, `--redis-key` | `REDIS_CERT_FILE`, `REDIS_KEY_FILE` | none (client certificate) |
 * | `--redis-wait-replicas` | `REDIS_WAIT_REPLICAS` | `auto` (1 while the primary has a replica) |
 * | `--log-format`    | `LOG_FORMAT`    | `json`, or `text` when stdout is a terminal |
 * | `--metrics`       | `METRICS`       | `on` (`GET /metrics`)                      |
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ServiceError } from './errors.js';
import { DEFAULT_SCRYPT_PARAMS, type ScryptParams } from './password-hash.js';
import { parseHostPorts, type RedisConnection } from './redis-connection.js';

/** Where sessions are kept. */
export type StoreKind = 'memory' | 'redis';

/** How log lines are written: JSON lines (pino) or the human format. */
export type LogFormat = 'json' | 'text';

/** Settings of a running service. */
export interface ServiceConfig {
  readonly host: string;
  readonly port: number;
  /** Absolute path of the users file. */
  readonly usersFile: string;
  readonly sessionTtlMs: number;
  readonly store: StoreKind;
  readonly redisUrl?: string;
  /** Where and how to reach Redis (URL or sentinels, ACL user, TLS files), for the `redis` store. */
  readonly redis?: RedisConnection;
  /** Replicas a new session must reach before Login answers (`auto`: one while the primary has one). */
  readonly redisWaitReplicas: number | 'auto';
  /** Log lines as JSON (pino) or text. */
  readonly logFormat: LogFormat;
  /** Serve `GET /metrics`. */
  readonly metrics: boolean;
  /** Parameters for new password hashes and the dummy hash. */
  readonly scrypt: ScryptParams;
  /** Include internal error details in Server faults. */
  readonly debug: boolean;
  /** Time for a request head, in ms. */
  readonly headersTimeoutMs: number;
  /** Redis command timeout, in ms. */
  readonly redisCommandTimeoutMs: number;
  /** Password hashes computed at once. */
  readonly maxConcurrentHashes: number;
  /** Logins waiting for a hash before "busy" is answered. */
  readonly hashQueue: number;
}

/** The result of parsing: run with a config, or print help. */
export type ParsedCommandLine =
  | { readonly kind: 'run'; readonly config: ServiceConfig }
  | { readonly kind: 'help'; readonly text: string };

/** Help text of `npm start`. */
export const SERVICE_USAGE = `Usage: npm start -- [options]

Serves the Auth endpoint (SOAP 1.1, SOAP 1.2, HTTP GET, HTTP POST; ?wsdl) at /ecomm/Auth.asmx.

Options (environment variable in brackets):
  --host <addr>          listen address [HOST] (default 127.0.0.1)
  --port <n>             listen port, 0 for any free port [PORT] (default 8080)
  --data-dir <dir>       data directory; the users file defaults to <dir>/users.json [DATA_DIR]
  --users <file>         users file [USERS_FILE] (default ./users.json)
  --session-ttl <sec>    session lifetime in seconds [SESSION_TTL] (default 1200)
  --store <kind>         memory | redis [SESSION_STORE] (default memory, redis if a Redis URL is set)
  --redis-url <url>      Redis URL for shared sessions; rediss:// for TLS [REDIS_URL]
  --redis-sentinels <l>  Redis Sentinel instead of a URL: host:port,host:port [REDIS_SENTINELS]
  --redis-master <name>  the master name the sentinels monitor [REDIS_MASTER_NAME] (default mymaster)
  --redis-user <name>    Redis ACL user [REDIS_USERNAME]; its password only in [REDIS_PASSWORD]
  --redis-ca <file>      PEM CA for rediss:// [REDIS_CA_FILE] (default: the system's CAs)
  --redis-cert <file>    PEM client certificate for rediss:// [REDIS_CERT_FILE], with
  --redis-key <file>     its PEM key [REDIS_KEY_FILE]
  --redis-wait-replicas <n|auto>  replicas a new session must reach before Login answers
                         [REDIS_WAIT_REPLICAS] (default auto: 1 while the primary has a replica)
  --scrypt-log-n <n>     scrypt cost: N = 2^n, r = 8, p = 1 [SCRYPT_LOG_N] (default 17)
  --debug                put internal error details in Server faults [DEBUG_FAULTS=1]
  --header-timeout <sec> time allowed for a request head [HEADER_TIMEOUT] (default 10)
  --redis-timeout <ms>   Redis command timeout; then "service unavailable" [REDIS_TIMEOUT] (default 1000)
  --max-hashing <n>      password hashes at once, 128 MiB each at the default cost [MAX_HASHING] (default 1)
  --hash-queue <n>       logins waiting for a hash before "busy" [HASH_QUEUE] (default 8)
  --log-format <f>       json | text [LOG_FORMAT] (default json, text when stdout is a terminal)
  --metrics <on|off>     serve GET /metrics (Prometheus) [METRICS] (default on)
  -h, --help             show this help
`;

/** A usage error (exit code 2). */
export function usageError(message: string): ServiceError {
  return new ServiceError(message, { exitCode: 2 });
}

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw usageError(`${name} must be an integer, got ${JSON.stringify(text)}`);
  const n = Number(text.trim());
  if (n < min || n > max) throw usageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** An integer setting's value, or `fallback` when it is not set. */
function optionalInt(text: string | undefined, name: string, fallback: number, min: number, max: number): number {
  return text === undefined ? fallback : integer(name, text, min, max);
}

/** Reads an optional setting: the flag value, else the environment variable, else `undefined`. */
function pick(flag: string | undefined, env: NodeJS.ProcessEnv, variable: string): string | undefined {
  if (flag !== undefined) return flag;
  const v = env[variable];
  return v === undefined || v === '' ? undefined : v;
}

/** Scrypt parameters for `2^logN`, r = 8, p = 1. */
export function scryptParamsFromLogN(logN: number): ScryptParams {
  return { N: 2 ** logN, r: DEFAULT_SCRYPT_PARAMS.r, p: DEFAULT_SCRYPT_PARAMS.p };
}

/** The users file path from `--users`/`USERS_FILE` or `--data-dir`/`DATA_DIR` (absolute). */
export function resolveUsersFile(users: string | undefined, dataDir: string | undefined, cwd: string): string {
  if (users !== undefined) return resolve(cwd, users);
  if (dataDir !== undefined) return resolve(cwd, dataDir, 'users.json');
  return resolve(cwd, 'users.json');
}

/** The scrypt cost from `--scrypt-log-n`/`SCRYPT_LOG_N`. */
export function resolveScrypt(flag: string | undefined, env: NodeJS.ProcessEnv): ScryptParams {
  const text = pick(flag, env, 'SCRYPT_LOG_N');
  return text === undefined ? DEFAULT_SCRYPT_PARAMS : scryptParamsFromLogN(integer('--scrypt-log-n', text, 1, 22));
}

/**
 * Parses the service's command line and environment.
 * @throws ServiceError (exit code 2) for bad flags or values
 */
export function parseServiceCommandLine(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  terminal: boolean = process.stdout.isTTY === true,
): ParsedCommandLine {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        users: { type: 'string' },
        'session-ttl': { type: 'string' },
        store: { type: 'string' },
        'redis-url': { type: 'string' },
        'scrypt-log-n': { type: 'string' },
        debug: { type: 'boolean' },
        'header-timeout': { type: 'string' },
        'redis-timeout': { type: 'string' },
        'max-hashing': { type: 'string' },
        'hash-queue': { type: 'string' },
        'redis-sentinels': { type: 'string' },
        'redis-master': { type: 'string' },
        'redis-user': { type: 'string' },
        'redis-ca': { type: 'string' },
        'redis-cert': { type: 'string' },
        'redis-key': { type: 'string' },
        'redis-wait-replicas': { type: 'string' },
        'log-format': { type: 'string' },
        metrics: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw usageError(err instanceof Error ? err.message : String(err));
  }
  if (values['help'] === true) return { kind: 'help', text: SERVICE_USAGE };
  const str = (k: string): string | undefined => {
    const v = values[k];
    return typeof v === 'string' ? v : undefined;
  };
  const host = pick(str('host'), env, 'HOST') ?? '127.0.0.1';
  const portText = pick(str('port'), env, 'PORT');
  const port = portText === undefined ? 8080 : integer('--port', portText, 0, 65535);
  const ttlText = pick(str('session-ttl'), env, 'SESSION_TTL');
  const sessionTtlMs = (ttlText === undefined ? 1200 : integer('--session-ttl', ttlText, 1, 365 * 24 * 3600)) * 1000;
  const redisUrl = pick(str('redis-url'), env, 'REDIS_URL');
  const sentinelsText = pick(str('redis-sentinels'), env, 'REDIS_SENTINELS');
  if (redisUrl && sentinelsText) throw usageError('give either --redis-url or --redis-sentinels, not both');
  const storeText = pick(str('store'), env, 'SESSION_STORE') ?? (redisUrl || sentinelsText ? 'redis' : 'memory');
  if (storeText !== 'memory' && storeText !== 'redis')
    throw usageError(`--store must be "memory" or "redis", got ${JSON.stringify(storeText)}`);
  if (storeText === 'redis' && !redisUrl && !sentinelsText)
    throw usageError('--store redis needs --redis-url or REDIS_URL (or --redis-sentinels)');
  const optional = (flag: string, variable: string, key: keyof RedisConnection): Partial<RedisConnection> => {
    const v = pick(str(flag), env, variable);
    return v === undefined ? {} : { [key]: key.endsWith('File') ? resolve(cwd, v) : v };
  };
  const masterName = pick(str('redis-master'), env, 'REDIS_MASTER_NAME');
  const redis: RedisConnection = {
    ...(redisUrl ? { url: redisUrl } : {}),
    ...(sentinelsText ? { sentinels: parseHostPorts(sentinelsText, '--redis-sentinels') } : {}),
    ...(masterName ? { masterName } : {}),
    ...optional('redis-user', 'REDIS_USERNAME', 'username'),
    ...(env['REDIS_PASSWORD'] ? { password: env['REDIS_PASSWORD'] } : {}),
    ...(env['REDIS_SENTINEL_PASSWORD'] ? { sentinelPassword: env['REDIS_SENTINEL_PASSWORD'] } : {}),
    ...optional('redis-ca', 'REDIS_CA_FILE', 'caFile'),
    ...optional('redis-cert', 'REDIS_CERT_FILE', 'certFile'),
    ...optional('redis-key', 'REDIS_KEY_FILE', 'keyFile'),
  };
  const waitText = pick(str('redis-wait-replicas'), env, 'REDIS_WAIT_REPLICAS') ?? 'auto';
  const redisWaitReplicas = waitText === 'auto' ? 'auto' : integer('--redis-wait-replicas', waitText, 0, 64);
  const logFormat = pick(str('log-format'), env, 'LOG_FORMAT') ?? (terminal ? 'text' : 'json');
  if (logFormat !== 'json' && logFormat !== 'text')
    throw usageError(`--log-format must be "json" or "text", got ${JSON.stringify(logFormat)}`);
  const metricsText = pick(str('metrics'), env, 'METRICS') ?? 'on';
  if (metricsText !== 'on' && metricsText !== 'off')
    throw usageError(`--metrics must be "on" or "off", got ${JSON.stringify(metricsText)}`);
  const config: ServiceConfig = {
    host,
    port,
    usersFile: resolveUsersFile(pick(str('users'), env, 'USERS_FILE'), pick(str('data-dir'), env, 'DATA_DIR'), cwd),
    sessionTtlMs,
    store: storeText,
    ...(redisUrl ? { redisUrl } : {}),
    ...(storeText === 'redis' ? { redis } : {}),
    redisWaitReplicas,
    logFormat,
    metrics: metricsText === 'on',
    scrypt: resolveScrypt(str('scrypt-log-n'), env),
    debug: values['debug'] === true || env['DEBUG_FAULTS'] === '1',
    headersTimeoutMs:
      optionalInt(pick(str('header-timeout'), env, 'HEADER_TIMEOUT'), '--header-timeout', 10, 1, 3600) * 1000,
    redisCommandTimeoutMs: optionalInt(
      pick(str('redis-timeout'), env, 'REDIS_TIMEOUT'),
      '--redis-timeout',
      1000,
      1,
      600_000,
    ),
    maxConcurrentHashes: optionalInt(pick(str('max-hashing'), env, 'MAX_HASHING'), '--max-hashing', 1, 1, 256),
    hashQueue: optionalInt(pick(str('hash-queue'), env, 'HASH_QUEUE'), '--hash-queue', 8, 0, 100_000),
  };
  return { kind: 'run', config };
}
