/**
 * The `@wsdlc/runtime` workspace package (packages/runtime): no dependencies, the
 * compiler's version and a dependency of the compiler, the same entry points as
 * the compiler's `wsdlc/runtime` exports, and a `sideEffects` field that lets
 * bundlers drop every module an app does not use while keeping the optional modules
 * that register themselves with the core on import (wire/mtom.ts and its
 * siblings), even when an app imports one only for that (`import
 * '@wsdlc/runtime/wire/mtom'`, as the README shows for the vendored copy).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_PACKAGE } from '../../src/config/types.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = path.join(ROOT, 'test/tmp/runtime-manifest');

interface Manifest {
  name: string;
  version: string;
  type?: string;
  engines?: Record<string, string>;
  sideEffects?: boolean | string[];
  exports: Record<string, unknown>;
  files?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  bundleDependencies?: unknown;
  bundledDependencies?: unknown;
}

const read = (file: string): Manifest => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Manifest;
const runtimePkg = read('packages/runtime/package.json');
const compilerPkg = read('package.json');

/** Every `.ts` module of src/runtime, relative, POSIX separators, without extension. */
function runtimeModules(): string[] {
  const dir = path.join(ROOT, 'src/runtime');
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/').slice(0, -3))
    .sort();
}

/**
 * Whether the module `text` changes something of another module when it is loaded: a
 * top-level statement that starts with a name it imports (`attachmentSupport.codec = ...`,
 * `register(...)`), which is how the optional modules register with the core. A module
 * that only fills its own tables (bytes/base64.ts) has nothing a bundler must keep, nor one
 * that only keeps an example of its own objects (`keepLayout(...)`, xml/keep-layout.ts: of
 * use only to a bundle that uses the module, which then keeps the statement with it).
 */
function registersOnLoad(text: string): boolean {
  const imported = new Set<string>();
  for (const m of text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from/gm)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name && !part.trim().startsWith('type ')) imported.add(name);
    }
  }
  imported.delete('keepLayout');
  return [...text.matchAll(/^([A-Za-z_$][\w$]*)\s*[.[(]/gm)].some((m) => imported.has(m[1] ?? ''));
}

/** Bundles `source` (an app's entry module) with esbuild for Node, runs it, and returns the bundle and what it printed. */
async function bundleAndRun(name: string, source: string): Promise<{ code: string; printed: string }> {
  const dir = path.join(TMP, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'main.mjs'), source);
  const outfile = path.join(dir, 'bundle.mjs');
  const result = await build({
    entryPoints: [path.join(dir, 'main.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  return {
    code: readFileSync(outfile, 'utf8'),
    printed: execFileSync(process.execPath, [outfile], { encoding: 'utf8' }),
  };
}

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the @wsdlc/runtime manifest', () => {
  it('depends on nothing, ships only dist/, and is the version the compiler depends on', () => {
    expect(runtimePkg.name).toBe(RUNTIME_PACKAGE);
    for (const field of [
      'dependencies',
      'peerDependencies',
      'optionalDependencies',
      'bundleDependencies',
      'bundledDependencies',
    ] as const) {
      expect(runtimePkg[field], field).toBeUndefined();
    }
    expect(runtimePkg.files).toEqual(['dist']);
    expect(runtimePkg.type).toBe('module');
    expect(runtimePkg.engines).toEqual(compilerPkg.engines);
    // Generated code needs the runtime of the wsdlc that generated it: they are released together.
    expect(runtimePkg.version).toBe(compilerPkg.version);
    expect(compilerPkg.dependencies?.[RUNTIME_PACKAGE]).toBe(runtimePkg.version);
    expect(compilerPkg.files).not.toContain('packages');
  });

  it("exports the same entry points as the compiler's wsdlc/runtime (which re-exports it), from its own dist/", () => {
    const asCompiler = Object.fromEntries(
      Object.entries(runtimePkg.exports)
        .filter(([subpath]) => subpath !== './package.json')
        .map(([subpath, target]) => [
          subpath === '.' ? './runtime' : `./runtime${subpath.slice(1)}`,
          JSON.parse(JSON.stringify(target).replaceAll('./dist/', './dist/runtime-package/')) as unknown,
        ]),
    );
    const compilerRuntime = Object.fromEntries(
      Object.entries(compilerPkg.exports).filter(([subpath]) => subpath.startsWith('./runtime')),
    );
    expect(asCompiler).toEqual(compilerRuntime);
    expect(Object.keys(runtimePkg.exports)).toEqual(['.', './client', './server', './package.json', './*']);
  });

  it('declares as side effects exactly the modules that register with another when loaded', () => {
    const effectful = runtimeModules().filter((m) =>
      registersOnLoad(readFileSync(path.join(ROOT, 'src/runtime', `${m}.ts`), 'utf8')),
    );
    expect(effectful).toEqual([
      'wire/dataset',
      'wire/envelope-memos',
      'wire/http-path',
      'wire/mtom',
      'wire/soap-array',
      'wire/soap-response-stream',
      'wire/ws-security',
    ]);
    expect(runtimePkg.sideEffects).toEqual(effectful.map((m) => `./dist/${m}.js`));
  });
});

describe('a bundle of an app using @wsdlc/runtime', () => {
  it('keeps an optional module imported only for its registration', async () => {
    const { printed } = await bundleAndRun(
      'registering',
      [
        "import '@wsdlc/runtime/wire/mtom';",
        "import '@wsdlc/runtime/wire/dataset';",
        "import '@wsdlc/runtime/wire/soap-array';",
        "import '@wsdlc/runtime/wire/ws-security';",
        "import { attachmentSupport } from '@wsdlc/runtime/wire/attachments';",
        "import { codecExtensions } from '@wsdlc/runtime/wire/codec-extensions';",
        "import { wsSecuritySupport } from '@wsdlc/runtime/wire/ws-security-policy';",
        'console.log(JSON.stringify([attachmentSupport.codec, codecExtensions.dataSet, codecExtensions.soapArray, wsSecuritySupport.checker].map((x) => x !== undefined)));',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(printed)).toEqual([true, true, true, true]);
  });

  it('drops the modules whose exports the app does not use, even those that compute something when loaded', async () => {
    const { code, printed } = await bundleAndRun(
      'unused',
      [
        "import '@wsdlc/runtime/client';",
        "import '@wsdlc/runtime/server';",
        "import { SoapFault } from '@wsdlc/runtime';",
        'console.log(typeof SoapFault);',
        '',
      ].join('\n'),
    );
    expect(printed.trim()).toBe('function');
    expect(code).toMatch(/\bSoapFault = class\b/);
    // esbuild heads the code of each module it keeps with the module's path: no client or server module is kept
    // (without "sideEffects", their top-level `new TextEncoder()`, `Buffer.alloc(0)`... would keep them).
    expect(code).toMatch(/^\/\/ .*runtime\/dist\/wire\/faults\.js$/m);
    expect(code).not.toMatch(/^\/\/ .*runtime\/dist\/(client|server)\//m);
  });
});
