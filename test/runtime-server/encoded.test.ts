/**
 * rpc/encoded responses say so: the response wrapper carries `encodingStyle`
 * with the SOAP version's encoding URI (SOAP 1.1 §4.1.1 and §5; SOAP 1.2 Part 1
 * §5.1.1 and Part 2 §3), as the generated client's requests do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import { attr } from '../../src/runtime/xml/xml-parse.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, soap12, startServer, xml, type TestServer } from './helpers.js';

const encoded: ServiceDesc = {
  ...authService,
  operations: authService.operations.map(
    (op): OperationDesc => ({
      ...op,
      ...(op.soap11 ? { soap11: { ...op.soap11, use: 'encoded' } } : {}),
      ...(op.soap12 ? { soap12: { ...op.soap12, use: 'encoded' } } : {}),
    }),
  ),
};

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer(
    createServiceHandler(encoded, {
      Login: async () => ({ ServiceTicket: 't' }),
      Logout: async () => ({ ServiceTicket: 't' }),
    }),
  );
});
afterAll(async () => {
  await srv.close();
});

const LOGIN = `<Login xmlns="${AUTH_NS}"><Username>a</Username><Password>b</Password></Login>`;

describe('rpc/encoded responses', () => {
  it('carry soap:encodingStyle with the SOAP 1.1 encoding URI', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(LOGIN),
    );
    expect(r.status).toBe(200);
    const wrapper = at(xml(r.body), 'Body', 'LoginResponse');
    expect(attr(wrapper, 'encodingStyle', 'http://schemas.xmlsoap.org/soap/envelope/')).toBe(
      'http://schemas.xmlsoap.org/soap/encoding/',
    );
  });

  it('carry env:encodingStyle with the SOAP 1.2 encoding URI', async () => {
    const r = await rawRequest(
      srv.port,
      'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8',
      soap12(LOGIN),
    );
    expect(r.status).toBe(200);
    const wrapper = at(xml(r.body), 'Body', 'LoginResponse');
    expect(attr(wrapper, 'encodingStyle', 'http://www.w3.org/2003/05/soap-envelope')).toBe(
      'http://www.w3.org/2003/05/soap-encoding',
    );
  });
});
