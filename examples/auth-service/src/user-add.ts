/**
 * `npm run user:add -- <username> [--users <file>] [--data-dir <dir>] [--scrypt-log-n <n>]`:
 * adds a user or sets an existing user's password. The password is read from
 * standard input (hidden prompt on a terminal; first line when piped), hashed
 * with scrypt, and the users file is rewritten atomically.
 */
import { parseArgs } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { resolveScrypt, resolveUsersFile, usageError } from './config.js';
import { hashPassword, type ScryptParams } from './password-hash.js';
import { PromptAbortedError, readPassword } from './read-password.js';
import { runCli } from './run-cli.js';
import { readUsersFile, usernameProblem, writeUsersFile } from './users-file.js';
import { MAX_PASSWORD_LENGTH } from './authenticator.js';
import { pathToFileURL } from 'node:url';

/** Help text of `user:add`. */
export const USER_ADD_USAGE = `Usage: npm run user:add -- <username> [options]

Adds the user or sets their password. The password is read from standard input.

Options (environment variable in brackets):
  --users <file>        users file [USERS_FILE] (default ./users.json)
  --data-dir <dir>      users file is <dir>/users.json [DATA_DIR]
  --scrypt-log-n <n>    scrypt cost N = 2^n [SCRYPT_LOG_N] (default 17)
`;

/** What `user:add` did. */
export interface AddUserResult {
  readonly created: boolean;
  readonly usersFile: string;
}

/** Adds or updates `username` with `password` in `usersFile` (atomic rewrite). */
export async function addUser(
  usersFile: string,
  username: string,
  password: string,
  scrypt?: ScryptParams,
): Promise<AddUserResult> {
  const problem = usernameProblem(username);
  if (problem) throw usageError(problem);
  if (password.length === 0) throw usageError('the password is empty');
  if (password.length > MAX_PASSWORD_LENGTH)
    throw usageError(`the password is longer than ${MAX_PASSWORD_LENGTH} characters`);
  const users = await readUsersFile(usersFile);
  const created = !users.has(username);
  users.set(username, { passwordHash: await hashPassword(password, scrypt), updatedAt: new Date().toISOString() });
  await writeUsersFile(usersFile, users);
  return { created, usersFile };
}

/** The `user:add` command: parses `argv`, reads the password from `input`, reports on `output`. */
export async function userAddCommand(
  argv: readonly string[],
  io: { input: Readable; output: Writable; env: NodeJS.ProcessEnv; cwd: string },
): Promise<void> {
  const parsed = parseUserAddArgs(argv);
  const { values, positionals } = parsed;
  if (values.help) {
    io.output.write(USER_ADD_USAGE);
    return;
  }
  if (positionals.length !== 1) throw usageError(`expected one username\n${USER_ADD_USAGE}`);
  const username = positionals[0] as string;
  const file = resolveUsersFile(
    values.users ?? nonEmpty(io.env['USERS_FILE']),
    values['data-dir'] ?? nonEmpty(io.env['DATA_DIR']),
    io.cwd,
  );
  const scrypt = resolveScrypt(values['scrypt-log-n'], io.env);
  let password: string;
  try {
    password = await readPassword(io.input, io.output, `Password for ${username}: `);
  } catch (err) {
    if (err instanceof PromptAbortedError) throw usageError('aborted');
    throw usageError(err instanceof Error ? err.message : String(err));
  }
  const result = await addUser(file, username, password, scrypt);
  io.output.write(`${result.created ? 'added' : 'updated'} user ${username} in ${result.usersFile}\n`);
}

/** `parseArgs` for `user:add`; bad flags become usage errors. */
function parseUserAddArgs(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        users: { type: 'string' },
        'data-dir': { type: 'string' },
        'scrypt-log-n': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw usageError(err instanceof Error ? err.message : String(err));
  }
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCli(() =>
    userAddCommand(process.argv.slice(2), {
      input: process.stdin,
      output: process.stderr,
      env: process.env,
      cwd: process.cwd(),
    }),
  );
}
