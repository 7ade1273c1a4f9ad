/**
 * HTTP features of the client over real sockets on 127.0.0.1: Basic and bearer
 * authentication, the cookie jar (ASMX session cookie kept, a cookie for another
 * domain refused with a CookieError), gzip/deflate responses (decoded when asked
 * for, refused otherwise, a broken body a ResponseError) on the default and the
 * node:http transports, and keep-alive control of the default transport.
 *
 * The test server answers with the generated Auth handler (run in memory), then
 * adds what the case needs: cookies, a content coding.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, createAuthHandler, ResponseError, type AuthService } from '../../generated/auth/index.js';
import { createHttp1Transport } from '../../generated/auth/runtime/client/index.js';
import { CookieError, CookieJar, withCookies } from '../../src/runtime/client/cookies.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { createNodeTransport } from '../../src/runtime/client/transport-node.js';
import { ResponseError as SourceResponseError } from '../../src/runtime/wire/faults.js';
import { startServer, type TestServer } from '../interop/helpers.js';

interface Seen {
  readonly headers: IncomingMessage['headers'];
  readonly socket: unknown;
}

const impl: AuthService = {
  async login(input) {
    return { ServiceTicket: `T-${input.Username}` };
  },
  async logout(input) {
    return { ServiceTicket: input.ServiceTicket };
  },
};
const inner = inMemoryTransport(createAuthHandler(impl));

/** How the server alters the generated handler's answer, chosen by the request's `X-Case` header. */
function alter(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string): void {
  const mode = req.headers['x-case'];
  const headers: Record<string, string | string[]> = { 'Content-Type': type };
  let bytes: Buffer = Buffer.from(body, 'utf8');
  if (mode === 'cookies') {
    headers['Set-Cookie'] = [
      'ASP.NET_SessionId=sess42; path=/; HttpOnly',
      'lb=node-7; Path=/ecomm; Expires=Wed, 21 Oct 2099 07:28:00 GMT',
      'other=x; Path=/elsewhere',
      'evil=1; Domain=evil.example; Path=/',
    ];
  } else if (mode === 'gzip' || mode === 'deflate' || mode === 'raw-deflate') {
    bytes =
      mode === 'gzip'
        ? zlib.gzipSync(bytes)
        : mode === 'deflate'
          ? zlib.deflateSync(bytes)
          : zlib.deflateRawSync(bytes);
    headers['Content-Encoding'] = mode === 'gzip' ? 'gzip' : 'deflate';
  } else if (mode === 'bomb') {
    // 1 MiB of spaces after the envelope: about 1 KiB compressed.
    bytes = zlib.gzipSync(Buffer.concat([bytes, Buffer.alloc(1 << 20, 32)]));
    headers['Content-Encoding'] = 'gzip';
  } else if (mode === 'broken-gzip') {
    bytes = zlib.gzipSync(bytes).subarray(0, 20);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(bytes.length);
  res.writeHead(status, headers);
  res.end(bytes);
}

let server: TestServer;
const seen: Seen[] = [];

beforeAll(async () => {
  server = await startServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ headers: req.headers, socket: req.socket });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host') headers[k] = v;
      inner({
        method: req.method as 'POST',
        url: new URL(req.url ?? '/', server.baseUrl),
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        maxResponseBytes: 1 << 20,
      }).then(
        (r) => alter(req, res, r.status, r.headers['content-type'] ?? 'text/plain', r.body),
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  });
});
afterAll(() => server.close());

function last(): Seen {
  return seen[seen.length - 1]!;
}

describe('HTTP authentication', () => {
  it('sends Basic credentials', async () => {
    const client = new AuthClient({ baseUrl: server.baseUrl, auth: { username: 'svc', password: 'pä:ss' } });
    await client.login({ Username: 'a', Password: 'b' });
    expect(last().headers.authorization).toBe(`Basic ${Buffer.from('svc:pä:ss').toString('base64')}`);
  });

  it('sends a bearer token, asking a token function on each call', async () => {
    let n = 0;
    const client = new AuthClient({ baseUrl: server.baseUrl, auth: { bearer: async () => `tok-${++n}` } });
    await client.login({ Username: 'a', Password: 'b' });
    expect(last().headers.authorization).toBe('Bearer tok-1');
    await client.login({ Username: 'a', Password: 'b' });
    expect(last().headers.authorization).toBe('Bearer tok-2');
    const fixed = new AuthClient({ baseUrl: server.baseUrl, auth: { bearer: 'abc' } });
    await fixed.login({ Username: 'a', Password: 'b' });
    expect(last().headers.authorization).toBe('Bearer abc');
  });

  it('refuses a Basic user name with a colon', () => {
    expect(() => new AuthClient({ auth: { username: 'a:b', password: 'c' } })).toThrow(/must not contain ":"/);
  });
});

describe('cookie jar', () => {
  it('keeps the session cookie for later calls, by path, and refuses a cookie for another domain', async () => {
    const rejected: CookieError[] = [];
    const jar = new CookieJar();
    const client = new AuthClient({
      baseUrl: server.baseUrl,
      headers: { 'X-Case': 'cookies' },
      transport: withCookies(createHttp1Transport(), jar, (e) => rejected.push(e)),
    });
    await client.login({ Username: 'a', Password: 'b' });
    expect(last().headers.cookie).toBeUndefined();
    await client.login({ Username: 'a', Password: 'b' });
    expect(last().headers.cookie).toBe('lb=node-7; ASP.NET_SessionId=sess42');
    expect(rejected).toHaveLength(2); // the same foreign cookie, once per response
    expect(rejected[0]).toBeInstanceOf(CookieError);
    expect(rejected[0]!.message).toMatch(/evil\.example is another domain/);
    expect(jar.list().map((c) => c.name)).toEqual(['ASP.NET_SessionId', 'lb', 'other']);
    // A client without a jar sends none.
    await new AuthClient({ baseUrl: server.baseUrl }).login({ Username: 'a', Password: 'b' });
    expect(last().headers.cookie).toBeUndefined();
  });

  it('the jar refuses malformed cookies and expires them', () => {
    let now = 1_000_000;
    const jar = new CookieJar(() => now);
    const url = new URL('https://svc.example.com/ecomm/Auth.asmx');
    expect(() => jar.setCookie('novalue', url)).toThrow(CookieError);
    expect(() => jar.setCookie('a=1; Domain=com', url)).toThrow(/top-level domain/);
    jar.setCookie('a=1; Max-Age=10; Domain=example.com', url);
    jar.setCookie('s=2; Secure', url);
    expect(jar.cookieHeader(new URL('https://api.example.com/ecomm/x'))).toBe('a=1');
    expect(jar.cookieHeader(new URL('http://svc.example.com/ecomm/x'))).toBe('a=1');
    expect(jar.cookieHeader(url)).toBe('a=1; s=2');
    now += 11_000;
    expect(jar.cookieHeader(url)).toBe('s=2');
  });
});

describe('gzip and deflate responses', () => {
  for (const [name, make] of [
    ['default (http1)', () => undefined],
    ['node:http', () => createNodeTransport()],
  ] as const) {
    it(`decodes gzip, zlib deflate and raw deflate when compression is on (${name})`, async () => {
      for (const mode of ['gzip', 'deflate', 'raw-deflate']) {
        const transport = make();
        const client = new AuthClient({
          baseUrl: server.baseUrl,
          compression: true,
          headers: { 'X-Case': mode },
          ...(transport ? { transport } : {}),
        });
        expect(await client.login({ Username: mode, Password: 'b' })).toEqual({ ServiceTicket: `T-${mode}` });
        expect(last().headers['accept-encoding']).toBe('gzip, deflate');
      }
    });

    it(`refuses a coding it did not ask for, and a broken gzip body, with a ResponseError (${name})`, async () => {
      const transport = make();
      const plain = new AuthClient({
        baseUrl: server.baseUrl,
        headers: { 'X-Case': 'gzip' },
        ...(transport ? { transport } : {}),
      });
      await expect(plain.login({ Username: 'a', Password: 'b' })).rejects.toThrow(/Content-Encoding "gzip"/);
      const broken = new AuthClient({
        baseUrl: server.baseUrl,
        compression: true,
        headers: { 'X-Case': 'broken-gzip' },
        ...(transport ? { transport } : {}),
      });
      const err = await broken.login({ Username: 'a', Password: 'b' }).catch((e: unknown) => e);
      // node:http is an optional transport, taken from src/runtime (not in the Auth output): its errors are src's.
      expect(err).toBeInstanceOf(transport ? SourceResponseError : ResponseError);
      expect((err as Error).message).toMatch(/not valid gzip data/);
    });
  }

  it('caps the decoded size at maxResponseBytes (a compression bomb is refused)', async () => {
    const client = new AuthClient({
      baseUrl: server.baseUrl,
      compression: true,
      headers: { 'X-Case': 'bomb' },
      maxResponseBytes: 64 * 1024,
    });
    await expect(client.login({ Username: 'a', Password: 'b' })).rejects.toThrow(/exceeds the limit of 65536 bytes/);
  });
});

describe('keep-alive control', () => {
  it('reuses one connection by default and opens one per call with keepAliveMs: 0', async () => {
    const pooled = new AuthClient({ baseUrl: server.baseUrl, transport: createHttp1Transport() });
    await pooled.login({ Username: 'a', Password: 'b' });
    const s1 = last().socket;
    await pooled.login({ Username: 'a', Password: 'b' });
    expect(last().socket).toBe(s1);
    const fresh = new AuthClient({ baseUrl: server.baseUrl, transport: createHttp1Transport({ keepAliveMs: 0 }) });
    await fresh.login({ Username: 'a', Password: 'b' });
    const s2 = last().socket;
    await fresh.login({ Username: 'a', Password: 'b' });
    expect(last().socket).not.toBe(s2);
  });
});
