/**
 * CORS (HandlerOptions.cors, runtime/server/cors.ts), on both handler forms: off by
 * default (OPTIONS is 405, no CORS header), and with origins listed: preflights
 * answered for the service's paths, the response headers on every answer to a
 * listed origin (faults included), nothing for other origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoapFault } from '../../src/runtime/server/server.js';
import { corsPolicy } from '../../src/runtime/server/cors.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { HANDLER_KINDS, rawRequest, soap11, type TestServer } from './helpers.js';

const APP = 'http://app.example:5173';
const impls = {
  Login: (input: unknown) => {
    if ((input as { Username: string }).Username === 'bad') throw new SoapFault({ code: 'Client', reason: 'No.' });
    return { ServiceTicket: 't' };
  },
  Logout: () => ({ ServiceTicket: 't' }),
};
const login = (user: string) => `<Login xmlns="${AUTH_NS}"><Username>${user}</Username><Password>p</Password></Login>`;
const SOAP11 = `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`;
const PREFLIGHT = `OPTIONS /ecomm/Auth.asmx HTTP/1.1\nAccess-Control-Request-Method: POST\nAccess-Control-Request-Headers: content-type, soapaction`;

describe.each(HANDLER_KINDS)('$name', (kind) => {
  let off: TestServer;
  let on: TestServer;
  let any: TestServer;
  beforeAll(async () => {
    off = await kind.start(authService, impls);
    on = await kind.start(authService, impls, {
      cors: { origins: [APP], credentials: true, allowHeaders: ['X-Trace'], maxAgeSeconds: 60 },
    });
    any = await kind.start(authService, impls, { cors: { origins: '*' } });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
    await any.close();
  });

  describe('off by default', () => {
    it('a preflight gets 405 with Allow, and no CORS header', async () => {
      const r = await rawRequest(off.port, `${PREFLIGHT}\nOrigin: ${APP}`);
      expect(r.status).toBe(405);
      expect(r.headers['allow']).toBe('GET, HEAD, POST');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('a cross-origin POST is answered without CORS headers', async () => {
      const r = await rawRequest(off.port, `${SOAP11}\nOrigin: ${APP}`, soap11(login('a')));
      expect(r.status).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('with listed origins', () => {
    it('answers a preflight from a listed origin with 204 and the CORS headers', async () => {
      const r = await rawRequest(on.port, `${PREFLIGHT}\nOrigin: ${APP}`);
      expect(r.status).toBe(204);
      expect(r.body).toBe('');
      expect(r.headers['access-control-allow-origin']).toBe(APP);
      expect(r.headers['access-control-allow-credentials']).toBe('true');
      expect(r.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, OPTIONS');
      expect(r.headers['access-control-allow-headers']).toBe('Content-Type, SOAPAction, X-Trace');
      expect(r.headers['access-control-max-age']).toBe('60');
      expect(r.headers['vary']).toBe('Origin');
    });

    it('answers a preflight of an operation path with its methods', async () => {
      const r = await rawRequest(
        on.port,
        `OPTIONS /ecomm/Auth.asmx/Login HTTP/1.1\nAccess-Control-Request-Method: POST\nOrigin: ${APP}`,
      );
      expect(r.status).toBe(204);
      expect(r.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    });

    it('gives a preflight from another origin no CORS header (the browser then sends nothing)', async () => {
      const r = await rawRequest(on.port, `${PREFLIGHT}\nOrigin: http://evil.example`);
      expect(r.status).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      expect(r.headers['access-control-allow-methods']).toBeUndefined();
    });

    it('adds the headers to an answer and to a fault for a listed origin (any case), not for others', async () => {
      const ok = await rawRequest(on.port, `${SOAP11}\nOrigin: HTTP://APP.example:5173`, soap11(login('a')));
      expect(ok.status).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe('HTTP://APP.example:5173');
      expect(ok.headers['access-control-expose-headers']).toBe('Retry-After');
      const fault = await rawRequest(on.port, `${SOAP11}\nOrigin: ${APP}`, soap11(login('bad')));
      expect(fault.status).toBe(500);
      expect(fault.headers['access-control-allow-origin']).toBe(APP);
      const get = await rawRequest(on.port, `GET /ecomm/Auth.asmx/Logout?ServiceTicket=x HTTP/1.1\nOrigin: ${APP}`);
      expect(get.status).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBe(APP);
      const other = await rawRequest(on.port, `${SOAP11}\nOrigin: http://evil.example`, soap11(login('a')));
      expect(other.status).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['vary']).toBe('Origin');
    });

    it('leaves paths the service does not own alone', async () => {
      const r = await rawRequest(on.port, `OPTIONS /elsewhere HTTP/1.1\nOrigin: ${APP}`);
      expect(r.status).toBe(404);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    });

    it("'*' without credentials answers any origin with *", async () => {
      const r = await rawRequest(any.port, `${PREFLIGHT}\nOrigin: http://any.example`);
      expect(r.status).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['vary']).toBeUndefined();
    });
  });
});

describe('cors options', () => {
  it('refuses an origin with a path, naming it', () => {
    expect(() => corsPolicy({ origins: ['http://app.example/page'] })).toThrow(
      /"http:\/\/app.example\/page" is not an origin/,
    );
  });
});
