/**
 * Which fraction of the real-world corpus generates and compiles, by category of
 * failure (issue 16): every `.wsdl` of `../shared/corpus` and of `test/corpus/local`
 * is loaded offline (an http(s) import fails like an unreachable host), modelled
 * and emitted (client and server), strictly and then, for those strict mode
 * refuses, in lenient mode; every generated tree is type-checked under
 * `tsc --strict` in one program (one shared runtime copy). Prints one line per
 * contract that does not generate strictly, then the summary table.
 *
 *   npx tsx bench/corpus-report.ts [--json]
 *
 * Categories of refusal (from the located error's text): REMOTE (an http(s)
 * import), MISSING-FILE, MALFORMED (not well-formed XML), NOT-WSDL (an XSD or
 * other root), WSDL-2.0, REFERENCE (undefined or misplaced references, unbound
 * prefixes, missing parts), OTHER. A refusal without `file:line:column` counts
 * as UNLOCATED (there must be none).
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TYPE_MAPPING, emitFiles, type GeneratedFile } from '../src/emit/index.js';
import { loadModel } from '../src/model/index.js';
import { WsdlcError } from '../src/util/errors.js';
import { typeCheck } from '../test/corpus-generate/corpus-files.js';
import { writeTree } from '../test/emit/helpers.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = [path.resolve(REPO, '../shared/corpus'), path.join(REPO, 'test/corpus/local')];
const BASE = path.join(REPO, 'test/tmp/corpus-report');
/** Contracts per type-checking program (about 8 generated files each). */
const BATCH = 40;

type Category = 'REMOTE' | 'MISSING-FILE' | 'MALFORMED' | 'NOT-WSDL' | 'WSDL-2.0' | 'REFERENCE' | 'OTHER';

/** The category of a refusal's first line. */
export function categorize(message: string): Category {
  if (/cannot load .*"https?:|https?:\/\/[^ ]*\): /.test(message)) return 'REMOTE';
  if (/file not found|cannot read .*(ENOENT|not found)/i.test(message)) return 'MISSING-FILE';
  // A root that is none of WSDL 1.1, WSDL 2.0 or XSD (its message names all three).
  if (/root element is .*; expected wsdl:definitions/.test(message)) return 'NOT-WSDL';
  // A WSDL 2.0 construct with no equivalent in wsdlc (docs/wsdl-2.0.md).
  if (/WSDL 2\.0|SOAP MEP .* is not supported/.test(message)) return 'WSDL-2.0';
  if (/not well-formed|encoding|DOCTYPE/i.test(message)) return 'MALFORMED';
  if (/not a WSDL 1\.1 document/.test(message)) return 'NOT-WSDL';
  if (
    /undefined|unbound namespace prefix|does not have|names the element|is not declared|not an XML Schema built-in/.test(
      message,
    )
  )
    return 'REFERENCE';
  return 'OTHER';
}

interface Outcome {
  readonly contract: string;
  /** `ok`, or the refusal category. */
  readonly strict: 'ok' | Category;
  readonly strictError?: string;
  readonly located: boolean;
  /** For strict refusals: `ok` when lenient mode generates, else its category. */
  readonly lenient?: 'ok' | Category;
  /** For lenient refusals: the first line of the error, and whether it names `file:line:column`. */
  readonly lenientError?: string;
  readonly lenientLocated?: boolean;
  /** Generated files of the mode that generated (strict, else lenient). */
  files?: GeneratedFile[] | undefined;
  compiles?: boolean;
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

/** A located error's first line: `file:line:column: message`. */
const LOCATED = /^[^\s:][^:]*:\d+:\d+: \S/;

const offline: typeof fetch = () => Promise.reject(new Error('network access disabled'));

async function attempt(file: string, lenient: boolean): Promise<GeneratedFile[] | { error: string }> {
  try {
    const model = await loadModel(file, { cwd: REPO, fetch: offline, ...(lenient ? { lenient } : {}) });
    return await emitFiles(model, {
      client: true,
      server: true,
      types: DEFAULT_TYPE_MAPPING,
      sourceLabel: path.basename(file),
      toolVersion: '0.0.0-report',
      // Every file type-checked, the runtime copy included (by default it is marked // @ts-nocheck).
      tsNocheck: 'none',
    });
  } catch (err) {
    if (!(err instanceof WsdlcError)) return { error: `CRASH ${err instanceof Error ? err.stack : String(err)}` };
    return { error: err.message.split('\n')[0] ?? '' };
  }
}

async function main(): Promise<void> {
  const files = ROOTS.flatMap((r) => wsdlFiles(r).map((f) => ({ root: r, file: f })));
  const outcomes: Outcome[] = [];
  for (const { root, file } of files) {
    const contract = `${path.basename(root) === 'local' ? 'local/' : ''}${path.relative(root, file)}`;
    const strict = await attempt(file, false);
    if (Array.isArray(strict)) {
      outcomes.push({ contract, strict: 'ok', located: true, files: strict });
      continue;
    }
    const located = LOCATED.test(strict.error);
    const lenient = await attempt(file, true);
    outcomes.push({
      contract,
      strict: categorize(strict.error),
      strictError: strict.error,
      located,
      lenient: Array.isArray(lenient) ? 'ok' : categorize(lenient.error),
      ...(Array.isArray(lenient)
        ? { files: lenient }
        : { lenientError: lenient.error, lenientLocated: LOCATED.test(lenient.error) }),
    });
  }

  // Type-check the generated trees against one runtime copy, in programs of BATCH contracts
  // (one program over all of them outgrew a 4 GB heap), then attribute errors to contracts.
  rmSync(BASE, { recursive: true, force: true });
  mkdirSync(BASE, { recursive: true });
  writeFileSync(path.join(BASE, 'package.json'), '{ "type": "module" }\n');
  // The union of the contracts' runtime files: each output gets the modules it imports (issue 15).
  const byPath = new Map<string, { path: string; content: string }>();
  for (const o of outcomes)
    for (const f of o.files ?? []) if (f.path.startsWith('runtime/') && !byPath.has(f.path)) byPath.set(f.path, f);
  const runtime = [...byPath.values()];
  writeTree(
    path.join(BASE, '_runtime'),
    runtime.map((f) => ({ path: f.path.slice('runtime/'.length), content: f.content })),
  );
  const runtimeRoots = runtime.map((f) => path.join(BASE, '_runtime', f.path.slice('runtime/'.length)));
  const dirOf = new Map<string, Outcome>();
  const batches: string[][] = [];
  outcomes.forEach((o, i) => {
    if (!o.files) return;
    const dir = `c${i}`;
    dirOf.set(dir, o);
    writeTree(
      path.join(BASE, dir),
      o.files.filter((f) => !f.path.startsWith('runtime/')),
    );
    symlinkSync(path.join(BASE, '_runtime'), path.join(BASE, dir, 'runtime'), 'dir');
    if (batches.length === 0 || (batches.at(-1)?.length ?? 0) >= BATCH * 8) batches.push([]);
    const batch = batches.at(-1)!;
    for (const f of o.files)
      if (f.path.endsWith('.ts') && !f.path.startsWith('runtime/')) batch.push(path.join(BASE, dir, f.path));
    o.files = undefined;
    o.compiles = true;
  });
  const runtimeErrors = new Set<string>();
  for (const batch of batches) {
    for (const e of typeCheck(BASE, [...runtimeRoots, ...batch])) {
      const o = dirOf.get(e.split('/')[0] ?? '');
      if (o) o.compiles = false;
      else runtimeErrors.add(e);
    }
  }
  for (const e of runtimeErrors) console.log(`runtime: ${e}`);

  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        outcomes.map(({ files: _f, ...rest }) => rest),
        null,
        2,
      ),
    );
    return;
  }
  for (const o of outcomes) {
    if (o.strict === 'ok' && o.compiles) continue;
    const lenient =
      o.lenient === undefined
        ? ''
        : ` | lenient: ${o.lenient === 'ok' ? (o.compiles ? 'generates, compiles' : 'DOES NOT COMPILE') : o.lenient}`;
    console.log(
      `${o.contract}: ${o.strict === 'ok' ? 'DOES NOT COMPILE' : o.strict}${lenient}${o.strictError ? `\n    ${o.strictError}` : ''}${o.lenientError && o.lenientError !== o.strictError ? `\n    lenient: ${o.lenientError}` : ''}`,
    );
  }
  const n = outcomes.length;
  const pct = (k: number): string => `${k} (${((100 * k) / n).toFixed(1)}%)`;
  const strictOk = outcomes.filter((o) => o.strict === 'ok' && o.compiles).length;
  const strictNoCompile = outcomes.filter((o) => o.strict === 'ok' && !o.compiles).length;
  const lenientOk = outcomes.filter((o) => o.strict !== 'ok' && o.lenient === 'ok' && o.compiles).length;
  const lenientNoCompile = outcomes.filter((o) => o.strict !== 'ok' && o.lenient === 'ok' && !o.compiles).length;
  const unlocated = outcomes.filter((o) => o.strict !== 'ok' && !o.located).length;
  console.log(`\ncontracts: ${n}`);
  console.log(`strict: generate and compile            ${pct(strictOk)}`);
  console.log(`strict: generate but do not compile     ${pct(strictNoCompile)}`);
  console.log(`refused with a located error            ${pct(n - strictOk - strictNoCompile - unlocated)}`);
  console.log(`refused without a location              ${pct(unlocated)}`);
  console.log('refusals by category (strict -> lenient generates and compiles):');
  const cats: Category[] = ['REMOTE', 'MISSING-FILE', 'MALFORMED', 'NOT-WSDL', 'WSDL-2.0', 'REFERENCE', 'OTHER'];
  for (const c of cats) {
    const inCat = outcomes.filter((o) => o.strict === c);
    if (inCat.length === 0) continue;
    const rescued = inCat.filter((o) => o.lenient === 'ok' && o.compiles).length;
    console.log(`  ${c.padEnd(14)} ${String(inCat.length).padStart(4)}  -> lenient ${rescued}`);
  }
  console.log(`strict + lenient: generate and compile  ${pct(strictOk + lenientOk)}`);
  console.log(`lenient: generate but do not compile    ${pct(lenientNoCompile)}`);
  const lenientUnlocated = outcomes.filter((o) => o.lenientError !== undefined && o.lenientLocated !== true).length;
  console.log(`lenient: refused without a location     ${pct(lenientUnlocated)}`);
}

await main();
