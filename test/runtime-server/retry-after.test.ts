/**
 * A temporary failure (`SoapFault.retryAfter`): `Retry-After` on every binding;
 * over SOAP the status the binding requires (SOAP 1.1: 500; SOAP 1.2: 500 for
 * Receiver, 400 for Sender), over HTTP GET/POST 503 for a Server fault and 429
 * for a Client fault (RFC 9110 §15.6.4, RFC 6585 §4). Used by the Auth service
 * for "session store unavailable", "busy" and throttled logins (issue 20, items 7, 9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoapFault } from '../../src/runtime/wire/faults.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, soap12, startServer, type TestServer, text, xml } from './helpers.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer(
    createServiceHandler(authService, {
      Login: () => {
        throw new SoapFault({ code: 'Server', reason: 'Service unavailable; try again.', retryAfter: 1.2 });
      },
      Logout: () => {
        throw new SoapFault({ code: 'Client', reason: 'Too many attempts.', retryAfter: 30 });
      },
    }),
  );
});
afterAll(async () => {
  await srv.close();
});

const LOGIN = `<Login xmlns="${AUTH_NS}"><Username>a</Username><Password>b</Password></Login>`;
const LOGOUT = `<Logout xmlns="${AUTH_NS}"><ServiceTicket>t</ServiceTicket></Logout>`;

describe('SoapFault.retryAfter', () => {
  it('SOAP 1.1: 500 Server fault with Retry-After (seconds, rounded up)', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(LOGIN),
    );
    expect(r.status).toBe(500);
    expect(r.headers['retry-after']).toBe('2');
    expect(text(at(xml(r.body), 'Body', 'Fault', 'faultstring'))).toBe('Service unavailable; try again.');
  });

  it('SOAP 1.2: 500 Receiver / 400 Sender, with Retry-After', async () => {
    const head = 'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8';
    const server = await rawRequest(srv.port, head, soap12(LOGIN));
    expect(server.status).toBe(500);
    expect(server.headers['retry-after']).toBe('2');
    const client = await rawRequest(srv.port, head, soap12(LOGOUT));
    expect(client.status).toBe(400);
    expect(client.headers['retry-after']).toBe('30');
  });

  it('HTTP GET: 503 for a Server fault, 429 for a Client fault', async () => {
    const server = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=a&Password=b HTTP/1.1');
    expect(server.status).toBe(503);
    expect(server.headers['retry-after']).toBe('2');
    expect(server.body).toBe('Service unavailable; try again.');
    const client = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=t HTTP/1.1');
    expect(client.status).toBe(429);
    expect(client.headers['retry-after']).toBe('30');
  });

  it('HTTP POST: 503 with Retry-After', async () => {
    const r = await rawRequest(
      srv.port,
      'POST /ecomm/Auth.asmx/Login HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
      'Username=a&Password=b',
    );
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('2');
  });

  it('a fault without retryAfter keeps 500 and sends no Retry-After', () => {
    const f = new SoapFault({ code: 'Server', reason: 'x' });
    expect(f.retryAfter).toBeUndefined();
    expect(new SoapFault({ reason: 'x', retryAfter: Number.NaN }).retryAfter).toBeUndefined();
  });
});
