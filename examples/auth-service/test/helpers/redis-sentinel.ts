/**
 * A throw-away Redis Sentinel deployment on 127.0.0.1 for tests: a primary, one
 * replica and three sentinels (quorum 2), all `redis-server` processes (the
 * sentinels are `redis-server <conf> --sentinel`: Debian's `redis-sentinel`
 * package only adds a service unit around the same binary). Short timeouts keep
 * a failover to a few seconds: the primary is "down" after `downAfterMs` without
 * an answer, then the sentinels elect a leader that promotes the replica.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, startRedis, type TestRedis } from './redis-server.js';

/** The master name the sentinels monitor. */
export const MASTER_NAME = 'wsdlc-auth';

/** A running primary, replica and sentinels. */
export interface TestSentinels {
  readonly primary: TestRedis;
  readonly replica: TestRedis;
  readonly sentinels: readonly TestRedis[];
  /** `host:port` of each sentinel. */
  readonly addresses: readonly { host: string; port: number }[];
  readonly masterName: string;
  readonly downAfterMs: number;
  /** The primary's port as the first sentinel reports it now. */
  masterPort(): Promise<number>;
  stop(): Promise<void>;
}

/** Waits until `check` holds, polling every 50 ms. */
export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} within ${ms} ms`);
}

/**
 * Starts the deployment and waits until the replica is in sync and every sentinel
 * knows the replica and the other sentinels (so a failover can start at once).
 */
export async function startSentinels(
  options: { downAfterMs?: number; failoverTimeoutMs?: number } = {},
): Promise<TestSentinels> {
  const downAfterMs = options.downAfterMs ?? 1000;
  const failoverTimeoutMs = options.failoverTimeoutMs ?? 5000;
  const dir = await mkdtemp(join(tmpdir(), 'wsdlc-sentinel-'));
  const started: TestRedis[] = [];
  const stopAll = async (): Promise<void> => {
    for (const r of started.reverse()) await r.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // Their working directory is the temp dir: a replica writes the primary's snapshot to disk.
    const primary = await startRedis(undefined, { args: ['--dir', dir, '--repl-diskless-sync-delay', '0'] });
    started.push(primary);
    const replica = await startRedis(undefined, {
      args: ['--dir', dir, '--replicaof', '127.0.0.1', String(primary.port)],
      readyWhen: /MASTER <-> REPLICA sync: Finished with success/,
    });
    started.push(replica);
    const sentinels: TestRedis[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      // Sentinels rewrite their config file (state, known peers): one writable file each.
      const conf = join(dir, `sentinel-${i}.conf`);
      await writeFile(
        conf,
        [
          `dir ${dir}`,
          `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${MASTER_NAME} ${downAfterMs}`,
          `sentinel failover-timeout ${MASTER_NAME} ${failoverTimeoutMs}`,
          `sentinel parallel-syncs ${MASTER_NAME} 1`,
          '',
        ].join('\n'),
      );
      const s = await startRedis(port, { leadingArgs: [conf, '--sentinel'], readyWhen: /\+monitor master/ });
      started.push(s);
      sentinels.push(s);
    }
    const addresses = sentinels.map((s) => ({ host: '127.0.0.1', port: s.port }));
    const ask = async <T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> => {
      const r = new Redis({
        host: '127.0.0.1',
        port,
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      r.on('error', () => undefined);
      try {
        await r.connect();
        return await fn(r);
      } finally {
        r.disconnect();
      }
    };
    // Sentinels find replicas through the primary's INFO (every 10 s, at once on start) and each other
    // through hello messages on the primary (every 2 s).
    await until(
      async () => {
        for (const s of sentinels) {
          const master = (await ask(s.port, (r) => r.call('SENTINEL', 'MASTER', MASTER_NAME))) as string[];
          const field = (name: string): number => Number(master[master.indexOf(name) + 1]);
          if (field('num-slaves') < 1 || field('num-other-sentinels') < 2) return false;
        }
        return true;
      },
      15_000,
      'the sentinels did not see the replica and each other',
    );
    return {
      primary,
      replica,
      sentinels,
      addresses,
      masterName: MASTER_NAME,
      downAfterMs,
      masterPort: async () => {
        const addr = (await ask(sentinels[0]!.port, (r) =>
          r.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME),
        )) as string[];
        return Number(addr[1]);
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
