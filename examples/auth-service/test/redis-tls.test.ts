/**
 * Issue 33: Redis over TLS with an ACL user that may run only the commands the
 * store needs (the ACL line of the README), as managed Redis services require.
 * The certificates (a CA, the server's for 127.0.0.1, a client certificate, and
 * another CA) are made here with openssl. The service connects with the CA file
 * and a client certificate and serves Login/Logout and the login throttle; a
 * wrong CA and a wrong password fail the start at once with a clear message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '../../../generated/auth/index.js';
import { INVALID_CREDENTIALS_MESSAGE } from '../src/authenticator.js';
import { ServiceError } from '../src/errors.js';
import type { RedisConnection } from '../src/redis-connection.js';
import { failureText, rejection, startTestService } from './helpers/auth-service.js';
import { freePort, SKIP_REDIS, startRedis, type TestRedis } from './helpers/redis-server.js';

/** The ACL rule of the README ("TLS and an ACL user"), after the user name and password. */
const STORE_ACL =
  'resetkeys ~wsdlc:auth:* resetchannels -@all +get +set +getdel +del +hget +hset +hincrby +pexpire +eval +wait +info +ping';

const PASSWORD = 'correct-horse-battery-staple';
let dir: string;
let redis: TestRedis;
let url: string;

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA (`<name>-ca.pem`, key `<name>-ca.key`). */
function makeCa(name: string): void {
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name} test CA`].concat([
      '-keyout',
      `${name}-ca.key`,
      '-out',
      `${name}-ca.pem`,
    ]),
  );
}

/** A certificate `<name>.pem` (key `<name>.key`) signed by the CA `ca`, with `ext` (e.g. the server's IP). */
async function makeCert(name: string, ca: string, ext: string): Promise<void> {
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
  ]);
  await writeFile(join(dir, `${name}.ext`), `${ext}\n`);
  openssl(
    ['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}-ca.pem`, '-CAkey', `${ca}-ca.key`, '-CAcreateserial'].concat([
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]),
  );
}

describe.skipIf(SKIP_REDIS)('Redis over TLS with an ACL user', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wsdlc-redis-tls-'));
    makeCa('good');
    makeCa('other');
    await makeCert('server', 'good', 'subjectAltName=IP:127.0.0.1');
    await makeCert('client', 'good', 'extendedKeyUsage=clientAuth');
    const port = await freePort();
    redis = await startRedis(port, {
      plainPort: false,
      args: [
        '--tls-port',
        String(port),
        '--tls-cert-file',
        join(dir, 'server.pem'),
        '--tls-key-file',
        join(dir, 'server.key'),
        '--tls-ca-cert-file',
        join(dir, 'good-ca.pem'),
        '--tls-auth-clients',
        'yes',
        '--user',
        'default',
        'off',
        '--user',
        'wsdlc-auth',
        'on',
        `>${PASSWORD}`,
        ...STORE_ACL.split(' '),
      ],
    });
    url = `rediss://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const connection = (over: Partial<RedisConnection> = {}): RedisConnection => ({
    url,
    username: 'wsdlc-auth',
    password: PASSWORD,
    caFile: join(dir, 'good-ca.pem'),
    certFile: join(dir, 'client.pem'),
    keyFile: join(dir, 'client.key'),
    ...over,
  });

  it('connects with the CA, a client certificate and the ACL user, and serves Login, Logout and the throttle', async () => {
    const t = await startTestService({ alice: 'pw' }, { redis: connection() });
    try {
      const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap12' });
      const { ServiceTicket } = await client.login({ Username: 'alice', Password: 'pw' });
      expect(await client.logout({ ServiceTicket })).toEqual({ ServiceTicket });
      // A failure is counted (EVAL of the throttle script: HINCRBY, HSET, PEXPIRE), a success clears it (DEL).
      expect(failureText(await rejection(client.login({ Username: 'alice', Password: 'x' })))).toBe(
        INVALID_CREDENTIALS_MESSAGE,
      );
      expect((await client.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
      expect((await fetch(`${t.service.baseUrl}/ready`)).status).toBe(200);
      expect(await (await fetch(`${t.service.baseUrl}/metrics`)).text()).not.toMatch(/^auth_redis_errors_total/m);
    } finally {
      await t.stop();
    }
  });

  it('refuses a server certificate from another CA, at once and with a clear message', async () => {
    const t0 = Date.now();
    const err = await rejection(
      startTestService({ alice: 'pw' }, { redis: connection({ caFile: join(dir, 'other-ca.pem') }) }),
    );
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as Error).message).toBe(
      'cannot use Redis: TLS with Redis failed: self-signed certificate in certificate chain (SELF_SIGNED_CERT_IN_CHAIN)' +
        ' (check the CA file, the client certificate and the rediss:// host)',
    );
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('refuses a wrong password, at once and with a clear message', async () => {
    const t0 = Date.now();
    const err = await rejection(startTestService({ alice: 'pw' }, { redis: connection({ password: 'wrong' }) }));
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as Error).message).toMatch(
      /^cannot use Redis: Redis refused the credentials: WRONGPASS .*\(check the ACL user and password\)$/,
    );
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('is the ACL line the README documents', async () => {
    const readme = await readFile(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    expect(readme).toContain(`user wsdlc-auth on >CHANGE-ME ${STORE_ACL}\n`);
  });

  it('names an unreadable CA file', async () => {
    const missing = join(dir, 'missing-ca.pem');
    const err = await rejection(startTestService({ alice: 'pw' }, { redis: connection({ caFile: missing }) }));
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as Error).message).toBe(`${missing}: cannot read the Redis CA file (ENOENT)`);
  });
});
