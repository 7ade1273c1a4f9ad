/** Use as Express/Connect middleware: next() for other paths, path prefix, mount paths; handler creation checks. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHandler, defineOperation, type ServiceHandler } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION, type EmAuthResult, type LoginInput } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, startServer, text, xml, type TestServer } from './helpers.js';

const WSDL = readFileSync(new URL('./fixtures/auth.wsdl', import.meta.url), 'utf8');
const impls = {
  Login: defineOperation<LoginInput, EmAuthResult>(async (input) => ({ ServiceTicket: `t-${input.Username}` })),
  Logout: defineOperation<{ ServiceTicket: string }, EmAuthResult>((input) => input),
};

/** A tiny Connect-like app: runs middleware in order, strips a mount path from req.url like Express. */
function app(mount: string, handler: ServiceHandler, seen: string[]) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const original = req.url ?? '/';
    if (mount !== '' && original.startsWith(mount)) {
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      req.url = original.slice(mount.length) || '/';
    }
    handler(req, res, (err?: unknown) => {
      seen.push(`next:${original}${err === undefined ? '' : ':err'}`);
      req.url = original;
      res.statusCode = 418;
      res.end('fallthrough');
    });
  };
}

let plain: TestServer;
let mounted: TestServer;
let prefixed: TestServer;
const seen: string[] = [];
beforeAll(async () => {
  plain = await startServer(app('', createServiceHandler(authService, impls), seen));
  mounted = await startServer(app('/services', createServiceHandler(authService, impls, { wsdl: WSDL }), seen));
  prefixed = await startServer(createServiceHandler(authService, impls, { pathPrefix: 'v2' }));
});
afterAll(async () => {
  await plain.close();
  await mounted.close();
  await prefixed.close();
});

const LOGIN = soap11(`<Login xmlns="${AUTH_NS}"><Username>m</Username><Password>p</Password></Login>`);
const HEAD = (path: string) => `POST ${path} HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`;

describe('middleware', () => {
  it('calls next() for paths it does not own', async () => {
    const r = await rawRequest(plain.port, 'GET /health HTTP/1.1');
    expect(r.status).toBe(418);
    expect(seen).toContain('next:/health');
  });

  it('answers its own paths without calling next()', async () => {
    seen.length = 0;
    const r = await rawRequest(plain.port, HEAD('/ecomm/Auth.asmx'), LOGIN);
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('t-m');
    expect(seen).toEqual([]);
  });

  it('answers 404 itself (no next) for unknown paths under its service path', async () => {
    seen.length = 0;
    const r = await rawRequest(plain.port, 'GET /ecomm/Auth.asmx/Unknown HTTP/1.1');
    expect(r.status).toBe(404);
    expect(seen).toEqual([]);
  });

  it('works under an Express mount path, and ?wsdl includes the mount path', async () => {
    const r = await rawRequest(mounted.port, HEAD('/services/ecomm/Auth.asmx'), LOGIN);
    expect(r.status).toBe(200);
    const w = await rawRequest(mounted.port, 'GET /services/ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: m.example');
    expect(w.status).toBe(200);
    expect(w.body).toContain('location="http://m.example/services/ecomm/Auth.asmx"');
  });

  it('without next, answers 404 for other paths', async () => {
    const r = await rawRequest(prefixed.port, 'GET /elsewhere HTTP/1.1');
    expect(r.status).toBe(404);
  });
});

describe('after body-parsing middleware', () => {
  /** Reads the body first (like express.text()), leaving it on req.body, or not. */
  function withBodyParser(handler: ServiceHandler, keep: boolean) {
    return (req: IncomingMessage, res: ServerResponse): void => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        if (keep) (req as IncomingMessage & { body?: string }).body = body;
        handler(req, res);
      });
    };
  }

  it('uses a string req.body left by express.text()', async () => {
    const s = await startServer(withBodyParser(createServiceHandler(authService, impls), true));
    try {
      const r = await rawRequest(s.port, HEAD('/ecomm/Auth.asmx'), LOGIN);
      expect(r.status).toBe(200);
      expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('t-m');
    } finally {
      await s.close();
    }
  });

  it('answers 500 (setup error) instead of hanging when the body was consumed and not kept', async () => {
    const s = await startServer(withBodyParser(createServiceHandler(authService, impls), false));
    try {
      const r = await rawRequest(s.port, HEAD('/ecomm/Auth.asmx'), LOGIN);
      expect(r.status).toBe(500);
      expect(r.body).toMatch(/already read by another middleware/);
    } finally {
      await s.close();
    }
  });
});

describe('pathPrefix (prepended to the port address path)', () => {
  it('serves SOAP and HTTP GET under the prefix', async () => {
    const r = await rawRequest(prefixed.port, HEAD('/v2/ecomm/Auth.asmx'), LOGIN);
    expect(r.status).toBe(200);
    const g = await rawRequest(prefixed.port, 'GET /v2/ecomm/Auth.asmx/Login?Username=q&Password=p HTTP/1.1');
    expect(text(at(xml(g.body), 'ServiceTicket'))).toBe('t-q');
  });

  it('no longer serves the unprefixed path', async () => {
    const r = await rawRequest(prefixed.port, HEAD('/ecomm/Auth.asmx'), LOGIN);
    expect(r.status).toBe(404);
  });
});

describe('createServiceHandler', () => {
  it('refuses a missing implementation', () => {
    expect(() => createServiceHandler(authService, { Login: impls.Login })).toThrow(
      /no implementation for operation\(s\) Logout/,
    );
  });

  it('GET on the service path without ?wsdl answers the service page listing the operations', async () => {
    const r = await rawRequest(plain.port, 'GET /ecomm/Auth.asmx HTTP/1.1');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<a href="?op=Login">Login</a>');
    expect(r.body).toContain('<a href="?op=Logout">Logout</a>');
  });
});
