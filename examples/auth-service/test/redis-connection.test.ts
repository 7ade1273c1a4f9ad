/** Issue 33: the Redis connection settings: contradictions and unreadable files are clear user errors. */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../src/errors.js';
import { parseHostPorts, permanentProblem, redisClientArgs } from '../src/redis-connection.js';

describe('Redis connection settings', () => {
  it('builds the client arguments for a URL and for Sentinel', () => {
    expect(redisClientArgs({ url: 'redis://h:1', username: 'u', password: 'p' }, { commandTimeout: 5 })).toEqual([
      'redis://h:1',
      { commandTimeout: 5, username: 'u', password: 'p' },
    ]);
    const [sentinel] = redisClientArgs({ sentinels: [{ host: 'a', port: 26379 }], masterName: 'm' }, {}) as [
      Record<string, unknown>,
    ];
    expect(sentinel).toMatchObject({ sentinels: [{ host: 'a', port: 26379 }], name: 'm' });
    expect(redisClientArgs({ sentinels: [{ host: 'a', port: 1 }] }, {})[0]).toMatchObject({ name: 'mymaster' });
  });

  it('refuses contradictory settings with a message naming them', () => {
    const cases: [Parameters<typeof redisClientArgs>[0], RegExp][] = [
      [{ url: 'redis://h:1', caFile: '/ca.pem' }, /TLS files were given but the Redis URL is not rediss:\/\//],
      [{ sentinels: [{ host: 'a', port: 1 }], caFile: '/ca.pem' }, /TLS is supported with one rediss:\/\/ URL only/],
      [{ url: 'rediss://h:1', certFile: '/c.pem' }, /needs both the certificate and its key file/],
      [{ url: 'redis://h:1', sentinels: [{ host: 'a', port: 1 }] }, /either a Redis URL or sentinels/],
      [{ sentinels: [] }, /at least one sentinel/],
    ];
    for (const [conn, message] of cases) {
      expect(() => redisClientArgs(conn, {})).toThrow(ServiceError);
      expect(() => redisClientArgs(conn, {})).toThrow(message);
    }
  });

  it('parses sentinel addresses', () => {
    expect(parseHostPorts('a:1, [fe80::1]:26379,', '--redis-sentinels')).toEqual([
      { host: 'a', port: 1 },
      { host: 'fe80::1', port: 26379 },
    ]);
    expect(() => parseHostPorts('a:0', '--redis-sentinels')).toThrow(
      '--redis-sentinels: expected host:port, got "a:0"',
    );
  });

  it('tells problems that waiting will not fix from those it may', () => {
    expect(permanentProblem(new Error('WRONGPASS invalid username-password pair'))).toMatch(/refused the credentials/);
    expect(permanentProblem(new Error('NOPERM this user has no permissions'))).toMatch(/refused the credentials/);
    const tls = Object.assign(new Error('unable to verify the first certificate'), {
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    expect(permanentProblem(tls)).toMatch(/^TLS with Redis failed: .*\(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/);
    expect(
      permanentProblem(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' })),
    ).toBe(undefined);
  });
});
