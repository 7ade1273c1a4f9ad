/**
 * Issue 15: MTOM/XOP and SOAP with Attachments are an optional runtime module
 * (runtime/wire/mtom.ts, seam in wire/attachments.ts). The checked-in Auth output
 * declares neither attachments nor binary values, so it does not carry the module;
 * these tests use it as it is (nothing here loads the module) and check that:
 *
 * - a client that receives a multipart/related answer fails with a ResponseError
 *   naming what to add (`--runtime-features mtom`, `wire/mtom.js`);
 * - a client asked to send MTOM or attachments fails the call the same way;
 * - a server that receives a multipart/related request answers 415 with a SOAP
 *   Client fault and keeps serving the next (plain) request;
 * - `mtom: true` on a handler and `addResponseAttachment` say what is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthClient,
  addResponseAttachment,
  createAuthHandler,
  MultipartError,
  ResponseError,
  type AuthService,
} from '../../generated/auth/index.js';
import { LOGIN_ACTION, SERVICE_PATH, startServer, type TestServer } from './helpers.js';

const MULTIPART = 'multipart/related; type="text/xml"; boundary="b1"; start="<root@x>"';

/** A SwA message of one envelope part (Login) and one attachment. */
function multipartLogin(): string {
  return [
    '--b1',
    'Content-Type: text/xml; charset=utf-8',
    'Content-ID: <root@x>',
    '',
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
      '<Login xmlns="http://schemas.example.com/ecomm/auth"><Username>a</Username><Password>b</Password></Login>' +
      '</soap:Body></soap:Envelope>',
    '--b1',
    'Content-Type: application/octet-stream',
    'Content-ID: <part@x>',
    '',
    'bytes',
    '--b1--',
    '',
  ].join('\r\n');
}

const PLAIN_LOGIN =
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<Login xmlns="http://schemas.example.com/ecomm/auth"><Username>alice</Username><Password>pw</Password></Login>' +
  '</soap:Body></soap:Envelope>';

const impl: AuthService = {
  login: async (input) => ({ ServiceTicket: `t-${input.Username}` }),
  logout: async (input) => ({ ServiceTicket: input.ServiceTicket }),
};

describe('without the MTOM/SwA module (the Auth output as checked in)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(createAuthHandler(impl));
  });
  afterAll(() => srv.close());

  it('a client that receives a multipart/related answer fails with an error naming what to add', async () => {
    const client = new AuthClient({
      endpoint: 'http://127.0.0.1:1/ecomm/Auth.asmx',
      transport: async () => ({ status: 200, headers: { 'content-type': MULTIPART }, body: multipartLogin() }),
    });
    const err = await client.login({ Username: 'a', Password: 'b' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as Error).message).toMatch(/^Login: cannot read the multipart response: .*multipart\/related/);
    expect((err as Error).message).toContain('--runtime-features mtom');
    expect((err as Error).message).toContain("import './runtime/wire/mtom.js'");
    expect((err as ResponseError).cause).toBeInstanceOf(MultipartError);
    expect(((err as ResponseError).cause as MultipartError).problem).toBe('module');
  });

  it('a client asked to send MTOM or attachments fails the call with the same advice, sending nothing', async () => {
    let sent = 0;
    const transport = async () => {
      sent++;
      return { status: 500, headers: {}, body: '' };
    };
    const client = new AuthClient({ endpoint: 'http://127.0.0.1:1/ecomm/Auth.asmx', mtom: true, transport });
    await expect(client.login({ Username: 'a', Password: 'b' })).rejects.toThrow(
      /Login: sending MTOM needs the MTOM\/SwA runtime module wire\/mtom\.ts.*--runtime-features mtom/,
    );
    const attachment = { contentId: 'a@x', contentType: 'text/plain', data: new Uint8Array([1]) };
    await expect(
      new AuthClient({ endpoint: 'http://127.0.0.1:1/ecomm/Auth.asmx', transport }).login(
        { Username: 'a', Password: 'b' },
        { attachments: [attachment] },
      ),
    ).rejects.toBeInstanceOf(MultipartError);
    expect(sent).toBe(0);
  });

  it('a server answers a multipart/related request 415 with a SOAP Client fault, and keeps serving', async () => {
    const url = `${srv.baseUrl}${SERVICE_PATH}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': MULTIPART, SOAPAction: `"${LOGIN_ACTION}"` },
      body: multipartLogin(),
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const text = await res.text();
    expect(text).toContain('<faultcode>soap:Client</faultcode>');
    expect(text).toContain('does not accept multipart/related (MTOM or SOAP with Attachments) requests');
    const next = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${LOGIN_ACTION}"` },
      body: PLAIN_LOGIN,
    });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('<ServiceTicket>t-alice</ServiceTicket>');
  });

  it('mtom: true on a handler, and addResponseAttachment, say what is missing', async () => {
    expect(() => createAuthHandler(impl, { mtom: true })).toThrow(
      /createServiceHandler\(Auth\): mtom: true needs the MTOM\/SwA runtime module.*--runtime-features mtom/,
    );
    const attaching = await startServer(
      createAuthHandler({
        ...impl,
        login: async (input, ctx) => {
          addResponseAttachment(ctx, { contentId: 'a@x', contentType: 'text/plain', data: new Uint8Array([1]) });
          return { ServiceTicket: input.Username };
        },
      }),
    );
    try {
      const res = await fetch(`${attaching.baseUrl}${SERVICE_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${LOGIN_ACTION}"` },
        body: PLAIN_LOGIN,
      });
      // The implementation's error: a Server fault, as for any error it throws.
      expect(res.status).toBe(500);
      expect(await res.text()).toContain('<faultcode>soap:Server</faultcode>');
    } finally {
      await attaching.close();
    }
  });
});
