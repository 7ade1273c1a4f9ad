/**
 * Picks the session store from the configuration. The Redis store (and ioredis,
 * some 20 MB of RSS) is loaded only when chosen.
 */
import type { Clock } from './clock.js';
import { MemorySessionStore } from './memory-session-store.js';
import type { RedisConnection } from './redis-connection.js';
import type { SessionStore } from './session-store.js';

/** Which store to make. */
export interface SessionStoreChoice {
  readonly store: 'memory' | 'redis';
  readonly redisUrl?: string;
  /** Where and how to reach Redis; wins over `redisUrl`. */
  readonly redis?: RedisConnection;
  /** Replicas a new session must reach before Login answers (default `auto`). */
  readonly redisWaitReplicas?: number | 'auto';
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
    const connection = choice.redis ?? (choice.redisUrl ? { url: choice.redisUrl } : undefined);
    if (!connection) throw new Error('the Redis session store needs a Redis URL or sentinels');
    const { RedisSessionStore } = await import('./redis-session-store.js');
    return new RedisSessionStore({
      connection,
      ...(choice.redisWaitReplicas !== undefined ? { waitReplicas: choice.redisWaitReplicas } : {}),
      ...clock,
      ...(choice.redisCommandTimeoutMs !== undefined ? { commandTimeoutMs: choice.redisCommandTimeoutMs } : {}),
      ...(choice.log ? { log: choice.log } : {}),
    });
  }
  return new MemorySessionStore(clock);
}
