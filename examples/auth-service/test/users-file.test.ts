import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/password-hash.js';
import { UsersFileDirectory } from '../src/user-directory.js';
import { parseUsers, readUsersFile, usernameProblem, writeUsersFile } from '../src/users-file.js';
import { ServiceError } from '../src/errors.js';

const LOW = { N: 2 ** 10, r: 8, p: 1 };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wsdlc-users-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('users file', () => {
  it('round-trips users and writes atomically with mode 0600, leaving no temp files', async () => {
    const file = join(dir, 'sub', 'users.json');
    const users = new Map([
      ['alice', { passwordHash: await hashPassword('a', LOW), updatedAt: '2026-01-01T00:00:00.000Z' }],
    ]);
    await writeUsersFile(file, users);
    expect(await readUsersFile(file)).toEqual(users);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'sub'))).toEqual(['users.json']);
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ version: 1, users: { alice: { updatedAt: '2026-01-01T00:00:00.000Z' } } });
  });

  it('reads a missing file as no users', async () => {
    expect((await readUsersFile(join(dir, 'none.json'))).size).toBe(0);
  });

  it('reports invalid JSON with file:line:column', () => {
    const err = (() => {
      try {
        parseUsers('{\n  "version": 1,\n  "users": {,}\n}', 'users.json');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).message).toMatch(/^users\.json:3:\d+: users file is not valid JSON/);
  });

  it('reports a bad hash at the user entry', () => {
    expect(() => parseUsers('{"version": 1,\n"users": {\n  "bob": {"passwordHash": "plain"}}}', 'u.json')).toThrow(
      /^u\.json:3:3: user "bob": "passwordHash" must be an scrypt hash/,
    );
    expect(() => parseUsers('[]', 'u.json')).toThrow(/^u\.json:1:1: users file must be an object/);
  });

  it('validates usernames', () => {
    expect(usernameProblem('alice')).toBeUndefined();
    expect(usernameProblem('')).toMatch(/empty/);
    expect(usernameProblem('a\nb')).toMatch(/control/);
    expect(usernameProblem(' a')).toMatch(/white space/);
  });

  it('directory picks up a rewritten file', async () => {
    const file = join(dir, 'users.json');
    const d = new UsersFileDirectory(file);
    await d.load();
    expect(await d.find('carol')).toBeUndefined();
    await writeUsersFile(file, new Map([['carol', { passwordHash: await hashPassword('c', LOW), updatedAt: '' }]]));
    expect((await d.find('carol'))?.passwordHash).toMatch(/^scrypt\$/);
    await writeFile(file, '{"version": 1, "users": {}}\n');
    expect(await d.find('carol')).toBeUndefined();
  });
});
