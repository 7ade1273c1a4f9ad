/**
 * Planning: compare the files a generation produced (in memory) with what the
 * output folder holds, using its manifest, and decide for each file whether it is
 * created, changed, deleted or unchanged. Nothing is written here.
 */
import { join } from 'node:path';
import type { GeneratedFile } from '../emit/types.js';
import type { Diagnostic } from '../util/diagnostics.js';
import { WsdlcError } from '../util/errors.js';
import { type WriterFs, isErrno, nodeFs, readIfExists } from './fs.js';
import { MANIFEST_NAME, parseManifest, renderManifest, sha256, type Manifest } from './manifest.js';
import { checkOutputPath, displayPath, resolveInside } from './paths.js';
import { eachConcurrently } from '../util/each-concurrently.js';

/** Files read at once to compare the output folder with the plan. */
const READ_CONCURRENCY = 16;

/** What happens to one file. */
export type ChangeKind = 'create' | 'change' | 'delete' | 'unchanged';

/** One file of a plan. */
export interface FileChange {
  /** POSIX path relative to the output folder. */
  readonly path: string;
  readonly action: ChangeKind;
}

/** The plan for one output folder. */
export interface OutputPlan {
  /** Absolute output folder. */
  readonly outDir: string;
  /** Every file the folder will hold that wsdlc owns, manifest included, sorted by path. */
  readonly files: readonly GeneratedFile[];
  /** Every file touched or kept, sorted by path. */
  readonly changes: readonly FileChange[];
  /** Files that exist but are not in the manifest: overwriting them needs `force`. */
  readonly conflicts: readonly string[];
  /** Generated files edited since they were generated (they will be overwritten or deleted). */
  readonly edited: readonly string[];
  /** The previous manifest, if any. */
  readonly previous?: Manifest;
  /** `clean`: rewrite every file, removing all previously generated files first. */
  readonly clean: boolean;
}

/** Options of {@link planOutput}. */
export interface PlanOptions {
  /** Remove previously generated files first (all files are rewritten). */
  readonly clean?: boolean;
  /** Base for paths in messages (default: the process's working directory). */
  readonly displayBase?: string;
  readonly fs?: WriterFs;
  /** Lenient mode: what it replaced, recorded in the manifest. */
  readonly lenient?: readonly Diagnostic[];
}

/**
 * Plans the output of one folder.
 * @param outDir absolute output folder
 * @param generated files from the emitter (paths relative to `outDir`)
 * @throws WsdlcError for unsafe or duplicate paths, or an invalid manifest
 */
export async function planOutput(
  outDir: string,
  generated: readonly GeneratedFile[],
  options: PlanOptions = {},
): Promise<OutputPlan> {
  const fs = options.fs ?? nodeFs;
  const base = options.displayBase ?? process.cwd();
  const seen = new Set<string>();
  const files: GeneratedFile[] = [];
  for (const f of generated) {
    const path = checkOutputPath(f.path, 'emitter');
    if (path === MANIFEST_NAME)
      throw new WsdlcError({ severity: 'error', message: `emitter: ${MANIFEST_NAME} is reserved` });
    if (seen.has(path)) throw new WsdlcError({ severity: 'error', message: `emitter: file ${path} generated twice` });
    seen.add(path);
    resolveInside(outDir, path);
    files.push({ path, content: f.content });
  }
  files.push({
    path: MANIFEST_NAME,
    content: renderManifest(files, options.lenient ? { replaced: options.lenient } : undefined),
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  await refuseNonFolderOutput(fs, outDir, base);
  const manifestPath = join(outDir, MANIFEST_NAME);
  const manifestText = await readIfExists(fs, manifestPath);
  const previous =
    manifestText === undefined ? undefined : parseManifest(manifestText, displayPath(manifestPath, base));
  const owned = new Set(Object.keys(previous?.files ?? {}));
  if (previous) owned.add(MANIFEST_NAME);
  await refuseBlockedFolders(fs, outDir, files, owned, base);

  const changes: FileChange[] = [];
  const conflicts: string[] = [];
  const edited: string[] = [];
  // The current contents, read side by side (the order of reads does not matter; the order of changes does,
  // and so does which failure is reported: the first file's, whatever finished first).
  const currents: (string | undefined)[] = [];
  const failures: unknown[] = [];
  await eachConcurrently([...files.keys()], READ_CONCURRENCY, async (i) => {
    try {
      currents[i] = await readIfExists(fs, resolveInside(outDir, files[i]!.path));
    } catch (err) {
      failures[i] = err;
    }
  });
  for (const err of failures) if (err !== undefined) throw err;
  for (const [i, f] of files.entries()) {
    const current = currents[i];
    if (current === undefined) {
      changes.push({ path: f.path, action: 'create' });
      continue;
    }
    if (!owned.has(f.path)) conflicts.push(f.path);
    else if (f.path !== MANIFEST_NAME && previous?.files[f.path] !== sha256(current)) edited.push(f.path);
    changes.push({ path: f.path, action: current === f.content ? 'unchanged' : 'change' });
  }
  for (const path of [...owned].sort()) {
    if (seen.has(path) || path === MANIFEST_NAME) continue;
    const abs = resolveInside(outDir, path);
    const current = await readIfExists(fs, abs);
    if (current === undefined) continue;
    if (previous?.files[path] !== sha256(current)) edited.push(path);
    changes.push({ path, action: 'delete' });
  }
  changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    outDir,
    files,
    changes,
    conflicts,
    edited: edited.sort(),
    ...(previous ? { previous } : {}),
    clean: options.clean === true,
  };
}

/**
 * Refuses what stands where a generated file's folder must be:
 * - a symbolic link (`runtime` linked elsewhere, say): writing through it would put
 *   generated files outside the output folder (a generated file that is a link is
 *   not a problem: it is replaced, not written through);
 * - a file wsdlc did not make (one it made and no longer generates is deleted first).
 * @throws WsdlcError naming the path
 */
/**
 * Refuses an output path that is a file, or lies inside one, at planning time,
 * so that `check` and `--dry-run` report what `generate` would fail on (instead
 * of listing files that "would be created").
 */
async function refuseNonFolderOutput(fs: WriterFs, outDir: string, base: string): Promise<void> {
  let stat: { isDirectory(): boolean };
  try {
    stat = await fs.stat(outDir);
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return;
    if (isErrno(err, 'ENOTDIR'))
      throw new WsdlcError({
        severity: 'error',
        message: `output ${displayPath(outDir, base)} is inside a file, not a folder`,
      });
    throw err;
  }
  if (!stat.isDirectory())
    throw new WsdlcError({
      severity: 'error',
      message: `output ${displayPath(outDir, base)} exists and is not a folder`,
    });
}

async function refuseBlockedFolders(
  fs: WriterFs,
  outDir: string,
  files: readonly GeneratedFile[],
  owned: ReadonlySet<string>,
  base: string,
): Promise<void> {
  if (fs.lstat === undefined) return;
  const folders = new Set<string>();
  for (const f of files) {
    const parts = f.path.split('/');
    for (let k = 1; k < parts.length; k++) folders.add(parts.slice(0, k).join('/'));
  }
  // Parents first, so that the outermost link is the one reported.
  for (const rel of [...folders].sort()) {
    const abs = resolveInside(outDir, rel);
    let found: { isSymbolicLink(): boolean; isDirectory(): boolean };
    try {
      found = await fs.lstat(abs);
    } catch (err) {
      if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) continue;
      throw err;
    }
    if (!found.isSymbolicLink() && !found.isDirectory() && !owned.has(rel)) {
      throw new WsdlcError({
        severity: 'error',
        message: `output ${displayPath(abs, base)} is a file that wsdlc did not make, where it needs a folder for generated files; move it away or generate elsewhere`,
      });
    }
    if (found.isSymbolicLink()) {
      throw new WsdlcError({
        severity: 'error',
        message: `output folder ${displayPath(abs, base)} is a symbolic link: wsdlc does not write generated files through links (they would land outside the output folder); remove the link or generate elsewhere`,
      });
    }
  }
}

/** True when applying the plan would change nothing on disk. */
export function isUpToDate(plan: OutputPlan): boolean {
  return plan.changes.every((c) => c.action === 'unchanged');
}

/** Throws a WsdlcError listing the user files a plan would overwrite. */
export function refuseConflicts(plan: OutputPlan, displayBase: string): void {
  if (plan.conflicts.length === 0) return;
  throw new WsdlcError(
    plan.conflicts.map((p) => ({
      severity: 'error' as const,
      message:
        `${displayPath(join(plan.outDir, ...p.split('/')), displayBase)}: exists and was not generated by wsdlc ` +
        `(not in ${MANIFEST_NAME}); refusing to overwrite it (move it away or use --force)`,
    })),
  );
}
