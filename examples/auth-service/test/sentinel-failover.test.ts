/**
 * Issue 33: the service on Redis Sentinel (a primary, a replica, three
 * sentinels; real redis-server processes on 127.0.0.1) loses no session when
 * the primary dies.
 *
 * - Failover: 8 client loops of Login+Logout against two service instances,
 *   and a Login probe on each instance; the primary is killed with SIGKILL. Every answer is a success or the
 *   "unavailable" fault (never another error) within the command timeout (plus
 *   slack for a shared machine); both instances answer successes again within
 *   2 s of the sentinels' switch to the replica; no ticket whose Login
 *   succeeded, before or after the kill, is unknown to its first Logout, and
 *   every fourth ticket, kept aside until the end (so no Logout attempt that
 *   was answered "unavailable" but ran anyway can have ended it), is accepted
 *   by Logout after the failover. The figures are printed (README: "Redis Sentinel").
 * - WAIT: while the replica does not acknowledge (frozen with SIGSTOP), Login
 *   is answered "unavailable", not "ok" (with `waitReplicas: 0` it would be
 *   answered "ok" for a session only the primary has).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthClient } from '../../../generated/auth/index.js';
import { INVALID_TICKET_MESSAGE } from '../src/authenticator.js';
import { UNAVAILABLE_MESSAGE } from '../src/auth-impl.js';
import { failureText, rejection, startTestService, type TestService } from './helpers/auth-service.js';
import { SKIP_REDIS, startRedis } from './helpers/redis-server.js';
import { startSentinels, type TestSentinels, until } from './helpers/redis-sentinel.js';

/** The services' Redis command timeout. */
const COMMAND_TIMEOUT_MS = 500;
/** Slack on top of it for a shared, loaded 2-core machine (event loop, scrypt, HTTP). */
const SLACK_MS = 700;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Answer = 'ok' | 'unavailable' | 'unknown-ticket' | { other: string };

/** Runs one call and classifies its answer; records its duration. */
async function call(fn: () => Promise<unknown>, durations: number[]): Promise<{ answer: Answer; value?: unknown }> {
  const t0 = performance.now();
  try {
    const value = await fn();
    durations.push(performance.now() - t0);
    return { answer: 'ok', value };
  } catch (err) {
    durations.push(performance.now() - t0);
    const text = failureText(err);
    if (text === UNAVAILABLE_MESSAGE) return { answer: 'unavailable' };
    if (text === INVALID_TICKET_MESSAGE) return { answer: 'unknown-ticket' };
    return { answer: { other: text } };
  }
}

async function startServices(deployment: TestSentinels, n: number): Promise<TestService[]> {
  const services: TestService[] = [];
  for (let i = 0; i < n; i++) {
    const t = await startTestService(
      { alice: 'pw' },
      {
        redis: { sentinels: deployment.addresses, masterName: deployment.masterName },
        redisCommandTimeoutMs: COMMAND_TIMEOUT_MS,
      },
    );
    cleanups.push(() => t.stop());
    services.push(t);
  }
  return services;
}

describe.skipIf(SKIP_REDIS)('Redis Sentinel', () => {
  it('SIGKILL of the primary: only successes or "unavailable", back within 2 s of the switch, no ticket lost', async () => {
    const deployment = await startSentinels({ downAfterMs: 1000, failoverTimeoutMs: 5000 });
    cleanups.push(() => deployment.stop());
    const services = await startServices(deployment, 2);
    const bindings = ['soap11', 'soap12', 'httpPost', 'httpGet'] as const;

    const durations: number[] = [];
    const others: string[] = [];
    /** Times of successful answers per instance. */
    const successes: number[][] = services.map(() => []);
    const keptAside: { ticket: string; at: number }[] = [];
    let checked = 0;
    let lost = 0;
    /** For each lost ticket: when its Login was answered and its first Logout sent, relative to the kill (ms). */
    const lostDetail: { loginMs: number; logoutMs: number; instance: number }[] = [];
    /**
     * Logouts answered "unknown ticket" after an attempt answered "unavailable": that attempt may have
     * ended the session without its answer getting out (sent as the primary was killed, or a command
     * that timed out on the service's side but ran; README). The tickets kept aside settle it: nothing
     * logs them out before the end.
     */
    let ambiguous = 0;
    /** Of those, the ones whose first attempt was sent before the kill. */
    let ambiguousAtKill = 0;
    let stop = false;
    let killedAt = Number.POSITIVE_INFINITY;
    /** Per instance: when its first "unavailable" came, and its first success after that. */
    const outageAt: number[] = services.map(() => Number.POSITIVE_INFINITY);
    const backAt: number[] = services.map(() => Number.POSITIVE_INFINITY);
    const success = (s: number): void => {
      const now = Date.now();
      successes[s]!.push(now);
      if (now > outageAt[s]! && backAt[s] === Number.POSITIVE_INFINITY) backAt[s] = now;
    };
    const unavailable = (s: number): void => {
      if (outageAt[s] === Number.POSITIVE_INFINITY) outageAt[s] = Date.now();
    };

    const loop = async (i: number): Promise<void> => {
      const mine = i % services.length;
      const other = (i + 1) % services.length;
      const clients = [mine, other].map(
        (s) => new AuthClient({ baseUrl: services[s]!.service.baseUrl, binding: bindings[i % 4]!, timeoutMs: 10_000 }),
      );
      for (let n = 0; !stop; n++) {
        const login = await call(() => clients[0]!.login({ Username: 'alice', Password: 'pw' }), durations);
        if (login.answer === 'unavailable') {
          unavailable(mine);
          await sleep(50);
          continue;
        }
        if (login.answer !== 'ok') {
          others.push(`Login: ${JSON.stringify(login.answer)}`);
          continue;
        }
        success(mine);
        const loggedInAt = Date.now();
        const ticket = (login.value as { ServiceTicket: string }).ServiceTicket;
        // Every 4th ticket is checked at the end, after the failover; the others now, on the other instance.
        if (n % 4 === 0) {
          keptAside.push({ ticket, at: Date.now() });
          continue;
        }
        /** When the first attempt answered "unavailable" was sent. */
        let firstUnavailableSentAt: number | undefined;
        const firstSentAt = Date.now();
        for (;;) {
          const sentAt = Date.now();
          const out = await call(() => clients[1]!.logout({ ServiceTicket: ticket }), durations);
          if (out.answer === 'ok') {
            success(other);
            checked++;
            break;
          }
          if (out.answer === 'unknown-ticket') {
            if (firstUnavailableSentAt === undefined) {
              lost++;
              lostDetail.push({ loginMs: loggedInAt - killedAt, logoutMs: firstSentAt - killedAt, instance: mine });
            } else {
              ambiguous++;
              if (firstUnavailableSentAt < killedAt) ambiguousAtKill++;
            }
            break;
          }
          if (out.answer !== 'unavailable') {
            others.push(`Logout: ${JSON.stringify(out.answer)}`);
            break;
          }
          unavailable(other);
          firstUnavailableSentAt ??= sentAt;
          await sleep(50);
        }
      }
    };

    /**
     * One Login loop per instance, so each instance has traffic throughout: the 8 loops above can all
     * be retrying Logouts on one instance while the other gets no request at all (seen in CI: the
     * second instance then had no outage to come back from, and its "back" time stayed unset).
     */
    const probe = async (s: number): Promise<void> => {
      const client = new AuthClient({ baseUrl: services[s]!.service.baseUrl, binding: 'soap11', timeoutMs: 10_000 });
      while (!stop) {
        const login = await call(() => client.login({ Username: 'alice', Password: 'pw' }), durations);
        if (login.answer === 'ok') success(s);
        else if (login.answer === 'unavailable') unavailable(s);
        else others.push(`probe Login: ${JSON.stringify(login.answer)}`);
        await sleep(50);
      }
    };

    const loops = [...Array.from({ length: 8 }, (_, i) => loop(i)), ...services.map((_, s) => probe(s))];
    await sleep(1500);
    const oldPort = deployment.primary.port;
    killedAt = Date.now();
    await deployment.primary.kill();
    let switchedAt = 0;
    for (;;) {
      if ((await deployment.masterPort().catch(() => oldPort)) !== oldPort) {
        switchedAt = Date.now();
        break;
      }
      if (Date.now() - killedAt > 30_000) throw new Error('no failover within 30 s');
      await sleep(20);
    }
    await sleep(3000);
    stop = true;
    await Promise.all(loops);

    // The tickets kept aside, issued before and after the kill, all end now.
    let keptChecked = 0;
    for (const [k, { ticket }] of keptAside.entries()) {
      const client = new AuthClient({ baseUrl: services[k % 2]!.service.baseUrl, binding: 'soap11' });
      expect(await client.logout({ ServiceTicket: ticket })).toEqual({ ServiceTicket: ticket });
      keptChecked++;
    }
    const keptBefore = keptAside.filter((k) => k.at < killedAt).length;
    const longestGap = Math.max(
      ...successes.map((times) => {
        let gap = 0;
        for (let j = 1; j < times.length; j++) gap = Math.max(gap, times[j]! - times[j - 1]!);
        return gap;
      }),
    );
    const figures = {
      failoverMs: switchedAt - killedAt,
      unavailableAfterKillMs: outageAt.map((t) => t - killedAt),
      backAfterKillMs: backAt.map((t) => t - killedAt),
      backAfterSwitchMs: backAt.map((t) => t - switchedAt),
      longestGapBetweenSuccessesMs: longestGap,
      slowestAnswerMs: Math.round(Math.max(...durations)),
      answers: durations.length,
      ticketsChecked: checked + keptChecked,
      keptAside: keptChecked,
      keptAsideBeforeKill: keptBefore,
      lost,
      ambiguous,
      ambiguousAtKill,
      ...(lost > 0 ? { lostDetail } : {}),
    };
    process.stderr.write(`sentinel failover: ${JSON.stringify(figures)}\n`);

    expect(others).toEqual([]);
    expect(lost).toBe(0);
    expect(keptBefore).toBeGreaterThan(0);
    expect(keptChecked).toBeGreaterThan(keptBefore);
    expect(Math.max(...durations)).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS);
    for (const [s, t] of backAt.entries()) {
      expect(outageAt[s], `instance ${s} answered "unavailable" after the kill`).toBeLessThan(Number.POSITIVE_INFINITY);
      expect(t - switchedAt, `instance ${s} back within 2 s of the switch`).toBeLessThanOrEqual(2000);
    }
    // Each instance noticed the new primary: counted and logged once.
    for (const s of services) {
      expect(await (await fetch(`${s.service.baseUrl}/metrics`)).text()).toMatch(/^auth_redis_failovers_total 1$/m);
      expect(s.log.filter((l) => l.startsWith('redis: failover'))).toHaveLength(1);
    }
  }, 90_000);

  it('a Login is answered only once a replica has the session (WAIT): "unavailable" while the replica lags', async () => {
    // No sentinels needed: with one URL the service also waits while the primary reports a replica.
    const dir = await mkdtemp(join(tmpdir(), 'wsdlc-replica-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const primary = await startRedis(undefined, { args: ['--dir', dir, '--repl-diskless-sync-delay', '0'] });
    cleanups.push(() => primary.stop());
    const replica = await startRedis(undefined, {
      args: ['--dir', dir, '--replicaof', '127.0.0.1', String(primary.port)],
      readyWhen: /MASTER <-> REPLICA sync: Finished with success/,
    });
    cleanups.push(() => replica.stop());
    // The replica's log says it is in sync a moment before the primary lists it as online, and
    // `auto` reads that list when the service connects: wait for it so the test is not racing.
    const probe = new Redis(primary.url, { lazyConnect: true });
    await probe.connect();
    try {
      await until(async () => /state=online/.test(await probe.info('replication')), 10_000, 'replica online');
    } finally {
      probe.disconnect();
    }
    const start = async (waitReplicas?: number): Promise<TestService> => {
      const t = await startTestService(
        { alice: 'pw' },
        {
          redisUrl: primary.url,
          redisCommandTimeoutMs: COMMAND_TIMEOUT_MS,
          ...(waitReplicas !== undefined ? { redisWaitReplicas: waitReplicas } : {}),
        },
      );
      cleanups.push(() => t.stop());
      return t;
    };
    const waiting = await start();
    const notWaiting = await start(0);
    const a = new AuthClient({ baseUrl: waiting.service.baseUrl, binding: 'soap11' });
    const b = new AuthClient({ baseUrl: notWaiting.service.baseUrl, binding: 'soap11' });
    // A replica just attached may not acknowledge the first WAIT in time (seen once in CI, alone on a
    // quiet machine): the precondition is that a Login with WAIT succeeds while the replica is healthy.
    let notReplicatedBefore = 0;
    await until(
      async () => {
        try {
          return Boolean((await a.login({ Username: 'alice', Password: 'pw' })).ServiceTicket);
        } catch {
          notReplicatedBefore += 1;
          return false;
        }
      },
      10_000,
      'a Login answered with the replica in sync',
    );

    replica.freeze();
    try {
      const t0 = Date.now();
      expect(failureText(await rejection(a.login({ Username: 'alice', Password: 'pw' })))).toBe(UNAVAILABLE_MESSAGE);
      expect(Date.now() - t0).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS);
      // Without WAIT the Login is answered "ok" although only the primary has the session.
      expect((await b.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
    } finally {
      replica.thaw();
    }
    expect((await a.login({ Username: 'alice', Password: 'pw' })).ServiceTicket).toBeTruthy();
    expect(await (await fetch(`${waiting.service.baseUrl}/metrics`)).text()).toMatch(
      new RegExp(`^auth_redis_errors_total\\{kind="not-replicated"\\} ${1 + notReplicatedBefore}$`, 'm'),
    );
  }, 60_000);
});
