/**
 * The session store contract, run against the in-memory store and the Redis
 * store (a real redis-server on a loopback port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { MemorySessionStore } from '../src/memory-session-store.js';
import { RedisSessionStore } from '../src/redis-session-store.js';
import type { SessionStore } from '../src/session-store.js';
import { newTicket } from '../src/tickets.js';
import { SKIP_REDIS, startRedis, type TestRedis } from './helpers/redis-server.js';

let redis: TestRedis | undefined;
let prefixCounter = 0;

type Factory = (clock: ManualClock) => SessionStore;
const stores: [string, Factory, boolean][] = [
  ['memory', (clock) => new MemorySessionStore({ clock, sweepIntervalMs: 0 }), false],
  [
    'redis',
    (clock) => {
      if (!redis) throw new Error('redis not started');
      return new RedisSessionStore({ url: redis.url, clock, prefix: `test:${process.pid}:${prefixCounter++}:` });
    },
    SKIP_REDIS,
  ],
];

describe.each(stores)('%s session store', (_name, make, skip) => {
  // Only the Redis suite needs (and fails loudly without) a redis-server.
  beforeAll(async () => {
    if (_name === 'redis' && !skip) redis = await startRedis();
  });
  afterAll(async () => {
    if (_name === 'redis') await redis?.stop();
  });

  it.skipIf(skip)('creates, gets and deletes a session', async () => {
    const clock = new ManualClock(1_000_000);
    const store = make(clock);
    try {
      const t = newTicket();
      const created = await store.create(t, { username: 'alice' }, 60_000);
      expect(created).toEqual({ username: 'alice', createdAt: 1_000_000, expiresAt: 1_060_000 });
      expect(await store.get(t)).toEqual(created);
      expect(await store.delete(t)).toEqual(created);
      expect(await store.get(t)).toBeUndefined();
      expect(await store.delete(t)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('expires sessions by the injected clock', async () => {
    const clock = new ManualClock(5_000);
    const store = make(clock);
    try {
      const t = newTicket();
      await store.create(t, { username: 'bob' }, 10_000);
      clock.advance(9_999);
      expect((await store.get(t))?.username).toBe('bob');
      clock.advance(1);
      expect(await store.get(t)).toBeUndefined();
      expect(await store.delete(t)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('lets exactly one of many concurrent deletes of one ticket win', async () => {
    const store = make(new ManualClock());
    try {
      const t = newTicket();
      await store.create(t, { username: 'carol' }, 60_000);
      const results = await Promise.all(Array.from({ length: 20 }, () => store.delete(t)));
      expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('rejects a non-positive TTL', async () => {
    const store = make(new ManualClock());
    try {
      await expect(store.create(newTicket(), { username: 'x' }, 0)).rejects.toThrow(RangeError);
    } finally {
      await store.close();
    }
  });
});

describe('memory session store bounds', () => {
  it('sweeps expired sessions and evicts the oldest when full', async () => {
    const clock = new ManualClock(0);
    const store = new MemorySessionStore({ clock, maxSessions: 3, sweepIntervalMs: 0 });
    await store.create('a', { username: 'a' }, 10);
    await store.create('b', { username: 'b' }, 1_000);
    await store.create('c', { username: 'c' }, 1_000);
    clock.advance(20); // 'a' expired
    await store.create('d', { username: 'd' }, 1_000);
    expect(store.size).toBe(3);
    expect(await store.get('b')).toBeDefined();
    await store.create('e', { username: 'e' }, 1_000); // full, nothing expired: evicts 'b'
    expect(store.size).toBe(3);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('e')).toBeDefined();
    store.sweep();
    clock.advance(2_000);
    store.sweep();
    expect(store.size).toBe(0);
    await store.close();
  });
});
