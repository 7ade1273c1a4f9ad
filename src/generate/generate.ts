/**
 * `generate` and `check`: the operations behind `wsdlc generate` and
 * `wsdlc check`, usable from programs. Every contract is loaded, modelled,
 * emitted and planned in memory first; only then is anything written (each
 * output folder atomically, see commit.ts).
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Diagnostic, LogicalOperation } from '../model/types.js';
import { WsdlcError } from '../util/errors.js';
import type { GeneratedFile } from '../emit/types.js';
import { resolveContracts, type ContractSelection, type ResolvedContract } from '../config/options.js';
import type { ScaffoldResult } from '../scaffold/index.js';
import { commitPlan } from '../write/commit.js';
import { type WriterFs, isErrno, nodeFs } from '../write/fs.js';
import { lockOutput } from '../write/lock.js';
import { displayPath } from '../write/paths.js';
import { type FileChange, type OutputPlan, isUpToDate, planOutput, refuseConflicts } from '../write/plan.js';
import { defaultEmit, defaultLoad, type EmitFn, type LoadFn, startDefaultSyntaxChecker } from './pipeline.js';
import { loadExplained } from './lenient-hint.js';

/** Options of {@link generate} and {@link check}. */
export interface GenerateOptions extends ContractSelection {
  /** Show what would change without writing anything. */
  readonly dryRun?: boolean;
  /** Remove previously generated files (per manifest) first. */
  readonly clean?: boolean;
  /** Overwrite files in the output folder that wsdlc did not generate. */
  readonly force?: boolean;
  /** Inject the loader (default: loadDocuments + buildModel). */
  readonly load?: LoadFn;
  /** Inject the emitter (default: emitFiles). */
  readonly emit?: EmitFn;
  /** Inject the file system used for writing (tests). */
  readonly fs?: WriterFs;
  /**
   * Parse every generated file with the TypeScript compiler, as the test suite
   * does (`--verify`). Off by default: the built-in templates' output is checked
   * by wsdlc's tests, so a plain run neither loads the compiler nor parses
   * megabytes of output; files of user templates (`--templates`) are parsed always.
   */
  readonly verify?: boolean;
}

/** The outcome for one contract. */
export interface ContractReport {
  /** The contract as named in headers (relative POSIX path or URL). */
  readonly source: string;
  /** The output folder, relative to the working directory. */
  readonly output: string;
  /** Every file of the folder that wsdlc owns, with what happens (or happened) to it. */
  readonly changes: readonly FileChange[];
  /** Files not made by wsdlc that the generation overwrites (only with `force`) or would overwrite. */
  readonly conflicts: readonly string[];
  /** Generated files that had been edited by hand (overwritten or deleted). */
  readonly edited: readonly string[];
  /** True when files were written. */
  readonly written: boolean;
  /** Model warnings and scaffold warnings. */
  readonly warnings: readonly Diagnostic[];
  readonly scaffold?: ScaffoldResult;
}

/** Result of {@link generate}. */
export interface GenerateResult {
  readonly dryRun: boolean;
  readonly contracts: readonly ContractReport[];
}

/** Result of {@link check}. */
export interface CheckResult {
  /** True when every output folder matches what generation would produce. */
  readonly upToDate: boolean;
  readonly contracts: readonly ContractReport[];
}

interface Prepared {
  readonly contract: ResolvedContract;
  readonly plan: OutputPlan;
  readonly files: readonly GeneratedFile[];
  readonly operations: readonly LogicalOperation[];
  readonly warnings: readonly Diagnostic[];
}

/** What a run writes or compares: code and documentation folders (`generate`, `check`), or documentation only (`docs`). */
type Scope = 'all' | 'docs';

/**
 * The contracts whose documentation `docs` writes: the WSDL named by the caller (its
 * output folder is the documentation folder), else the config's contracts that list a `docs` folder.
 * @throws WsdlcError (usage, exit 2) when the config lists none
 */
function docsContracts(options: GenerateOptions, contracts: readonly ResolvedContract[]): ResolvedContract[] {
  if (options.wsdl !== undefined) return contracts.map((c) => ({ ...c, docsDir: c.outDir }));
  const listed = contracts.filter((c) => c.docsDir !== undefined);
  if (listed.length === 0)
    throw new WsdlcError(
      {
        severity: 'error',
        message:
          'no contract of the config lists a "docs" folder: add one to a contract entry ({ "wsdl": "service.wsdl", "output": "generated/service", "docs": "docs/service" }), or name a WSDL (`wsdlc docs service.wsdl -o docs/service`)',
      },
      2,
    );
  return listed;
}

/**
 * Loads, emits and plans every selected contract (with `scope` `docs`, only their
 * documentation folders). With `releases`, each output folder is locked (lock.ts)
 * before it is planned, and its release function is pushed there for the caller to
 * call after writing.
 */
async function prepare(
  options: GenerateOptions,
  releases?: (() => Promise<void>)[],
  scope: Scope = 'all',
): Promise<Prepared[]> {
  const resolved = resolveContracts(options);
  const contracts = scope === 'docs' ? docsContracts(options, resolved) : resolved;
  // A scaffold path that cannot be a file is a usage error found before anything is generated or written.
  for (const c of contracts) if (c.scaffold !== undefined) checkScaffoldPath(c.scaffold, options.cwd ?? process.cwd());
  const load = options.load ?? defaultLoad;
  const emit = options.emit ?? defaultEmit;
  const fs = options.fs ?? nodeFs;
  const cwd = options.cwd ?? process.cwd();
  const out: Prepared[] = [];
  const verify = options.verify === true;
  // Started before the first contract is loaded, so the compiler loads meanwhile; used by the default emitter
  // only, and only when something is to be parsed (--verify, or a user template).
  const needsParse = scope === 'all' && (verify || contracts.some((c) => c.emit.templatesDir !== undefined));
  const syntaxChecker =
    options.emit === undefined && needsParse && contracts.length > 0 ? await startDefaultSyntaxChecker() : undefined;
  try {
    for (const contract of contracts) {
      const { model, wsdlText } = await loadExplained(
        load,
        contract.wsdl,
        { cwd: contract.baseDir, ...(contract.lenient ? { lenient: true } : {}) },
        options.wsdl !== undefined ? '`--lenient`' : '`--lenient` (or `"lenient": true` in its config entry)',
      );
      const planOptions = {
        clean: options.clean === true,
        displayBase: cwd,
        fs,
        ...(model.lenient ? { lenient: model.lenient.replaced } : {}),
      };
      if (scope === 'all') {
        const files = await emit(model, contract.emit, {
          ...(wsdlText !== undefined ? { wsdlText } : {}),
          ...(syntaxChecker !== undefined ? { syntaxChecker } : {}),
          verify,
        });
        // Planned under the lock: what the folder holds must not change between planning and writing.
        if (releases) releases.push(await lockOutput(contract.outDir));
        const plan = await planOutput(contract.outDir, files, planOptions);
        out.push({ contract, plan, files, operations: model.operations, warnings: model.warnings });
      }
      if (contract.docsDir !== undefined) {
        // Loaded on demand: the pages need the server runtime, which a plain generate does not load.
        const { docsFiles } = await import('../emit/docs/docs-files.js');
        const files = await docsFiles(model, contract.emit, wsdlText);
        const { scaffold: _none, ...rest } = contract;
        if (releases) releases.push(await lockOutput(contract.docsDir));
        const plan = await planOutput(contract.docsDir, files, planOptions);
        // The model's warnings are reported once, with the code (or here, when only documentation is made).
        const warnings = scope === 'docs' ? model.warnings : [];
        out.push({ contract: { ...rest, outDir: contract.docsDir }, plan, files, operations: [], warnings });
      }
    }
  } finally {
    syntaxChecker?.close();
  }
  for (const shared of scope === 'all' ? sharedRuntimes(contracts) : []) {
    const { runtimeFiles, runtimeRoots } = await import('../emit/index.js');
    // The union of what the folder's contracts import (each from its own relative path to the folder).
    const roots = new Set<string>();
    for (const p of out) {
      const base = p.contract.emit.runtimeImport;
      if (p.contract.sharedRuntime !== shared.outDir || base === undefined) continue;
      for (const r of runtimeRoots(p.files, base)) roots.add(r);
    }
    const files = runtimeFiles(shared.emit, [...roots].sort());
    if (releases) releases.push(await lockOutput(shared.outDir));
    const plan = await planOutput(shared.outDir, files, { clean: options.clean === true, displayBase: cwd, fs });
    out.push({ contract: shared, plan, files, operations: [], warnings: [] });
  }
  return out;
}

/**
 * The project's shared runtime folders (one per config), each as a pseudo-contract
 * whose output is the folder: the runtime's files for every side any of its
 * contracts generates, labelled with the config's contracts.
 */
function sharedRuntimes(contracts: readonly ResolvedContract[]): ResolvedContract[] {
  const byDir = new Map<string, ResolvedContract[]>();
  for (const c of contracts) {
    if (c.sharedRuntime === undefined) continue;
    byDir.set(c.sharedRuntime, [...(byDir.get(c.sharedRuntime) ?? []), c]);
  }
  return [...byDir].map(([dir, users]) => {
    const first = users[0] as ResolvedContract;
    return {
      wsdl: first.wsdl,
      baseDir: first.baseDir,
      outDir: dir,
      lenient: false,
      emit: {
        ...first.emit,
        client: users.some((c) => c.emit.client),
        server: users.some((c) => c.emit.server),
        runtimeFeatures: [...new Set(users.flatMap((c) => c.emit.runtimeFeatures ?? []))].sort(),
        sourceLabel: "the project's contracts",
      },
    };
  });
}

/**
 * Refuses a scaffold path that is a folder, or that lies inside a file.
 * @throws WsdlcError (usage, exit 2)
 */
function checkScaffoldPath(file: string, cwd: string): void {
  const shown = displayPath(file, cwd);
  if (statQuiet(file)?.isDirectory() === true) {
    throw new WsdlcError(
      { severity: 'error', message: `--scaffold ${shown} is a folder; give the path of a .ts file` },
      2,
    );
  }
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const st = statQuiet(dir);
    if (st === undefined) continue;
    if (!st.isDirectory())
      throw new WsdlcError(
        { severity: 'error', message: `--scaffold ${shown}: ${displayPath(dir, cwd)} is a file, not a folder` },
        2,
      );
    break;
  }
}

/** `stat`, or `undefined` when the path does not exist or lies under a file (ENOENT, ENOTDIR). */
function statQuiet(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch (err) {
    if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) return undefined;
    throw err;
  }
}

function report(p: Prepared, cwd: string, written: boolean, extra: Partial<ContractReport> = {}): ContractReport {
  return {
    source: p.contract.emit.sourceLabel,
    output: displayPath(p.contract.outDir, cwd),
    changes: p.plan.changes,
    conflicts: p.plan.conflicts,
    edited: p.plan.edited,
    written,
    warnings: [...p.warnings, ...(extra.warnings ?? [])],
    ...(extra.scaffold ? { scaffold: extra.scaffold } : {}),
  };
}

/**
 * Generates every selected contract.
 * @throws WsdlcError for contract problems (exit 1), usage/config problems (exit 2),
 *   or files in an output folder that wsdlc did not make (exit 1; use `force`)
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  return generateScope(options, 'all');
}

/**
 * Writes the documentation pages of a contract (`wsdl` and `output`: the folder), or
 * of every contract of the config that lists a `docs` folder: per service an HTML
 * service page, HTML operation pages with the samples of every binding, and a
 * Markdown page (src/emit/docs/docs-files.ts). Planned in memory, written atomically,
 * deterministic; `check` compares the config's documentation folders.
 * @throws WsdlcError as {@link generate}, and (usage) when the config lists no `docs` folder
 */
export async function docs(options: GenerateOptions = {}): Promise<GenerateResult> {
  return generateScope(options, 'docs');
}

async function generateScope(options: GenerateOptions, scope: Scope): Promise<GenerateResult> {
  // One writer per output folder at a time (a dry run writes nothing and needs no lock).
  const releases: (() => Promise<void>)[] | undefined = options.dryRun ? undefined : [];
  try {
    return await generateLocked(options, releases, scope);
  } finally {
    for (const release of releases ?? []) await release();
  }
}

async function generateLocked(
  options: GenerateOptions,
  releases: (() => Promise<void>)[] | undefined,
  scope: Scope,
): Promise<GenerateResult> {
  const cwd = options.cwd ?? process.cwd();
  const fs = options.fs ?? nodeFs;
  const prepared = await prepare(options, releases, scope);
  if (!options.force) for (const p of prepared) refuseConflicts(p.plan, cwd);
  const reports: ContractReport[] = [];
  for (const p of prepared) {
    const written = options.dryRun ? false : (await commitPlan(p.plan, fs)).written;
    let scaffolded: ScaffoldResult | undefined;
    if (p.contract.scaffold !== undefined) {
      // Loaded on demand: the scaffold needs ts-morph, which is slow to load.
      const { scaffold } = await import('../scaffold/index.js');
      scaffolded = await scaffold({
        file: p.contract.scaffold,
        displayName: displayPath(p.contract.scaffold, cwd),
        outDir: p.contract.outDir,
        files: p.files,
        operations: p.operations,
        sourceLabel: p.contract.emit.sourceLabel,
        dryRun: options.dryRun === true,
        fs,
      });
    }
    reports.push(report(p, cwd, written, scaffolded ? { scaffold: scaffolded, warnings: scaffolded.warnings } : {}));
  }
  return { dryRun: options.dryRun === true, contracts: reports };
}

/**
 * Checks that every selected output folder (documentation folders of the config
 * included) is exactly what generation would produce (no file created, changed or
 * deleted). Writes nothing.
 */
export async function check(options: GenerateOptions = {}): Promise<CheckResult> {
  const cwd = options.cwd ?? process.cwd();
  const prepared = await prepare({ ...options, clean: false });
  const contracts = prepared.map((p) => report(p, cwd, false));
  return { upToDate: prepared.every((p) => isUpToDate(p.plan)), contracts };
}
