/**
 * Output path safety: every generated path must stay inside its output folder.
 * Paths come from the emitter and from a manifest on disk (which a user or an
 * attacker may have edited), so both are checked the same way.
 */
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { WsdlcError } from '../util/errors.js';

/**
 * Checks a relative POSIX output path and returns it normalised.
 * Rejects empty paths, absolute paths (POSIX or Windows drive/UNC), backslashes,
 * `.`/`..` segments, NUL characters and empty segments.
 * @param path the candidate path, e.g. `runtime/codec.ts`
 * @param origin what produced it, for the error message (e.g. `emitter`, a manifest file)
 * @throws WsdlcError when the path is unsafe
 */
export function checkOutputPath(path: string, origin: string): string {
  const bad = (why: string): never => {
    throw new WsdlcError({
      severity: 'error',
      message: `${origin}: unsafe output path ${JSON.stringify(path)}: ${why}`,
    });
  };
  if (path === '') bad('empty');
  if (path.includes('\0')) bad('contains a NUL character');
  if (path.includes('\\')) bad('contains a backslash (use POSIX "/" separators)');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || isAbsolute(path)) bad('absolute paths are not allowed');
  const segments = path.split('/');
  for (const s of segments) {
    if (s === '') bad('empty path segment');
    if (s === '.' || s === '..') bad('"." and ".." segments are not allowed');
  }
  return posix.normalize(path);
}

/**
 * Joins a checked relative path to its folder and verifies the result is inside it
 * (defence in depth against anything {@link checkOutputPath} missed).
 */
export function resolveInside(dir: string, rel: string): string {
  const abs = resolve(dir, ...rel.split('/'));
  const back = relative(dir, abs);
  if (back === '' || back.startsWith(`..${sep}`) || back === '..' || isAbsolute(back)) {
    throw new WsdlcError({ severity: 'error', message: `unsafe output path ${JSON.stringify(rel)}: escapes ${dir}` });
  }
  return abs;
}

/** A path for messages: relative to `base` with POSIX slashes (absolute only when on another drive). */
export function displayPath(abs: string, base: string): string {
  const rel = relative(base, abs);
  const shown = rel === '' ? '.' : isAbsolute(rel) ? abs : rel;
  return shown.split(sep).join('/');
}
