/**
 * Failed-login counters in Redis (see login-throttle.ts): a hash per key with
 * the count and the lock's end, expiring with its window, updated by one Lua
 * script so concurrent instances count exactly. Shared by every instance that
 * uses the same Redis.
 */
import type { Redis } from 'ioredis';
import type { FailureStore, ThrottlePolicy } from './login-throttle.js';

/** What the counters need of the Redis session store: its client and its command runner (timeouts, outage log). */
export interface RedisCommands {
  readonly redis: Redis;
  run<T>(command: () => Promise<T>): Promise<T>;
}

/** Counts a failure and sets the lock in one step (KEYS[1]; ARGV: free, base, max, now, window). */
const RECORD_FAILURE = `
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
local free = tonumber(ARGV[1])
local lock = 0
if c > free then lock = math.min(tonumber(ARGV[2]) * 2 ^ math.min(c - free - 1, 40), tonumber(ARGV[3])) end
if lock > 0 then redis.call('HSET', KEYS[1], 'u', tonumber(ARGV[4]) + lock) end
redis.call('PEXPIRE', KEYS[1], math.floor(lock + tonumber(ARGV[5])))
return c
`;

/** Counters in Redis (a hash per key, expiring with its window), shared by every instance. */
export class RedisFailureStore implements FailureStore {
  /** @param store the session store's client and command runner (its timeouts); @param prefix key prefix. */
  constructor(
    private readonly store: RedisCommands,
    private readonly prefix = 'wsdlc:auth:fail:',
  ) {}

  /** {@inheritDoc FailureStore.lockedUntil} */
  async lockedUntil(key: string): Promise<number> {
    const until = await this.store.run(() => this.store.redis.hget(this.prefix + key, 'u'));
    return until === null ? 0 : Number(until);
  }

  /** {@inheritDoc FailureStore.recordFailure} */
  async recordFailure(key: string, policy: ThrottlePolicy, now: number): Promise<void> {
    const args = [policy.freeFailures, policy.baseDelayMs, policy.maxDelayMs, now, policy.windowMs];
    await this.store.run(() => this.store.redis.eval(RECORD_FAILURE, 1, this.prefix + key, ...args));
  }

  /** {@inheritDoc FailureStore.reset} */
  async reset(key: string): Promise<void> {
    await this.store.run(() => this.store.redis.del(this.prefix + key));
  }
}
