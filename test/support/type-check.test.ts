/**
 * The shared type-checking helpers (test/support/type-check.ts) on two tiny
 * trees whose `runtime` folder is a symbolic link to one copy: the unchecked
 * runtime folder hides its own errors but not the misuse of its declarations,
 * diagnostics are written `file:line: [TS<code> ]message`, and relative imports
 * through the link resolve to one real file (what keeps the corpus check at
 * one runtime instead of one per contract).
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../emit/helpers.js';
import { formatDiagnostics, programDiagnostics, resolveThroughLinks, runtimeFolder } from './type-check.js';

const BASE = path.join(ROOT, 'test/tmp/type-check-helpers');
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};
const RUNTIME = 'export function twice(x: number): number {\n  const unused: string = x;\n  return x * 2;\n}\n';
const USER = "import { twice } from './runtime/lib.js';\n\nexport const text: string = twice(1);\n";
const ROOTS = ['a/index.ts', 'b/index.ts'].map((f) => path.join(BASE, f));

function program(host?: ts.CompilerHost): ts.Program {
  return ts.createProgram({ rootNames: ROOTS, options: OPTIONS, ...(host ? { host } : {}) });
}

describe('type-check helpers', () => {
  beforeAll(() => {
    rmSync(BASE, { recursive: true, force: true });
    mkdirSync(path.join(BASE, 'shared'), { recursive: true });
    writeFileSync(path.join(BASE, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(BASE, 'shared/lib.ts'), RUNTIME);
    for (const tree of ['a', 'b']) {
      mkdirSync(path.join(BASE, tree));
      writeFileSync(path.join(BASE, tree, 'index.ts'), USER);
      symlinkSync(path.join(BASE, 'shared'), path.join(BASE, tree, 'runtime'), 'dir');
    }
  });
  afterAll(() => rmSync(BASE, { recursive: true, force: true }));

  it('checks the runtime folder only as far as the other files use it, and writes file:line: [TS<code> ]message', () => {
    const p = program();
    const a = path.join(BASE, 'a');
    const mismatch = "Type 'number' is not assignable to type 'string'.";
    expect(formatDiagnostics(programDiagnostics(p, runtimeFolder(a)), a, { codes: true })).toEqual([
      `index.ts:3: TS2322 ${mismatch}`,
      `../b/runtime/lib.ts:2: TS2322 ${mismatch}`,
      `../b/index.ts:3: TS2322 ${mismatch}`,
    ]);
    expect(formatDiagnostics(programDiagnostics(p), BASE)).toEqual([
      `a/index.ts:3: ${mismatch}`,
      `a/runtime/lib.ts:2: ${mismatch}`,
      `b/index.ts:3: ${mismatch}`,
      `b/runtime/lib.ts:2: ${mismatch}`,
    ]);
  });

  it('resolves relative imports through a link to the real file, so a linked runtime is one source file', () => {
    const libs = (p: ts.Program): string[] =>
      p
        .getSourceFiles()
        .map((sf) => path.relative(BASE, sf.fileName))
        .filter((f) => f.endsWith('lib.ts'));
    expect(libs(program())).toEqual(['a/runtime/lib.ts', 'b/runtime/lib.ts']);
    const host = ts.createCompilerHost(OPTIONS);
    resolveThroughLinks(host, OPTIONS);
    const linked = program(host);
    expect(libs(linked)).toEqual(['shared/lib.ts']);
    expect(formatDiagnostics(programDiagnostics(linked), BASE)).toHaveLength(3);
  });
});
