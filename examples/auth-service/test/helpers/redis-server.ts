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
  stop(): Promise<void>;
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

/** Starts `redis-server --save '' --appendonly no --port N --bind 127.0.0.1` (on `port`, else a free one). */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1'],
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
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
  });
  child.removeAllListeners('exit');
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
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
