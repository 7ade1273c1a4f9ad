/**
 * Issue 20, items 6, 8 and 9 (memory sessions): slow request heads, login
 * timing for users hashed at another cost, rehash on login, bounded hashing,
 * and throttling of failed logins. Item 7 (Redis faults) is in redis-outage.test.ts.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthClient, SoapFault } from '../../../generated/auth/index.js';
import {
  type AuthError,
  Authenticator,
  IN_PROGRESS_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  THROTTLED_MESSAGE,
} from '../src/authenticator.js';
import { ManualClock } from '../src/clock.js';
import { BusyError, HashLimiter } from '../src/hash-limiter.js';
import { LoginThrottle, lockDelay, MemoryFailureStore, type ThrottlePolicy } from '../src/login-throttle.js';
import { MemorySessionStore } from '../src/memory-session-store.js';
import { parsePasswordHash, verifyPassword } from '../src/password-hash.js';
import { DEFAULT_HEADERS_TIMEOUT_MS } from '../src/server.js';
import { addUser } from '../src/user-add.js';
import { StaticUserDirectory, UsersFileDirectory } from '../src/user-directory.js';
import { readUsersFile } from '../src/users-file.js';
import {
  failureText,
  makeUsersFile,
  rejection,
  startTestService,
  TEST_SCRYPT,
  type TestService,
} from './helpers/auth-service.js';

const running: TestService[] = [];
afterEach(async () => {
  for (const t of running.splice(0)) await t.stop();
});

async function start(...args: Parameters<typeof startTestService>): Promise<TestService> {
  const t = await startTestService(...args);
  running.push(t);
  return t;
}

/** Opens a socket, sends `head` (never finished), and resolves with what came back and when the socket closed. */
function slowHead(port: number, head: string): Promise<{ data: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      data += d;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ data, ms: Date.now() - started }));
    socket.write(head);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server held the slow socket for 20 s'));
    }, 20_000).unref();
  });
}

describe('item 6: the request head must arrive within the header timeout', () => {
  it('the service sets a 10 s header timeout by default (Node: 60 s)', async () => {
    const t = await start({ alice: 'pw' });
    expect(DEFAULT_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(t.service.server.headersTimeout).toBe(10_000);
  });

  it('a slow-header socket is answered 408 and closed soon after the timeout', async () => {
    const t = await start({ alice: 'pw' }, { headersTimeoutMs: 600 });
    const { data, ms } = await slowHead(
      t.service.port,
      'GET /ecomm/Auth.asmx/Login?Username=alice&Password=pw HTTP/1.1\r\nHost: x\r\nX-Slow: ',
    );
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(3000);
    // It keeps serving.
    const r = await fetch(`${t.service.url}/Login?Username=alice&Password=pw`);
    expect(r.status).toBe(200);
  });
});

describe('item 8: unknown users cost what stored hashes cost; rehash on login', () => {
  const HIGH = { N: 2 ** 11, r: 8, p: 1 };

  it('an unknown user is verified against a dummy hash at the cost most stored hashes have', async () => {
    const { file } = await makeUsersFile({});
    await addUser(file, 'alice', 'pw-a', HIGH);
    await addUser(file, 'bob', 'pw-b', HIGH);
    await addUser(file, 'carol', 'pw-c', TEST_SCRYPT);
    const users = new UsersFileDirectory(file);
    await users.load();
    const seen: string[] = [];
    const auth = new Authenticator({
      users,
      sessions: new MemorySessionStore({ sweepIntervalMs: 0 }),
      scrypt: TEST_SCRYPT,
      verify: async (password, hash) => {
        seen.push(hash);
        return verifyPassword(password, hash);
      },
    });
    await auth.ready();
    const err = await rejection(auth.login('nobody', 'x'));
    expect((err as AuthError).message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(parsePasswordHash(seen[0]!)!.params).toEqual(HIGH);
    // A wrong password of a known user runs the same cost.
    await rejection(auth.login('alice', 'x'));
    expect(parsePasswordHash(seen[1]!)!.params).toEqual(HIGH);
  });

  it('a successful login rehashes a hash made at another cost; the password still works', async () => {
    const t = await start({});
    await addUser(t.usersFile, 'alice', 'pw-a', HIGH);
    const before = (await readUsersFile(t.usersFile)).get('alice')!;
    const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap11' });
    await rejection(client.login({ Username: 'alice', Password: 'wrong' }));
    expect((await readUsersFile(t.usersFile)).get('alice')!.passwordHash).toBe(before.passwordHash);
    await client.login({ Username: 'alice', Password: 'pw-a' });
    const after = (await readUsersFile(t.usersFile)).get('alice')!;
    expect(parsePasswordHash(after.passwordHash)!.params).toEqual(TEST_SCRYPT);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(await verifyPassword('pw-a', after.passwordHash)).toBe(true);
    const { ServiceTicket } = await client.login({ Username: 'alice', Password: 'pw-a' });
    expect(ServiceTicket).toBeTruthy();
  });
});

describe('item 9: bounded hashing', () => {
  it('runs at most maxConcurrent tasks, queues maxQueue, refuses the rest at once', async () => {
    const limiter = new HashLimiter({ maxConcurrent: 2, maxQueue: 3 });
    let active = 0;
    let peak = 0;
    const task = async (): Promise<void> => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 30));
      active--;
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.run(task)));
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(BusyError);
    expect(limiter.active).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it('the service answers "busy" (Server fault; HTTP GET 503 with Retry-After) beyond the queue', async () => {
    const COSTLY = { N: 2 ** 14, r: 8, p: 1 };
    const t = await start({}, { maxConcurrentHashes: 1, hashQueue: 1, loginThrottle: false });
    for (const name of ['u1', 'u2', 'u3', 'u4', 'u5', 'u6']) await addUser(t.usersFile, name, 'pw', COSTLY);
    const answers = await Promise.all(
      ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((u) => fetch(`${t.service.url}/Login?Username=${u}&Password=pw`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]!.headers.get('retry-after')).toBe('1');
    expect(await busy[0]!.text()).toMatch(/^Service busy: too many logins in progress; try again later\.$/);
    const soap = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap12' });
    const faults = await Promise.allSettled(
      ['u1', 'u2', 'u3', 'u4'].map((u) => soap.login({ Username: u, Password: 'pw' })),
    );
    const busyFault = faults.find((f) => f.status === 'rejected');
    expect(busyFault).toBeDefined();
    const reason = (busyFault as PromiseRejectedResult).reason as SoapFault;
    expect(reason).toBeInstanceOf(SoapFault);
    expect(reason.code).toBe('Server');
    expect(reason.reason).toMatch(/busy/);
  });
});

describe('item 9: throttling of failed logins', () => {
  const USER: ThrottlePolicy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 };
  const ADDRESS: ThrottlePolicy = { freeFailures: 6, baseDelayMs: 2000, maxDelayMs: 60_000, windowMs: 60_000 };

  it('back-off doubles from the base to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => lockDelay(n, USER))).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
  });

  it('locks a user name after its free failures, even with the right password, until the back-off ends', async () => {
    const clock = new ManualClock(1_000_000);
    const t = await start(
      { alice: 'pw' },
      {
        clock,
        loginThrottle: { user: USER, address: { ...ADDRESS, freeFailures: 100 } },
        sessions: new MemorySessionStore({ clock, sweepIntervalMs: 0 }),
      },
    );
    const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap11' });
    for (let i = 0; i < 4; i++) {
      expect(failureText(await rejection(client.login({ Username: 'alice', Password: 'no' })))).toBe(
        INVALID_CREDENTIALS_MESSAGE,
      );
    }
    // 4 failures > 3 free: locked for 1 s.
    const locked = await rejection(client.login({ Username: 'alice', Password: 'pw' }));
    expect(failureText(locked)).toBe(THROTTLED_MESSAGE);
    expect((locked as SoapFault).code).toBe('Client');
    const get = await fetch(`${t.service.url}/Login?Username=alice&Password=pw`);
    expect(get.status).toBe(429);
    expect(get.headers.get('retry-after')).toBe('1');
    clock.advance(1000);
    expect((await client.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
    // Success cleared the user's counter: three more free failures.
    for (let i = 0; i < 3; i++) await rejection(client.login({ Username: 'alice', Password: 'no' }));
    expect((await client.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
  });

  it('treats unknown user names alike (a lockout reveals nothing)', async () => {
    const clock = new ManualClock(1_000_000);
    const t = await start({}, { clock, loginThrottle: { user: USER, address: ADDRESS } });
    const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap11' });
    for (let i = 0; i < 4; i++) await rejection(client.login({ Username: 'ghost', Password: 'no' }));
    expect(failureText(await rejection(client.login({ Username: 'ghost', Password: 'no' })))).toBe(THROTTLED_MESSAGE);
  });

  it('locks an address spraying many user names', async () => {
    const clock = new ManualClock(1_000_000);
    const t = await start({ alice: 'pw' }, { clock, loginThrottle: { user: USER, address: ADDRESS } });
    const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'httpPost' });
    for (let i = 0; i < 7; i++) await rejection(client.login({ Username: `user${i}`, Password: 'no' }));
    // 7 failures > 6 free for this address: even alice with the right password waits 2 s.
    expect(failureText(await rejection(client.login({ Username: 'alice', Password: 'pw' })))).toBe(THROTTLED_MESSAGE);
    clock.advance(2000);
    expect((await client.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
  });

  it('no hash runs for a locked key (the flood costs no memory)', async () => {
    const clock = new ManualClock(1_000_000);
    let hashes = 0;
    const throttle = new LoginThrottle({ store: new MemoryFailureStore(clock), user: USER, address: ADDRESS, clock });
    const auth = new Authenticator({
      users: new StaticUserDirectory(new Map()),
      sessions: new MemorySessionStore({ clock, sweepIntervalMs: 0 }),
      scrypt: TEST_SCRYPT,
      throttle,
      limiter: new HashLimiter({ maxConcurrent: 1, maxQueue: 100 }),
      maxInProgressPerClient: 100,
      verify: async () => {
        hashes++;
        return false;
      },
    });
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => auth.login('alice', 'x', '10.0.0.1')));
    for (const r of results) expect(r.status).toBe('rejected');
    // 16 queued at once: once 4 failures lock the user, the waiting ones are refused without hashing.
    expect(hashes).toBe(4);
    const kinds = results.map((r) => ((r as PromiseRejectedResult).reason as AuthError).kind);
    expect(kinds.filter((k) => k === 'throttled')).toHaveLength(12);
  });

  it('one user name or address has at most 2 logins in progress; the rest get 429 at once', async () => {
    const t = await start({ bob: 'pw-b' }, { maxInProgressPerClient: 2 });
    // About 100 ms a hash: the six requests overlap.
    await addUser(t.usersFile, 'alice', 'pw', { N: 2 ** 15, r: 8, p: 1 });
    const many = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${t.service.url}/Login?Username=alice&Password=wrong`)),
    );
    const statuses = many.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 500)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const refused = many.find((r) => r.status === 429)!;
    expect(await refused.text()).toBe(IN_PROGRESS_MESSAGE);
    expect(refused.headers.get('retry-after')).toBe('1');
    // Nothing is left counted: the next login goes through.
    expect((await fetch(`${t.service.url}/Login?Username=bob&Password=pw-b`)).status).toBe(200);
  });

  it('the memory store is bounded', async () => {
    const clock = new ManualClock(1_000_000);
    const store = new MemoryFailureStore(clock, 100);
    for (let i = 0; i < 1000; i++) await store.recordFailure(`k${i}`, USER, clock.now());
    expect(store.size).toBe(100);
    clock.advance(61_000);
    expect(await store.lockedUntil('k999')).toBe(0);
  });
});
