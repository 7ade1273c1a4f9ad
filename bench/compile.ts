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
 * What the server bench children import, relative to the repo: folders (every
 * `.ts` file) or single files. Add the generated code's folder here when
 * bench/auth-handler.ts is pointed at a generated handler.
 */
export const BENCH_SOURCES: readonly string[] = [
  'src/runtime',
  'test/runtime-server/fixtures',
  'bench/auth-handler.ts',
  'bench/server-child.ts',
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
export function compileForBench(sources: readonly string[] = BENCH_SOURCES): string {
  const out = mkdtempSync(path.join(tmpdir(), 'wsdlc-bench-'));
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  for (const source of sources) {
    const abs = path.join(REPO, source);
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs)) {
        if (!name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts')) continue;
        transpile(path.join(abs, name), path.join(out, source, name.replace(/\.ts$/, '.js')));
      }
    } else {
      transpile(abs, path.join(out, source.replace(/\.ts$/, '.js')));
    }
  }
  return out;
}
