/**
 * Issue 29: the generated Auth server as a Fetch API handler (`createAuthFetchHandler`)
 * on the real hosts: `Bun.serve`, `Deno.serve` (`--allow-net` only), a workerd module
 * worker (`export default { fetch }`) with Node compatibility off (pinned old
 * compatibility date) and on, Hono (`app.fetch` under Bun.serve), and a Next.js App
 * Router route file (next-route/: called with real `Request` objects as Next calls it;
 * Next.js itself is not installed). Each gets the same behaviour table: Login then
 * Logout over SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST from the generated client,
 * faults, 415, 413 for a declared and for a chunked body over the limit (and still
 * serving), 405 with Allow, HEAD, and `?wsdl` naming the address the request came to.
 * One bundle (fetch-server.ts) and one process per runtime, started together.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { AuthClient, SoapFaultError } from '../../generated/auth/index.js';
import { fetchTransport } from '../../generated/auth/runtime/client/transport-fetch.js';
import { rawRequest } from '../runtime-server/helpers.js';
import { MAX_BODY_BYTES } from './fetch-server.js';
import * as route from './next-route/app/ecomm/Auth.asmx/[[...op]]/route.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = path.join(ROOT, 'test/tmp/fetch-servers');
const BIN = path.join(ROOT, 'node_modules/.bin');
const NS = 'http://schemas.example.com/ecomm/auth';
const SERVICE = '/ecomm/Auth.asmx';

/** One way of serving the handler: where it listens (none for the route), and how a request reaches it. */
interface Target {
  readonly name: string;
  /** `http://127.0.0.1:<port>`, or the origin the route's requests name. */
  base: string;
  /** The port a raw socket can speak to, or undefined (the route is called in process). */
  port: number | undefined;
  send(request: Request): Promise<Response>;
}

const children: ChildProcess[] = [];

/** Starts `exe args` in TMP; resolves with the first line it prints (its ports, as JSON). */
function startPrinting(exe: string, args: string[]): Promise<Record<string, number>> {
  const child = spawn(exe, args, {
    cwd: TMP,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += String(d);
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)) as Record<string, number>);
    });
    child.once('exit', (code) => reject(new Error(`${exe} exited ${String(code)}: ${err}`)));
  });
}

/** Starts workerd serving the bundle as a module worker on two ports: Node compatibility off, then on. */
async function startWorkerd(): Promise<[number, number]> {
  const port = await freePort();
  const worker = (date: string, flags: string) =>
    `( modules = [ (name = "worker.mjs", esModule = embed "worker.mjs"), (name = "fetch-server.mjs", esModule = embed "fetch-server.mjs") ], compatibilityDate = "${date}", compatibilityFlags = [${flags}] )`;
  writeFileSync(
    path.join(TMP, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "off", worker = ${worker('2024-09-01', '')}), (name = "on", worker = ${worker('2026-11-01', '"nodejs_compat"')}) ],
  sockets = [ (name = "s1", address = "127.0.0.1:${port}", http = (), service = "off"),
    (name = "s2", address = "127.0.0.1:${port + 1}", http = (), service = "on") ],
);
`,
  );
  const child = spawn(path.join(BIN, 'workerd'), ['serve', 'config.capnp'], { cwd: TMP, stdio: 'ignore' });
  children.push(child);
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port + 1}/hello`).then(
      () => true,
      () => false,
    );
    if (up) return [port, port + 1];
    if (i > 150 || child.exitCode !== null) throw new Error('workerd did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const listening = (name: string, port: number): Target => ({
  name,
  base: `http://127.0.0.1:${port}`,
  port,
  send: (request) => fetch(request),
});

/** The Next.js route module called as Next calls it: the exported function named by the method. */
const nextRoute: Target = {
  name: 'Next.js App Router route',
  base: 'https://next.example',
  port: undefined,
  send(request) {
    const fn = (route as unknown as Record<string, ((r: Request) => Promise<Response>) | undefined>)[request.method];
    // Next answers 405 itself for a method the route does not export.
    return fn === undefined ? Promise.resolve(new Response(null, { status: 405 })) : fn(request);
  },
};

const targets: Target[] = [
  { name: 'Bun.serve', base: '', port: 0, send: () => Promise.reject(new Error('not started')) },
  { name: 'Hono app under Bun.serve', base: '', port: 0, send: () => Promise.reject(new Error('not started')) },
  { name: 'Deno.serve', base: '', port: 0, send: () => Promise.reject(new Error('not started')) },
  { name: 'workerd, Node compatibility off', base: '', port: 0, send: () => Promise.reject(new Error('not started')) },
  { name: 'workerd, nodejs_compat', base: '', port: 0, send: () => Promise.reject(new Error('not started')) },
  nextRoute,
];

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  await build({
    entryPoints: [path.join(import.meta.dirname, 'fetch-server.ts')],
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    outfile: path.join(TMP, 'fetch-server.mjs'),
    logLevel: 'silent',
  });
  writeFileSync(
    path.join(TMP, 'bun.mjs'),
    `import { handler, honoApp } from './fetch-server.mjs';
const plain = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handler });
const hono = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: honoApp.fetch });
console.log(JSON.stringify({ plain: plain.port, hono: hono.port }));
`,
  );
  writeFileSync(
    path.join(TMP, 'deno.mjs'),
    `import { handler } from './fetch-server.mjs';
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(JSON.stringify({ port })) }, handler);
`,
  );
  writeFileSync(
    path.join(TMP, 'worker.mjs'),
    `import { handler } from './fetch-server.mjs';
export default { async fetch(request) { return new URL(request.url).pathname === '/hello' ? new Response('up') : handler(request); } };
`,
  );
  const [bun, deno, [off, on]] = await Promise.all([
    startPrinting(path.join(BIN, 'bun'), ['bun.mjs']),
    startPrinting(path.join(BIN, 'deno'), ['run', '--no-prompt', '--allow-net', 'deno.mjs']),
    startWorkerd(),
  ]);
  Object.assign(targets[0]!, listening('Bun.serve', bun['plain']!));
  Object.assign(targets[1]!, listening('Hono app under Bun.serve', bun['hono']!));
  Object.assign(targets[2]!, listening('Deno.serve', deno['port']!));
  Object.assign(targets[3]!, listening('workerd, Node compatibility off', off));
  Object.assign(targets[4]!, listening('workerd, nodejs_compat', on));
}, 120_000);

afterAll(() => {
  for (const c of children) c.kill();
});

const soap11 = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const LOGIN = (user: string, password: string) =>
  `<Login xmlns="${NS}"><Username>${user}</Username><Password>${password}</Password></Login>`;
const SOAP11_HEADERS = { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/Login"` };

describe.each(targets)('$name', (t) => {
  /** The generated client over this target: the default (Node) transport to a server, fetchTransport to the route. */
  const client = (binding: 'soap11' | 'soap12' | 'httpGet' | 'httpPost') =>
    new AuthClient({
      baseUrl: t.base,
      binding,
      ...(t.port === undefined ? { transport: fetchTransport((url, init) => t.send(new Request(url, init))) } : {}),
    });

  it('Login then Logout over SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST (the generated client)', async () => {
    const methods = { soap11: 'POST', soap12: 'POST', httpGet: 'GET', httpPost: 'POST' } as const;
    for (const binding of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {
      const c = client(binding);
      const ticket = `ticket:alice:${binding}:${methods[binding]}`;
      expect(await c.login({ Username: 'alice', Password: 'café €' })).toEqual({ ServiceTicket: ticket });
      expect(await c.logout({ ServiceTicket: ticket })).toEqual({ ServiceTicket: `bye:${ticket}` });
    }
  });

  it('a fault: SoapFaultError over SOAP 1.1 (500) and 1.2 (400, Sender); 500 text/plain over HTTP GET', async () => {
    for (const binding of ['soap11', 'soap12'] as const) {
      const err = await client(binding)
        .login({ Username: 'alice', Password: 'wrong' })
        .catch((e: unknown) => e);
      expect(err, binding).toBeInstanceOf(SoapFaultError);
      expect((err as SoapFaultError).message).toContain('Wrong user name or password.');
      expect((err as SoapFaultError).httpStatus).toBe(binding === 'soap11' ? 500 : 400);
    }
    const r = await t.send(new Request(`${t.base}${SERVICE}/Login?Username=alice&Password=wrong`));
    expect(r.status).toBe(500);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await r.text()).toBe('Wrong user name or password.');
  });

  it('?wsdl names the address the request came to; HEAD gives its length and no body', async () => {
    const r = await t.send(new Request(`${t.base}${SERVICE}?WSDL`));
    expect(r.status).toBe(200);
    const wsdl = await r.text();
    const locations = [...wsdl.matchAll(/:address location="([^"]+)"/g)].map((m) => m[1]);
    expect(locations).toHaveLength(4);
    for (const l of locations) expect(l).toBe(`${t.base}${SERVICE}`);
    const head = await t.send(new Request(`${t.base}${SERVICE}?wsdl`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(Number(head.headers.get('content-length'))).toBe(new TextEncoder().encode(wsdl).length);
    expect(await head.text()).toBe('');
  });

  it('405 with Allow for a method the path does not take', async () => {
    for (const [p, allow] of [
      [SERVICE, 'GET, HEAD, POST'],
      [`${SERVICE}/Login`, 'GET, POST'],
    ] as const) {
      const r = await t.send(new Request(`${t.base}${p}`, { method: 'PUT', body: 'x' }));
      expect(r.status, p).toBe(405);
      expect(r.headers.get('allow'), p).toBe(allow);
    }
  });

  it('415 for a body the path does not take; a malformed envelope is a Client fault', async () => {
    const json = await t.send(
      new Request(`${t.base}${SERVICE}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    );
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('application/json');
    const bad = await t.send(
      new Request(`${t.base}${SERVICE}`, { method: 'POST', headers: SOAP11_HEADERS, body: '<soap:Envelope' }),
    );
    expect(bad.status).toBe(500);
    expect(await bad.text()).toMatch(/<faultcode>soap:Client<\/faultcode>/);
  });

  it('413 for a declared and for a chunked body over the limit, and it keeps serving', async () => {
    const big = soap11(LOGIN('alice', 'x'.repeat(MAX_BODY_BYTES)));
    if (t.port === undefined) {
      // In process: a streamed body with no length, as a host gives a chunked one.
      const bytes = new TextEncoder().encode(big);
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          for (let i = 0; i < bytes.length; i += 1000) c.enqueue(bytes.subarray(i, i + 1000));
          c.close();
        },
      });
      const r = await t.send(
        new Request(`${t.base}${SERVICE}`, {
          method: 'POST',
          headers: SOAP11_HEADERS,
          body,
          duplex: 'half',
        } as RequestInit),
      );
      expect(r.status).toBe(413);
    } else {
      const head = `POST ${SERVICE} HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${NS}/Login"`;
      const declared = await rawRequest(t.port, `${head}\nContent-Length: ${MAX_BODY_BYTES + 1}`, 'x');
      expect(declared.status).toBe(413);
      let chunked = '';
      for (let i = 0; i < big.length; i += 1000) {
        const piece = big.slice(i, i + 1000);
        chunked += `${piece.length.toString(16)}\r\n${piece}\r\n`;
      }
      const r = await rawRequest(t.port, `${head}\nTransfer-Encoding: chunked`, `${chunked}0\r\n\r\n`);
      expect(r.status).toBe(413);
      expect(r.body).toBe('Request body too large.');
    }
    const ok = await t.send(
      new Request(`${t.base}${SERVICE}`, { method: 'POST', headers: SOAP11_HEADERS, body: soap11(LOGIN('bob', 'p')) }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('ticket:bob:soap11:POST');
  });
});
