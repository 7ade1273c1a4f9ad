/** Starts the Auth service for a test: temp users file with low-cost hashes, loopback, ephemeral port. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock.js';
import type { SessionStore } from '../../src/session-store.js';
import { type AuthServiceOptions, startAuthService, type RunningAuthService } from '../../src/server.js';
import { addUser } from '../../src/user-add.js';

/** Low scrypt cost for tests (N = 2^8); production default is 2^17. */
export const TEST_SCRYPT = { N: 2 ** 8, r: 8, p: 1 };

/** A service with its temp dir and captured access log. */
export interface TestService {
  readonly service: RunningAuthService;
  readonly log: string[];
  readonly usersFile: string;
  stop(): Promise<void>;
}

/** A users file in a new temp dir with the given users. */
export async function makeUsersFile(users: Record<string, string>): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'wsdlc-auth-test-'));
  const file = join(dir, 'users.json');
  for (const [name, password] of Object.entries(users)) await addUser(file, name, password, TEST_SCRYPT);
  return { dir, file };
}

/** Starts a service on 127.0.0.1:0. */
export async function startTestService(
  users: Record<string, string>,
  opts: { sessions?: SessionStore; redisUrl?: string; clock?: Clock; sessionTtlMs?: number } & Partial<
    Pick<
      AuthServiceOptions,
      | 'headersTimeoutMs'
      | 'redisCommandTimeoutMs'
      | 'maxConcurrentHashes'
      | 'hashQueue'
      | 'loginThrottle'
      | 'scrypt'
      | 'requestTimeoutMs'
      | 'maxInProgressPerClient'
      | 'collectGarbage'
      | 'redis'
      | 'redisWaitReplicas'
      | 'metrics'
      | 'logger'
    >
  > = {},
): Promise<TestService> {
  const { dir, file } = await makeUsersFile(users);
  const log: string[] = [];
  const service = await startAuthService({
    host: '127.0.0.1',
    port: 0,
    usersFile: file,
    scrypt: opts.scrypt ?? TEST_SCRYPT,
    log: (line) => log.push(line),
    ...(opts.sessions ? { sessions: opts.sessions } : {}),
    ...(opts.redisUrl ? { store: 'redis' as const, redisUrl: opts.redisUrl } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.sessionTtlMs ? { sessionTtlMs: opts.sessionTtlMs } : {}),
    // Room for the 1,000-login tests; the hashing bound has its own tests.
    maxConcurrentHashes: opts.maxConcurrentHashes ?? 4,
    hashQueue: opts.hashQueue ?? 100_000,
    maxInProgressPerClient: opts.maxInProgressPerClient ?? 100_000,
    ...(opts.headersTimeoutMs !== undefined ? { headersTimeoutMs: opts.headersTimeoutMs } : {}),
    ...(opts.requestTimeoutMs !== undefined ? { requestTimeoutMs: opts.requestTimeoutMs } : {}),
    ...(opts.redisCommandTimeoutMs !== undefined ? { redisCommandTimeoutMs: opts.redisCommandTimeoutMs } : {}),
    ...(opts.loginThrottle !== undefined ? { loginThrottle: opts.loginThrottle } : {}),
    ...(opts.collectGarbage ? { collectGarbage: opts.collectGarbage } : {}),
    ...(opts.redis ? { store: 'redis' as const, redis: opts.redis } : {}),
    ...(opts.redisWaitReplicas !== undefined ? { redisWaitReplicas: opts.redisWaitReplicas } : {}),
    ...(opts.metrics !== undefined ? { metrics: opts.metrics } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  return {
    service,
    log,
    usersFile: file,
    stop: async () => {
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The fault reason of a failed call: the SOAP fault's reason, or the HTTP error body (HTTP GET/POST). */
export function failureText(err: unknown): string {
  if (typeof err === 'object' && err !== null) {
    const e = err as { reason?: unknown; body?: unknown; message?: unknown };
    if (typeof e.reason === 'string') return e.reason;
    if (typeof e.body === 'string') return e.body.trim();
    if (typeof e.message === 'string') return e.message;
  }
  return String(err);
}

/** Awaits `p` expecting a rejection; returns the error. */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}
