/**
 * HTTP(S) proxies: the client reaches its endpoint through a proxy's `CONNECT`
 * tunnel (RFC 9110 §9.3.6), for `https:` and `http:` endpoints alike, with
 * `Proxy-Authorization: Basic` when the proxy URL carries credentials. By
 * default the proxy comes from the environment as other Node tools read it:
 * `HTTPS_PROXY` for https: URLs, `HTTP_PROXY` for http: URLs (lower-case names
 * too), except for hosts `NO_PROXY` lists (`*`, host names, `.suffix`es, `host:port`).
 *
 * Ships with generated code: imports only node:* modules and sibling runtime files.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import { createNodeTransport } from './transport-node.js';
import type { Transport } from './transport.js';

/** A proxy that refused or broke the tunnel. */
export class ProxyError extends Error {
  override name = 'ProxyError';
}

function envOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name] ?? env[name.toLowerCase()];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** Whether `NO_PROXY` exempts `url` (entries: `*`, `host`, `.suffix` or `*.suffix`, optionally `:port`). */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const m = /^(.*?)(?::(\d+))?$/.exec(entry)!;
    const name = m[1]!.replace(/^\*/, '');
    if (m[2] !== undefined && m[2] !== port) continue;
    if (
      name.startsWith('.') ? host.endsWith(name) || host === name.slice(1) : host === name || host.endsWith(`.${name}`)
    )
      return true;
  }
  return false;
}

/**
 * The proxy the environment names for `url`, or undefined (none, or `NO_PROXY` exempts it).
 * @throws ProxyError when the variable is not an http(s) URL
 */
export function proxyFromEnv(url: URL, env: NodeJS.ProcessEnv = process.env): URL | undefined {
  const name = url.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  const value = envOf(env, name);
  if (value === undefined || bypassesProxy(url, envOf(env, 'NO_PROXY'))) return undefined;
  let proxy: URL;
  try {
    proxy = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    throw new ProxyError(`${name}=${JSON.stringify(value)} is not a URL`);
  }
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:')
    throw new ProxyError(`${name}: unsupported proxy scheme ${proxy.protocol}`);
  return proxy;
}

/** Options of {@link createProxyTransport}. */
export interface ProxyTransportOptions {
  /** TLS options for the endpoint (through the tunnel): `ca`, `cert`, `key`... */
  readonly tls?: tls.ConnectionOptions;
}

/** Opens a `CONNECT` tunnel to `host:port` through `proxy`; calls back with the raw tunnel socket. */
function tunnel(proxy: URL, host: string, port: number, done: (err: Error | null, socket?: Duplex) => void): void {
  const headers: Record<string, string> = { Host: `${host}:${port}` };
  if (proxy.username !== '') {
    const creds = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['Proxy-Authorization'] = `Basic ${Buffer.from(creds, 'utf8').toString('base64')}`;
  }
  const req = (proxy.protocol === 'https:' ? https : http).request({
    host: proxy.hostname.replace(/^\[|\]$/g, ''),
    port: proxy.port === '' ? (proxy.protocol === 'https:' ? 443 : 80) : Number(proxy.port),
    method: 'CONNECT',
    path: `${host.includes(':') ? `[${host}]` : host}:${port}`,
    headers,
    agent: false,
  });
  req.once('connect', (res: http.IncomingMessage, socket: Duplex) => {
    if (res.statusCode === 200) {
      done(null, socket);
      return;
    }
    socket.destroy();
    done(new ProxyError(`proxy ${proxy.host} refused CONNECT ${host}:${port}: HTTP ${res.statusCode}`));
  });
  req.once('error', (err: Error) => done(new ProxyError(`proxy ${proxy.host}: ${err.message}`)));
  req.end();
}

/**
 * A transport (node:http with keep-alive agents) that reaches every endpoint through
 * `proxy`'s `CONNECT` tunnel; TLS to an https: endpoint runs inside the tunnel.
 */
export function createProxyTransport(proxy: URL | string, options: ProxyTransportOptions = {}): Transport {
  const p = typeof proxy === 'string' ? new URL(proxy) : proxy;
  const httpAgent = new http.Agent({ keepAlive: true });
  const httpsAgent = new https.Agent({ keepAlive: true, ...options.tls });
  type Create = (
    opts: { host?: string | null; port?: number | string | null; servername?: string },
    cb: (err: Error | null, s?: Duplex) => void,
  ) => undefined;
  const viaTunnel =
    (secure: boolean): Create =>
    (opts, cb) => {
      const host = opts.host ?? 'localhost';
      const port = Number(opts.port ?? (secure ? 443 : 80));
      tunnel(p, host, port, (err, socket) => {
        if (err || socket === undefined) {
          cb(err ?? new ProxyError('no tunnel'));
          return;
        }
        if (!secure) {
          cb(null, socket);
          return;
        }
        const servername = opts.servername ?? (/^[\d.]+$|:/.test(host) ? undefined : host);
        const secured = tls.connect({ ...options.tls, socket, ...(servername ? { servername } : {}) });
        secured.once('secureConnect', () => cb(null, secured));
        secured.once('error', (e: Error) => cb(e));
      });
      return undefined;
    };
  (httpAgent as unknown as { createConnection: Create }).createConnection = viaTunnel(false);
  (httpsAgent as unknown as { createConnection: Create }).createConnection = viaTunnel(true);
  return createNodeTransport({ httpAgent, httpsAgent });
}

/**
 * The proxy transport the environment asks for to reach `endpoint`
 * (`HTTPS_PROXY`/`HTTP_PROXY` unless `NO_PROXY` exempts it, as curl reads them), or
 * `undefined` for none: `new AuthClient({ transport: envProxyTransport(url) })`
 * then uses the default transport. The client core does not read the environment.
 * @throws ProxyError when the variable is not an http(s) URL
 */
export function envProxyTransport(
  endpoint: URL | string,
  options: ProxyTransportOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Transport | undefined {
  const proxy = proxyFromEnv(typeof endpoint === 'string' ? new URL(endpoint) : endpoint, env);
  return proxy === undefined ? undefined : createProxyTransport(proxy, options);
}
