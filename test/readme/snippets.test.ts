/**
 * Snippets that compile, as Rust's doctests: every ```ts block of README.md, docs/ and the
 * examples' READMEs is type-checked (strict, NodeNext) against the Auth contract generated as
 * a user who follows the documentation would (with every optional runtime module,
 * `runtimeFeatures: ['all']`, since snippets import them), and `wsdlc` against this package
 * (its `exports`, as an installed wsdlc resolves). A block right after
 * `<!-- tested: name -->` is also run as a script under tsx; it asserts its own results
 * (node:assert). A block right after `<!-- partial: name -->` is deliberately incomplete,
 * says so in its text, and is skipped: only the names in PARTIAL may be skipped.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/generate/generate.js';
import { strictOptions } from '../emit/helpers.js';
import { type CodeBlock, codeBlocks, docFiles, ROOT } from './markdown.js';

/** Snippets that are fragments on purpose (each says so where it stands). */
const PARTIAL = new Set(['optional-modules', 'ews-ordered-group']);

/** Inside the package (no package.json of its own: `.mts` files are ES modules), so `'wsdlc'` resolves to it by name. */
const RUN_DIR = path.join(ROOT, 'test/tmp/snippets');
const GENERATED = path.join(RUN_DIR, 'generated');

const blocks: CodeBlock[] = docFiles()
  .flatMap((f) => codeBlocks(f))
  .filter((b) => b.lang === 'ts');

/** A file name for a block: its marker's name, else its place. */
function nameOf(b: CodeBlock): string {
  return b.marker?.name ?? `${b.file.replace(/\W+/g, '-')}-${b.line}`;
}

/** Writes a block as a module beside the generated Auth output; returns its path. */
function writeSnippet(b: CodeBlock): string {
  const file = path.join(RUN_DIR, `${nameOf(b)}.mts`);
  writeFileSync(file, `${b.code}\nconsole.log('example ok');\n`);
  return file;
}

function run(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  rmSync(RUN_DIR, { recursive: true, force: true });
  mkdirSync(RUN_DIR, { recursive: true });
  await generate({
    wsdl: path.join(ROOT, 'wsdl/auth.wsdl'),
    output: path.join(GENERATED, 'auth'),
    runtimeFeatures: ['all'],
    cwd: ROOT,
  });
}, 60_000);
afterAll(() => rmSync(RUN_DIR, { recursive: true, force: true }));

describe('documentation snippets', () => {
  const checked = blocks.filter((b) => b.marker?.kind !== 'partial');
  const tested = blocks.filter((b) => b.marker?.kind === 'tested');

  it('has the tested examples of the client features', () => {
    expect(tested.map((b) => b.marker?.name)).toEqual(
      expect.arrayContaining(['in-memory', 'hooks', 'headers', 'ws-security', 'http', 'mtom']),
    );
  });

  it('skips only the snippets listed as partial', () => {
    const skipped = blocks.filter((b) => b.marker?.kind === 'partial').map((b) => b.marker?.name);
    expect(skipped.sort()).toEqual([...PARTIAL].sort());
  });

  it('gives each snippet its own name', () => {
    const names = blocks.map(nameOf);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('type-checks every TypeScript snippet under strict settings', () => {
    const files = checked.map(writeSnippet);
    const program = ts.createProgram(files, strictOptions());
    const messages = ts.getPreEmitDiagnostics(program).map((d) => {
      const block = d.file ? checked[files.indexOf(d.file.fileName)] : undefined;
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      const where = block ? `${block.file}:${block.line + line}: ` : d.file ? `${d.file.fileName}: ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(messages).toEqual([]);
  }, 60_000);

  for (const b of tested) {
    it(`runs the "${nameOf(b)}" example (${b.file}:${b.line})`, async () => {
      const { code: exit, stdout, stderr } = await run(writeSnippet(b));
      expect(stderr).toBe('');
      expect(exit).toBe(0);
      expect(stdout).toContain('example ok');
    }, 60_000);
  }
});
