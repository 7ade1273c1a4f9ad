/**
 * The Auth service's own request throughput (issue 33: metrics and JSON logs
 * must stay off the hot path's cost): the compiled service (memory sessions, as
 * `npm run start:compiled` runs it, stdout piped here as to a log collector) is
 * loaded by autocannon with SOAP 1.1 Logouts of a well-formed unknown ticket,
 * the cheapest full request (parse, store lookup, fault, access record), so
 * what each request adds for metrics and logging weighs the most. Variants:
 *   - before:      the service of `--baseline <commit>` (default: the commit before issue 33), text log;
 *   - now:         this tree with its defaults (JSON log, metrics on);
 *   - now-text:    `--log-format text` (metrics on);
 *   - now-bare:    `--log-format text --metrics off` (what `before` did, on this tree).
 * Each round runs every variant once, in turn (the 2-core machine is shared and noisy), each
 * in a fresh process; printed per variant: requests/s and CPU time per request (user+system
 * of the service process, less sensitive to the load generator sharing the CPUs), median and
 * range over the rounds, and the ratios to `before` within each round.
 *
 * Run: npx tsx bench/auth-service-throughput.ts [--rounds 3] [--duration 5] [--warmup 2] [--connections 16] [--baseline <commit>]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { addUser } from '../examples/auth-service/src/user-add.js';
import { medianRange, startService, treeOf } from './auth-service-process.js';

const require = createRequire(import.meta.url);
const flag = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const rounds = Number(flag('--rounds', '3'));
const duration = Number(flag('--duration', '5'));
const warmup = Number(flag('--warmup', '2'));
const connections = Number(flag('--connections', '16'));
const baseline = flag('--baseline', 'eba4a02');

const NS = 'http://schemas.example.com/ecomm/auth';
/** A well-formed ticket (43 base64url characters) no session has. */
const UNKNOWN_TICKET = 'A'.repeat(43);
const BODY = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Logout xmlns="${NS}"><ServiceTicket>${UNKNOWN_TICKET}</ServiceTicket></Logout></soap:Body></soap:Envelope>`;

interface Variant {
  readonly name: string;
  readonly tree: string;
  readonly args: readonly string[];
}

/** User+system CPU time of `pid` in µs (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function autocannon(
  url: string,
  seconds: number,
): Promise<{ total: number; average: number; non2xx: number; errors: number }> {
  const bin = require.resolve('autocannon/autocannon.js');
  const args = [bin, '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-j'];
  args.push('-H', 'Content-Type=text/xml; charset=utf-8', '-H', `SOAPAction="${NS}/Logout"`, '-b', BODY, url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      const r = JSON.parse(stdout) as { requests: { total: number; average: number }; non2xx: number; errors: number };
      resolve({ total: r.requests.total, average: r.requests.average, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

async function measure(v: Variant, usersFile: string): Promise<{ rps: number; cpuUs: number }> {
  const svc = await startService(v.tree, ['--users', usersFile, '--scrypt-log-n', '4', ...v.args], 'compiled');
  try {
    if (warmup > 0) await autocannon(svc.url, warmup);
    const before = cpuMicros(svc.pid);
    const r = await autocannon(svc.url, duration);
    const cpu = cpuMicros(svc.pid) - before;
    if (r.errors > 0 || r.non2xx !== r.total) throw new Error(`${v.name}: unexpected answers ${JSON.stringify(r)}`);
    // The log lines are kept by startService: drop them between runs.
    svc.lines.length = 0;
    return { rps: r.average, cpuUs: cpu / r.total };
  } finally {
    await svc.stop();
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'wsdlc-throughput-'));
const usersFile = path.join(dir, 'users.json');
await addUser(usersFile, 'alice', 'pw', { N: 2 ** 4, r: 8, p: 1 });
const variants: Variant[] = [
  { name: 'before', tree: treeOf(baseline), args: [] },
  { name: 'now', tree: treeOf(undefined), args: [] },
  { name: 'now-text', tree: treeOf(undefined), args: ['--log-format', 'text'] },
  { name: 'now-bare', tree: treeOf(undefined), args: ['--log-format', 'text', '--metrics', 'off'] },
];
const results = new Map<string, { rps: number; cpuUs: number }[]>(variants.map((v) => [v.name, []]));
const load0 = loadavg()[0]!;
try {
  for (let r = 0; r < rounds; r++) for (const v of variants) results.get(v.name)!.push(await measure(v, usersFile));
} finally {
  await rm(dir, { recursive: true, force: true });
}
const load1 = loadavg()[0]!;
console.log(
  `SOAP 1.1 Logout (unknown ticket), autocannon ${connections} connections, ${duration} s after ${warmup} s warm-up, ` +
    `${rounds} rounds; baseline ${baseline}; load average ${load0.toFixed(1)} -> ${load1.toFixed(1)}`,
);
const base = results.get('before')!;
for (const v of variants) {
  const rs = results.get(v.name)!;
  console.log(
    `${v.name.padEnd(9)} req/s ${medianRange(rs.map((x) => x.rps)).padEnd(22)} CPU µs/request ${medianRange(
      rs.map((x) => x.cpuUs),
      1,
    ).padEnd(22)} req/s ratio to before ${medianRange(
      rs.map((x, i) => x.rps / base[i]!.rps),
      2,
    ).padEnd(18)} CPU ratio ${medianRange(
      rs.map((x, i) => x.cpuUs / base[i]!.cpuUs),
      2,
    )}`,
  );
}
