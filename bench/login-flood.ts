/**
 * Login flood at production scrypt cost (issue 20, items 8 and 9): the Auth
 * service (one node process, N = 2^17, memory sessions) is flooded by 16
 * concurrent HTTP GET Logins with wrong passwords for `seconds`, in two shapes:
 *   - one:    one user name from one address (a password-guessing client);
 *   - spray:  a new user name and a new source address (127.x.y.z) per request,
 *             so no per-user or per-address throttle applies: only the hashing
 *             bound stands between the flood and the memory.
 * Meanwhile a legitimate user logs in once a second from its own address.
 * Printed per version and shape: peak RSS (VmHWM of the service), answers per
 * second by status (500 wrong password, 429 throttled, 503 busy), latency, and
 * the legitimate logins that succeeded. Each round starts a fresh service.
 * Then (item 8) the latency of a wrong password and of an unknown user, with users
 * hashed at N=2^17 and the service configured with N=2^14.
 *
 * Each version runs compiled (`npm run build`, as in production) and under tsx (`npm start`;
 * tsx itself costs 20-35 MB of RSS), each with the node flags of its own start script
 * (e.g. `--expose-gc --max-semi-space-size=1`).
 * Run: npx tsx bench/login-flood.ts [seconds=10] [rounds=3] [--baseline <commit>]
 * (`--baseline a2c8c53` adds the service before issue 20, from a temp git worktree;
 * `--baseline 58e41b9` the service before the collection before each hash.)
 * Target: peak RSS <= 200 MB under the 16-way flood.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { addUser } from '../examples/auth-service/src/user-add.js';
import { medianRange, procMemoryMB, type RunMode, startService, treeOf } from './auth-service-process.js';

const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--baseline');
const SECONDS = Number(positional[0] ?? 10);
const ROUNDS = Number(positional[1] ?? 3);
const baselineAt = process.argv.indexOf('--baseline');
const BASELINE = baselineAt >= 0 ? process.argv[baselineAt + 1] : undefined;
const CONCURRENCY = 16;
const PRODUCTION = { N: 2 ** 17, r: 8, p: 1 };

interface Outcome {
  status: number;
  ms: number;
}

function get(url: string, localAddress: string): Promise<Outcome> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, localAddress, headers: { Connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ status: -1, ms: performance.now() - t0 }));
    req.setTimeout(60_000, () => req.destroy());
  });
}

interface RoundResult {
  peakMB: number;
  perSecond: Record<string, number>;
  p50: number;
  p99: number;
  legitOk: number;
  legitTried: number;
}

let sprayCounter = 0;
function sprayAddress(): string {
  const n = ++sprayCounter;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

async function round(tree: string, mode: RunMode, usersFile: string, shape: 'one' | 'spray'): Promise<RoundResult> {
  const svc = await startService(tree, ['--users', usersFile, '--scrypt-log-n', '17'], mode);
  try {
    const outcomes: Outcome[] = [];
    const end = Date.now() + SECONDS * 1000;
    const worker = async (w: number): Promise<void> => {
      let i = 0;
      while (Date.now() < end) {
        const user = shape === 'one' ? 'alice' : `user-${w}-${i++}`;
        const addr = shape === 'one' ? '127.0.0.1' : sprayAddress();
        outcomes.push(await get(`${svc.url}/Login?Username=${user}&Password=wrong`, addr));
      }
    };
    let legitOk = 0;
    let legitTried = 0;
    const legit = async (): Promise<void> => {
      while (Date.now() < end) {
        legitTried++;
        const r = await get(`${svc.url}/Login?Username=bob&Password=bob-password`, '127.0.0.2');
        if (r.status === 200) legitOk++;
        await new Promise((r2) => setTimeout(r2, 1000));
      }
    };
    await Promise.all([...Array.from({ length: CONCURRENCY }, (_, w) => worker(w)), legit()]);
    const peakMB = procMemoryMB(svc.pid, 'VmHWM');
    const perSecond: Record<string, number> = {};
    for (const o of outcomes) perSecond[o.status] = (perSecond[o.status] ?? 0) + 1 / SECONDS;
    const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    return {
      peakMB,
      perSecond,
      p50: ms[Math.floor(ms.length * 0.5)] ?? 0,
      p99: ms[Math.floor(ms.length * 0.99)] ?? 0,
      legitOk,
      legitTried,
    };
  } finally {
    await svc.stop();
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'wsdlc-flood-'));
const usersFile = path.join(dir, 'users.json');
await addUser(usersFile, 'alice', 'alice-password', PRODUCTION);
await addUser(usersFile, 'bob', 'bob-password', PRODUCTION);

const versions: [string, string, RunMode][] = [
  ['ours (compiled)', treeOf(undefined), 'compiled'],
  ['ours (tsx)', treeOf(undefined), 'tsx'],
];
if (BASELINE) {
  versions.push([`${BASELINE} (compiled)`, treeOf(BASELINE), 'compiled']);
  versions.push([`${BASELINE} (tsx)`, treeOf(BASELINE), 'tsx']);
}
console.log(
  `login flood: ${CONCURRENCY} concurrent wrong-password HTTP GET Logins, N=2^17, ${SECONDS} s, ${ROUNDS} rounds; loadavg ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const shape of ['one', 'spray'] as const) {
  const results = new Map<string, RoundResult[]>();
  for (let r = 0; r < ROUNDS; r++) {
    // Interleaved: each round runs every version.
    for (const [name, tree, mode] of versions) {
      const list = results.get(name) ?? [];
      list.push(await round(tree, mode, usersFile, shape));
      results.set(name, list);
    }
  }
  for (const [name, list] of results) {
    const statuses = [...new Set(list.flatMap((x) => Object.keys(x.perSecond)))].sort();
    const rates = statuses
      .map(
        (s) =>
          `${s === '-1' ? 'error' : s}: ${medianRange(
            list.map((x) => x.perSecond[s] ?? 0),
            1,
          )}/s`,
      )
      .join(', ');
    console.log(
      `${shape.padEnd(5)} ${name.padEnd(20)} peak RSS ${medianRange(list.map((x) => x.peakMB))} MB; ${rates}; p50 ${medianRange(
        list.map((x) => x.p50),
      )} ms, p99 ${medianRange(list.map((x) => x.p99))} ms; legit logins ok ${list
        .map((x) => `${x.legitOk}/${x.legitTried}`)
        .join(' ')}`,
    );
  }
}
// Timing (item 8): users hashed at N=2^17, the service configured with N=2^14. Sequential logins,
// median latency of an unknown user and of a wrong password (they must match).
for (const [name, tree, mode] of versions) {
  const svc = await startService(tree, ['--users', usersFile, '--scrypt-log-n', '14'], mode);
  try {
    const time = async (user: string, addr: string): Promise<number[]> => {
      const ms: number[] = [];
      for (let i = 0; i < 4; i++) ms.push((await get(`${svc.url}/Login?Username=${user}&Password=wrong`, addr)).ms);
      return ms;
    };
    // From fresh addresses and below the per-user free failures, so no throttle applies.
    const wrong = [...(await time('alice', '127.0.9.1')), ...(await time('bob', '127.0.9.2'))];
    const unknown = [...(await time('nobody-1', '127.0.9.3')), ...(await time('nobody-2', '127.0.9.4'))];
    console.log(
      `timing ${name.padEnd(20)} users at 2^17, service at 2^14: wrong password ${medianRange(wrong)} ms, unknown user ${medianRange(unknown)} ms`,
    );
  } finally {
    await svc.stop();
  }
}
console.log(
  `loadavg after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await rm(dir, { recursive: true, force: true });
