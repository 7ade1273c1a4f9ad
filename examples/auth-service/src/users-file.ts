/**
 * The users file: a JSON document mapping usernames to scrypt password hashes.
 *
 *     {
 *       "version": 1,
 *       "users": {
 *         "alice": { "passwordHash": "scrypt$131072$8$1$<salt>$<key>", "updatedAt": "2026-01-01T00:00:00.000Z" }
 *       }
 *     }
 *
 * Reading reports problems as {@link ServiceError} with `file:line:column`.
 * Writing is atomic: the new content goes to a temporary file in the same
 * directory, is flushed to disk, then renamed over the old file (rename is
 * atomic on POSIX file systems), so a reader never sees a half-written file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type FileLocation, ServiceError } from './errors.js';
import { isPasswordHash } from './password-hash.js';

/** One user's stored record. */
export interface UserRecord {
  /** The scrypt hash in the stored form of `password-hash.ts`. */
  readonly passwordHash: string;
  /** When the password was last set (ISO 8601). */
  readonly updatedAt: string;
}

/** The users, by username (case-sensitive). */
export type Users = ReadonlyMap<string, UserRecord>;

/** Longest accepted username, in characters. */
export const MAX_USERNAME_LENGTH = 256;

/** Returns why `username` is not acceptable, or `undefined` when it is. */
export function usernameProblem(username: string): string | undefined {
  if (username.length === 0) return 'the username is empty';
  if (username.length > MAX_USERNAME_LENGTH) return `the username is longer than ${MAX_USERNAME_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(username)) return 'the username contains control characters';
  if (username.trim() !== username) return 'the username starts or ends with white space';
  return undefined;
}

/** Converts a character offset in `text` to a 1-based line and column. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where in the text a user's entry starts (for error locations); line 1 column 1 if not found. */
function locate(
  file: string,
  text: string,
  needle: string | undefined,
): { file: string; line: number; column: number } {
  const at = needle === undefined ? -1 : text.indexOf(JSON.stringify(needle));
  return { file, ...lineColumn(text, Math.max(at, 0)) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses users-file text. `file` names the file in error messages.
 * @throws ServiceError with `file:line:column` for malformed content.
 */
export function parseUsers(text: string, file: string): Map<string, UserRecord> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(message);
    const where = lineColumn(text, pos ? Number(pos[1]) : 0);
    throw userError(`users file is not valid JSON: ${message}`, { file, ...where });
  }
  if (!isRecord(data) || data['version'] !== 1 || !isRecord(data['users'])) {
    throw userError('users file must be an object {"version": 1, "users": {...}}', { file, line: 1, column: 1 });
  }
  const users = new Map<string, UserRecord>();
  for (const [name, entry] of Object.entries(data['users'])) {
    const problem = usernameProblem(name);
    if (problem) throw userError(`user ${JSON.stringify(name)}: ${problem}`, locate(file, text, name));
    if (!isRecord(entry) || typeof entry['passwordHash'] !== 'string' || !isPasswordHash(entry['passwordHash'])) {
      throw userError(
        `user ${JSON.stringify(name)}: "passwordHash" must be an scrypt hash (scrypt$N$r$p$salt$key)`,
        locate(file, text, name),
      );
    }
    const updatedAt = typeof entry['updatedAt'] === 'string' ? entry['updatedAt'] : '';
    users.set(name, { passwordHash: entry['passwordHash'], updatedAt });
  }
  return users;
}

/** Serialises users to the file format (sorted by username, 2-space indent, trailing newline). */
export function serializeUsers(users: Users): string {
  const sorted = [...users.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const obj: Record<string, UserRecord> = Object.create(null) as Record<string, UserRecord>;
  for (const [name, record] of sorted) obj[name] = { passwordHash: record.passwordHash, updatedAt: record.updatedAt };
  return `${JSON.stringify({ version: 1, users: obj }, null, 2)}\n`;
}

/**
 * Reads the users file. A missing file is an empty set of users.
 * @throws ServiceError for malformed content.
 */
export async function readUsersFile(path: string): Promise<Map<string, UserRecord>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (isErrnoException(err) && err.code === 'ENOENT') return new Map();
    throw err;
  }
  return parseUsers(text, path);
}

/** Writes the users file atomically (temp file + fsync + rename), mode 0600. */
export async function writeUsersFile(path: string, users: Users): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(serializeUsers(users), 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** Narrows an unknown error to a Node system error with a `code`. */
export function isErrnoException(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string';
}

/** A malformed users file, located. */
function userError(message: string, location: FileLocation): ServiceError {
  return new ServiceError(message, { location });
}
