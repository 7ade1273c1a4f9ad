/**
 * Issue 19: the generated Auth client and server run where they compile. One
 * smoke program (test/matrix/smoke-script.ts: a generated server on a loopback
 * ephemeral port, the generated client calling it over four bindings plus a
 * fault) is run as:
 * - ESM compiled by tsc (NodeNext), on Node 20 and on Node 22;
 * - CommonJS compiled by tsc (module commonjs, node10, ES2020, no esModuleInterop);
 * - TypeScript in a CommonJS package run by tsx;
 * - TypeScript run by Node 22's own type stripping (`--experimental-strip-types`),
 *   with `--import-extension ts` output;
 * - an esbuild bundle for Node; a client-only bundle must leave the server out.
 * Each tree is written under test/tmp/run-modes and run as a child process.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../src/emit/index.js';
import { ROOT, writeTree } from '../emit/helpers.js';
import { DEFAULT_STYLE } from './configs.js';
import { AUTH, output } from './matrix-cases.js';
import { NODE22_INSTALL, node22 } from './node22.js';
import { SMOKE_EXPECTED, clientOnlyScript, smokeScript } from './smoke-script.js';

const BASE = path.join(ROOT, 'test/tmp/run-modes');
const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const NODE22 = node22();
const run = promisify(execFile);

/** An ES module importing the values of a CommonJS build of the Auth index by name. */
const NAMES_PROBE = `import { AuthClient, AuthDescriptor, createAuthHandler, SoapFault, WSDL_TEXT } from './auth/index.js';
console.log([AuthClient, AuthDescriptor, createAuthHandler, SoapFault, WSDL_TEXT].map((v) => typeof v).join(' '));
`;
const NAMES_EXPECTED = 'function object function function string';

/** Writes the generated tree under `<dir>/auth`, `files` beside it and a package.json of `type`. */
function project(
  name: string,
  generated: readonly GeneratedFile[],
  files: Record<string, string>,
  type: 'module' | 'commonjs',
): string {
  const dir = path.join(BASE, name);
  rmSync(dir, { recursive: true, force: true });
  writeTree(path.join(dir, 'auth'), generated);
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), content);
  writeFileSync(path.join(dir, 'package.json'), `{ "type": "${type}" }\n`);
  return dir;
}

/**
 * Compiles `<dir>/smoke.ts` and what it imports (plus `extraRoots`, as a tsconfig's
 * `include` adds files) with `options` into `<dir>/out`; returns tsc's messages.
 */
function tscEmit(
  dir: string,
  options: ts.CompilerOptions,
  type: 'module' | 'commonjs',
  extraRoots: readonly string[] = [],
): string[] {
  const outDir = path.join(dir, 'out');
  const full: ts.CompilerOptions = {
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
    rootDir: dir,
    outDir,
    ...options,
  };
  const rootNames = [path.join(dir, 'smoke.ts'), ...extraRoots];
  const program = ts.createProgram({ rootNames, options: full, host: cachedHost(full) });
  const emitted = program.emit();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'package.json'), `{ "type": "${type}" }\n`);
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
}

const libCache = new Map<string, ts.SourceFile>();

/** A disk host that parses files outside test/tmp (lib files, @types/node) once for all the emits of this file. */
function cachedHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (fileName.startsWith(BASE)) return read(fileName, languageVersionOrOptions, onError, shouldCreate);
    const mode =
      typeof languageVersionOrOptions === 'object'
        ? `${languageVersionOrOptions.languageVersion}/${languageVersionOrOptions.impliedNodeFormat ?? ''}`
        : String(languageVersionOrOptions);
    const key = `${mode}|${fileName}`;
    let sf = libCache.get(key);
    if (sf === undefined) {
      sf = read(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (sf !== undefined) libCache.set(key, sf);
    }
    return sf;
  };
  return host;
}

/** Runs `node args` in `cwd` with `nodeBin`; returns what it printed (throws on a non-zero exit). */
async function runNode(nodeBin: string, args: string[], cwd: string): Promise<string> {
  const { stdout } = await run(nodeBin, args, { cwd, timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } });
  return stdout.trim();
}

describe('the generated Auth client and server at run time', () => {
  it('ESM compiled by tsc (NodeNext), on Node 20', async () => {
    const dir = project(
      'esm',
      await output(AUTH, DEFAULT_STYLE),
      { 'smoke.ts': smokeScript('./auth/index.js') },
      'module',
    );
    const options = { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 };
    expect(tscEmit(dir, options, 'module')).toEqual([]);
    expect(await runNode(process.execPath, ['out/smoke.js'], dir)).toBe(SMOKE_EXPECTED);
  });

  it('CommonJS compiled by tsc (module commonjs, node10, ES2020, no esModuleInterop), on Node 20', async () => {
    const dir = project(
      'cjs',
      await output(AUTH, DEFAULT_STYLE),
      { 'smoke.ts': smokeScript('./auth/index.js') },
      'commonjs',
    );
    const options = {
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2020,
    };
    expect(tscEmit(dir, options, 'commonjs')).toEqual([]);
    expect(readFileSync(path.join(dir, 'out/auth/index.js'), 'utf8')).toContain('require("./client.js")');
    expect(await runNode(process.execPath, ['out/smoke.js'], dir)).toBe(SMOKE_EXPECTED);
    // The same CommonJS output imported by an ES module: every value name is visible.
    writeFileSync(path.join(dir, 'out/names.mjs'), NAMES_PROBE);
    expect(await runNode(process.execPath, ['out/names.mjs'], dir)).toBe(NAMES_EXPECTED);
  });

  it('TypeScript in a CommonJS package, run by tsx, imported from CommonJS (.ts) and from ESM (.mts)', async () => {
    const smoke = smokeScript('./auth/index.js');
    const dir = project(
      'tsx-cjs',
      await output(AUTH, DEFAULT_STYLE),
      { 'smoke.ts': smoke, 'smoke.mts': smoke },
      'commonjs',
    );
    expect(await runNode(process.execPath, [TSX_CLI, 'smoke.ts'], dir)).toBe(SMOKE_EXPECTED);
    // An ES module sees the names of a CommonJS one only as Node's static analysis finds them (no `export *`).
    expect(await runNode(process.execPath, [TSX_CLI, 'smoke.mts'], dir)).toBe(SMOKE_EXPECTED);
  });

  it('an esbuild bundle for Node', async () => {
    const dir = project(
      'esbuild',
      await output(AUTH, DEFAULT_STYLE),
      { 'smoke.ts': smokeScript('./auth/index.js') },
      'module',
    );
    const result = await build({
      entryPoints: [path.join(dir, 'smoke.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: path.join(dir, 'out/smoke.mjs'),
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(await runNode(process.execPath, ['out/smoke.mjs'], dir)).toBe(SMOKE_EXPECTED);
  });

  it('a client-only esbuild bundle leaves the server code out', async () => {
    const dir = project(
      'esbuild-client',
      await output(AUTH, DEFAULT_STYLE),
      { 'client.ts': clientOnlyScript('./auth/index.js') },
      'module',
    );
    const result = await build({
      entryPoints: [path.join(dir, 'client.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]?.text ?? '';
    expect(text).toContain('var AuthClient = class');
    for (const serverOnly of [
      'function createServiceHandler',
      'function createAuthHandler',
      'function sendFault',
      'WsdlRewriter',
    ]) {
      expect(text, serverOnly).not.toContain(serverOnly);
    }
  });

  describe('with the runtime compiled (--runtime-format js: .js + .d.ts)', { timeout: 120_000 }, () => {
    const jsOutput = (): Promise<GeneratedFile[]> => output(AUTH, DEFAULT_STYLE, 'js');

    it('ESM compiled by tsc (NodeNext) into an outDir, the runtime .js copied beside the output, on Node 20', async () => {
      const dir = project('js-esm', await jsOutput(), { 'smoke.ts': smokeScript('./auth/index.js') }, 'module');
      expect(tscEmit(dir, { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 }, 'module')).toEqual([]);
      // tsc emits what it compiles: the runtime's .js files are not inputs (their .d.ts are), so the build copies them.
      expect(existsSync(path.join(dir, 'out/auth/client.js'))).toBe(true);
      expect(existsSync(path.join(dir, 'out/auth/runtime/index.js'))).toBe(false);
      cpSync(path.join(dir, 'auth/runtime'), path.join(dir, 'out/auth/runtime'), {
        recursive: true,
        filter: (src) => !src.endsWith('.d.ts'),
      });
      expect(await runNode(process.execPath, ['out/smoke.js'], dir)).toBe(SMOKE_EXPECTED);
    });

    it('ESM compiled by tsc with allowJs and the output folder included: tsc emits the runtime .js too', async () => {
      const files = await jsOutput();
      const dir = project('js-allowjs', files, { 'smoke.ts': smokeScript('./auth/index.js') }, 'module');
      // What `"include": ["src"]` gives tsc: every .ts, .d.ts and (allowJs) .js file of the folder.
      const included = files.map((f) => path.join(dir, 'auth', f.path));
      const options = { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022, allowJs: true };
      expect(tscEmit(dir, options, 'module', included)).toEqual([]);
      expect(existsSync(path.join(dir, 'out/auth/runtime/index.js'))).toBe(true);
      expect(await runNode(process.execPath, ['out/smoke.js'], dir)).toBe(SMOKE_EXPECTED);
    });

    it('TypeScript in an ES module package, run by tsx', async () => {
      const dir = project('js-tsx', await jsOutput(), { 'smoke.ts': smokeScript('./auth/index.js') }, 'module');
      expect(await runNode(process.execPath, [TSX_CLI, 'smoke.ts'], dir)).toBe(SMOKE_EXPECTED);
    });

    it('an esbuild bundle for Node', async () => {
      const dir = project('js-esbuild', await jsOutput(), { 'smoke.ts': smokeScript('./auth/index.js') }, 'module');
      const result = await build({
        entryPoints: [path.join(dir, 'smoke.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        outfile: path.join(dir, 'out/smoke.mjs'),
        logLevel: 'silent',
      });
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
      expect(await runNode(process.execPath, ['out/smoke.mjs'], dir)).toBe(SMOKE_EXPECTED);
    });
  });

  describe.skipIf(NODE22 === undefined && process.env['CI'] === undefined)('on Node 22', () => {
    const node = (): string => {
      if (NODE22 === undefined) throw new Error(`Node 22 is not installed: run ${NODE22_INSTALL}`);
      return NODE22;
    };

    it('is Node 22', async () => {
      expect(await runNode(node(), ['--version'], ROOT)).toMatch(/^v22\./);
    });

    it('ESM compiled by tsc (NodeNext)', async () => {
      const dir = project(
        'esm-22',
        await output(AUTH, DEFAULT_STYLE),
        { 'smoke.ts': smokeScript('./auth/index.js') },
        'module',
      );
      expect(tscEmit(dir, { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 }, 'module')).toEqual([]);
      expect(await runNode(node(), ['out/smoke.js'], dir)).toBe(SMOKE_EXPECTED);
    });

    it("the TypeScript sources through Node's type stripping (--experimental-strip-types, .ts imports)", async () => {
      const files = await output(AUTH, { importExtension: 'ts', typeImports: 'separate' });
      const dir = project('strip-types', files, { 'smoke.ts': smokeScript('./auth/index.ts') }, 'module');
      expect(await runNode(node(), ['--experimental-strip-types', '--no-warnings', 'smoke.ts'], dir)).toBe(
        SMOKE_EXPECTED,
      );
    });

    it("with the runtime compiled: Node's type stripping runs the generated .ts, which import the runtime's .js", async () => {
      const files = await output(AUTH, { importExtension: 'ts', typeImports: 'separate' }, 'js');
      expect(files.find((f) => f.path === 'client.ts')?.content).toContain("from './runtime/client/index.js'");
      const dir = project('js-strip-types', files, { 'smoke.ts': smokeScript('./auth/index.ts') }, 'module');
      expect(await runNode(node(), ['--experimental-strip-types', '--no-warnings', 'smoke.ts'], dir)).toBe(
        SMOKE_EXPECTED,
      );
    });
  });
});
