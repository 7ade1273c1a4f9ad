/**
 * Committing a plan atomically: the new folder is assembled in a temporary
 * folder beside the output (same parent, so the same file system), then swapped
 * into place with renames. Files that stay are hard-linked into the new folder,
 * so unchanged files (and the user's own files) keep their inode and mtime:
 * incremental compilers and watchers see only what really changed. If anything fails before the swap, the temporary
 * folder is removed and the previous output is untouched; if the swap itself
 * fails, the previous folder is renamed back.
 */
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, relative, sep } from 'node:path';
import { type WriterFs, isErrno, nodeFs } from './fs.js';
import { type OutputPlan, isUpToDate } from './plan.js';
import { resolveInside } from './paths.js';
import { WsdlcError } from '../util/errors.js';
import { eachConcurrently } from '../util/each-concurrently.js';

/** Files written at once while assembling the new folder. */
const WRITE_CONCURRENCY = 16;

/** What {@link commitPlan} did. */
export interface CommitResult {
  /** False when the output was already up to date (nothing was touched). */
  readonly written: boolean;
}

/**
 * Applies a plan. Files not owned by wsdlc (not in the previous manifest) are
 * carried over unchanged unless the plan overwrites them (callers refuse
 * conflicts unless forced).
 */
export async function commitPlan(plan: OutputPlan, fs: WriterFs = nodeFs): Promise<CommitResult> {
  if (isUpToDate(plan) && !plan.clean) return { written: false };
  const outDir = plan.outDir;
  const parent = dirname(outDir);
  const present = await pathExists(fs, outDir);
  try {
    await fs.mkdir(parent, { recursive: true });
  } catch (err) {
    if (isErrno(err, 'EEXIST') || isErrno(err, 'ENOTDIR')) {
      throw new WsdlcError({ severity: 'error', message: `output ${outDir} is inside a file, not a folder` });
    }
    throw err;
  }
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = join(parent, `.${basename(outDir)}.wsdlc-tmp-${tag}`);
  const backup = join(parent, `.${basename(outDir)}.wsdlc-old-${tag}`);
  const exists = present && (await dirExists(fs, outDir));
  if (present && !exists) {
    throw new WsdlcError({ severity: 'error', message: `output ${outDir} exists and is not a folder` });
  }
  try {
    const previouslyOwned = new Set(Object.keys(plan.previous?.files ?? {}));
    const deleted = new Set(plan.changes.filter((c) => c.action === 'delete').map((c) => c.path));
    if (exists) {
      // Carry everything over except what the plan deletes (and, with clean, every generated file).
      await fs.cp(outDir, tmp, {
        recursive: true,
        filter: (src) => {
          const rel = relative(outDir, src).split(sep).join('/');
          if (rel === '') return true;
          return !deleted.has(rel) && !(plan.clean && previouslyOwned.has(rel));
        },
      });
      await pruneEmptyDirs(fs, tmp, [...deleted, ...(plan.clean ? previouslyOwned : [])]);
    } else {
      await fs.mkdir(tmp, { recursive: true });
    }
    const rewrite = new Set(
      plan.changes.filter((c) => c.action === 'create' || c.action === 'change' || plan.clean).map((c) => c.path),
    );
    const toWrite = plan.files.filter((f) => rewrite.has(f.path));
    // Each folder once (parents sort first), then the files side by side: their order does not matter
    // until the swap below, and one at a time they cost a thread-pool round trip each.
    for (const dir of [...new Set(toWrite.map((f) => dirname(resolveInside(tmp, f.path))))].sort()) {
      await fs.mkdir(dir, { recursive: true });
    }
    await eachConcurrently(toWrite, WRITE_CONCURRENCY, async (f) => {
      const target = resolveInside(tmp, f.path);
      // A carried-over file is a hard link to the current output: unlink it, never write through it.
      if (exists) await fs.rm(target, { force: true });
      await fs.writeFile(target, f.content, 'utf8');
    });
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
  await swapIn(fs, tmp, outDir, exists ? backup : undefined);
  return { written: true };
}

async function swapIn(fs: WriterFs, tmp: string, outDir: string, backup: string | undefined): Promise<void> {
  if (backup === undefined) {
    try {
      await fs.rename(tmp, outDir);
    } catch (err) {
      await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
      throw err;
    }
    return;
  }
  try {
    await fs.rename(outDir, backup);
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
  try {
    await fs.rename(tmp, outDir);
  } catch (err) {
    await fs.rename(backup, outDir).catch(() => undefined);
    await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
  await fs.rm(backup, { recursive: true, force: true });
}

async function pathExists(fs: WriterFs, path: string): Promise<boolean> {
  try {
    await fs.stat(path);
    return true;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return false;
    if (isErrno(err, 'ENOTDIR')) {
      throw new WsdlcError({ severity: 'error', message: `output ${path} is inside a file, not a folder` });
    }
    throw err;
  }
}

async function dirExists(fs: WriterFs, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return false;
    throw err;
  }
}

/** Removes folders left empty by removed files, deepest first, never `root` itself. */
async function pruneEmptyDirs(fs: WriterFs, root: string, removed: Iterable<string>): Promise<void> {
  const dirs = new Set<string>();
  for (const p of removed) {
    for (let d = dirname(p); d !== '.' && d !== ''; d = dirname(d)) dirs.add(d);
  }
  const deepestFirst = [...dirs].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? 1 : -1));
  for (const d of deepestFirst) {
    const abs = resolveInside(root, d);
    try {
      if ((await fs.readdir(abs)).length === 0) await fs.rmdir(abs);
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) throw err;
    }
  }
}
