/**
 * An implementation that returns no result (an optional SOAP result, `minOccurs="0"`,
 * as ASMX leaves out a null one): SOAP omits the result element, HTTP GET/POST
 * answer `xsi:nil` where the result element is nillable, and a clear 500 where not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, startServer, xml, type TestServer } from './helpers.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Logout's HTTP result element made non-nillable. */
const strictLogout: ServiceDesc = {
  ...authService,
  operations: authService.operations.map((op): OperationDesc => {
    if (op.name !== 'Logout' || !op.httpGet?.output) return op;
    const { nillable, ...output } = op.httpGet.output;
    void nillable;
    return { ...op, httpGet: { ...op.httpGet, output } };
  }),
};

let srv: TestServer;
const reported: unknown[] = [];
beforeAll(async () => {
  srv = await startServer(
    createServiceHandler(
      strictLogout,
      { Login: async () => undefined, Logout: async () => undefined },
      { onError: (err) => reported.push(err) },
    ),
  );
});
afterAll(async () => {
  await srv.close();
});

describe('an implementation that returns no result', () => {
  it('SOAP: the optional result element is left out', async () => {
    const body = `<Login xmlns="${AUTH_NS}"><Username>a</Username><Password>b</Password></Login>`;
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(body),
    );
    expect(r.status).toBe(200);
    const response = at(xml(r.body), 'Body', 'LoginResponse');
    expect(response.children.filter((c) => typeof c !== 'string')).toEqual([]);
  });

  it('HTTP GET: xsi:nil on a nillable result element', async () => {
    const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=a&Password=b HTTP/1.1');
    expect(r.status).toBe(200);
    const root = xml(r.body);
    expect(root.name).toBe('EmAuthResult');
    expect(root.attrs.find((a) => a.ns === XSI && a.name === 'nil')?.value).toBe('true');
  });

  it('HTTP GET: a 500 (the reason goes to onError) when the result element is not nillable', async () => {
    const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=t HTTP/1.1');
    expect(r.status).toBe(500);
    expect(r.body.trim()).toBe('Server was unable to process request.');
    expect(String(reported.at(-1))).toMatch(
      /returned no result, which the HTTP GET binding cannot carry \(EmAuthResult is not nillable\)/,
    );
  });
});
