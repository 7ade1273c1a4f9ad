/**
 * The README's runnable examples: every ```ts block right after a `<!-- tested: name -->`
 * marker is extracted, its `./generated/` imports pointed at the Auth contract generated
 * as a user who follows the README would (with the optional runtime modules the examples
 * import, `runtimeFeatures: ['all']`), type-checked (strict, NodeNext, as generated code is checked), and
 * run as a script under tsx in a child process. Each example asserts its own results
 * (node:assert), so an example that no longer works or no longer compiles fails here.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/generate/generate.js';
import { strictOptions } from '../emit/helpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const RUN_DIR = path.join(ROOT, 'test/tmp/readme-examples');

/** The tested examples of the README, by name. */
function examples(): Map<string, string> {
  const out = new Map<string, string>();
  const re = /<!-- tested: ([\w-]+) -->\n```ts\n([\s\S]*?)\n```/g;
  for (const m of README.matchAll(re)) out.set(m[1]!, m[2]!);
  return out;
}

function run(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The Auth output the examples import: the checked-in one's options, plus every optional runtime module. */
const GENERATED = path.join(RUN_DIR, 'generated');

beforeAll(async () => {
  rmSync(RUN_DIR, { recursive: true, force: true });
  await generate({
    wsdl: path.join(ROOT, 'wsdl/auth.wsdl'),
    output: path.join(GENERATED, 'auth'),
    runtimeFeatures: ['all'],
    cwd: ROOT,
  });
}, 60_000);
afterAll(() => rmSync(RUN_DIR, { recursive: true, force: true }));

/** Writes an example as a runnable module beside the repository's generated code; returns its path. */
function writeExample(name: string, code: string): string {
  mkdirSync(RUN_DIR, { recursive: true });
  writeFileSync(path.join(RUN_DIR, 'package.json'), '{ "type": "module" }\n');
  const file = path.join(RUN_DIR, `${name}.mts`);
  const generated = `./${path.relative(RUN_DIR, GENERATED).split(path.sep).join('/')}/`;
  writeFileSync(file, `${code.replaceAll("'./generated/", `'${generated}`)}\nconsole.log('example ok');\n`);
  return file;
}

describe('README examples', () => {
  const found = examples();

  it('has the tested examples of the client features', () => {
    expect([...found.keys()]).toEqual(
      expect.arrayContaining(['in-memory', 'hooks', 'headers', 'ws-security', 'http', 'mtom']),
    );
  });

  it('type-checks every example under strict settings', () => {
    const files = [...found].map(([name, code]) => writeExample(name, code));
    const program = ts.createProgram(files, strictOptions());
    const messages = ts.getPreEmitDiagnostics(program).map((d) => {
      const where =
        d.file && d.start !== undefined
          ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
          : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(messages).toEqual([]);
  }, 60_000);

  for (const [name, code] of found) {
    it(`runs the "${name}" example`, async () => {
      const file = writeExample(name, code);
      const { code: exit, stdout, stderr } = await run(file);
      expect(stderr).toBe('');
      expect(exit).toBe(0);
      expect(stdout).toContain('example ok');
    }, 60_000);
  }
});
