/**
 * Server bench: requests/s and latency of SOAP 1.1 Login answered by
 *   - wsdlc: the runtime's handler (see bench/auth-handler.ts to swap it),
 *   - node-soap: `soap.listen` serving the same WSDL with the same implementation,
 *   - bare: node:http answering a canned response (the ceiling),
 * each in its own child process, loaded one after the other by autocannon (also a
 * child process) with the same connections and duration. Prints a table.
 *
 *   npx tsx bench/server.ts [--connections 50] [--duration 10] [--warmup 2] [--rounds 3] [--tsx] [--calibrate 15] [--baseline] [--stages] [--wrk]
 *
 * `--wrk` loads the servers with wrk (`wrk -t1 -c<connections>`, a C load generator
 * that takes less of the machine's CPU than autocannon; installed separately, e.g.
 * `apt-get install wrk`) instead of autocannon.
 *
 * `--stages` adds rows `upto-body`, `upto-parse`, `upto-call`: the handler cut after
 * each stage, answering the canned response (bench/server-stages.ts), so the
 * differences between rows show what each stage costs under load.
 * `--baseline` adds a row `before`: generated/auth with its own runtime copy
 * (the runtime of the last regeneration), to compare against the current src/runtime.
 *
 * The servers run compiled JavaScript (bench/compile.ts), as shipped code would;
 * `--tsx` runs them from source under tsx instead (slower: tsx wraps functions).
 * Besides req/s, each server's CPU time per request is printed: it depends far
 * less than req/s on what else the machine is doing (on a busy machine, compare
 * that column). `--calibrate N` adds a row `bare+N`: the bare server busy-waiting
 * N µs per request, to show what a given amount of per-request work costs in
 * req/s on this machine (on 2 CPUs shared with the load generator, 15 µs of work
 * already costs about 40% of bare's req/s).
 *
 * Below the table, the ratios within each round (median and range over the
 * rounds): a paired view that a slow phase of the machine moves less than the
 * medians of the rows.
 *
 * Targets: wsdlc >= 3x node-soap and >= 70% of bare.
 */
import { fork, execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { cpus, loadavg, tmpdir } from 'node:os';
import { LOGIN_REQUEST } from './auth-handler.js';
import { BENCH_SOURCES_AS_GENERATED, compileForBench } from './compile.js';
import { STAGES, stageTrees, type Stage } from './server-stages.js';

const require = createRequire(import.meta.url);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const connections = arg('connections', 50);
const duration = arg('duration', 10);
const warmup = arg('warmup', 2);
const rounds = arg('rounds', 3);

/** `bare+N` is the bare server doing N µs of busy work per request (`--calibrate N`). */
type Kind = 'wsdlc' | 'node-soap' | 'bare' | `bare+${number}` | 'before' | Stage;
const calibrate = arg('calibrate', 0);
/** `--baseline`: add a row `before`, generated/auth with its own runtime copy (the runtime of the last regeneration). */
const withBaseline = process.argv.includes('--baseline') && !process.argv.includes('--tsx');
/** `--stages`: add rows of the handler cut after each stage (bench/server-stages.ts), to see what each costs. */
const withStages = process.argv.includes('--stages') && !process.argv.includes('--tsx');
const KINDS: readonly Kind[] = [
  'bare',
  ...(calibrate > 0 ? [`bare+${calibrate}` as const] : []),
  'wsdlc',
  ...(withBaseline ? ['before' as const] : []),
  ...(withStages ? STAGES : []),
  'node-soap',
];

interface Result {
  readonly kind: Kind;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  /** Server CPU time (user + system) per request, in microseconds (little affected by other load). */
  readonly cpuPerRequest: number;
}

interface Stats {
  readonly cpuMicros: number;
}

interface Child {
  readonly port: number;
  stats(): Promise<Stats>;
  stop(): void;
}

/** The WSDL node-soap serves: wsdl/auth.wsdl, or the test fixture copy while that is not there. */
function wsdlFile(): string {
  const main = fileURLToPath(new URL('../wsdl/auth.wsdl', import.meta.url));
  return existsSync(main) ? main : fileURLToPath(new URL('../test/runtime-server/fixtures/auth.wsdl', import.meta.url));
}

/** Where the child script is: compiled to plain JS (default) or run from source under tsx (`--tsx`). */
const useTsx = process.argv.includes('--tsx');
const compiledDir = useTsx ? undefined : compileForBench();
const childScript =
  compiledDir === undefined
    ? fileURLToPath(new URL('./server-child.ts', import.meta.url))
    : path.join(compiledDir, 'bench', 'server-child.js');
const baselineDir = withBaseline ? compileForBench(BENCH_SOURCES_AS_GENERATED) : undefined;
const stageDirs = withStages && compiledDir !== undefined ? stageTrees(compiledDir) : new Map<Stage, string>();

/** The compiled tree a row runs from, when not the default one. */
function treeOf(kind: Kind): string | undefined {
  if (kind === 'before') return baselineDir;
  return stageDirs.get(kind as Stage);
}

function startChild(kind: Kind): Promise<Child> {
  const spin = kind.startsWith('bare+') ? kind.slice('bare+'.length) : undefined;
  const tree = treeOf(kind);
  const script = tree === undefined ? childScript : path.join(tree, 'bench', 'server-child.js');
  const childKind = tree === undefined ? kind : 'wsdlc';
  const child = fork(script, spin === undefined ? [childKind, wsdlFile()] : ['bare', wsdlFile(), spin], {
    execArgv: useTsx ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${String(code)}`)));
    child.once('message', (msg: unknown) => {
      const port = (msg as { port?: unknown }).port;
      if (typeof port !== 'number') return reject(new Error(`bad message from ${kind}: ${JSON.stringify(msg)}`));
      child.removeAllListeners('exit');
      resolve({
        port,
        stop: () => child.kill(),
        stats: () =>
          new Promise<Stats>((ok) => {
            child.once('message', (m: unknown) => ok(m as Stats));
            child.send('stats');
          }),
      });
    });
  });
}

/** One request, to check the server answers the Login correctly before loading it. */
function probe(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: LOGIN_REQUEST.path, headers: LOGIN_REQUEST.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`HTTP ${String(res.statusCode)}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(LOGIN_REQUEST.body);
  });
}

/** `--wrk`: load with wrk instead of autocannon. */
const useWrk = process.argv.includes('--wrk');

/** The wrk script: the Login request, and a summary in autocannon's JSON shape (the fields read below). */
const WRK_SCRIPT = `wrk.method = "POST"
${Object.entries(LOGIN_REQUEST.headers)
  .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
  .join('\n')}
wrk.body = ${JSON.stringify(LOGIN_REQUEST.body)}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":{"total":%d,"average":%f},"latency":{"p50":%d,"p99":%d},"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.requests / (summary.duration / 1e6), math.floor(latency:percentile(50) / 1000 + 0.5), math.floor(latency:percentile(99) / 1000 + 0.5),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;
const wrkDir = useWrk ? mkdtempSync(path.join(tmpdir(), 'wsdlc-wrk-')) : undefined;
const wrkScript = wrkDir === undefined ? '' : path.join(wrkDir, 'login.lua');
if (wrkDir !== undefined) writeFileSync(wrkScript, WRK_SCRIPT);

/** Runs wrk (one thread) as a child process and returns its summary in autocannon's shape. */
function wrk(port: number, seconds: number): Promise<Record<string, unknown>> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '-s',
    wrkScript,
    `http://127.0.0.1:${port}${LOGIN_REQUEST.path}`,
  ];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { maxBuffer: 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      const line = stdout.split('\n').find((l) => l.startsWith('WRK '));
      if (line === undefined) return reject(new Error(`wrk printed no summary: ${stdout}`));
      resolve(JSON.parse(line.slice(4)) as Record<string, unknown>);
    });
  });
}

/** Runs the load generator (autocannon, or wrk with `--wrk`) and returns its summary. */
function cannon(port: number, seconds: number): Promise<Record<string, unknown>> {
  return useWrk ? wrk(port, seconds) : autocannon(port, seconds);
}

/** Runs autocannon as a child process and returns its JSON summary. */
function autocannon(port: number, seconds: number): Promise<Record<string, unknown>> {
  const bin = require.resolve('autocannon/autocannon.js');
  const args = [bin, '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-j'];
  for (const [k, v] of Object.entries(LOGIN_REQUEST.headers)) args.push('-H', `${k}=${v}`);
  args.push('-b', LOGIN_REQUEST.body, `http://127.0.0.1:${port}${LOGIN_REQUEST.path}`);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout) as Record<string, unknown>);
    });
  });
}

function num(obj: Record<string, unknown>, ...path: string[]): number {
  let cur: unknown = obj;
  for (const p of path) cur = typeof cur === 'object' && cur !== null ? (cur as Record<string, unknown>)[p] : undefined;
  return typeof cur === 'number' ? cur : NaN;
}

async function measure(kind: Kind): Promise<Result> {
  const child = await startChild(kind);
  const { port } = child;
  try {
    const body = await probe(port);
    if (!body.includes('ticket-alice')) throw new Error(`${kind} answered an unexpected body: ${body}`);
    if (warmup > 0) await cannon(port, warmup);
    const before = await child.stats();
    const r = await cannon(port, duration);
    const after = await child.stats();
    return {
      cpuPerRequest: (after.cpuMicros - before.cpuMicros) / Math.max(1, num(r, 'requests', 'total')),
      kind,
      rps: num(r, 'requests', 'average'),
      p50: num(r, 'latency', 'p50'),
      p99: num(r, 'latency', 'p99'),
      errors: num(r, 'errors'),
      non2xx: num(r, 'non2xx'),
    };
  } finally {
    child.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `SOAP 1.1 Login, ${useWrk ? 'wrk' : 'autocannon'}, ${connections} connections, ${duration} s each (after ${warmup} s warm-up), median of ${rounds} rounds, ` +
      `${useTsx ? 'servers under tsx' : 'servers compiled'}, node ${process.version}, ${cpus().length} CPUs, load average at start ${loadavg()[0]!.toFixed(1)}`,
  );
  // Servers are measured in turn, `rounds` times, interleaved (so slow phases of other load on
  // the machine hit every server alike); each column is the median over the rounds. Each round
  // starts one server later than the one before: a row's place in the order is worth a few
  // percent on this kind of machine, so no row keeps the same place (use as many rounds as rows
  // for every row to take every place).
  const all = new Map<Kind, Result[]>(KINDS.map((k) => [k, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < KINDS.length; k++) {
      const kind = KINDS[(k + round) % KINDS.length]!;
      all.get(kind)!.push(await measure(kind));
    }
  }
  const median = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const results: Result[] = KINDS.map((kind) => {
    const rs = all.get(kind)!;
    return {
      kind,
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      errors: rs.reduce((n, r) => n + r.errors, 0),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      cpuPerRequest: median(rs.map((r) => r.cpuPerRequest)),
    };
  });
  const bare = results.find((r) => r.kind === 'bare')!;
  const soap = results.find((r) => r.kind === 'node-soap')!;
  const pad = (s: string, n: number) => s.padStart(n);
  console.log(
    `${'server'.padEnd(12)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('vs bare', 9)}${pad('vs node-soap', 14)}${pad('CPU us/req', 12)}${pad('errors', 8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(12)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}` +
        `${pad(`${((r.rps / bare.rps) * 100).toFixed(0)}%`, 9)}${pad(`${(r.rps / soap.rps).toFixed(2)}x`, 14)}${pad(r.cpuPerRequest.toFixed(0), 12)}${pad(String(r.errors + r.non2xx), 8)}`,
    );
  }
  const ours = results.find((r) => r.kind === 'wsdlc')!;
  // Paired view: the ratio within each round (its rows ran minutes apart at most), so that a slow phase of
  // the machine during one round moves that round's ratio less than it moves a row's median.
  const perRound = (kind: Kind, base: Kind): number[] => all.get(kind)!.map((r, i) => r.rps / all.get(base)![i]!.rps);
  const spread = (xs: number[], pct: boolean): string => {
    const f = (x: number): string => (pct ? `${(x * 100).toFixed(0)}%` : `${x.toFixed(2)}x`);
    return `median ${f(median(xs))}, range ${f(Math.min(...xs))}-${f(Math.max(...xs))}`;
  };
  console.log(
    `per round: wsdlc / bare ${spread(perRound('wsdlc', 'bare'), true)}; wsdlc / node-soap ${spread(perRound('wsdlc', 'node-soap'), false)}`,
  );
  console.log(
    `targets (req/s): >= 3x node-soap: ${ours.rps / soap.rps >= 3 ? 'met' : 'NOT met'}; >= 70% of bare: ${ours.rps / bare.rps >= 0.7 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `CPU per request: wsdlc uses ${(soap.cpuPerRequest / ours.cpuPerRequest).toFixed(2)}x less than node-soap, ` +
      `${((bare.cpuPerRequest / ours.cpuPerRequest) * 100).toFixed(0)}% of bare's efficiency (load-independent view of the same targets)`,
  );
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const dir of [compiledDir, baselineDir, wrkDir, ...stageDirs.values()])
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
