/**
 * Picks the session store from the configuration. The Redis store (and ioredis,
 * some 20 MB of RSS) is loaded only when chosen.
 */
import type { Clock } from './clock.js';
import { MemorySessionStore } from './memory-session-store.js';
import type { SessionStore } from './session-store.js';

/** Which store to make. */
export interface SessionStoreChoice {
  readonly store: 'memory' | 'redis';
  readonly redisUrl?: string;
  readonly clock?: Clock;
  /** Redis command timeout in ms (default 1000). */
  readonly redisCommandTimeoutMs?: number;
  /** Where the Redis outage and recovery lines go. */
  readonly log?: (line: string) => void;
}

/** Creates the configured session store. */
export async function createSessionStore(choice: SessionStoreChoice): Promise<SessionStore> {
  const clock = choice.clock ? { clock: choice.clock } : {};
  if (choice.store === 'redis') {
    if (!choice.redisUrl) throw new Error('the Redis session store needs a Redis URL');
    const { RedisSessionStore } = await import('./redis-session-store.js');
    return new RedisSessionStore({
      url: choice.redisUrl,
      ...clock,
      ...(choice.redisCommandTimeoutMs !== undefined ? { commandTimeoutMs: choice.redisCommandTimeoutMs } : {}),
      ...(choice.log ? { log: choice.log } : {}),
    });
  }
  return new MemorySessionStore(clock);
}
