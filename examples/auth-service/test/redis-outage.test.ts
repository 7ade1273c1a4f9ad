/**
 * Issue 20, item 7: the service on a real redis-server that is frozen (SIGSTOP)
 * and stopped under traffic. Each request is answered within the command
 * timeout with "service unavailable, try again" (HTTP GET/POST: 503 with
 * Retry-After), the log gets one line per outage and per recovery (no stack
 * traces, no ioredis "Unhandled error event"), /ready follows, and sessions
 * made before the outage survive it. Also: the login throttle in Redis is shared.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthClient, SoapFault } from '../../../generated/auth/index.js';
import { THROTTLED_MESSAGE } from '../src/authenticator.js';
import { UNAVAILABLE_MESSAGE } from '../src/auth-impl.js';
import { failureText, rejection, startTestService, type TestService } from './helpers/auth-service.js';
import { SKIP_REDIS, startRedis, type TestRedis } from './helpers/redis-server.js';

const TIMEOUT_MS = 300;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  vi.restoreAllMocks();
});

async function setup(): Promise<{ redis: TestRedis; t: TestService; consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const t = await startTestService({ alice: 'pw' }, { redisUrl: redis.url, redisCommandTimeoutMs: TIMEOUT_MS });
  cleanups.push(() => t.stop());
  return { redis, t, consoleErrors };
}

async function ready(t: TestService): Promise<number> {
  return (await fetch(`${t.service.baseUrl}/ready`)).status;
}

async function until(cond: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

/** Asserts the Server "unavailable" fault and that it came within the command timeout (+ slack for a shared machine). */
async function expectUnavailable(call: () => Promise<unknown>): Promise<void> {
  const t0 = Date.now();
  const err = await rejection(call());
  const ms = Date.now() - t0;
  expect(err).toBeInstanceOf(SoapFault);
  expect((err as SoapFault).code).toBe('Server');
  expect(failureText(err)).toBe(UNAVAILABLE_MESSAGE);
  expect(ms).toBeLessThan(TIMEOUT_MS + 400);
}

describe.skipIf(SKIP_REDIS)('Redis faults', () => {
  it('frozen Redis: bounded answers, one outage line, recovery, no lost session', async () => {
    const { redis, t, consoleErrors } = await setup();
    const soap11 = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap11' });
    const soap12 = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap12' });
    const before = await soap11.login({ Username: 'alice', Password: 'pw' });
    const other = await soap11.login({ Username: 'alice', Password: 'pw' });
    expect(await ready(t)).toBe(200);

    redis.freeze();
    await expectUnavailable(() => soap11.login({ Username: 'alice', Password: 'pw' }));
    // (A timed-out command may still run when Redis wakes: this logout may take effect later.)
    await expectUnavailable(() => soap12.logout({ ServiceTicket: other.ServiceTicket }));
    const t0 = Date.now();
    const get = await fetch(`${t.service.url}/Login?Username=alice&Password=pw`);
    expect(Date.now() - t0).toBeLessThan(TIMEOUT_MS + 400);
    expect(get.status).toBe(503);
    expect(get.headers.get('retry-after')).toBe('1');
    expect(await get.text()).toBe(UNAVAILABLE_MESSAGE);
    const soapRaw = await fetch(t.service.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><Login xmlns="http://schemas.example.com/ecomm/auth"><Username>alice</Username><Password>pw</Password></Login></e:Body></e:Envelope>`,
    });
    // SOAP 1.2 Part 2 §7.5.2.2: a Receiver fault is 500; Retry-After tells the client to come back.
    expect(soapRaw.status).toBe(500);
    expect(soapRaw.headers.get('retry-after')).toBe('1');
    expect(await ready(t)).toBe(503);

    redis.thaw();
    await until(async () => (await ready(t)) === 200, 5000);
    const down = t.log.filter((l) => l.startsWith('redis: unavailable'));
    const up = t.log.filter((l) => l.startsWith('redis: available again'));
    expect(down).toHaveLength(1);
    expect(up).toHaveLength(1);
    expect(t.log.some((l) => /^\s+at /m.test(l) || l.startsWith('error:'))).toBe(false);
    expect(consoleErrors.filter((l) => /Unhandled error event/.test(l))).toEqual([]);
    // The session from before the outage is still there; new logins work.
    expect(await soap11.logout({ ServiceTicket: before.ServiceTicket })).toEqual(before);
    expect((await soap12.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
  });

  it('stopped Redis: fast answers, one outage line, recovery when it returns on the same port', async () => {
    const { redis, t, consoleErrors } = await setup();
    const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap11' });
    const post = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'httpPost' });
    await client.login({ Username: 'alice', Password: 'pw' });

    await redis.stop();
    for (let i = 0; i < 5; i++) await expectUnavailable(() => client.login({ Username: 'alice', Password: 'pw' }));
    const err = await rejection(post.login({ Username: 'alice', Password: 'pw' }));
    expect((err as { status?: number }).status).toBe(503);
    expect(await ready(t)).toBe(503);

    const again = await startRedis(redis.port);
    cleanups.push(() => again.stop());
    await until(async () => (await ready(t)) === 200, 8000);
    expect((await client.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
    expect(t.log.filter((l) => l.startsWith('redis: unavailable'))).toHaveLength(1);
    expect(t.log.filter((l) => l.startsWith('redis: available again'))).toHaveLength(1);
    expect(t.log.some((l) => /\n\s+at /.test(l) || l.startsWith('error:'))).toBe(false);
    expect(consoleErrors.filter((l) => /Unhandled error event/.test(l))).toEqual([]);
  });

  it('the failed-login throttle lives in Redis: two instances share a lock', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const policy = { freeFailures: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 60_000 };
    const opts = { redisUrl: redis.url, loginThrottle: { user: policy, address: { ...policy, freeFailures: 100 } } };
    const a = await startTestService({ alice: 'pw' }, opts);
    cleanups.push(() => a.stop());
    const b = await startTestService({ alice: 'pw' }, opts);
    cleanups.push(() => b.stop());
    const ca = new AuthClient({ baseUrl: a.service.baseUrl, binding: 'soap11' });
    const cb = new AuthClient({ baseUrl: b.service.baseUrl, binding: 'soap12' });
    await rejection(ca.login({ Username: 'alice', Password: 'x' }));
    await rejection(cb.login({ Username: 'alice', Password: 'x' }));
    await rejection(ca.login({ Username: 'alice', Password: 'x' }));
    expect(failureText(await rejection(cb.login({ Username: 'alice', Password: 'pw' })))).toBe(THROTTLED_MESSAGE);
    const get = await fetch(`${a.service.url}/Login?Username=alice&Password=pw`);
    expect(get.status).toBe(429);
    expect(Number(get.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});
