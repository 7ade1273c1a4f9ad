/**
 * Implementation faults: a thrown SoapFault is answered with its code and reason
 * in every binding; any other error is a generic Server fault that leaks nothing
 * unless `debug` is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoapFault } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { at, HANDLER_KINDS, rawRequest, soap11, soap12, text, xml, type TestServer } from './helpers.js';

describe.each(HANDLER_KINDS)('$name', (kind) => {
  const SECRET = 'db password is hunter2';
  const errors: unknown[] = [];
  const impls = {
    Login: (input: unknown) => {
      const { Username } = input as { Username: string };
      if (Username === 'client') throw new SoapFault({ code: 'Client', reason: 'Unknown user.' });
      if (Username === 'server') throw new SoapFault({ code: 'Server', reason: 'Directory unavailable.' });
      if (Username === 'bad-output') return { Nope: 1 };
      throw new Error(SECRET);
    },
    Logout: async () => Promise.reject(new TypeError(SECRET)),
  };

  let srv: TestServer;
  let debugSrv: TestServer;
  beforeAll(async () => {
    srv = await kind.start(authService, impls, { onError: (err) => errors.push(err) });
    debugSrv = await kind.start(authService, impls, { debug: true });
  });
  afterAll(async () => {
    await srv.close();
    await debugSrv.close();
  });

  const login = (user: string) =>
    `<Login xmlns="${AUTH_NS}"><Username>${user}</Username><Password>p</Password></Login>`;
  const HEAD11 = `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`;
  const HEAD12 = 'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8';

  describe('SoapFault thrown by the implementation', () => {
    it('SOAP 1.1: 500 with faultcode soap:Client and the reason', async () => {
      const r = await rawRequest(srv.port, HEAD11, soap11(login('client')));
      expect(r.status).toBe(500);
      const fault = at(xml(r.body), 'Body', 'Fault');
      expect(text(at(fault, 'faultcode'))).toBe('soap:Client');
      expect(text(at(fault, 'faultstring'))).toBe('Unknown user.');
    });

    it('SOAP 1.1: 500 with faultcode soap:Server', async () => {
      const r = await rawRequest(srv.port, HEAD11, soap11(login('server')));
      expect(r.status).toBe(500);
      expect(text(at(xml(r.body), 'Body', 'Fault', 'faultcode'))).toBe('soap:Server');
    });

    it('SOAP 1.2: Client becomes env:Sender with status 400', async () => {
      const r = await rawRequest(srv.port, HEAD12, soap12(login('client')));
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
      const fault = at(xml(r.body), 'Body', 'Fault');
      expect(text(at(fault, 'Code', 'Value'))).toBe('soap12:Sender');
      expect(text(at(fault, 'Reason', 'Text'))).toBe('Unknown user.');
    });

    it('SOAP 1.2: Server becomes env:Receiver with status 500', async () => {
      const r = await rawRequest(srv.port, HEAD12, soap12(login('server')));
      expect(r.status).toBe(500);
      expect(text(at(xml(r.body), 'Body', 'Fault', 'Code', 'Value'))).toBe('soap12:Receiver');
    });

    it('HTTP GET: 500 text/plain with the reason', async () => {
      const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=client&Password=p HTTP/1.1');
      expect(r.status).toBe(500);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(r.body.trim()).toBe('Unknown user.');
    });
  });

  describe('an onError hook that throws', () => {
    it('changes nothing: SOAP 1.1 and 1.2 still get their fault envelopes, HTTP POST its 500 text', async () => {
      const throwing = await kind.start(authService, impls, {
        onError: () => {
          throw new Error('hook failed');
        },
      });
      try {
        const r11 = await rawRequest(throwing.port, HEAD11, soap11(login('boom')));
        expect(r11.status).toBe(500);
        expect(text(at(xml(r11.body), 'Body', 'Fault', 'faultcode'))).toBe('soap:Server');
        const bad = await rawRequest(throwing.port, HEAD11, soap11(login('bad-output')));
        expect(text(at(xml(bad.body), 'Body', 'Fault', 'faultcode'))).toBe('soap:Server');
        const r12 = await rawRequest(
          throwing.port,
          HEAD12,
          soap12(`<Logout xmlns="${AUTH_NS}"><ServiceTicket>t</ServiceTicket></Logout>`),
        );
        expect(r12.status).toBe(500);
        expect(text(at(xml(r12.body), 'Body', 'Fault', 'Reason', 'Text'))).toBe(
          'Server was unable to process request.',
        );
        const post = await rawRequest(
          throwing.port,
          'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
          'ServiceTicket=t',
        );
        expect(post.status).toBe(500);
        expect(post.body.trim()).toBe('Server was unable to process request.');
      } finally {
        await throwing.close();
      }
    });
  });

  describe('other errors (no leak without debug)', () => {
    it('SOAP 1.1: generic Server fault, no message, no stack; onError sees the error', async () => {
      errors.length = 0;
      const r = await rawRequest(srv.port, HEAD11, soap11(login('boom')));
      expect(r.status).toBe(500);
      const fault = at(xml(r.body), 'Body', 'Fault');
      expect(text(at(fault, 'faultcode'))).toBe('soap:Server');
      expect(text(at(fault, 'faultstring'))).toBe('Server was unable to process request.');
      expect(r.body).not.toContain('hunter2');
      expect(r.body).not.toContain('.ts:');
      expect(errors).toHaveLength(1);
      expect((errors[0] as Error).message).toBe(SECRET);
    });

    it('SOAP 1.2 (rejected promise): generic Receiver fault', async () => {
      const r = await rawRequest(
        srv.port,
        HEAD12,
        soap12(`<Logout xmlns="${AUTH_NS}"><ServiceTicket>t</ServiceTicket></Logout>`),
      );
      expect(r.status).toBe(500);
      expect(text(at(xml(r.body), 'Body', 'Fault', 'Reason', 'Text'))).toBe('Server was unable to process request.');
      expect(r.body).not.toContain('hunter2');
    });

    it('HTTP POST: 500 text/plain generic reason', async () => {
      const r = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
        'ServiceTicket=t',
      );
      expect(r.status).toBe(500);
      expect(r.body.trim()).toBe('Server was unable to process request.');
    });

    it('an output that does not match the description: generic Server fault', async () => {
      const r = await rawRequest(srv.port, HEAD11, soap11(login('bad-output')));
      expect(r.status).toBe(500);
      expect(text(at(xml(r.body), 'Body', 'Fault', 'faultstring'))).toBe('Server was unable to process request.');
    });
  });

  describe('debug: true', () => {
    it('SOAP 1.1: the message and the stack are sent', async () => {
      const r = await rawRequest(debugSrv.port, HEAD11, soap11(login('boom')));
      expect(r.status).toBe(500);
      const fault = at(xml(r.body), 'Body', 'Fault');
      expect(text(at(fault, 'faultstring'))).toBe(`Server was unable to process request. ---> ${SECRET}`);
      expect(text(at(fault, 'detail', 'StackTrace'))).toContain('Error: db password');
    });

    it('HTTP GET: the message is sent', async () => {
      const r = await rawRequest(debugSrv.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=t HTTP/1.1');
      expect(r.status).toBe(500);
      expect(r.body).toContain(SECRET);
    });
  });
});
