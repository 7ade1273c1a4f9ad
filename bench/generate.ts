/**
 * Whole-process generation benchmark: `node bin/wsdlc.js generate` versus
 * `wsdl-tsclient` on the same WSDLs, one process per run, printing wall time,
 * peak RSS and the ratios. Run `npm run build` first (wsdlc runs from dist/).
 *
 *   npx tsx bench/generate.ts [--runs 3] [--only auth,ews] [--tsc | --tsc-only]
 *
 * `--tsc` adds a second table (`--tsc-only`: only that table): the user's
 * TypeScript compiler on each output alone, as a user's build runs it (`tsc
 * --strict --noEmit --skipLibCheck --target es2022 --module nodenext`), for
 * wsdlc's output with the runtime as TypeScript (default: its files marked
 * `// @ts-nocheck`; also with `--ts-nocheck none`, every file checked, and
 * `--ts-nocheck all`), as `.js` + `.d.ts` (`--runtime-format js`) and from the
 * package (`"runtime": "package"`), and for
 * wsdl-tsclient's: median wall time, range and peak RSS of the runs, the
 * output's total size (runtime included), tsc's exit code (the peer's output
 * does not compile under nodenext: its imports lack extensions; tsc checks it all
 * the same) and the ratio to the peer's time within the same rounds.
 *
 * Peak RSS is read inside each child: a `--import` preload prints
 * `process.resourceUsage().maxRSS` when the process exits, so both tools are
 * measured the same way (whole process, Node included), and so is CPU time (user
 * + system, all threads). The tools run side by side: each round runs every tool
 * once in turn, so load from other processes falls on all of them alike. The
 * table gives the median and range of wall-clock time as seen by this parent
 * (spawn to exit) and of CPU time; the ratios compare medians of the same rounds.
 *
 * wsdlc keeps V8 code caches of the TypeScript compiler and of its own bundled
 * CLI in `node_modules/.cache/wsdlc` (written by its first run). The "cold" column runs
 * it with a fresh, empty cache folder every time: the figure for a first run on a
 * new machine. "out KiB" is the TypeScript each tool wrote (wsdlc's verbatim
 * runtime/ copy excluded): the tools do not produce the same amount of code.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url).pathname;
const CORPUS = fileURLToPath(new URL('../../shared/corpus/large', import.meta.url));
const WSDLC = join(ROOT, 'bin/wsdlc.js');
const TSCLIENT = join(ROOT, 'node_modules/wsdl-tsclient/dist/src/cli.js');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const USER_TSC_FLAGS = ['--strict', '--noEmit', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext'];
const PRELOAD =
  'data:text/javascript,' +
  encodeURIComponent(
    `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\n@@maxrss=' + u.maxRSS + ' cpu=' + Math.round((u.userCPUTime + u.systemCPUTime) / 1000) + '\\n'); });`,
  );

const CONTRACTS: readonly { readonly name: string; readonly wsdl: string }[] = [
  { name: 'auth', wsdl: join(ROOT, 'wsdl/auth.wsdl') },
  { name: 'sf-enterprise', wsdl: join(CORPUS, 'salesforce/enterprise.wsdl') },
  { name: 'sf-partner', wsdl: join(CORPUS, 'salesforce/partner_v58.wsdl') },
  { name: 'sf-metadata', wsdl: join(CORPUS, 'salesforce/metadata.wsdl') },
  { name: 'ews', wsdl: join(CORPUS, 'ews/services.wsdl') },
  { name: 'netsuite', wsdl: join(CORPUS, 'netsuite_2023_2/netsuite.wsdl') },
];

interface Run {
  readonly ms: number;
  /** Bytes of TypeScript written (runtime/ excluded). */
  readonly outBytes?: number;
  readonly rssKiB: number;
  /** CPU time of the child (user + system, ms): steadier than wall time on a loaded machine. */
  readonly cpuMs: number;
  readonly code: number;
  readonly stderr: string;
}

/** Bytes of `.ts` files under `dir`, leaving out folders named `runtime` unless `withRuntime`. */
function tsBytes(dir: string, withRuntime = false): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += e.name === 'runtime' && !withRuntime ? 0 : tsBytes(p, withRuntime);
    else if (e.name.endsWith('.ts')) total += statSync(p).size;
  }
  return total;
}

/** The `.ts` files under `dir` (node_modules left out). */
function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...tsFiles(p));
    } else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out.sort();
}

/** The outputs whose user's tsc is measured: wsdlc's three runtime setups and the peer's. */
const TSC_VARIANTS = [
  'wsdlc ts',
  'wsdlc ts runtime',
  'wsdlc ts none',
  'wsdlc ts all',
  'wsdlc js',
  'wsdlc pkg',
  'tsclient',
] as const;
type TscVariant = (typeof TSC_VARIANTS)[number];

/**
 * A node_modules for the generated folders: links to every package of the
 * repo's node_modules (the peer's output imports `soap`; `@wsdlc/runtime` is the
 * workspace package packages/runtime, its dist/ built by `npm run build`) plus
 * `wsdlc` itself (the repo, whose `exports` give `wsdlc/runtime` from dist/, as an
 * installed wsdlc would).
 */
function linkNodeModules(base: string): void {
  const nm = join(base, 'node_modules');
  mkdirSync(nm);
  for (const e of readdirSync(join(ROOT, 'node_modules'))) {
    if (e !== 'wsdlc' && !e.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', e), join(nm, e), 'dir');
  }
  symlinkSync(ROOT, join(nm, 'wsdlc'), 'dir');
}

/**
 * The user's tsc on each tool's output of `wsdl`, side by side: wsdlc's output
 * with the runtime copied as TypeScript (`ts`, the default), compiled (`js`:
 * `.js` + `.d.ts`) and imported from the installed package (`pkg`:
 * `"runtime": "package"`, `@wsdlc/runtime`), and wsdl-tsclient's. Generates each once, then runs
 * tsc `runs` rounds, each round every variant in turn.
 */
async function userTsc(name: string, wsdl: string, runs: number): Promise<string[][]> {
  const base = mkdtempSync(join(tmpdir(), `bench-tsc-${name}-`));
  try {
    linkNodeModules(base);
    const dirs: Record<TscVariant, string> = {
      'wsdlc ts': join(base, 'ts'),
      'wsdlc ts runtime': join(base, 'ts-runtime'),
      'wsdlc ts none': join(base, 'ts-none'),
      'wsdlc ts all': join(base, 'ts-all'),
      'wsdlc js': join(base, 'js'),
      'wsdlc pkg': join(base, 'pkg'),
      tsclient: join(base, 'tsclient'),
    };
    await runOnce(WSDLC, ['generate', wsdl, '-o', dirs['wsdlc ts'], '--quiet'], 600_000);
    for (const [v, scope] of [
      ['wsdlc ts runtime', 'runtime'],
      ['wsdlc ts none', 'none'],
      ['wsdlc ts all', 'all'],
    ] as const) {
      await runOnce(WSDLC, ['generate', wsdl, '-o', dirs[v], '--ts-nocheck', scope, '--quiet'], 600_000);
    }
    await runOnce(WSDLC, ['generate', wsdl, '-o', dirs['wsdlc js'], '--runtime-format', 'js', '--quiet'], 600_000);
    const config = join(base, 'wsdlc.config.json');
    writeFileSync(config, JSON.stringify({ contracts: [{ wsdl, output: 'pkg' }], runtime: 'package' }));
    await runOnce(WSDLC, ['generate', '-c', config, '--quiet'], 600_000);
    // Generated ESM, as a user's package would declare it.
    for (const v of TSC_VARIANTS) {
      if (v !== 'tsclient') writeFileSync(join(dirs[v], 'package.json'), '{ "type": "module" }\n');
    }
    await runOnce(TSCLIENT, [wsdl, '-o', dirs.tsclient], 600_000);
    const results = new Map<TscVariant, Run[]>(TSC_VARIANTS.map((v) => [v, []]));
    for (let i = 0; i < runs; i++) {
      for (const v of TSC_VARIANTS)
        results.get(v)!.push(await runOnce(TSC, [...USER_TSC_FLAGS, ...tsFiles(dirs[v])], 600_000));
    }
    const ms = (r: readonly Run[]): number => median(r.map((x) => x.ms));
    const cpu = (r: readonly Run[]): number => median(r.map((x) => x.cpuMs));
    const peer = ms(results.get('tsclient')!);
    const peerCpu = cpu(results.get('tsclient')!);
    return TSC_VARIANTS.map((v) => {
      const r = results.get(v)!;
      return [
        name,
        v,
        (outBytes(dirs[v]) / 1024).toFixed(0),
        ms(r).toFixed(0),
        `${Math.min(...r.map((x) => x.ms)).toFixed(0)}-${Math.max(...r.map((x) => x.ms)).toFixed(0)}`,
        (Math.max(...r.map((x) => x.rssKiB)) / 1024).toFixed(0),
        String(r[0]?.code),
        `${(ms(r) / peer).toFixed(2)}`,
        cpu(r).toFixed(0),
        `${Math.min(...r.map((x) => x.cpuMs)).toFixed(0)}-${Math.max(...r.map((x) => x.cpuMs)).toFixed(0)}`,
        `${(cpu(r) / peerCpu).toFixed(2)}`,
      ];
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Bytes of every file under `dir` (the output as shipped: `.ts`, `.js`, `.d.ts`; node_modules and package.json left out). */
function outBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += e.name === 'node_modules' ? 0 : outBytes(p);
    else if (e.name !== 'package.json') total += statSync(p).size;
  }
  return total;
}

/** Prints a table, first and last columns left-aligned. */
function printTable(rows: readonly string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows)
    process.stdout.write(
      `${r
        .map((cell, i) => (i === 0 || i === r.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')}\n`,
    );
}

function runOnce(
  script: string,
  args: readonly string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = {},
): Promise<Run> {
  return new Promise((resolveRun) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PRELOAD, script, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      const m = /@@maxrss=(\d+) cpu=(\d+)/.exec(stderr);
      resolveRun({
        ms,
        rssKiB: m?.[1] !== undefined ? Number(m[1]) : NaN,
        cpuMs: m?.[2] !== undefined ? Number(m[2]) : NaN,
        code: code ?? -1,
        stderr: stderr.replace(/\n?@@maxrss=\d+ cpu=\d+\n/, ''),
      });
    });
  });
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** One run of `tool` on `wsdl` into a fresh temporary folder (removed after). */
async function runTool(tool: 'wsdlc' | 'wsdlc-cold' | 'wsdl-tsclient', wsdl: string): Promise<Run> {
  const out = mkdtempSync(join(tmpdir(), `bench-${tool}-`));
  try {
    const r =
      tool === 'wsdl-tsclient'
        ? await runOnce(TSCLIENT, [wsdl, '-o', out], 600_000)
        : await runOnce(
            WSDLC,
            ['generate', wsdl, '-o', join(out, 'gen'), '--quiet'],
            600_000,
            tool === 'wsdlc-cold' ? { WSDLC_CACHE_DIR: join(out, 'cache') } : {},
          );
    return { ...r, outBytes: tsBytes(out) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const TOOLS = ['wsdlc', 'wsdlc-cold', 'wsdl-tsclient'] as const;
type Tool = (typeof TOOLS)[number];

/** The runs of one tool, summarised: median and range of wall and CPU time, peak RSS. */
interface Summary {
  readonly ms: number;
  readonly msRange: string;
  readonly cpuMs: number;
  readonly cpuRange: string;
  readonly rssKiB: number;
  readonly outBytes: number;
  readonly code: number;
  readonly stderr: string;
}

function summarise(results: readonly Run[]): Summary {
  const last = results[results.length - 1]!;
  const range = (xs: readonly number[]): string => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  return {
    ms: median(results.map((r) => r.ms)),
    msRange: range(results.map((r) => r.ms)),
    cpuMs: median(results.map((r) => r.cpuMs)),
    cpuRange: range(results.map((r) => r.cpuMs)),
    rssKiB: Math.max(...results.map((r) => r.rssKiB)),
    outBytes: last.outBytes ?? 0,
    code: results.find((r) => r.code !== 0)?.code ?? 0,
    stderr: results.find((r) => r.code !== 0)?.stderr ?? last.stderr,
  };
}

/**
 * The tools side by side: `runs` rounds, each round every tool once in turn, so
 * that a change in the machine's load falls on all of them alike.
 */
async function measureRounds(wsdl: string, runs: number): Promise<Record<Tool, Summary>> {
  const results: Record<Tool, Run[]> = { wsdlc: [], 'wsdlc-cold': [], 'wsdl-tsclient': [] };
  for (let i = 0; i < runs; i++) {
    for (const tool of TOOLS) results[tool].push(await runTool(tool, wsdl));
    if (TOOLS.some((t) => results[t][i]!.code !== 0)) break;
  }
  return {
    wsdlc: summarise(results.wsdlc),
    'wsdlc-cold': summarise(results['wsdlc-cold']),
    'wsdl-tsclient': summarise(results['wsdl-tsclient']),
  };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function benchMain(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) {
    process.stderr.write('dist/ is missing: run `npm run build` first\n');
    process.exitCode = 2;
    return;
  }
  const runs = Number(arg('--runs') ?? '1');
  const only = arg('--only')?.split(',');
  const rows: string[][] = [
    [
      'contract',
      'wsdlc ms',
      'range',
      'cpu ms',
      'range',
      'cold ms',
      'wsdlc MiB',
      'out KiB',
      'tsclient ms',
      'range',
      'cpu ms',
      'range',
      'tsclient MiB',
      'out KiB',
      'speed-up',
      'cpu ratio',
      'cold speed-up',
      'memory ratio',
      'notes',
    ],
  ];
  const failures: string[] = [];
  const tscOnly = process.argv.includes('--tsc-only');
  for (const c of CONTRACTS) {
    if (tscOnly || (only && !only.includes(c.name))) continue;
    const { wsdlc: a, 'wsdlc-cold': cold, 'wsdl-tsclient': b } = await measureRounds(c.wsdl, runs);
    const notes: string[] = [];
    if (a.code !== 0) {
      notes.push(`wsdlc exit ${a.code}`);
      failures.push(`${c.name} (wsdlc): ${a.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
    if (b.code !== 0) {
      notes.push(`tsclient exit ${b.code}`);
      failures.push(`${c.name} (wsdl-tsclient): ${b.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
    const speed = b.ms / a.ms;
    if (a.code === 0 && b.code === 0 && speed < 2) notes.push('below 2x target');
    if (a.code === 0 && a.ms >= 1000) notes.push('over 1 s');
    const ok = a.code === 0 && b.code === 0;
    rows.push([
      c.name,
      a.ms.toFixed(0),
      a.msRange,
      a.cpuMs.toFixed(0),
      a.cpuRange,
      cold.ms.toFixed(0),
      (a.rssKiB / 1024).toFixed(0),
      (a.outBytes / 1024).toFixed(0),
      b.ms.toFixed(0),
      b.msRange,
      b.cpuMs.toFixed(0),
      b.cpuRange,
      (b.rssKiB / 1024).toFixed(0),
      (b.outBytes / 1024).toFixed(0),
      ok ? `${speed.toFixed(2)}x` : 'n/a',
      ok ? `${(b.cpuMs / a.cpuMs).toFixed(2)}x` : 'n/a',
      ok ? `${(b.ms / cold.ms).toFixed(2)}x` : 'n/a',
      ok ? `${(a.rssKiB / b.rssKiB).toFixed(2)}` : 'n/a',
      notes.join('; '),
    ]);
    process.stderr.write(`done ${c.name}\n`);
  }
  if (!tscOnly) printTable(rows);
  if (!tscOnly)
    process.stdout.write(
      `\n(${runs} round(s), each tool once per round in turn; median wall time and range, median CPU time (user + system, read inside each process) and range;\n` +
        ` speed-up = wsdl-tsclient time / wsdlc time; cpu ratio = the same for CPU time (steadier on a loaded machine); cold: wsdlc with an empty code cache;\n` +
        ` out KiB = TypeScript written; memory ratio = wsdlc / wsdl-tsclient peak RSS)\n`,
    );
  for (const f of failures) process.stdout.write(`failure: ${f}\n`);
  if (process.argv.includes('--tsc') || tscOnly) {
    const tscRows: string[][] = [
      [
        'contract',
        'output',
        'KiB',
        'tsc ms',
        'range',
        'MiB',
        'exit',
        'vs tsclient',
        'cpu ms',
        'range',
        'cpu vs tsclient',
      ],
    ];
    for (const c of CONTRACTS) {
      if (only && !only.includes(c.name)) continue;
      tscRows.push(...(await userTsc(c.name, c.wsdl, runs)));
      process.stderr.write(`tsc done ${c.name}\n`);
    }
    process.stdout.write(`\nuser's tsc on the output alone: tsc ${USER_TSC_FLAGS.join(' ')} <files>\n`);
    printTable(tscRows);
    process.stdout.write(
      `(${runs} round(s), each variant in turn per round; median wall time, range, peak RSS of the runs; KiB = every file written, runtime included;\n` +
        ` ts = runtime copied as TypeScript, it and types.ts, schema.ts, wsdl.ts marked // @ts-nocheck (default, --ts-nocheck declarations);\n` +
        ` ts runtime / ts none / ts all = --ts-nocheck runtime (the runtime only, the default before 26 Nov) / none (every file checked) / all;\n` +
        ` js = --runtime-format js (.js + .d.ts), pkg = "runtime": "package" (@wsdlc/runtime);\n` +
        ` vs tsclient = tsc time / tsc time on wsdl-tsclient's output, within the same rounds; a tsclient exit of 2: its imports lack extensions under nodenext;\n` +
        ` cpu ms = tsc's CPU time, user + system, read inside the process: steadier than wall time when the machine is loaded)\n`,
    );
  }
  process.stdout.write(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
}

await benchMain();
