/**
 * Helpers for the tests against independent peers installed from Debian (Mono,
 * PHP, openssl, zeep): whether a peer is there, the skip rule (a missing peer skips the
 * tests only outside CI; `.ci/run` installs the peers, so under `CI` it fails
 * them), running a command, and a peer server process on 127.0.0.1 that the
 * test stops (its stdin is closed, then it is killed by its process id).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** True when `command` is found on the PATH. */
export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** True when PHP is installed with the soap extension. */
export function hasPhpSoap(): boolean {
  if (!hasCommand('php')) return false;
  const r = spawnSync('php', ['-r', 'exit(extension_loaded("soap") ? 0 : 1);'], { stdio: 'ignore' });
  return r.status === 0;
}

/**
 * Whether tests needing a peer are skipped: only when it is missing outside CI
 * (under `CI` a missing peer fails the tests, as the zeep test does).
 */
export function skipWithout(available: boolean): boolean {
  return !available && process.env['CI'] === undefined;
}

/** Runs `file` with `args`; resolves with stdout, rejects with stderr in the message. */
export function run(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${file} ${args.join(' ')}: ${err.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** Runs a Python script (`exe -c script args...`); resolves with its stdout, trimmed. */
export async function runPython(exe: string, script: string, args: readonly string[]): Promise<string> {
  return (await run(exe, ['-c', script, ...args], { timeoutMs: 60_000 })).trim();
}

/**
 * The first Python that imports zeep (Debian's python3-zeep lives in /usr/bin/python3,
 * which a pyenv shim on the PATH may hide), or undefined.
 */
export async function findZeepPython(): Promise<string | undefined> {
  for (const exe of ['python3', '/usr/bin/python3']) {
    const ok = await runPython(exe, 'import zeep', []).then(
      () => true,
      () => false,
    );
    if (ok) return exe;
  }
  return undefined;
}

/** A free TCP port on 127.0.0.1 (for peers that cannot listen on port 0 and report it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A peer server process. */
export interface PeerProcess {
  readonly child: ChildProcess;
  /** The first match of `ready` in its stdout (or stderr). */
  readonly match: RegExpMatchArray;
  /** Everything it wrote so far, stdout then stderr. */
  output(): string;
  /** Closes its stdin, then kills it (by its own pid) unless it has exited within 2 s. */
  stop(): Promise<void>;
}

/**
 * Starts `file args` and resolves once its stdout or stderr matches `ready`
 * (rejects with its output if it exits first or `timeoutMs` passes).
 */
export function startPeer(
  file: string,
  args: readonly string[],
  ready: RegExp,
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<PeerProcess> {
  const child = spawn(file, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const output = (): string => `${stdout}${stderr}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${file} did not start within ${options.timeoutMs ?? 60_000} ms:\n${output()}`));
    }, options.timeoutMs ?? 60_000);
    const check = (): void => {
      const match = stdout.match(ready) ?? stderr.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output, stop });
      }
    };
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      check();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      check();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) before it was ready:\n${output()}`));
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
