/**
 * Large answers (issue 31): a Salesforce `query` answer of 36-field Account records, partner and
 * enterprise contracts (../shared/corpus/large/salesforce), 1, 10 and 50 MB, read by
 *   - wsdlc: the generated client of the contract (generated now by bin/wsdlc.js, compiled to
 *     plain JavaScript with the runtime of src/runtime, or of `--runtime DIR` for a baseline),
 *   - node-soap: soap.createClientAsync on the same WSDL,
 *   - the JSON floor: the same records as JSON, node:http GET then JSON.parse,
 *   - the transport floor: node:http GET of the SOAP answer to a string.
 * Each contender runs in a process of its own (bench/large-answers-child.ts) per size and round,
 * the contenders in a different order each round; a loopback server in this process serves the
 * answers. Per size and contract it prints the median and range of the call's wall and CPU time
 * (all threads of the child: steadier than wall on a loaded machine), the
 * process's peak RSS and the heap kept while the result is held, and the ratios within each round
 * (median and range). A last table is the first call of a fresh process: a 1-record answer of
 * each Salesforce contract, and NetSuite 2023.2's getServerTime with an `xsi:type` in its answer
 * (wsdlc: import, `new Client`, the call; node-soap: createClientAsync and the call).
 *
 *   npm run build    # the generator runs from dist/
 *   npx tsx bench/large-answers.ts [--rounds 3] [--sizes 1,10,50 | none] [--contracts partner,enterprise]
 *                                  [--only wsdlc,node-soap,json,http] [--runtime DIR]
 *                                  [--first partner,enterprise,netsuite | --no-first]
 *                                  [--child-args '--cpu-prof --cpu-prof-dir=/tmp/prof']   (node flags of the children)
 *                                  [--warm K]   (K untimed calls of the large answer before the timed one: a warm
 *                                                process's figures; default 0, the process's first large answer)
 *                                  [--nils P]   (P percent of the large answers' fields nil, `<sf:Fax xsi:nil="true"/>`,
 *                                                as real Salesforce answers hold many; default 0)
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { type Contract, jsonAnswer, netsuiteServerTimeAnswer, soapAnswer } from './large-answers-data.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SALESFORCE = path.join(REPO, '../shared/corpus/large/salesforce');
/** The first-call table's contracts: the large answers' and NetSuite's (getServerTime). */
type FirstContract = Contract | 'netsuite';
const WSDL: Record<FirstContract, string> = {
  partner: path.join(SALESFORCE, 'partner_v58.wsdl'),
  enterprise: path.join(SALESFORCE, 'enterprise.wsdl'),
  netsuite: path.join(REPO, '../shared/corpus/large/netsuite_2023_2/netsuite.wsdl'),
};

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const ROUNDS = Number(option('rounds', '3'));
/** `--sizes none`: the first-call table only. */
const SIZES = option('sizes', '1,10,50')
  .split(',')
  .filter((s) => s !== 'none' && s !== '');
const CONTRACTS = option('contracts', 'partner,enterprise').split(',') as Contract[];
const CONTENDERS = option('only', 'wsdlc,node-soap,json,http').split(',');
const FIRST_CONTRACTS = process.argv.includes('--no-first')
  ? []
  : (option('first', 'partner,enterprise,netsuite').split(',') as FirstContract[]);
/** Extra node flags for every child, e.g. to profile them (`--cpu-prof` is refused in NODE_OPTIONS). */
/** Untimed calls of the large answer each child makes before the timed one (0: the timed call is its first). */
const WARM = Number(option('warm', '0'));
/** Percent of the large answers' fields that are nil (`xsi:nil="true"`, as real Salesforce answers hold many); default 0. */
const NILS = Number(option('nils', '0'));
const CHILD_ARGS = option('child-args', '')
  .split(' ')
  .filter((a) => a !== '');
const RUNTIME = path.resolve(option('runtime', path.join(REPO, 'src/runtime')));

if (!existsSync(path.join(REPO, 'dist/index.js'))) {
  console.error('run `npm run build` first: the generator runs from dist/');
  process.exit(2);
}

// ---------------------------------------------------------------------------
// The generated clients, compiled with the runtime under test

function transpile(from: string, to: string): void {
  const js = ts.transpileModule(readFileSync(from, 'utf8'), {
    fileName: path.basename(from),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  }).outputText;
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, js);
}

function transpileTree(from: string, to: string, skip?: string): void {
  for (const name of readdirSync(from, { recursive: true }) as string[]) {
    if (!name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts')) continue;
    if (skip !== undefined && name.startsWith(`${skip}/`)) continue;
    transpile(path.join(from, name), path.join(to, name.replace(/\.ts$/, '.js')));
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'wsdlc-large-'));
writeFileSync(path.join(work, 'package.json'), '{ "type": "module" }\n');
symlinkSync(path.join(REPO, 'node_modules'), path.join(work, 'node_modules'), 'dir');
transpile(path.join(REPO, 'bench/large-answers-child.ts'), path.join(work, 'child.js'));
for (const c of new Set<FirstContract>([...CONTRACTS, ...FIRST_CONTRACTS])) {
  const gen = path.join(work, 'ts', c);
  const r = spawnSync(
    process.execPath,
    [path.join(REPO, 'bin/wsdlc.js'), 'generate', WSDL[c], '-o', gen, '--client-only', '-q'],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`wsdlc generate ${c} failed: ${r.stderr}`);
  transpileTree(gen, path.join(work, c), 'runtime');
  transpileTree(RUNTIME, path.join(work, c, 'runtime'));
}

// ---------------------------------------------------------------------------
// The answers and their server

const bodies = new Map<string, Buffer>();
const recordsOf = new Map<string, number>();
for (const c of CONTRACTS) {
  for (const size of SIZES) {
    const { body, records } = soapAnswer(c, Number(size) * 2 ** 20, NILS);
    bodies.set(`/${c}/${size}`, body);
    bodies.set(`/json/${c}/${size}`, jsonAnswer(records, NILS));
    recordsOf.set(`${c}/${size}`, records);
  }
}
// The warm-up call and the first call of a fresh process: one record (NetSuite: getServerTime).
for (const c of new Set<FirstContract>([...CONTRACTS, ...FIRST_CONTRACTS])) {
  if (c === 'netsuite') {
    bodies.set('/netsuite/first', netsuiteServerTimeAnswer());
    continue;
  }
  const one = soapAnswer(c, 0);
  bodies.set(`/${c}/first`, one.body);
  bodies.set(`/json/${c}/first`, jsonAnswer(one.records));
}

const server = http.createServer((req, res) => {
  req.resume();
  const url = req.url ?? '';
  const body = bodies.get(url);
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  const json = url.startsWith('/json/');
  res.writeHead(200, {
    'Content-Type': json ? 'application/json' : 'text/xml; charset=utf-8',
    'Content-Length': body.length,
  });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// ---------------------------------------------------------------------------
// Running the children

interface Large {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakRssMB: number;
  readonly heapKeptMB: number;
  readonly records: number;
}
interface First {
  readonly setupMs: number;
  readonly callMs: number;
  readonly sinceStartMs: number;
  readonly records: number;
}

function child<T>(args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', ...CHILD_ARGS, path.join(work, 'child.js'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    p.on('exit', () => {
      const line = out.trim().split('\n').pop() ?? '';
      const why = err.split('\n').find((l) => /Error\b/.test(l)) ?? (err.trim() || out.trim());
      if (!line.startsWith('{')) reject(new Error(`${args.slice(0, 3).join(' ')}: ${why}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

function argsFor(mode: string, contender: string, c: FirstContract): string[] {
  return [mode, contender, c, base, path.join(work, c, 'index.js'), WSDL[c]];
}

const med = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (xs: readonly number[], digits = 0): string => {
  if (xs.length === 0) return '-';
  const s = [...xs].sort((a, b) => a - b);
  return `${med(s).toFixed(digits)} (${s[0]!.toFixed(digits)}-${s[s.length - 1]!.toFixed(digits)})`;
};
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `large answers: ${ROUNDS} rounds, sizes ${SIZES.join('/')} MB, runtime ${path.relative(REPO, RUNTIME) || RUNTIME}, ${WARM === 0 ? "the timed call is each process's first large answer" : `${WARM} untimed large calls before the timed one`}${NILS > 0 ? `, ${NILS}% of the fields nil` : ''}; loadavg ${load()}`,
);
for (const c of SIZES.length > 0 ? CONTRACTS : [])
  console.log(
    `  ${c}: ${SIZES.map((s) => `${s} MB = ${recordsOf.get(`${c}/${s}`)} records (${(bodies.get(`/${c}/${s}`)!.length / 2 ** 20).toFixed(1)} MiB)`).join(', ')}`,
  );

/** Results by `size/contract/contender`, one per round (undefined when that child failed). */
const large = new Map<string, (Large | undefined)[]>();
const failures = new Set<string>();
for (let round = 0; round < ROUNDS; round++) {
  for (const size of SIZES) {
    for (const c of CONTRACTS) {
      const order = CONTENDERS.map((_, i) => CONTENDERS[(i + round) % CONTENDERS.length]!);
      for (const who of order) {
        const key = `${size}/${c}/${who}`;
        let r: Large | undefined;
        try {
          r = await child<Large>([...argsFor('large', who, c), size, String(WARM)]);
          const want = recordsOf.get(`${c}/${size}`)!;
          if (r.records !== want) throw new Error(`read ${r.records} records of ${want}`);
        } catch (err) {
          if (!failures.has(key)) console.log(`  ${key}: ${(err as Error).message.split('\n')[0]!.slice(0, 300)}`);
          failures.add(key);
          r = undefined;
        }
        const list = large.get(key) ?? [];
        list[round] = r;
        large.set(key, list);
      }
    }
  }
}

for (const size of SIZES) {
  for (const c of CONTRACTS) {
    console.log(`\n${size} MB answer, ${c} (median (range) of ${ROUNDS} rounds)`);
    console.log(
      `${'contender'.padEnd(11)}${'wall ms'.padEnd(22)}${'CPU ms'.padEnd(22)}${'peak RSS MB'.padEnd(18)}heap kept MB`,
    );
    for (const who of CONTENDERS) {
      const rs = (large.get(`${size}/${c}/${who}`) ?? []).filter((r): r is Large => r !== undefined);
      console.log(
        `${who.padEnd(11)}${fmt(rs.map((r) => r.wallMs)).padEnd(22)}${fmt(rs.map((r) => r.cpuMs)).padEnd(22)}${fmt(rs.map((r) => r.peakRssMB)).padEnd(18)}${fmt(rs.map((r) => r.heapKeptMB))}`,
      );
    }
    const ratio = (a: string, b: string, what: (r: Large) => number): string => {
      const xs = large.get(`${size}/${c}/${a}`) ?? [];
      const ys = large.get(`${size}/${c}/${b}`) ?? [];
      const out: number[] = [];
      for (let i = 0; i < ROUNDS; i++) if (xs[i] && ys[i]) out.push(what(xs[i]!) / what(ys[i]!));
      return fmt(out, 2);
    };
    if (CONTENDERS.includes('wsdlc')) {
      const parts: string[] = [];
      if (CONTENDERS.includes('node-soap'))
        parts.push(
          `node-soap/wsdlc wall ${ratio('node-soap', 'wsdlc', (r) => r.wallMs)}`,
          `node-soap/wsdlc CPU ${ratio('node-soap', 'wsdlc', (r) => r.cpuMs)}`,
          `wsdlc/node-soap peak RSS ${ratio('wsdlc', 'node-soap', (r) => r.peakRssMB)}`,
        );
      if (CONTENDERS.includes('json'))
        parts.push(
          `wsdlc/JSON wall ${ratio('wsdlc', 'json', (r) => r.wallMs)}`,
          `wsdlc/JSON CPU ${ratio('wsdlc', 'json', (r) => r.cpuMs)}`,
          `wsdlc/JSON heap kept ${ratio('wsdlc', 'json', (r) => r.heapKeptMB)}`,
        );
      if (CONTENDERS.includes('http')) parts.push(`wsdlc/transport wall ${ratio('wsdlc', 'http', (r) => r.wallMs)}`);
      console.log(`ratios per round: ${parts.join('; ')}`);
    }
  }
}

if (FIRST_CONTRACTS.length > 0) {
  console.log(
    `\nfirst call of a fresh process (Salesforce: 1-record query answer; NetSuite: getServerTime, answer with an xsi:type), ms: median (range) of ${ROUNDS} rounds; loadavg ${load()}`,
  );
  console.log(
    `${'contract'.padEnd(12)}${'contender'.padEnd(11)}${'setup'.padEnd(18)}${'call'.padEnd(18)}${'start to done'.padEnd(20)}node-soap/wsdlc start to done, per round`,
  );
  const firstOf = ['wsdlc', 'node-soap'].filter((w) => CONTENDERS.includes(w));
  for (const c of FIRST_CONTRACTS) {
    /** Results by contender, one per round (undefined when that child failed). */
    const rows = new Map<string, (First | undefined)[]>(firstOf.map((w) => [w, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of round % 2 === 0 ? firstOf : [...firstOf].reverse()) {
        let r: First | undefined;
        try {
          r = await child<First>([...argsFor('first', who, c), 'first']);
          if (r.records !== 1) throw new Error(`read ${r.records} records of 1`);
        } catch (err) {
          console.log(`  first ${c} ${who}: ${(err as Error).message.split('\n')[0]!.slice(0, 300)}`);
        }
        rows.get(who)![round] = r;
      }
    }
    const ratios: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const w = rows.get('wsdlc')?.[i];
      const n = rows.get('node-soap')?.[i];
      if (w && n) ratios.push(n.sinceStartMs / w.sinceStartMs);
    }
    for (const [who, list] of rows) {
      const rs = list.filter((r): r is First => r !== undefined);
      console.log(
        `${c.padEnd(12)}${who.padEnd(11)}${fmt(rs.map((r) => r.setupMs)).padEnd(18)}${fmt(rs.map((r) => r.callMs)).padEnd(18)}${fmt(rs.map((r) => r.sinceStartMs)).padEnd(20)}${who === 'wsdlc' ? fmt(ratios, 2) : ''}`,
      );
    }
  }
}
console.log(`\nloadavg after ${load()}`);
server.close();
rmSync(work, { recursive: true, force: true });
