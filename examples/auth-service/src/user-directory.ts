/**
 * The running service's view of the users file: looks users up and picks up
 * changes made by `npm run user:add` while the service runs (the file is
 * re-read when its modification time or size changes).
 */
import { stat } from 'node:fs/promises';
import { parsePasswordHash, type ScryptParams } from './password-hash.js';
import { isErrnoException, readUsersFile, type UserRecord, writeUsersFile } from './users-file.js';

/** Looks up users by name. */
export interface UserLookup {
  /** The user's record, or `undefined` for an unknown user. */
  find(username: string): Promise<UserRecord | undefined>;
  /**
   * The scrypt parameters most stored hashes have (ties: the costliest), or
   * `undefined` with no users: unknown users are verified against a dummy hash
   * at this cost, so they take as long as real ones.
   */
  hashParams?(): Promise<ScryptParams | undefined>;
  /**
   * Replaces `username`'s hash by `newHash` if it is still `oldHash` (a rehash at
   * the configured cost after a successful login). Returns whether it did.
   */
  updateHash?(username: string, oldHash: string, newHash: string): Promise<boolean>;
}

/** The parameters most of `users`' hashes have (ties: the costliest), or `undefined` with none. */
export function typicalHashParams(users: Iterable<UserRecord>): ScryptParams | undefined {
  const counts = new Map<string, { params: ScryptParams; count: number }>();
  for (const u of users) {
    const parsed = parsePasswordHash(u.passwordHash);
    if (!parsed) continue;
    const key = `${parsed.params.N}$${parsed.params.r}$${parsed.params.p}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { params: parsed.params, count: 1 });
  }
  let best: { params: ScryptParams; count: number } | undefined;
  const cost = (p: ScryptParams): number => p.N * p.r * p.p;
  for (const e of counts.values()) {
    if (!best || e.count > best.count || (e.count === best.count && cost(e.params) > cost(best.params))) best = e;
  }
  return best?.params;
}

/** A {@link UserLookup} over a users file, reloaded when the file changes. */
export class UsersFileDirectory implements UserLookup {
  private users = new Map<string, UserRecord>();
  private typical: ScryptParams | undefined;
  private stamp = '';
  private pending: Promise<void> | undefined;
  /** Hash updates, one after another (each re-reads and rewrites the file). */
  private updates: Promise<unknown> = Promise.resolve();

  /** @param path the users file. */
  constructor(readonly path: string) {}

  /** Loads the file now (call once at start-up so problems surface early). */
  async load(): Promise<void> {
    await this.refresh();
  }

  /** {@inheritDoc UserLookup.find} */
  async find(username: string): Promise<UserRecord | undefined> {
    await this.refresh();
    return this.users.get(username);
  }

  /** {@inheritDoc UserLookup.hashParams} */
  async hashParams(): Promise<ScryptParams | undefined> {
    await this.refresh();
    return this.typical;
  }

  /**
   * {@inheritDoc UserLookup.updateHash}: re-reads the file, replaces the hash if
   * unchanged (keeping `updatedAt`: the password is the same) and writes it
   * atomically. A concurrent `user:add` that changed the user wins.
   */
  updateHash(username: string, oldHash: string, newHash: string): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      const users = await readUsersFile(this.path);
      const record = users.get(username);
      if (!record || record.passwordHash !== oldHash) return false;
      users.set(username, { passwordHash: newHash, updatedAt: record.updatedAt });
      await writeUsersFile(this.path, users);
      return true;
    };
    const next = this.updates.then(run, run);
    this.updates = next.catch(() => undefined);
    return next;
  }

  /** Re-reads the file when its stamp changed; concurrent callers share one reload. */
  private refresh(): Promise<void> {
    this.pending ??= this.reloadIfChanged().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async reloadIfChanged(): Promise<void> {
    let stamp: string;
    try {
      const s = await stat(this.path);
      stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch (err) {
      if (isErrnoException(err) && err.code === 'ENOENT') {
        this.users = new Map();
        this.typical = undefined;
        this.stamp = '';
        return;
      }
      throw err;
    }
    if (stamp === this.stamp) return;
    this.users = await readUsersFile(this.path);
    this.typical = typicalHashParams(this.users.values());
    this.stamp = stamp;
  }
}

/** A fixed in-memory {@link UserLookup} (tests, embedding). */
export class StaticUserDirectory implements UserLookup {
  /** @param users the users by name. */
  constructor(private readonly users: ReadonlyMap<string, UserRecord>) {}

  /** {@inheritDoc UserLookup.find} */
  find(username: string): Promise<UserRecord | undefined> {
    return Promise.resolve(this.users.get(username));
  }

  /** {@inheritDoc UserLookup.hashParams} */
  hashParams(): Promise<ScryptParams | undefined> {
    return Promise.resolve(typicalHashParams(this.users.values()));
  }
}
