/** `npm run user:add`: piped stdin, add then update, atomic file, usage errors. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/password-hash.js';
import { userAddCommand } from '../src/user-add.js';
import { readUsersFile } from '../src/users-file.js';
import { ServiceError } from '../src/errors.js';

/** The example's own folder: its scripts run from here, as `npm start` in it does. */
const ROOT = resolve(import.meta.dirname, '..');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wsdlc-useradd-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function runUserAdd(args: string[], stdin: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/user-add.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, SCRYPT_LOG_N: '10' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stderr }));
    child.stdin.end(stdin);
  });
}

describe('user:add', () => {
  it('adds a user from piped stdin, then updates the password', async () => {
    const file = join(dir, 'users.json');
    const first = await runUserAdd(['alice', '--users', file], 'first-pass\n');
    expect(first.stderr).toContain(`added user alice in ${file}`);
    expect(first.code).toBe(0);
    const hash1 = (await readUsersFile(file)).get('alice')?.passwordHash ?? '';
    expect(hash1).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('first-pass', hash1)).toBe(true);

    const second = await runUserAdd(['alice', '--users', file], 'second pass\r\nignored line\n');
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('updated user alice');
    const users = await readUsersFile(file);
    expect(users.size).toBe(1);
    expect(await verifyPassword('second pass', users.get('alice')?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('first-pass', users.get('alice')?.passwordHash ?? '')).toBe(false);
  });

  it('exits 2 with a message and no stack for an empty password or a missing username', async () => {
    const file = join(dir, 'users.json');
    const empty = await runUserAdd(['bob', '--users', file], '\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe('error: the password is empty\n');
    const none = await runUserAdd(['--users', file], 'pw\n');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: expected one username/);
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
  });

  it('honours USERS_FILE and DATA_DIR (in-process)', async () => {
    const input = new PassThrough();
    input.end('pw1\n');
    const output = new PassThrough();
    await userAddCommand(['carol'], { input, output, env: { DATA_DIR: dir, SCRYPT_LOG_N: '8' }, cwd: '/' });
    expect((await readUsersFile(join(dir, 'users.json'))).has('carol')).toBe(true);
    const input2 = new PassThrough();
    input2.end('pw2');
    await expect(
      userAddCommand(['bad\tname'], { input: input2, output, env: { DATA_DIR: dir }, cwd: '/' }),
    ).rejects.toBeInstanceOf(ServiceError);
  });
});
