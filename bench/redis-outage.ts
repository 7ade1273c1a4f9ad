/**
 * Redis outage under traffic (issue 20, item 7): the Auth service (tsx, Redis
 * sessions, low scrypt cost so Redis is the bottleneck) serves 8 concurrent
 * SOAP 1.1 Login+Logout loops while its redis-server (started here, loopback)
 * is frozen with SIGSTOP for `freeze` seconds, then thawed. Printed per version:
 *   - answers during the freeze: count, slowest, and how many exceeded the
 *     command timeout + 100 ms (target: none);
 *   - recovery: time from SIGCONT to /ready answering 200 and to the first
 *     successful Login;
 *   - sessions made before the freeze that still log out after it (target:
 *     all; the freeze must lose none);
 *   - the outage/recovery log lines and any stack-trace or "Unhandled error
 *     event" lines.
 * Then Redis is stopped (SIGTERM) for `freeze` seconds and restarted on the same
 * port: answers while down (slowest) and time to recover. (Its sessions are gone
 * then: the test Redis runs without persistence.)
 *
 * Run: npx tsx bench/redis-outage.ts [freeze seconds=5] [rounds=3] [--timeout ms=1000] [--baseline <commit>]
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startRedis, type TestRedis } from '../examples/auth-service/test/helpers/redis-server.js';
import { addUser } from '../examples/auth-service/src/user-add.js';
import { medianRange, type ServiceProcess, startService, treeOf } from './auth-service-process.js';

const flagValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--baseline' && all[i - 1] !== '--timeout');
const FREEZE_S = Number(positional[0] ?? 5);
const ROUNDS = Number(positional[1] ?? 3);
const TIMEOUT_MS = Number(flagValue('--timeout') ?? 1000);
const BASELINE = flagValue('--baseline');
const CONCURRENCY = 8;
const SESSIONS = 200;
const NS = 'http://schemas.example.com/ecomm/auth';

interface Answer {
  ok: boolean;
  status: number;
  ms: number;
  body: string;
  at: number;
}

function soap(url: string, op: 'Login' | 'Logout', inner: string): Promise<Answer> {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'text/xml; charset=utf-8',
          SOAPAction: `"${NS}/${op}"`,
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () =>
          resolve({
            ok: res.statusCode === 200,
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            body: text,
            at: Date.now(),
          }),
        );
      },
    );
    req.on('error', () => resolve({ ok: false, status: -1, ms: performance.now() - t0, body: '', at: Date.now() }));
    req.end(body);
  });
}

const ticketOf = (a: Answer): string | undefined => /<ServiceTicket>([^<]+)<\/ServiceTicket>/.exec(a.body)?.[1];
const login = (svc: ServiceProcess): Promise<Answer> =>
  soap(svc.url, 'Login', '<Username>alice</Username><Password>pw</Password>');
const logout = (svc: ServiceProcess, ticket: string): Promise<Answer> =>
  soap(svc.url, 'Logout', `<ServiceTicket>${ticket}</ServiceTicket>`);

async function readyStatus(svc: ServiceProcess): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(`${svc.baseUrl}/ready`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(-1));
    req.setTimeout(30_000, () => req.destroy());
  });
}

async function until(cond: () => Promise<boolean>, maxMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < maxMs) {
    if (await cond()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.NaN;
}

interface Round {
  during: number;
  slowest: number;
  over: number;
  readyMs: number;
  loginMs: number;
  kept: number;
  downSlowest: number;
  downReadyMs: number;
  outageLines: number;
  recoveryLines: number;
  noisy: number;
}

async function round(tree: string, usersFile: string, withTimeoutFlag: boolean): Promise<Round> {
  let redis: TestRedis = await startRedis();
  const args = ['--users', usersFile, '--store', 'redis', '--redis-url', redis.url, '--scrypt-log-n', '8'];
  if (withTimeoutFlag) args.push('--redis-timeout', String(TIMEOUT_MS));
  const svc = await startService(tree, args);
  try {
    const kept: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const t = ticketOf(await login(svc));
      if (t) kept.push(t);
    }
    let phase: 'before' | 'frozen' | 'after' = 'before';
    const answers: { phase: string; a: Answer }[] = [];
    let running = true;
    const worker = async (): Promise<void> => {
      while (running) {
        const p = phase;
        const a = await login(svc);
        answers.push({ phase: p, a });
        const t = ticketOf(a);
        if (t) answers.push({ phase, a: await logout(svc, t) });
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, () => worker());
    await new Promise((r) => setTimeout(r, 500));
    redis.freeze();
    phase = 'frozen';
    await new Promise((r) => setTimeout(r, FREEZE_S * 1000));
    const thawAt = Date.now();
    redis.thaw();
    phase = 'after';
    const readyMs = await until(async () => (await readyStatus(svc)) === 200, 30_000);
    const loginMs = await until(async () => (await login(svc)).ok, 30_000);
    void thawAt;
    running = false;
    await Promise.all(workers);
    const frozen = answers.filter((x) => x.phase === 'frozen').map((x) => x.a);
    let stillThere = 0;
    for (const t of kept) if ((await logout(svc, t)).ok) stillThere++;

    // Down: stop Redis, keep asking for a while, restart on the same port.
    const port = redis.port;
    await redis.stop();
    const down: Answer[] = [];
    const endDown = Date.now() + FREEZE_S * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < endDown) down.push(await login(svc));
      }),
    );
    redis = await startRedis(port);
    const downReadyMs = await until(async () => (await readyStatus(svc)) === 200, 30_000);
    const lines = svc.lines;
    return {
      during: frozen.length,
      slowest: Math.max(0, ...frozen.map((a) => a.ms)),
      over: frozen.filter((a) => a.ms > TIMEOUT_MS + 100).length,
      readyMs,
      loginMs,
      kept: stillThere,
      downSlowest: Math.max(0, ...down.map((a) => a.ms)),
      downReadyMs,
      outageLines: lines.filter((l) => l.startsWith('redis: unavailable')).length,
      recoveryLines: lines.filter((l) => l.startsWith('redis: available again')).length,
      noisy: lines.filter((l) => /^\s+at |Unhandled error event|^error:/.test(l)).length,
    };
  } finally {
    await svc.stop();
    await redis.stop();
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'wsdlc-redis-outage-'));
const usersFile = path.join(dir, 'users.json');
await addUser(usersFile, 'alice', 'pw', { N: 2 ** 8, r: 8, p: 1 });
const versions: [string, string, boolean][] = [['ours', treeOf(undefined), true]];
if (BASELINE) versions.push([`baseline ${BASELINE}`, treeOf(BASELINE), false]);
console.log(
  `redis outage: ${CONCURRENCY} Login+Logout loops, Redis frozen ${FREEZE_S} s then stopped ${FREEZE_S} s, command timeout ${TIMEOUT_MS} ms, ${ROUNDS} rounds; loadavg ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const results = new Map<string, Round[]>();
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, tree, flag] of versions) {
    const list = results.get(name) ?? [];
    list.push(await round(tree, usersFile, flag));
    results.set(name, list);
  }
}
for (const [name, list] of results) {
  const m = (f: (x: Round) => number, d = 0): string => medianRange(list.map(f), d);
  console.log(`${name}:`);
  console.log(
    `  frozen: ${m((x) => x.during)} answers, slowest ${m((x) => x.slowest)} ms, over timeout+100 ms: ${m((x) => x.over)}`,
  );
  console.log(
    `  after SIGCONT: /ready 200 in ${m((x) => x.readyMs)} ms, first Login ok in ${m((x) => x.loginMs)} ms; sessions kept ${m((x) => x.kept)} of ${SESSIONS}`,
  );
  console.log(
    `  stopped: slowest answer ${m((x) => x.downSlowest)} ms; /ready 200 ${m((x) => x.downReadyMs)} ms after restart`,
  );
  console.log(
    `  log: outage lines ${m((x) => x.outageLines)}, recovery lines ${m((x) => x.recoveryLines)}, stack/unhandled lines ${m((x) => x.noisy)}`,
  );
}
console.log(
  `loadavg after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await rm(dir, { recursive: true, force: true });
