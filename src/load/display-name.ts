/**
 * How documents are named in messages: paths relative to the working directory
 * (POSIX slashes), URLs as they are.
 */
import * as path from 'node:path';

/** True when `source` is an absolute http(s) URL. */
export function isHttpUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/**
 * The display name of a document identity (absolute path or http(s) URL).
 * @param identity absolute file path or URL
 * @param cwd base directory for relative paths
 */
export function displayNameOf(identity: string, cwd: string): string {
  if (isHttpUrl(identity)) return identity;
  const rel = path.relative(cwd, identity);
  const shown = rel === '' ? path.basename(identity) : path.isAbsolute(rel) ? identity : rel;
  return shown.split(path.sep).join('/');
}
