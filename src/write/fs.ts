/**
 * The file-system operations the writer uses, as an injectable object so tests
 * can make one fail midway and check that the previous output survives.
 */
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';

/** The subset of `node:fs/promises` the writer calls. */
export interface WriterFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string, encoding: 'utf8'): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { recursive?: boolean; force?: boolean }): Promise<void>;
  rmdir(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  /**
   * Carries the tree `from` over to `to` without copying content: files are
   * hard-linked (same inode, same mtime), symbolic links recreated as written,
   * folders created. Callers must remove a carried file before writing new
   * content to it, since the link shares the old file's content.
   */
  cp(from: string, to: string, options: { recursive: true; filter?: (src: string) => boolean }): Promise<void>;
  stat(path: string): Promise<{ isDirectory(): boolean; isFile(): boolean }>;
  /**
   * Like `stat`, but describes a symbolic link itself. Optional: without it the
   * writer cannot refuse folders that are links (see planOutput).
   */
  lstat?(path: string): Promise<{ isSymbolicLink(): boolean; isDirectory(): boolean }>;
}

/** The real file system. */
export const nodeFs: WriterFs = {
  readFile: (p, e) => fsp.readFile(p, e),
  writeFile: (p, d, e) => fsp.writeFile(p, d, e),
  mkdir: (p, o) => fsp.mkdir(p, o),
  rename: (a, b) => fsp.rename(a, b),
  rm: (p, o) => fsp.rm(p, o),
  rmdir: (p) => fsp.rmdir(p),
  readdir: (p) => fsp.readdir(p),
  cp: (a, b, o) => carryTree(a, b, o.filter),
  stat: (p) => fsp.stat(p),
  lstat: (p) => fsp.lstat(p),
};

/**
 * See {@link WriterFs.cp}. Falls back to a copy that keeps the timestamps where
 * the file system refuses hard links.
 */
async function carryTree(from: string, to: string, filter?: (src: string) => boolean): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (filter && !filter(src)) continue;
    if (entry.isDirectory()) {
      await carryTree(src, dst, filter);
    } else if (entry.isSymbolicLink()) {
      await fsp.symlink(await fsp.readlink(src), dst);
    } else if (entry.isFile()) {
      try {
        await fsp.link(src, dst);
      } catch {
        await fsp.copyFile(src, dst);
        const st = await fsp.stat(src);
        await fsp.utimes(dst, st.atime, st.mtime);
      }
    }
  }
}

/** True when `err` is a Node system error with this `code` (e.g. `ENOENT`). */
export function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && 'code' in err && (err as { code: unknown }).code === code;
}

/** Reads a UTF-8 file, or `undefined` when it does not exist. */
export async function readIfExists(fs: WriterFs, path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) return undefined;
    throw err;
  }
}
