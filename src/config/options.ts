/**
 * Resolving what to generate: either one contract named on the command line
 * (`wsdlc generate x.wsdl -o out`) or every contract of the config file, with
 * command-line options overriding the config's per-contract options.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { EmitOptions, TypeMappingOptions } from '../emit/types.js';
import { DEFAULT_TYPE_MAPPING } from '../emit/types.js';
import type { BindingKind } from '../model/types.js';
import { DEFAULT_TS_NOCHECK } from '../emit/ts-nocheck.js';
import { WsdlcError } from '../util/errors.js';
import { findConfigFile, loadConfig } from './load.js';
import { toolVersion } from './package-info.js';
import { BINDING_KINDS, CONFIG_FILE_NAME, runtimePackage, type ContractChoices, type ContractConfig } from './types.js';
import { didYouMean } from '../util/suggest.js';

/** Per-contract choices a caller (or CLI flags) may set; each overrides the config file (paths relative to `cwd`). */
export type ContractOverrides = ContractChoices;

/** Where the contracts come from. */
export interface ContractSelection extends ContractOverrides {
  /** One WSDL (path or URL). When omitted, the config file's contracts are used. */
  readonly wsdl?: string;
  /** Output folder for `wsdl` (required with it). */
  readonly output?: string;
  /** Config file to use (default: `wsdlc.config.json` found from `cwd` upward). */
  readonly config?: string;
  /** Working directory (default `process.cwd()`). */
  readonly cwd?: string;
}

/** A contract ready to generate. */
export interface ResolvedContract {
  /** Absolute path or URL of the WSDL. */
  readonly wsdl: string;
  /** Folder relative paths and display names are based on (config folder, or cwd). */
  readonly baseDir: string;
  /** Absolute output folder. */
  readonly outDir: string;
  /** Absolute folder of the documentation pages (`"docs"` in the config), when listed. */
  readonly docsDir?: string;
  /** Absolute scaffold file, if any. */
  readonly scaffold?: string;
  /** Lenient mode (see {@link ContractChoices.lenient}). */
  readonly lenient: boolean;
  /** Absolute folder of the project's shared runtime, when the contract imports it from there (see `runtime` in the config). */
  readonly sharedRuntime?: string;
  readonly emit: EmitOptions;
}

/**
 * Resolves the contracts to generate.
 * @throws WsdlcError (exit code 2) for usage and config problems
 */
export function resolveContracts(sel: ContractSelection): ResolvedContract[] {
  const cwd = resolve(sel.cwd ?? process.cwd());
  if (sel.wsdl !== undefined) {
    if (sel.output === undefined) usage('an output folder is required with a WSDL argument (-o <dir>)');
    const outDir = resolve(cwd, sel.output);
    return checkOutputs([resolveOne({ wsdl: sel.wsdl, output: sel.output }, cwd, sel, cwd, projectRoot(outDir))], cwd);
  }
  if (sel.output !== undefined) usage('-o/--output needs a WSDL argument (or list contracts in wsdlc.config.json)');
  const file = sel.config !== undefined ? resolve(cwd, sel.config) : findConfigFile(cwd);
  if (file === undefined) {
    usage(
      'no WSDL given and no wsdlc.config.json found in this folder or above: name one (`wsdlc generate service.wsdl -o generated/service`) or list your contracts in a wsdlc.config.json ({ "contracts": [{ "wsdl": "service.wsdl", "output": "generated/service" }] })',
    );
  }
  const loaded = loadConfig(file, cwd);
  const contracts = checkOutputs(
    loaded.config.contracts.map((c) => resolveOne(c, loaded.baseDir, sel, cwd, loaded.baseDir)),
    cwd,
    file,
  );
  return withSharedRuntime(contracts, loaded.config.runtime, loaded.baseDir, cwd, file);
}

/**
 * Points the contracts of a config at one runtime: the `runtime` folder (default
 * with several contracts: `runtime/` in the folder holding their output folders),
 * imported by a relative path, or an installed package (`"package"`: `@wsdlc/runtime`;
 * `"package:<name>"`: `<name>`, validated with the config). A config
 * with one contract and no `runtime` keeps the contract's own copy.
 */
function withSharedRuntime(
  contracts: ResolvedContract[],
  runtime: string | undefined,
  baseDir: string,
  cwd: string,
  configFile: string,
): ResolvedContract[] {
  const pkg = runtimePackage(runtime);
  if (typeof pkg === 'string') return contracts.map((c) => ({ ...c, emit: { ...c.emit, runtimeImport: pkg } }));
  if (runtime === undefined && contracts.length < 2) return contracts;
  const formats = new Set(contracts.map((c) => c.emit.runtimeFormat ?? 'ts'));
  if (formats.size > 1) {
    usage(
      `the contracts share one runtime folder but ask for different "runtimeFormat"s (${[...formats].join(', ')}); give them all the same`,
    );
  }
  const nochecks = new Set(contracts.map((c) => (c.emit.tsNocheck ?? DEFAULT_TS_NOCHECK) !== 'none'));
  if (nochecks.size > 1) {
    usage(
      'the contracts share one runtime folder but some ask for "tsNocheck": "none" and others do not; give them all the same',
    );
  }
  const dir =
    runtime !== undefined ? resolve(baseDir, runtime) : join(commonFolder(contracts.map((c) => c.outDir)), 'runtime');
  for (const c of contracts) {
    for (const out of [c.outDir, ...(c.docsDir !== undefined ? [c.docsDir] : [])]) {
      if (within(dir, out) || within(out, dir)) {
        usage(`runtime folder ${dir} and output folder ${out} overlap; give each a folder of its own`);
      }
    }
  }
  for (const [what, path] of [
    ['the working directory', cwd],
    ['the config file', configFile],
  ] as const) {
    if (within(path, dir)) usage(`runtime folder ${dir} contains ${what}; choose a folder of its own`);
  }
  return contracts.map((c) => {
    const rel = relative(c.outDir, dir).split(sep).join('/');
    const runtimeImport = rel.startsWith('.') ? rel : `./${rel}`;
    return { ...c, sharedRuntime: dir, emit: { ...c.emit, runtimeImport } };
  });
}

/** The deepest folder holding all of `dirs` (each one's parent at least). */
function commonFolder(dirs: readonly string[]): string {
  let common = dirname(dirs[0] ?? '.');
  while (!dirs.every((d) => within(d, common)) && dirname(common) !== common) common = dirname(common);
  return common;
}

/** Whether `inner` is `outer` or lies inside it. */
function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The folder file headers name the contract relative to, for a WSDL given on
 * the command line: the nearest folder at or above the output folder holding a
 * `wsdlc.config.json` or `package.json` (the project), else the output folder's
 * parent. It depends only on where the output goes, never on the working
 * directory, so the same command gives the same bytes from anywhere, and the
 * same as the project's config file would.
 */
function projectRoot(outDir: string): string {
  for (let dir = outDir; ; ) {
    if (existsSync(join(dir, CONFIG_FILE_NAME)) || existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return dirname(outDir);
    dir = up;
  }
}

/**
 * Refuses output folders that would swallow something: two contracts writing
 * the same or nested folders (each would own the other's files; a contract's
 * documentation folder counts as one of its output folders), or an output
 * folder containing the working directory, the config file or a contract
 * (generation swaps the whole folder in atomically).
 */
function checkOutputs(contracts: ResolvedContract[], cwd: string, configFile?: string): ResolvedContract[] {
  const within = (inner: string, outer: string): boolean => {
    const rel = relative(outer, inner);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  const guarded = [
    ['the working directory', cwd],
    ...(configFile !== undefined ? [['the config file', configFile]] : []),
    ...contracts.filter((o) => !isUrl(o.wsdl)).map((o) => [`the contract ${o.wsdl}`, o.wsdl]),
  ];
  const folders = contracts.flatMap((c) => [
    { dir: c.outDir, what: 'output folder' },
    ...(c.docsDir !== undefined ? [{ dir: c.docsDir, what: 'docs folder' }] : []),
  ]);
  for (const [i, f] of folders.entries()) {
    for (const [what, path] of guarded) {
      if (path !== undefined && what !== undefined && within(path, f.dir)) {
        usage(`${f.what} ${f.dir} contains ${what}; choose a folder of its own (it is replaced as a whole)`);
      }
    }
    for (const other of folders.slice(i + 1)) {
      if (within(other.dir, f.dir) || within(f.dir, other.dir)) {
        usage(
          f.what === 'output folder' && other.what === 'output folder'
            ? `two contracts write to overlapping output folders: ${f.dir} and ${other.dir}`
            : `overlapping ${f.what} and ${other.what}: ${f.dir} and ${other.dir}; give each a folder of its own`,
        );
      }
    }
  }
  return contracts;
}

function resolveOne(
  c: ContractConfig,
  baseDir: string,
  o: ContractOverrides,
  cwd: string,
  labelBase: string,
): ResolvedContract {
  const wsdl = isUrl(c.wsdl) ? c.wsdl : resolve(baseDir, c.wsdl);
  const templates =
    o.templates !== undefined
      ? resolve(cwd, o.templates)
      : c.templates !== undefined
        ? resolve(baseDir, c.templates)
        : undefined;
  if (templates !== undefined && !isDirectory(templates)) usage(`templates folder not found: ${templates}`);
  const scaffold =
    o.scaffold !== undefined
      ? resolve(cwd, o.scaffold)
      : c.scaffold !== undefined
        ? resolve(baseDir, c.scaffold)
        : undefined;
  const client = o.client ?? c.client ?? true;
  const server = o.server ?? c.server ?? true;
  if (!client && !server) usage('nothing to generate: both the client and the server are turned off');
  const bindings = o.bindings ?? c.bindings;
  const types: TypeMappingOptions = { ...DEFAULT_TYPE_MAPPING, ...c.types, ...o.types };
  const importExtension = o.importExtension ?? c.importExtension;
  const typeImports = o.typeImports ?? c.typeImports;
  const runtimeFormat = o.runtimeFormat ?? c.runtimeFormat;
  const tsNocheck = o.tsNocheck ?? c.tsNocheck;
  const runtimeFeatures = o.runtimeFeatures ?? c.runtimeFeatures;
  const emit: EmitOptions = {
    client,
    server,
    ...(importExtension !== undefined ? { importExtension } : {}),
    ...(typeImports !== undefined ? { typeImports } : {}),
    ...(runtimeFormat !== undefined ? { runtimeFormat } : {}),
    ...(tsNocheck !== undefined ? { tsNocheck } : {}),
    ...(runtimeFeatures !== undefined && runtimeFeatures.length > 0
      ? { runtimeFeatures: [...new Set(runtimeFeatures)].sort() }
      : {}),
    ...(bindings ? { bindings } : {}),
    types,
    ...(templates !== undefined ? { templatesDir: templates } : {}),
    sourceLabel: isUrl(c.wsdl) ? c.wsdl : posixRelative(labelBase, wsdl),
    toolVersion: toolVersion(),
  };
  const lenient = o.lenient ?? c.lenient ?? false;
  return {
    wsdl,
    baseDir,
    outDir: resolve(baseDir, c.output),
    ...(c.docs !== undefined ? { docsDir: resolve(baseDir, c.docs) } : {}),
    ...(scaffold !== undefined ? { scaffold } : {}),
    lenient,
    emit,
  };
}

/**
 * Parses a `--bindings` list such as `soap11,soap12,httpget` (case-insensitive;
 * `soap`/`soap1.1`/`soap1.2`/`get`/`post` accepted as aliases).
 * @throws WsdlcError (exit code 2) for an unknown name
 */
export function parseBindingList(list: string): BindingKind[] {
  const aliases: Readonly<Record<string, BindingKind>> = {
    soap: 'soap11',
    soap11: 'soap11',
    'soap1.1': 'soap11',
    soap12: 'soap12',
    'soap1.2': 'soap12',
    httpget: 'httpGet',
    get: 'httpGet',
    httppost: 'httpPost',
    post: 'httpPost',
  };
  const out: BindingKind[] = [];
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const kind = aliases[name.toLowerCase()];
    if (!kind)
      usage(`unknown binding "${name}"${didYouMean(name, BINDING_KINDS) || ` (expected ${BINDING_KINDS.join(', ')})`}`);
    if (!out.includes(kind)) out.push(kind);
  }
  if (out.length === 0) usage('--bindings needs at least one binding');
  return out;
}

/** Throws a usage error (exit code 2). */
export function usage(message: string): never {
  throw new WsdlcError({ severity: 'error', message }, 2);
}

/** True for http(s) URLs. */
export function isUrl(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

/** `to` relative to `from` with POSIX slashes (absolute when on another drive). */
export function posixRelative(from: string, to: string): string {
  const rel = relative(from, to);
  return (rel === '' || isAbsolute(rel) ? to : rel).split(sep).join('/');
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
