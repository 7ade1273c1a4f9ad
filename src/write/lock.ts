/**
 * One writer per output folder at a time: `generate` runs that overlap (two
 * terminals, a watcher and a build) would otherwise assemble and swap their
 * folders into each other's way. The lock is a file beside the output folder,
 * created exclusively, holding the writer's process id; a lock left by a process
 * that no longer runs (killed mid-write) is taken over.
 */
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isErrno } from './fs.js';
import { WsdlcError } from '../util/errors.js';

/** How long to wait for another writer of the same folder before giving up. */
const DEFAULT_WAIT_MS = 60_000;
/** A lock file without a readable process id older than this is a leftover. */
const UNREADABLE_STALE_MS = 5_000;

/** The lock file of an output folder (beside it, so it is never part of the output). */
export function lockPathOf(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.wsdlc-lock`);
}

/**
 * Waits until this process may write `outDir`, then holds that right until the
 * returned release function is called.
 * @throws WsdlcError when another live process keeps the folder longer than `waitMs`
 */
export async function lockOutput(outDir: string, waitMs = DEFAULT_WAIT_MS): Promise<() => Promise<void>> {
  const lockPath = lockPathOf(outDir);
  try {
    await mkdir(dirname(outDir), { recursive: true });
  } catch (err) {
    if (isErrno(err, 'EEXIST') || isErrno(err, 'ENOTDIR')) {
      throw new WsdlcError({ severity: 'error', message: `output ${outDir} is inside a file, not a folder` });
    }
    throw err;
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      return async () => {
        await rm(lockPath, { force: true });
      };
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err;
    }
    const holder = await holderOf(lockPath);
    if (holder === 'stale') {
      await rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new WsdlcError({
        severity: 'error',
        message: `output ${outDir} is being written by another wsdlc (process ${holder}); if none is running, delete ${lockPath}`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The process holding the lock, or `'stale'` when it no longer runs (or the file is an old, unreadable leftover). */
async function holderOf(lockPath: string): Promise<number | 'stale' | 'unknown'> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return 'stale'; // released meanwhile: try again at once
    throw err;
  }
  const pid = Number(text.trim());
  if (Number.isInteger(pid) && pid > 0) return isRunning(pid) ? pid : 'stale';
  // Being written right now, or left empty by a crash: judge by its age.
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > UNREADABLE_STALE_MS ? 'stale' : 'unknown';
  } catch {
    return 'stale';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return isErrno(err, 'EPERM');
  }
}
