/**
 * Server bench by instruction count: the servers of bench/server.ts (bare node:http
 * answering the canned response, and the generated handler) each run under
 * valgrind's callgrind, which counts the instructions the server process executes
 * (all its threads: V8's GC helpers too; not the kernel's work in system calls).
 * After a warm-up, each round zeroes the counters, sends the same number of Login
 * requests over keep-alive connections, and reads the count: instructions per
 * request, the same from run to run within about 2% whatever else the machine is
 * doing (req/s on a shared machine is not). Prints each server's figure per round
 * and the ratio to bare within each round (median and range).
 *
 *   npx tsx bench/server-instructions.ts [--requests 3000] [--warmup 25000] [--rounds 3] [--connections 8] [--baseline] [--functions 40]
 *
 * `--baseline` adds a row `before`: generated/auth with its own runtime copy (the
 * runtime of the last regeneration), as in bench/server.ts.
 * `--functions N` also prints, from each server's last round, the N functions
 * whose instructions per request differ most from bare's (self cost; V8's
 * generated code named from node's `--perf-basic-prof` map, bench/callgrind-functions.ts):
 * where the instructions a server spends beyond bare's go. Needs valgrind
 * (`apt-get install valgrind`); under it a server runs about 50x slower, so the
 * figures come from a few thousand requests. V8's optimizing compiler runs on a
 * background thread that callgrind slows down with the rest: the count per request
 * keeps falling (about 260k, 140k, 77k for bare) until some 20,000 requests have
 * been served, hence the long warm-up, given to the servers in turns; the first
 * round's figures should match the last's, or the warm-up was too short. A run takes 10-30 minutes.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGIN_REQUEST } from './auth-handler.js';
import { BENCH_SOURCES_AS_GENERATED, compileForBench } from './compile.js';
import { instructionsByFunction } from './callgrind-functions.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const perRound = arg('requests', 3000);
const warmup = arg('warmup', 25000);
const rounds = arg('rounds', 3);
const connections = arg('connections', 8);
const withBaseline = process.argv.includes('--baseline');
/** `--functions N`: print the N functions that differ most from bare (0: none). */
const functions = arg('functions', 0);

type Kind = 'bare' | 'wsdlc' | 'before';
const KINDS: readonly Kind[] = ['bare', 'wsdlc', ...(withBaseline ? ['before' as const] : [])];

const wsdl = fileURLToPath(new URL('../wsdl/auth.wsdl', import.meta.url));
const compiled = compileForBench();
const baseline = withBaseline ? compileForBench(BENCH_SOURCES_AS_GENERATED) : undefined;
const dumps = mkdtempSync(path.join(tmpdir(), 'wsdlc-callgrind-'));

interface Server {
  readonly kind: Kind;
  readonly child: ChildProcess;
  readonly port: number;
  readonly agent: Agent;
}

/** Starts the bench server `kind` under callgrind; resolves once it listens. */
function start(kind: Kind): Promise<Server> {
  const tree = kind === 'before' ? baseline! : compiled;
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${path.join(dumps, `${kind}.%p`)}`,
      ...(functions > 0 ? ['--dump-instr=yes'] : []),
      process.execPath,
      ...(functions > 0 ? ['--perf-basic-prof'] : []),
      path.join(tree, 'bench', 'server-child.js'),
      kind === 'before' ? 'wsdlc' : kind,
      wsdl,
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`${kind} server exited with ${String(code)}: ${stderr.slice(-2000)}`)),
    );
    child.once('message', (msg: unknown) => {
      const port = (msg as { port?: unknown }).port;
      if (typeof port !== 'number') return reject(new Error(`bad message from ${kind}: ${JSON.stringify(msg)}`));
      child.removeAllListeners('exit');
      resolve({ kind, child, port, agent: new Agent({ keepAlive: true, maxSockets: connections }) });
    });
  });
}

/** Sends `n` Login requests, `connections` at a time, each checked to answer 200 with the ticket. */
function load(server: Server, n: number): Promise<void> {
  const body = Buffer.from(LOGIN_REQUEST.body);
  const headers = { ...LOGIN_REQUEST.headers, 'Content-Length': String(body.length) };
  let sent = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const one = (): void => {
      if (sent >= n) return;
      sent++;
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: LOGIN_REQUEST.path,
          headers,
          agent: server.agent,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            if (res.statusCode !== 200 || !text.includes('ticket-alice'))
              return reject(new Error(`${server.kind} answered ${String(res.statusCode)}: ${text}`));
            if (++done === n) resolve();
            else one();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    };
    for (let i = 0; i < connections; i++) one();
  });
}

/** The last dump read of each server (for `--functions`). */
const lastDump = new Map<Kind, string>();

/** The instructions callgrind counted since the last zeroing (dumps the counters, reads the dump). */
function dumpedInstructions(server: Server): number {
  const pid = String(server.child.pid);
  const before = new Set(readdirSync(dumps));
  execFileSync('callgrind_control', ['--dump', pid], { stdio: 'ignore' });
  const fresh = readdirSync(dumps).filter((f) => !before.has(f) && f.startsWith(`${server.kind}.${pid}.`));
  if (fresh.length !== 1) throw new Error(`callgrind wrote ${fresh.length} dumps for ${server.kind}`);
  const text = readFileSync(path.join(dumps, fresh[0]!), 'utf8');
  lastDump.set(server.kind, path.join(dumps, fresh[0]!));
  const m = /^summary: (\d+)/m.exec(text) ?? /^totals: (\d+)/m.exec(text);
  if (m === null) throw new Error(`no instruction total in callgrind's dump for ${server.kind}`);
  return Number(m[1]);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const load0 = loadavg()[0]!;
  const servers: Server[] = [];
  try {
    for (const kind of KINDS) servers.push(await start(kind));
    // Warmed in turns of one round's requests, as the rounds run: a server left idle while the
    // others take their whole warm-up (minutes under callgrind) ran its first round at about
    // three times its steady count (V8 compiling its code again, by the look of it).
    for (let done = 0; done < warmup; done += perRound) {
      for (const s of servers) await load(s, Math.min(perRound, warmup - done));
    }
    const figures = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        execFileSync('callgrind_control', ['--zero', String(s.child.pid)], { stdio: 'ignore' });
        await load(s, perRound);
        figures.get(s.kind)!.push(dumpedInstructions(s) / perRound);
      }
    }
    console.log(
      `SOAP 1.1 Login under callgrind, ${perRound} requests per round over ${connections} keep-alive connections ` +
        `(after ${warmup}), ${rounds} rounds, node ${process.version}, load average ${load0.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end`,
    );
    console.log(
      `${'server'.padEnd(8)}${'instructions/request: median'.padStart(30)}${'range'.padStart(22)}${'vs bare (per round)'.padStart(36)}`,
    );
    const bare = figures.get('bare')!;
    for (const kind of KINDS) {
      const xs = figures.get(kind)!;
      const ratios = xs.map((x, i) => x / bare[i]!);
      const k = (x: number): string => `${(x / 1000).toFixed(1)}k`;
      const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
      console.log(
        `${kind.padEnd(8)}${k(median(xs)).padStart(30)}${`${k(Math.min(...xs))}-${k(Math.max(...xs))}`.padStart(22)}` +
          `${`${pct(median(ratios))} (${pct(Math.min(...ratios))}-${pct(Math.max(...ratios))})`.padStart(36)}`,
      );
    }
    if (functions > 0) printFunctions(servers);
  } finally {
    // valgrind writes a last dump as it exits: wait for that before the dumps' folder is removed.
    await Promise.all(
      servers.map((s) => {
        s.agent.destroy();
        const exited = new Promise((resolve) => {
          if (s.child.exitCode !== null || s.child.signalCode !== null) resolve(undefined);
          else s.child.once('exit', resolve);
        });
        s.child.kill();
        return exited;
      }),
    );
    if (functions > 0) for (const s of servers) rmSync(`/tmp/perf-${String(s.child.pid)}.map`, { force: true });
  }
}

/** `--functions`: per server, the functions whose self instructions per request differ most from bare's (last round). */
function printFunctions(servers: readonly Server[]): void {
  const byKind = new Map<Kind, Map<string, number>>();
  for (const s of servers) {
    const dump = lastDump.get(s.kind);
    if (dump !== undefined) byKind.set(s.kind, instructionsByFunction(dump, `/tmp/perf-${String(s.child.pid)}.map`));
  }
  const bare = byKind.get('bare');
  if (bare === undefined) return;
  for (const [kind, fns] of byKind) {
    if (kind === 'bare') continue;
    const names = new Set([...fns.keys(), ...bare.keys()]);
    const rows = [...names]
      .map((name) => ({ name, ours: (fns.get(name) ?? 0) / perRound, bare: (bare.get(name) ?? 0) / perRound }))
      .sort((a, b) => Math.abs(b.ours - b.bare) - Math.abs(a.ours - a.bare));
    const total = rows.reduce((n, r) => n + r.ours - r.bare, 0);
    console.log(
      `\n${kind}: the ${functions} functions that differ most from bare, self instructions per request (last round; ${kind} - bare = ${total.toFixed(0)})`,
    );
    console.log(`${'diff'.padStart(8)}${kind.padStart(8)}${'bare'.padStart(8)}  function`);
    for (const r of rows.slice(0, functions)) {
      console.log(
        `${(r.ours - r.bare).toFixed(0).padStart(8)}${r.ours.toFixed(0).padStart(8)}${r.bare.toFixed(0).padStart(8)}  ${r.name}`,
      );
    }
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const dir of [compiled, baseline, dumps]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
