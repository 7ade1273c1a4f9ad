/**
 * The running service's view of the users file: looks users up and picks up
 * changes made by `npm run user:add` while the service runs (the file is
 * re-read when its modification time or size changes).
 */
import { stat } from 'node:fs/promises';
import { isErrnoException, readUsersFile, type UserRecord } from './users-file.js';

/** Looks up users by name. */
export interface UserLookup {
  /** The user's record, or `undefined` for an unknown user. */
  find(username: string): Promise<UserRecord | undefined>;
}

/** A {@link UserLookup} over a users file, reloaded when the file changes. */
export class UsersFileDirectory implements UserLookup {
  private users = new Map<string, UserRecord>();
  private stamp = '';
  private pending: Promise<void> | undefined;

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
        this.stamp = '';
        return;
      }
      throw err;
    }
    if (stamp === this.stamp) return;
    this.users = await readUsersFile(this.path);
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
}
