import { describe, expect, it } from 'vitest';
import { parseServiceCommandLine } from '../src/config.js';
import { ServiceError } from '../src/errors.js';

function run(argv: string[], env: Record<string, string> = {}, terminal = false) {
  const parsed = parseServiceCommandLine(argv, env, '/srv', terminal);
  if (parsed.kind !== 'run') throw new Error('expected run');
  return parsed.config;
}

describe('service command line', () => {
  it('defaults to 127.0.0.1:8080, ./users.json, memory sessions, 20 min TTL, N=2^17', () => {
    expect(run([])).toEqual({
      host: '127.0.0.1',
      port: 8080,
      usersFile: '/srv/users.json',
      sessionTtlMs: 1_200_000,
      store: 'memory',
      scrypt: { N: 131072, r: 8, p: 1 },
      debug: false,
      headersTimeoutMs: 10_000,
      redisCommandTimeoutMs: 1000,
      maxConcurrentHashes: 1,
      hashQueue: 8,
      redisWaitReplicas: 'auto',
      logFormat: 'json',
      metrics: true,
    });
    expect(run([], {}, true).logFormat).toBe('text');
  });

  it('takes the hardening limits from flags and the environment (issue 20)', () => {
    expect(
      run(['--header-timeout', '5', '--redis-timeout', '250', '--max-hashing', '2', '--hash-queue', '0']),
    ).toMatchObject({ headersTimeoutMs: 5000, redisCommandTimeoutMs: 250, maxConcurrentHashes: 2, hashQueue: 0 });
    expect(run([], { HEADER_TIMEOUT: '3', REDIS_TIMEOUT: '1500', MAX_HASHING: '4', HASH_QUEUE: '32' })).toMatchObject({
      headersTimeoutMs: 3000,
      redisCommandTimeoutMs: 1500,
      maxConcurrentHashes: 4,
      hashQueue: 32,
    });
    for (const argv of [
      ['--header-timeout', '0'],
      ['--redis-timeout', 'x'],
      ['--max-hashing', '0'],
    ]) {
      expect(() => run(argv)).toThrow(ServiceError);
    }
  });

  it('takes HOST/PORT/USERS_FILE/... from the environment and lets flags win', () => {
    const env = {
      HOST: '0.0.0.0',
      PORT: '9000',
      USERS_FILE: 'env-users.json',
      SESSION_TTL: '60',
      REDIS_URL: 'redis://127.0.0.1:6390',
      SCRYPT_LOG_N: '12',
    };
    expect(run([], env)).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      usersFile: '/srv/env-users.json',
      sessionTtlMs: 60_000,
      store: 'redis',
      redisUrl: 'redis://127.0.0.1:6390',
      scrypt: { N: 4096 },
    });
    expect(
      run(['--host', '127.0.0.2', '--port', '0', '--users', '/etc/u.json', '--store', 'memory'], env),
    ).toMatchObject({
      host: '127.0.0.2',
      port: 0,
      usersFile: '/etc/u.json',
      store: 'memory',
    });
  });

  it('takes Redis Sentinel, the ACL user, TLS files, WAIT, the log format and metrics (issue 33)', () => {
    expect(
      run(
        ['--redis-sentinels', '10.0.0.1:26379, [::1]:26380', '--redis-master', 'auth', '--redis-wait-replicas', '2'],
        { REDIS_USERNAME: 'wsdlc-auth', REDIS_PASSWORD: 'pw', LOG_FORMAT: 'text', METRICS: 'off' },
      ),
    ).toMatchObject({
      store: 'redis',
      redis: {
        sentinels: [
          { host: '10.0.0.1', port: 26379 },
          { host: '::1', port: 26380 },
        ],
        masterName: 'auth',
        username: 'wsdlc-auth',
        password: 'pw',
      },
      redisWaitReplicas: 2,
      logFormat: 'text',
      metrics: false,
    });
    expect(
      run(['--redis-url', 'rediss://cache:6380', '--redis-ca', 'ca.pem', '--redis-cert', 'c.pem'], {
        REDIS_KEY_FILE: '/etc/k.pem',
      }).redis,
    ).toEqual({ url: 'rediss://cache:6380', caFile: '/srv/ca.pem', certFile: '/srv/c.pem', keyFile: '/etc/k.pem' });
    for (const argv of [
      ['--redis-url', 'redis://a', '--redis-sentinels', 'b:1'],
      ['--redis-sentinels', 'nohost'],
      ['--redis-sentinels', 'h:70000'],
      ['--redis-wait-replicas', 'some'],
      ['--log-format', 'xml'],
      ['--metrics', 'yes'],
    ]) {
      expect(() => run(argv), argv.join(' ')).toThrow(ServiceError);
    }
  });

  it('puts the users file under the data dir', () => {
    expect(run(['--data-dir', 'data']).usersFile).toBe('/srv/data/users.json');
    expect(run([], { DATA_DIR: '/var/lib/auth' }).usersFile).toBe('/var/lib/auth/users.json');
  });

  it('rejects bad values and unknown flags as usage errors (exit 2)', () => {
    for (const argv of [
      ['--port', '70000'],
      ['--port', 'abc'],
      ['--nope'],
      ['--store', 'disk'],
      ['--store', 'redis'],
      ['--session-ttl', '0'],
    ]) {
      let err: unknown;
      try {
        parseServiceCommandLine(argv, {}, '/srv');
      } catch (e) {
        err = e;
      }
      expect(err, argv.join(' ')).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).exitCode).toBe(2);
    }
  });

  it('has help', () => {
    const parsed = parseServiceCommandLine(['--help'], {}, '/srv');
    expect(parsed.kind).toBe('help');
    expect(parsed.kind === 'help' && parsed.text).toMatch(/--port <n>/);
  });
});
