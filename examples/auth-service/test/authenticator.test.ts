/**
 * Login/Logout logic (no HTTP): credentials, same failure for unknown users,
 * tickets, double logout, expiry by an injected clock, 1,000 concurrent logins;
 * run against both session stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, Authenticator, INVALID_CREDENTIALS_MESSAGE, INVALID_TICKET_MESSAGE } from '../src/authenticator.js';
import { ManualClock } from '../src/clock.js';
import { HashLimiter } from '../src/hash-limiter.js';
import { MemorySessionStore } from '../src/memory-session-store.js';
import { hashPassword, parsePasswordHash, verifyPassword } from '../src/password-hash.js';
import { RedisSessionStore } from '../src/redis-session-store.js';
import type { SessionStore } from '../src/session-store.js';
import { TICKET_LENGTH } from '../src/tickets.js';
import { StaticUserDirectory } from '../src/user-directory.js';
import { SKIP_REDIS, startRedis, type TestRedis } from './helpers/redis-server.js';

const LOW = { N: 2 ** 8, r: 8, p: 1 };
/** Room for the 1,000-login tests (the hashing bound has its own tests). */
const WIDE = new HashLimiter({ maxConcurrent: 4, maxQueue: 100_000 });
let redis: TestRedis | undefined;
let users: StaticUserDirectory;
let n = 0;

beforeAll(async () => {
  users = new StaticUserDirectory(
    new Map([['alice', { passwordHash: await hashPassword('s3cret', LOW), updatedAt: '' }]]),
  );
});

const stores: [string, (clock: ManualClock) => SessionStore, boolean][] = [
  ['memory', (clock) => new MemorySessionStore({ clock, sweepIntervalMs: 0 }), false],
  [
    'redis',
    (clock) => new RedisSessionStore({ url: redis?.url ?? '', clock, prefix: `auth-test:${process.pid}:${n++}:` }),
    SKIP_REDIS,
  ],
];

async function failure(p: Promise<unknown>): Promise<AuthError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AuthError) return err;
    throw err;
  }
  throw new Error('expected an AuthError');
}

describe.each(stores)('authenticator with %s sessions', (_name, makeStore, skip) => {
  // Only the Redis suite needs (and fails loudly without) a redis-server.
  beforeAll(async () => {
    if (_name === 'redis' && !skip) redis = await startRedis();
  });
  afterAll(async () => {
    if (_name === 'redis') await redis?.stop();
  });

  const setup = (ttlMs = 60_000) => {
    const clock = new ManualClock();
    const sessions = makeStore(clock);
    const auth = new Authenticator({ users, sessions, ttlMs, scrypt: LOW, limiter: WIDE });
    return { clock, sessions, auth };
  };

  it.skipIf(skip)('logs in, logs out once, and refuses the dead ticket', async () => {
    const { auth, sessions } = setup();
    try {
      const ticket = await auth.login('alice', 's3cret');
      expect(ticket).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(ticket).toHaveLength(TICKET_LENGTH);
      expect((await auth.session(ticket))?.username).toBe('alice');
      expect(await auth.logout(ticket)).toBe(ticket);
      const second = await failure(auth.logout(ticket));
      expect(second.kind).toBe('invalid-ticket');
      expect(second.message).toBe(INVALID_TICKET_MESSAGE);
      expect(await auth.session(ticket)).toBeUndefined();
    } finally {
      await sessions.close();
    }
  });

  it.skipIf(skip)('gives the same error for a wrong password and an unknown user', async () => {
    const { auth, sessions } = setup();
    try {
      const wrong = await failure(auth.login('alice', 'nope'));
      const unknown = await failure(auth.login('mallory', 's3cret'));
      expect(wrong.kind).toBe('invalid-credentials');
      expect(unknown.kind).toBe(wrong.kind);
      expect(unknown.message).toBe(wrong.message);
      expect(wrong.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    } finally {
      await sessions.close();
    }
  });

  it.skipIf(skip)('refuses unknown, malformed and missing tickets', async () => {
    const { auth, sessions } = setup();
    try {
      expect((await failure(auth.logout('x'.repeat(TICKET_LENGTH)))).kind).toBe('invalid-ticket');
      expect((await failure(auth.logout('not a ticket'))).kind).toBe('invalid-ticket');
      expect((await failure(auth.logout(''))).kind).toBe('invalid-input');
      expect((await failure(auth.login('', 'x'))).kind).toBe('invalid-input');
    } finally {
      await sessions.close();
    }
  });

  it.skipIf(skip)('expires sessions after the TTL (injected clock)', async () => {
    const { auth, sessions, clock } = setup(30_000);
    try {
      const live = await auth.login('alice', 's3cret');
      const expiring = await auth.login('alice', 's3cret');
      clock.advance(29_999);
      expect(await auth.logout(live)).toBe(live);
      clock.advance(1);
      expect((await failure(auth.logout(expiring))).kind).toBe('invalid-ticket');
    } finally {
      await sessions.close();
    }
  });

  it.skipIf(skip)('1,000 concurrent logins give 1,000 distinct working tickets', async () => {
    const { auth, sessions } = setup();
    try {
      const tickets = await Promise.all(Array.from({ length: 1000 }, () => auth.login('alice', 's3cret')));
      expect(new Set(tickets).size).toBe(1000);
      const out = await Promise.all(tickets.map((t) => auth.logout(t)));
      expect(out).toEqual(tickets);
    } finally {
      await sessions.close();
    }
  });
});

describe('unknown users cost the same as known ones', () => {
  it("verifies an unknown user's password against a dummy hash with the configured scrypt parameters", async () => {
    const seen: string[] = [];
    const auth = new Authenticator({
      users,
      sessions: new MemorySessionStore({ sweepIntervalMs: 0 }),
      scrypt: LOW,
      limiter: WIDE,
      verify: async (password, hash) => {
        seen.push(hash);
        return verifyPassword(password, hash);
      },
    });
    await failure(auth.login('mallory', 's3cret'));
    await failure(auth.login('alice', 'wrong'));
    expect(seen).toHaveLength(2);
    const [dummy, real] = seen.map((h) => parsePasswordHash(h));
    expect(dummy?.params).toEqual(LOW);
    expect(dummy?.params).toEqual(real?.params);
    expect(dummy?.salt.length).toBe(real?.salt.length);
    expect(seen[0]).not.toBe(seen[1]);
  });
});
