/**
 * Starts a throw-away `redis-server` on a free loopback port for tests
 * (no persistence) and stops it after. When `redis-server` is missing the start
 * fails loudly, unless WSDLC_SKIP_REDIS=1 is set, in which case the Redis
 * suites are skipped (see {@link SKIP_REDIS}).
 *
 * Install on Debian/Ubuntu: `apt-get update && apt-get install -y redis-server`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** True when WSDLC_SKIP_REDIS=1: Redis suites are skipped with a message. */
export const SKIP_REDIS = process.env['WSDLC_SKIP_REDIS'] === '1';

if (SKIP_REDIS) {
  process.stderr.write('WSDLC_SKIP_REDIS=1: skipping the Redis session store tests\n');
}

/** A running test Redis. */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** The redis-server process id. */
  readonly pid: number;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  /** Resumes a frozen server (SIGCONT). */
  thaw(): void;
  /** Kills the server at once (SIGKILL: no shutdown, no goodbye to clients or replicas); resolves when it is gone. */
  kill(): Promise<void>;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** How to start a test Redis besides the defaults. */
export interface StartRedisOptions {
  /** Arguments before the defaults (e.g. a config file, `--sentinel`). */
  readonly leadingArgs?: readonly string[];
  /** Arguments after the defaults (e.g. `--replicaof 127.0.0.1 6379`, TLS settings). */
  readonly args?: readonly string[];
  /** The line that says the server is ready (default: `Ready to accept connections`). */
  readonly readyWhen?: RegExp;
  /** Listen on this port with `--port` (default `true`; TLS-only servers pass `false` and set `--tls-port`). */
  readonly plainPort?: boolean;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `redis-server --save '' --appendonly no --port N --bind 127.0.0.1` (on `port`, else a free one),
 * with `options`' extra arguments.
 */
export async function startRedis(port?: number, options: StartRedisOptions = {}): Promise<TestRedis> {
  port ??= await freePort();
  const readyWhen = options.readyWhen ?? /Ready to accept connections/;
  const portArgs = options.plainPort === false ? ['--port', '0'] : ['--port', String(port)];
  const child: ChildProcess = spawn(
    'redis-server',
    [
      ...(options.leadingArgs ?? []),
      '--save',
      '',
      '--appendonly',
      'no',
      ...portArgs,
      '--bind',
      '127.0.0.1',
      ...(options.args ?? []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 20_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(
        new Error(
          `cannot run redis-server (${err.message}). Install it (apt-get install -y redis-server) or set WSDLC_SKIP_REDIS=1 to skip the Redis tests.`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (readyWhen.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
  });
  child.removeAllListeners('exit');
  const gone = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    kill: () => {
      child.kill('SIGKILL');
      return gone;
    },
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // A frozen server must be resumed to act on SIGTERM.
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }),
  };
}
