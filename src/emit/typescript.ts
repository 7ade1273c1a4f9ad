/**
 * Loads the TypeScript compiler that ts-morph ships, for the gate's parse-only
 * path, without loading ts-morph itself and with a V8 code cache.
 *
 * Why: the compiler is one 9 MB script. Compiling it costs about 150 ms on every
 * run, more than everything else `wsdlc generate` does for a small contract.
 * V8 can serialise the compiled code (`vm.Script#createCachedData`) and reuse it
 * when the same source is compiled again; the load then costs about 60 ms. This
 * is what Node 22's `module.enableCompileCache()` does; Node 20 lacks it, so we
 * do the same for this one file.
 *
 * The cache lives in `node_modules/.cache/wsdlc` beside the installed wsdlc
 * (override with `WSDLC_CACHE_DIR`; `WSDLC_CACHE_DIR=off` disables it). Its file
 * name carries the Node version, the architecture and the compiler's path, size
 * and modification time, and V8 itself rejects data made for other source or
 * flags; a rejected or unreadable cache is rebuilt, an unwritable one skipped.
 * V8 checks a cache's contents only with `--verify-snapshot-checksum`, which
 * bin/wsdlc.js sets: a cache damaged on disk is then rejected (without it, V8
 * would load it and crash). Whatever goes wrong, the fallback is ts-morph's own
 * `ts` export.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type { ts } from 'ts-morph';
import { fnv1a } from '../util/fnv.js';

/** The TypeScript compiler namespace, as ts-morph exports it. */
export type TypeScriptApi = typeof ts;

const requireHere = createRequire(import.meta.url);
let loaded: TypeScriptApi | undefined;
let pendingSave: (() => void) | undefined;

/** The TypeScript compiler (loaded once per process). */
export function typescript(): TypeScriptApi {
  loaded ??= loadCached() ?? (requireHere('ts-morph') as { ts: TypeScriptApi }).ts;
  return loaded;
}

/**
 * Writes the code cache if this process had none (or V8 rejected it). Called
 * after the first parse, so the functions the parser compiled lazily are in the
 * cache too; a no-op afterwards.
 */
export function saveTypeScriptCache(): void {
  const save = pendingSave;
  pendingSave = undefined;
  save?.();
}

/** Where ts-morph's compiler lives: `@ts-morph/common/dist/typescript.js`, resolved as ts-morph resolves it. */
function compilerPath(): string | undefined {
  try {
    const fromMorph = createRequire(requireHere.resolve('ts-morph'));
    const common = fromMorph.resolve('@ts-morph/common');
    return createRequire(common).resolve('./typescript.js');
  } catch {
    return undefined;
  }
}

/** The cache folder, or `undefined` when caching is off. */
function cacheDir(): string | undefined {
  const env = process.env['WSDLC_CACHE_DIR'];
  if (env === 'off') return undefined;
  if (env !== undefined && env !== '') return env;
  // dist/emit or src/emit -> the package root.
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', '.cache', 'wsdlc');
}

/** Loads the compiler through a V8 code cache; `undefined` when that is not possible. */
function loadCached(): TypeScriptApi | undefined {
  const file = compilerPath();
  const dir = cacheDir();
  if (file === undefined || dir === undefined) return undefined;
  try {
    const st = statSync(file);
    const key = `${process.version}-${process.arch}-${st.size}-${Math.trunc(st.mtimeMs)}-${fnv1a(file)}`;
    const cacheFile = join(dir, `typescript-${key.replace(/[^\w.-]/g, '_')}.v8cache`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
    const source = readSource(file);
    const script = new Script(wrapCommonJs(source), { filename: file, cachedData });
    const compiled = script.runInThisContext() as CommonJsWrapper;
    const mod = { exports: {} as unknown };
    compiled.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
    const api = mod.exports as TypeScriptApi;
    if (typeof api.createSourceFile !== 'function') return undefined;
    if (cachedData === undefined || script.cachedDataRejected === true)
      pendingSave = () => saveCache(script, dir, cacheFile);
    return api;
  } catch {
    return undefined;
  }
}

/**
 * The compiler's source text. It is plain ASCII, which decodes as Latin-1 about
 * ten times faster than through the UTF-8 decoder (same string either way).
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

type CommonJsWrapper = (
  this: unknown,
  exports: unknown,
  require: NodeRequire,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** The CommonJS function wrapper Node puts around a module's source. */
function wrapCommonJs(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

/** Writes the cache atomically (temporary file, then rename); a failure only means no cache. */
function saveCache(script: Script, dir: string, cacheFile: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
  } catch {
    // Read-only install, full disk...: run without a cache.
  }
}
