/**
 * `npm start` as a process: prints the bound port, serves, and on SIGTERM
 * finishes the request in flight and exits 0.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUsersFile } from './helpers/auth-service.js';
import { rm } from 'node:fs/promises';

/** The example's own folder: its scripts run from here, as `npm start` in it does. */
const ROOT = resolve(import.meta.dirname, '..');

interface Running {
  child: ChildProcessWithoutNullStreams;
  port: number;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The node flags of this folder's `npm start` script (`tsx <flags> src/main.ts`). */
function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts.start!.split(/\s+/).filter((a) => a.startsWith('--'));
}

function start(args: string[], nodeFlags: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '', HOST: '' },
  });
  let out = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.on('exit', (code, signal) => res({ code, signal })),
  );
  return new Promise((resolvePromise, reject) => {
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) resolvePromise({ child, port: Number(m[1]), output: () => out, exit });
    });
    void exit.then(({ code }) => reject(new Error(`service exited early (${code}):\n${out}`)));
  });
}

/** A plain HTTP GET. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * An HTTP POST Login held open: sent with `Expect: 100-continue`, so the
 * server's `100 Continue` proves it has the request; the form body is sent
 * only when `send()` is called.
 */
function heldPost(
  port: number,
  form: string,
): Promise<{ send: () => void; response: Promise<{ status: number; body: string }> }> {
  return new Promise((resolveHeld, reject) => {
    let resolveResponse: (v: { status: number; body: string }) => void = () => undefined;
    const response = new Promise<{ status: number; body: string }>((r) => (resolveResponse = r));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/ecomm/Auth.asmx/Login',
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
          expect: '100-continue',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.on('continue', () => resolveHeld({ send: () => req.end(form), response }));
    req.flushHeaders();
  });
}

describe('service process', () => {
  let users: { dir: string; file: string };
  beforeAll(async () => {
    users = await makeUsersFile({ alice: 's3cret' });
  });
  afterAll(async () => {
    await rm(users.dir, { recursive: true, force: true });
  });

  it("with the start script's node flags, collects garbage before each hash (issue 20, item 9)", async () => {
    const flags = startScriptFlags();
    expect(flags).toContain('--expose-gc');
    const on = await start(['--port', '0', '--users', users.file, '--scrypt-log-n', '8'], flags);
    await waitFor(() => on.output().includes('memory: '));
    expect(on.output()).toContain('memory: garbage collected before each hash (node --expose-gc)');
    on.child.kill('SIGTERM');
    expect((await on.exit).code).toBe(0);
    const off = await start(['--port', '0', '--users', users.file, '--scrypt-log-n', '8']);
    await waitFor(() => off.output().includes('memory: '));
    expect(off.output()).toContain('memory: garbage not collected before hashes; run node with --expose-gc');
    off.child.kill('SIGTERM');
    expect((await off.exit).code).toBe(0);
  });

  it('serves, then exits 0 on SIGTERM after finishing the request in flight', async () => {
    const s = await start(['--port', '0', '--users', users.file, '--scrypt-log-n', '8', '--log-format', 'text']);
    const first = await get(s.port, '/ecomm/Auth.asmx/Login?Username=alice&Password=s3cret');
    expect(first.status).toBe(200);
    expect(first.body).toContain('ServiceTicket');
    const held = await heldPost(s.port, 'Username=alice&Password=s3cret');
    s.child.kill('SIGTERM');
    await waitFor(() => s.output().includes('SIGTERM: shutting down'));
    held.send();
    const answer = await held.response;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('ServiceTicket');
    const { code } = await s.exit;
    expect(code).toBe(0);
    expect(s.output()).toMatch(/httpGet Login 200/);
    expect(s.output()).toMatch(/httpPost Login 200/);
    expect(s.output()).toMatch(/SIGTERM: shutting down/);
    expect(s.output()).toMatch(/stopped/);
  });

  it('exits 2 with a one-line message for a bad flag', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', 'x'], { cwd: ROOT });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(err).toBe('error: --port must be an integer, got "x"\n');
  });
});

async function waitFor(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('in-process close()', () => {
  it('closes idle keep-alive connections at once and finishes a held request', async () => {
    const { startTestService } = await import('./helpers/auth-service.js');
    const t = await startTestService({ alice: 's3cret' });
    const { server } = t.service;
    // Leaves a keep-alive connection idle in the pool.
    const warm = await fetch(`${t.service.url}/Login?Username=alice&Password=s3cret`);
    expect(warm.status).toBe(200);
    await warm.text();
    const held = await heldPost(t.service.port, 'Username=alice&Password=s3cret');
    const closed = t.stop();
    let accepting = true;
    server.once('close', () => (accepting = false));
    held.send();
    const answer = await held.response;
    expect(answer.status).toBe(200);
    await closed; // would hang until the (10 s) cut-off if idle connections were left open
    expect(accepting).toBe(false);
    await expect(fetch(`${t.service.url}?wsdl`)).rejects.toThrow();
  });
});
