#!/usr/bin/env node
// wsdlc command-line launcher: runs the compiled CLI (dist/, built by `npm run build` / `prepare`).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

// A run of the CLI is one short burst of work through a lot of code (NetSuite: about 0.6 s): V8's optimising
// compiler, started on hot functions after a budget of bytecode has run in them, mostly compiles code the
// run is nearly done with, on a second thread that competes with the run for the CPU. A budget about 4x the
// default (67,584) leaves the short runs in the baseline tiers and still optimises what runs long (watch mode):
// NetSuite's generation takes about 15% less CPU time, for the same output. Not when the user sets it.
const V8_INTERRUPT_BUDGET = 300_000;
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('interrupt-budget'))) {
  setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
}
// V8 checks a code cache's header and length, not its contents: a cache damaged on disk would be
// loaded and crash the process on every run. With a checksum in every cache (written and checked),
// a damaged one is rejected and rewritten. Covers the CLI's cache and the TypeScript compiler's.
setFlagsFromString('--verify-snapshot-checksum');

const argv = process.argv.slice(2);
const prestart =
  (argv[0] === 'generate' || argv[0] === 'check') && argv.some((a) => a === '--verify' || a.startsWith('--templates'));
if (prestart) {
  // Start loading the TypeScript compiler (the gate: --verify, user templates) on a worker thread while the CLI
  // itself loads. A plain generate never loads it.
  (await import('../dist/emit/syntax-check.js')).prestartSyntaxChecker();
}
const cached = prestart ? undefined : loadCachedBundle();
const { main } = cached?.cli ?? (await import(cliModule()));
process.exitCode = await main(argv);
// Made after a successful generation only: a cache made by `--version` or a failing run would hold
// a small part of the code a generation compiles, and a cache is kept until V8 rejects it.
if (process.exitCode === 0 && ['generate', 'gen', 'check'].includes(argv[0] ?? '')) cached?.save?.();

/**
 * The CLI as one bundled module (build/bundle-cli.mjs: about 40 ms less start-up than
 * loading its modules one by one) when it is at least as new as the compiled CLI
 * (tsc rewrites every output, so a build by tsc alone leaves it older and it is not used).
 */
function cliModule() {
  const bundle = new URL('../dist/emit/cli.bundle.js', import.meta.url);
  const modules = new URL('../dist/cli/main.js', import.meta.url);
  try {
    if (statSync(bundle).mtimeMs >= statSync(modules).mtimeMs) return bundle.href;
  } catch {
    // No bundle (or no build at all: the import below reports that).
  }
  return modules.href;
}

/**
 * The CLI from the CommonJS bundle (build/bundle-cli.mjs), compiled through a V8
 * code cache: Node 20 caches no compiled code for ES modules, and compiling the
 * CLI costs about 25-35 ms a run. The cache is made after the run (so it holds
 * the functions the run compiled lazily too) in `node_modules/.cache/wsdlc`
 * (`WSDLC_CACHE_DIR` moves it, `off` turns it off), named by Node's version and
 * the bundle's content hash; V8 itself rejects a cache made with other flags, and
 * a rejected cache is rewritten. `undefined` (the ES bundle or modules run
 * instead) when the bundle is missing or older than the compiled modules. The
 * bundle's dynamic imports (the scaffold) go through `__wsdlcImport`: code from a
 * `vm.Script` cannot `import()` by itself on Node 20.
 * @returns {{ cli: { main(argv: string[]): Promise<number> }, save: (() => void) | undefined } | undefined}
 */
function loadCachedBundle() {
  const file = fileURLToPath(new URL('../dist/emit/cli.bundle.cjs', import.meta.url));
  let bytes;
  try {
    if (statSync(file).mtimeMs < statSync(new URL('../dist/cli/main.js', import.meta.url)).mtimeMs) return undefined;
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const env = process.env.WSDLC_CACHE_DIR;
  const dir =
    env === 'off'
      ? undefined
      : env !== undefined && env !== ''
        ? env
        : fileURLToPath(new URL('../node_modules/.cache/wsdlc/', import.meta.url));
  const key = createHash('sha256').update(process.version).update(process.arch).update(bytes).digest('hex');
  const cacheFile = dir === undefined ? undefined : join(dir, `cli-${key.slice(0, 32)}.v8cache`);
  let cachedData;
  try {
    if (cacheFile !== undefined) cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // Strict, as the ES modules it is bundled from are (the bundle's own "use strict" follows a banner line).
  const source = `(function (exports, require, module, __filename, __dirname, __wsdlcImport) { "use strict"; ${bytes.toString('utf8')}\n});`;
  const script = new Script(source, { filename: file, cachedData });
  const mod = { exports: {} };
  /** @param {string} specifier */
  const importer = (specifier) => import(new URL(specifier, pathToFileURL(file)).href);
  script.runInThisContext()(mod.exports, createRequire(file), mod, file, dirname(file), importer);
  const save =
    cacheFile === undefined || (cachedData !== undefined && script.cachedDataRejected !== true)
      ? undefined
      : () => saveCache(script, cacheFile);
  return { cli: mod.exports, save };
}

/**
 * Writes the CLI's code cache atomically and removes the caches of other builds; a failure (read-only
 * install, full disk) only means running without a cache.
 * @param {Script} script
 * @param {string} cacheFile
 */
function saveCache(script, cacheFile) {
  try {
    const dir = dirname(cacheFile);
    mkdirSync(dir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
    for (const name of readdirSync(dir)) {
      if (/^cli-[0-9a-f]+\.v8cache$/.test(name) && join(dir, name) !== cacheFile)
        rmSync(join(dir, name), { force: true });
    }
  } catch {
    // Run without a cache.
  }
}
