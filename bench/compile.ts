/**
 * Compiles the files a bench child process needs from TypeScript to plain ESM
 * JavaScript (TypeScript's `transpileModule`, as a user's build would), so the
 * measured servers run what ships rather than code transformed on the fly by a
 * loader (tsx adds helpers around every function expression, which costs time
 * on the hot path). Output goes to a temporary folder that links the repo's
 * node_modules.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root. */
export const REPO = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the bench children import, relative to the repo: folders (every `.ts`
 * file) or single files, each optionally compiled to another place (`[from, to]`).
 * The generated Auth code is compiled with the runtime of `src/runtime` in place
 * of its own copy in `generated/auth/runtime` (the generator copies it verbatim),
 * so the bench measures the runtime as it is now, even before regeneration.
 */
export const BENCH_SOURCES: readonly (string | readonly [string, string])[] = [
  'src/runtime',
  'generated/auth',
  ['src/runtime', 'generated/auth/runtime'],
  'test/runtime-server/fixtures',
  'test/runtime-client/fixtures',
  'bench/auth-handler.ts',
  'bench/client-target.ts',
  'bench/server-child.ts',
  'bench/server-hotloop-child.ts',
];

/**
 * {@link BENCH_SOURCES} with generated/auth compiled as it is, with its own
 * runtime copy (the runtime as of the last regeneration): the "before" of an
 * A/B comparison against the current src/runtime (`--baseline` of the benches).
 */
export const BENCH_SOURCES_AS_GENERATED: readonly (string | readonly [string, string])[] = [
  ...BENCH_SOURCES.filter((s) => typeof s === 'string'),
  'generated/auth/runtime',
];

function transpile(from: string, to: string): void {
  const js = ts.transpileModule(readFileSync(from, 'utf8'), {
    fileName: path.basename(from),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  }).outputText;
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, js);
}

/**
 * Transpiles `sources` (see {@link BENCH_SOURCES}) into a fresh temporary folder
 * and returns that folder (mirrors the repo layout; the `.js` import specifiers
 * of the sources already name the compiled files).
 */
export function compileForBench(sources: readonly (string | readonly [string, string])[] = BENCH_SOURCES): string {
  const out = mkdtempSync(path.join(tmpdir(), 'wsdlc-bench-'));
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  for (const entry of sources) {
    const [source, target] = typeof entry === 'string' ? [entry, entry] : entry;
    const abs = path.join(REPO, source);
    if (statSync(abs).isDirectory()) {
      // Recursive: the runtime has a folder per role (xml, wire, client, server).
      for (const name of readdirSync(abs, { recursive: true }) as string[]) {
        if (!name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts')) continue;
        transpile(path.join(abs, name), path.join(out, target, name.replace(/\.ts$/, '.js')));
      }
    } else {
      transpile(abs, path.join(out, target.replace(/\.ts$/, '.js')));
    }
  }
  return out;
}
