/**
 * The fetch transport, the default off Node (transport-default.ts): repeated
 * Set-Cookie headers all reach the cookie jar, and the default transport is the
 * HTTP/1.1 one on Node (loaded by import()) and fetch where `process` says nothing of
 * Node, or where that import finds no module (a Node application bundled into one file).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { defaultTransport, defaultTransportReady, isNode } from '../../src/runtime/client/transport-default.js';
import { CookieJar, withCookies } from '../../src/runtime/client/cookies.js';
import { fetchTransport } from '../../src/runtime/client/transport-fetch.js';

describe('fetchTransport', () => {
  it('keeps every Set-Cookie header, joined as the other transports join repeated headers', async () => {
    const fake = async (): Promise<Response> =>
      new Response('<a/>', {
        headers: [
          ['content-type', 'text/xml'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT'],
        ],
      });
    const res = await fetchTransport(fake)({
      method: 'GET',
      url: new URL('http://127.0.0.1:1/'),
      headers: {},
      maxResponseBytes: 1000,
    });
    expect(res.headers['set-cookie']).toBe('a=1; Path=/, b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT');
    expect(res.body).toBe('<a/>');
  });
});

describe('the default transport', () => {
  it('is the HTTP/1.1 transport on Node, loaded by import() when the module is evaluated', async () => {
    expect(isNode()).toBe(true);
    const loaded = await defaultTransportReady();
    // Imported after the load: vitest's module runner may evaluate a module twice when a
    // static import races a dynamic one (plain Node does not).
    const { http1Transport } = await import('../../src/runtime/client/transport-http1.js');
    expect(loaded).toBe(http1Transport);
    expect(defaultTransport()).toBe(http1Transport);
  });

  it('loads the streaming decoder of large responses on Node (a bundle leaves it out)', async () => {
    await defaultTransportReady();
    const { responseStreaming } = await import('../../src/runtime/wire/response-streaming.js');
    expect(typeof responseStreaming.decode).toBe('function');
  });

  it('is not Node on a host whose globals say Bun, Deno or workerd', () => {
    vi.stubGlobal('Bun', {});
    expect(isNode()).toBe(false);
    vi.unstubAllGlobals();
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(isNode()).toBe(false);
    vi.unstubAllGlobals();
    expect(isNode()).toBe(true);
  });
});

describe('a Node application bundled into one file', () => {
  it('has no transport-http1.js to load and calls through Node fetch instead', async () => {
    const dir = path.resolve(import.meta.dirname, '../tmp/platforms/node-bundle');
    mkdirSync(dir, { recursive: true });
    await build({
      entryPoints: [path.resolve(import.meta.dirname, '../../generated/auth/client.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: path.join(dir, 'client.mjs'),
      logLevel: 'silent',
    });
    const main = `import { AuthClient } from './client.mjs';
const r = await new AuthClient({ baseUrl: process.argv[2] }).login({ Username: 'u', Password: 'p' });
console.log(r.ServiceTicket);`;
    writeFileSync(path.join(dir, 'main.mjs'), main);
    const agents: string[] = [];
    const answer = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><LoginResponse xmlns="http://schemas.example.com/ecomm/auth"><LoginResult><ServiceTicket>t-1</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>`;
    const server = http.createServer((req, res) => {
      agents.push(req.headers['user-agent'] ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const out = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [path.join(dir, 'main.mjs'), url], (err, stdout, stderr) =>
          err ? reject(new Error(stderr)) : resolve(stdout),
        ),
      );
      expect(out.trim()).toBe('t-1');
      expect(agents).toEqual(['node']); // undici's fetch; the HTTP/1.1 transport sends no User-Agent
    } finally {
      server.close();
    }
  });
});

describe('withCookies in a browser page', () => {
  it('fails at once, naming the platform and the fix (a page hides Set-Cookie and drops Cookie)', () => {
    const inner = fetchTransport(async () => new Response(''));
    expect(() => withCookies(inner, new CookieJar())).not.toThrow();
    vi.stubGlobal('document', {});
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chromium' });
    vi.stubGlobal('process', undefined);
    try {
      expect(() => withCookies(inner, new CookieJar())).toThrow(
        "withCookies cannot work in a browser (Mozilla/5.0 Chromium): its fetch hides Set-Cookie from scripts and drops a Cookie header. The browser keeps the cookies itself: call without withCookies, and for another origin pass transport: fetchTransport((url, init) => fetch(url, { ...init, credentials: 'include' }))",
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
