/**
 * HTTP(S) proxies: the generated client reaches an http: and an https: endpoint
 * through a CONNECT proxy the test starts on 127.0.0.1 (with and without proxy
 * credentials), takes the proxy from HTTPS_PROXY/HTTP_PROXY by default, honours
 * NO_PROXY and `proxy: false`, and reports a refused tunnel as a ProxyError.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, createAuthHandler, type AuthService } from '../../generated/auth/index.js';
import {
  bypassesProxy,
  createProxyTransport,
  envProxyTransport,
  ProxyError,
  proxyFromEnv,
} from '../../src/runtime/client/proxy.js';

const TLS_DIR = path.join(import.meta.dirname, 'fixtures/tls');
const cert = readFileSync(path.join(TLS_DIR, 'cert.pem'));
const key = readFileSync(path.join(TLS_DIR, 'key.pem'));

const impl: AuthService = {
  login: async (input, ctx) => ({ ServiceTicket: `${input.Username}@${ctx.headers.host}` }),
  logout: async (input) => input,
};

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const tunnels: { target: string; auth: string | undefined }[] = [];
let proxyPort = 0;
let httpPort = 0;
let httpsPort = 0;
const servers: Server[] = [];
/** Tunnel sockets: detached from the proxy server once CONNECT succeeds, so closed by hand. */
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  const handler = createAuthHandler(impl);
  const plain = createHttpServer(handler);
  const secure = createHttpsServer({ cert, key }, handler);
  // A CONNECT proxy: 407 without the right credentials when the path asks for them, else a TCP tunnel.
  const proxy = createHttpServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  proxy.on('connect', (req, socket, head) => {
    tunnels.push({ target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    const [host, port] = (req.url ?? '').split(':');
    if (host !== '127.0.0.1' && host !== 'localhost') {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.add(socket as net.Socket);
    const upstream = net.connect(Number(port), '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  servers.push(plain, secure, proxy);
  httpPort = await listen(plain);
  httpsPort = await listen(secure);
  proxyPort = await listen(proxy);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});
afterEach(() => {
  tunnels.length = 0;
});

describe('proxy', () => {
  it('tunnels an http: endpoint through the proxy transport, with proxy credentials', async () => {
    const client = new AuthClient({
      baseUrl: `http://127.0.0.1:${httpPort}`,
      transport: createProxyTransport(`http://me:p%40ss@127.0.0.1:${proxyPort}`),
    });
    expect(await client.login({ Username: 'a', Password: 'b' })).toEqual({ ServiceTicket: `a@127.0.0.1:${httpPort}` });
    expect(tunnels).toEqual([
      { target: `127.0.0.1:${httpPort}`, auth: `Basic ${Buffer.from('me:p@ss').toString('base64')}` },
    ]);
  });

  it('tunnels an https: endpoint (TLS inside the tunnel, the endpoint certificate checked)', async () => {
    const client = new AuthClient({
      baseUrl: `https://localhost:${httpsPort}`,
      transport: createProxyTransport(`http://127.0.0.1:${proxyPort}`, { tls: { ca: cert } }),
    });
    expect(await client.login({ Username: 's', Password: 'b' })).toEqual({ ServiceTicket: `s@localhost:${httpsPort}` });
    expect(tunnels.map((t) => t.target)).toEqual([`localhost:${httpsPort}`]);
    const untrusted = new AuthClient({
      baseUrl: `https://localhost:${httpsPort}`,
      transport: createProxyTransport(`http://127.0.0.1:${proxyPort}`),
    });
    await expect(untrusted.login({ Username: 's', Password: 'b' })).rejects.toThrow(/self[- ]signed|unable to verify/i);
  });

  it('envProxyTransport takes HTTP_PROXY/HTTPS_PROXY unless NO_PROXY exempts the host; the core ignores them', async () => {
    const saved = { ...process.env };
    const base = `http://127.0.0.1:${httpPort}`;
    try {
      process.env['HTTP_PROXY'] = `http://127.0.0.1:${proxyPort}`;
      delete process.env['NO_PROXY'];
      delete process.env['no_proxy'];
      const envTransport = envProxyTransport(base);
      expect(envTransport).toBeDefined();
      await new AuthClient({ baseUrl: base, transport: envTransport }).login({ Username: 'e', Password: 'b' });
      expect(tunnels).toHaveLength(1);
      process.env['NO_PROXY'] = 'example.com, 127.0.0.1';
      expect(envProxyTransport(base)).toBeUndefined();
      await new AuthClient({ baseUrl: base, transport: envProxyTransport(base) }).login({
        Username: 'e',
        Password: 'b',
      });
      delete process.env['NO_PROXY'];
      // A client given no transport does not read the environment.
      await new AuthClient({ baseUrl: base }).login({ Username: 'e', Password: 'b' });
      expect(tunnels).toHaveLength(1);
    } finally {
      for (const k of ['HTTP_PROXY', 'NO_PROXY']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });

  it('reports a refused tunnel as a ProxyError', async () => {
    const client = new AuthClient({
      endpoint: 'http://10.255.255.1:9/ecomm/Auth.asmx',
      transport: createProxyTransport(`http://127.0.0.1:${proxyPort}`),
    });
    const err = await client.login({ Username: 'a', Password: 'b' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProxyError);
    expect((err as Error).message).toMatch(/refused CONNECT 10\.255\.255\.1:9: HTTP 403/);
  });

  it('reads NO_PROXY entries as other tools do', () => {
    const u = new URL('https://api.example.com:8443/x');
    expect(bypassesProxy(u, '*')).toBe(true);
    expect(bypassesProxy(u, 'example.com')).toBe(true);
    expect(bypassesProxy(u, '.example.com')).toBe(true);
    expect(bypassesProxy(u, 'api.example.com:443')).toBe(false);
    expect(bypassesProxy(u, 'api.example.com:8443')).toBe(true);
    expect(bypassesProxy(u, 'other.com,ample.com')).toBe(false);
    expect(proxyFromEnv(u, { HTTPS_PROXY: 'proxy:3128' })?.href).toBe('http://proxy:3128/');
    expect(proxyFromEnv(new URL('http://a/'), { HTTPS_PROXY: 'proxy:3128' })).toBeUndefined();
    expect(() => proxyFromEnv(u, { https_proxy: 'ftp://proxy' })).toThrow(ProxyError);
  });
});
