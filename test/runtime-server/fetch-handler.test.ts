/**
 * The fetch handler (runtime/server/fetch-handler.ts) called with `Request`
 * objects as a Fetch API host calls it, and the node:http handler's promise that
 * its request path makes no fetch objects. (The behaviour table, limits and
 * hostile inputs run against both handlers in bad-requests, hostile-input, faults
 * and cors tests.)
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/runtime/server/fetch-handler.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import type { FetchRequestContext } from '../../src/runtime/server/server-types.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, soap12, startServer, text, xml } from './helpers.js';

const WSDL = readFileSync(new URL('./fixtures/auth.wsdl', import.meta.url), 'utf8');
const seen: FetchRequestContext[] = [];
const handler = createFetchHandler(
  authService,
  {
    Login: (input, ctx) => {
      seen.push(ctx);
      return { ServiceTicket: (input as { Username: string }).Username };
    },
    Logout: () => ({ ServiceTicket: 'bye' }),
  },
  { wsdl: WSDL },
);
const LOGIN = `<Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>pw</Password></Login>`;

/** Port addresses of a served WSDL, by port name. */
function locations(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/<wsdl:port name="([^"]+)"[^>]*>\s*<[^>]*location="([^"]+)"/g)) out[m[1]!] = m[2]!;
  return out;
}

describe('fetch handler', () => {
  it('answers SOAP 1.1 and gives the implementation the Request and its Headers', async () => {
    seen.length = 0;
    const request = new Request('http://svc.example/ecomm/Auth.asmx', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${LOGIN_ACTION}"` },
      body: soap11(LOGIN),
    });
    const r = await handler(request);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(text(at(xml(await r.text()), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('alice');
    expect(seen[0]!.request).toBe(request);
    expect(seen[0]!.headers.get('soapaction')).toBe(`"${LOGIN_ACTION}"`);
    expect(seen[0]!.binding).toBe('soap11');
  });

  it('answers SOAP 1.2 from a streamed body', async () => {
    const bytes = new TextEncoder().encode(soap12(LOGIN));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 50) c.enqueue(bytes.subarray(i, i + 50));
        c.close();
      },
    });
    const r = await handler(
      new Request('http://svc.example/ecomm/Auth.asmx', {
        method: 'POST',
        headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<ServiceTicket>alice</ServiceTicket>');
  });

  it('?wsdl names the address the request came to (scheme, host and port of its URL)', async () => {
    const r = await handler(new Request('https://api.example.com:8443/ecomm/Auth.asmx?wsdl'));
    expect(r.status).toBe(200);
    expect(locations(await r.text())).toEqual({
      AuthSoap: 'https://api.example.com:8443/ecomm/Auth.asmx',
      AuthSoap12: 'https://api.example.com:8443/ecomm/Auth.asmx',
      AuthHttpGet: 'https://api.example.com:8443/ecomm/Auth.asmx',
      AuthHttpPost: 'https://api.example.com:8443/ecomm/Auth.asmx',
    });
  });

  it("HEAD: the GET answer's status and length, no body", async () => {
    const get = await handler(new Request('http://svc.example/ecomm/Auth.asmx?wsdl'));
    const length = (await get.arrayBuffer()).byteLength;
    const head = await handler(new Request('http://svc.example/ecomm/Auth.asmx?wsdl', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(head.body).toBeNull();
  });

  it('HTTP GET and POST operations', async () => {
    const get = await handler(new Request('http://svc.example/ecomm/Auth.asmx/Login?Username=bob&Password=x'));
    expect(await get.text()).toContain('<ServiceTicket>bob</ServiceTicket>');
    const post = await handler(
      new Request('http://svc.example/ecomm/Auth.asmx/Logout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'ServiceTicket=t',
      }),
    );
    expect(await post.text()).toContain('<ServiceTicket>bye</ServiceTicket>');
  });

  it('paths the service does not own get 404', async () => {
    const r = await handler(new Request('http://svc.example/other'));
    expect(r.status).toBe(404);
  });

  it('a request whose body was already read gets 500 naming the setup error', async () => {
    const request = new Request('http://svc.example/ecomm/Auth.asmx', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${LOGIN_ACTION}"` },
      body: soap11(LOGIN),
    });
    await request.text();
    const r = await handler(request);
    expect(r.status).toBe(500);
    expect(await r.text()).toMatch(/body was already read/);
  });
});

describe('node:http handler', () => {
  const names = ['Request', 'Response', 'Headers', 'URL'] as const;
  const made: string[] = [];
  const saved = new Map<string, unknown>();
  let srv: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    srv = await startServer(
      createServiceHandler(authService, {
        Login: () => ({ ServiceTicket: 't' }),
        Logout: () => ({ ServiceTicket: 't' }),
      }),
    );
    for (const name of names) {
      const Original = globalThis[name] as unknown as new (...args: unknown[]) => object;
      saved.set(name, Original);
      // Counts every construction while the handler serves (the test's own socket code makes none).
      (globalThis as Record<string, unknown>)[name] = class extends Original {
        constructor(...args: unknown[]) {
          super(...args);
          made.push(name);
        }
      };
    }
  });
  afterAll(async () => {
    for (const [name, value] of saved) (globalThis as Record<string, unknown>)[name] = value;
    await srv.close();
  });

  it('makes no Request, Response, Headers or URL on its request path (SOAP 1.1, SOAP 1.2, GET, POST)', async () => {
    const head11 = `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`;
    const head12 = 'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8';
    const answers = [
      await rawRequest(srv.port, head11, soap11(LOGIN)),
      await rawRequest(srv.port, head12, soap12(LOGIN)),
      await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=a&Password=b HTTP/1.1'),
      await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Login HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
        'Username=a&Password=b',
      ),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(made).toEqual([]);
  });
});
