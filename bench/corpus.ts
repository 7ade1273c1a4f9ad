/**
 * Generation over the whole shared corpus (`../shared/corpus` beside the repo):
 * for every `.wsdl`, load + model + emit (client and server) in memory, and
 * print one row per contract: bindings, operations, types (complex + simple),
 * result (`ok` or the error's first line) and generation time. The large
 * contracts (Salesforce, EWS, NetSuite) run each in a child process so that
 * their peak memory (max RSS of the whole process, Node included) is theirs
 * alone; the limits are 10 s and 1 GiB each.
 *
 *   npx tsx bench/corpus.ts [--only <substring>]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TYPE_MAPPING, emitFiles } from '../src/emit/index.js';
import { loadModel } from '../src/model/index.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = path.resolve(REPO, '../shared/corpus');
const LIMIT_MS = 10_000;
const LIMIT_BYTES = 1024 ** 3;

/** One row of the table. */
interface Row {
  readonly contract: string;
  readonly bindings: number;
  readonly operations: number;
  readonly types: number;
  readonly result: string;
  readonly ms: number;
  readonly files: number;
  /** Peak RSS in bytes (large contracts only). */
  readonly rss?: number;
}

function wsdlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...wsdlFiles(p));
    else if (e.name.endsWith('.wsdl')) out.push(p);
  }
  return out;
}

const offlineFetch: typeof fetch = () => Promise.reject(new Error('network access disabled in the corpus bench'));

/** Loads and emits one contract in this process. */
async function measure(rel: string): Promise<Row> {
  const abs = path.join(CORPUS, rel);
  const start = performance.now();
  let counts = { bindings: 0, operations: 0, types: 0 };
  try {
    const model = await loadModel(path.relative(REPO, abs), { cwd: REPO, fetch: offlineFetch });
    counts = {
      bindings: model.bindings.length,
      operations: model.operations.length,
      types: model.schema.complexTypes.length + model.schema.simpleTypes.length,
    };
    const files = await emitFiles(
      model,
      {
        client: true,
        server: true,
        types: DEFAULT_TYPE_MAPPING,
        sourceLabel: `corpus/${rel}`,
        toolVersion: '0.0.0-bench',
      },
      { wsdlText: readFileSync(abs, 'utf8') },
    );
    return { contract: rel, ...counts, result: 'ok', ms: performance.now() - start, files: files.length };
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    return {
      contract: rel,
      ...counts,
      result: `error: ${first.replace(/^.*?\.(wsdl|xsd):/, (m) => path.basename(m))}`,
      ms: performance.now() - start,
      files: 0,
    };
  }
}

/** Runs {@link measure} in a child process and adds its peak RSS. */
function measureInChild(rel: string): Row {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', rel], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith('@@row='));
  if (!line)
    return {
      contract: rel,
      bindings: 0,
      operations: 0,
      types: 0,
      result: `error: child exited ${child.status ?? child.signal ?? '?'}: ${child.stderr.split('\n')[0] ?? ''}`,
      ms: 0,
      files: 0,
    };
  return JSON.parse(line.slice('@@row='.length)) as Row;
}

function pad(s: string, n: number, right = false): string {
  const t = s.length > n ? `${s.slice(0, n - 1)}…` : s;
  return right ? t.padStart(n) : t.padEnd(n);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child' && args[1]) {
    const row = await measure(args[1]);
    process.stdout.write(`@@row=${JSON.stringify({ ...row, rss: process.resourceUsage().maxRSS * 1024 })}\n`);
    return;
  }
  const only = args[0] === '--only' ? args[1] : undefined;
  const rels = wsdlFiles(CORPUS)
    .map((f) => path.relative(CORPUS, f).split(path.sep).join('/'))
    .filter((r) => only === undefined || r.includes(only));
  const rows: Row[] = [];
  // Warm up module loading and JIT on a small contract so the first row is not penalised.
  await measure('asmx/cdyne_Weather.wsdl');
  for (const rel of rels) rows.push(rel.startsWith('large/') ? measureInChild(rel) : await measure(rel));

  const header = `${pad('contract', 70)} ${pad('bind', 4, true)} ${pad('ops', 5, true)} ${pad('types', 6, true)} ${pad('ms', 8, true)} ${pad('peak MiB', 8, true)}  result`;
  console.log(header);
  console.log('-'.repeat(header.length + 20));
  for (const r of rows) {
    const rss = r.rss === undefined ? '' : (r.rss / 1024 / 1024).toFixed(0);
    console.log(
      `${pad(r.contract, 70)} ${pad(String(r.bindings), 4, true)} ${pad(String(r.operations), 5, true)} ${pad(String(r.types), 6, true)} ${pad(r.ms.toFixed(0), 8, true)} ${pad(rss, 8, true)}  ${r.result}`,
    );
  }
  const ok = rows.filter((r) => r.result === 'ok');
  const total = rows.reduce((s, r) => s + r.ms, 0);
  console.log('');
  console.log(
    `${rows.length} contracts: ${ok.length} generated, ${rows.length - ok.length} rejected with an error; total ${(total / 1000).toFixed(1)} s`,
  );
  const over = rows.filter((r) => r.ms > LIMIT_MS || (r.rss ?? 0) > LIMIT_BYTES);
  console.log(
    over.length === 0
      ? `every contract within ${LIMIT_MS / 1000} s and 1 GiB`
      : `OVER THE LIMITS (10 s / 1 GiB): ${over.map((r) => r.contract).join(', ')}`,
  );
  if (over.length > 0) process.exitCode = 1;
}

await main();
