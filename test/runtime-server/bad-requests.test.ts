/**
 * Bad requests: each gets its status and fault, never reaches the implementation,
 * and the server keeps serving (a good request right after still succeeds).
 */
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { AUTH_NS, authService, LOGIN_ACTION, LOGOUT_ACTION } from './fixtures/auth-desc.js';
import {
  at,
  HANDLER_KINDS,
  parseResponse,
  rawRequest,
  readResponse,
  soap11,
  soap12,
  text,
  xml,
  type RawResponse,
  type TestServer,
} from './helpers.js';

describe.each(HANDLER_KINDS)('$name', (kind) => {
  let called = 0;
  let srv: TestServer;

  /** A small service with typed (int) inputs, to check value validation. */
  const calcService: ServiceDesc = {
    name: 'Calc',
    targetNamespace: 'urn:calc',
    ports: [
      { name: 'CalcSoap', kind: 'soap11', address: 'http://x/calc', path: '/calc' },
      { name: 'CalcGet', kind: 'httpGet', address: 'http://x/calc', path: '/calc' },
    ],
    operations: [
      {
        name: 'Add',
        method: 'add',
        input: { complex: 'Add' },
        output: { scalar: 'int' },
        soap11: {
          action: 'urn:calc/Add',
          style: 'document',
          use: 'literal',
          input: { element: { name: 'Add', ns: 'urn:calc' }, value: { complex: 'Add' } },
          output: {
            element: { name: 'AddResponse', ns: 'urn:calc' },
            value: { complex: 'AddResponse' },
            result: 'AddResult',
          },
        },
        httpGet: {
          path: '/Add',
          params: [
            { prop: 'a', name: 'a', value: { scalar: 'int' }, min: 1, max: 1 },
            { prop: 'b', name: 'b', value: { scalar: 'int' }, min: 1, max: 1 },
          ],
          output: { element: { name: 'int', ns: 'urn:calc' }, value: { scalar: 'int' } },
        },
      },
    ],
    types: {
      Add: {
        name: 'Add',
        ns: 'urn:calc',
        fields: [
          { prop: 'a', name: 'a', ns: 'urn:calc', value: { scalar: 'int' }, min: 1, max: 1 },
          { prop: 'b', name: 'b', ns: 'urn:calc', value: { scalar: 'int' }, min: 1, max: 1 },
        ],
      },
      AddResponse: {
        name: 'AddResponse',
        ns: 'urn:calc',
        fields: [{ prop: 'AddResult', name: 'AddResult', ns: 'urn:calc', value: { scalar: 'int' }, min: 1, max: 1 }],
      },
    },
  };
  let calc: TestServer;

  beforeAll(async () => {
    const count = (r: unknown) => () => {
      called++;
      return r;
    };
    srv = await kind.start(
      authService,
      { Login: count({ ServiceTicket: 'ok' }), Logout: count({ ServiceTicket: 'ok' }) },
      { maxBodyBytes: 4096, maxDepth: 20, bodyTimeoutMs: 300 },
    );
    calc = await kind.start(calcService, {
      Add: (input) => {
        called++;
        const { a, b } = input as { a: number; b: number };
        return a + b;
      },
    });
  });
  afterAll(async () => {
    await srv.close();
    await calc.close();
  });

  const LOGIN = `<Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>pw</Password></Login>`;
  const SOAP11_HEAD = `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`;
  const SOAP12_HEAD = 'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8';

  /** After every test: the implementation was not called, and a good request still works. */
  afterEach(async () => {
    expect(called).toBe(0);
    const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN));
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('ok');
    called = 0;
  });

  /** Asserts a SOAP 1.1 Client fault (500, text/xml) and returns its faultstring. */
  function expectFault11(r: RawResponse, code = 'Client'): string {
    expect(r.status).toBe(500);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    const fault = at(xml(r.body), 'Body', 'Fault');
    expect(text(at(fault, 'faultcode'))).toBe(`soap:${code}`);
    return text(at(fault, 'faultstring'));
  }

  /** Asserts a SOAP 1.2 fault with `code` (Sender: 400) and returns its reason. */
  function expectFault12(r: RawResponse, code: string, status: number): string {
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
    const fault = at(xml(r.body), 'Body', 'Fault');
    expect(text(at(fault, 'Code', 'Value'))).toBe(`soap12:${code}`);
    return text(at(fault, 'Reason', 'Text'));
  }

  describe('malformed or refused XML', () => {
    it('malformed XML: SOAP 1.1 Client fault', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN).replace('</Login>', '</Logn>'));
      expect(expectFault11(r)).toMatch(/^Server was unable to read request\. ---> malformed XML/);
    });

    it('malformed XML over SOAP 1.2: Sender fault with status 400 (SOAP 1.2 Part 2 §7.5.2.2)', async () => {
      const r = await rawRequest(srv.port, SOAP12_HEAD, '<soap12:Envelope');
      expectFault12(r, 'Sender', 400);
    });

    it('DOCTYPE with an entity declaration: Client fault, entity never expanded', async () => {
      const body = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>${soap11(LOGIN.replace('alice', '&a;')).replace(/^<\?xml[^>]*>/, '')}`;
      const r = await rawRequest(srv.port, SOAP11_HEAD, body);
      expect(expectFault11(r)).toMatch(/DOCTYPE/);
    });

    it('nesting deeper than maxDepth: Client fault', async () => {
      const deep = `${'<x>'.repeat(40)}${'</x>'.repeat(40)}`;
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN.replace('<Password>', `<Password>${deep}`)));
      expect(expectFault11(r)).toMatch(/deeper than 20/);
    });

    it('a document that is not a SOAP Envelope: Client fault', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, LOGIN);
      expect(expectFault11(r)).toMatch(/Envelope/);
    });

    it('SOAP 1.2 envelope sent as text/xml: VersionMismatch fault', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap12(LOGIN));
      expectFault11(r, 'VersionMismatch');
    });

    it('unknown envelope namespace: VersionMismatch fault', async () => {
      const r = await rawRequest(
        srv.port,
        SOAP11_HEAD,
        `<e:Envelope xmlns:e="urn:not-soap"><e:Body>${LOGIN}</e:Body></e:Envelope>`,
      );
      expectFault11(r, 'VersionMismatch');
    });

    it('a mustUnderstand header the operation does not declare: MustUnderstand fault', async () => {
      const header = `<t:Tx xmlns:t="urn:tx" soap:mustUnderstand="1">1</t:Tx>`;
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN, header));
      expect(expectFault11(r, 'MustUnderstand')).toBe('SOAP header Tx was not understood.');
    });
  });

  describe('dispatch', () => {
    it('missing SOAPAction on SOAP 1.1: Client fault as ASMX', async () => {
      const r = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8',
        soap11(LOGIN),
      );
      expect(expectFault11(r)).toBe('Server did not recognize the value of HTTP Header SOAPAction: .');
    });

    it('unknown SOAPAction on SOAP 1.1: Client fault as ASMX', async () => {
      const r = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "urn:nope"',
        soap11(LOGIN),
      );
      expect(expectFault11(r)).toBe('Server did not recognize the value of HTTP Header SOAPAction: urn:nope.');
    });

    it('SOAPAction of Logout with a Login body: Client fault', async () => {
      const r = await rawRequest(
        srv.port,
        `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGOUT_ACTION}"`,
        soap11(LOGIN),
      );
      expect(expectFault11(r)).toMatch(/expects the Body element .*Logout/);
    });

    it('unknown Body element on SOAP 1.2: Sender fault (400)', async () => {
      const r = await rawRequest(srv.port, SOAP12_HEAD, soap12(`<Nope xmlns="${AUTH_NS}"/>`));
      expectFault12(r, 'Sender', 400);
    });

    it('Body element in the wrong namespace: Client fault', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN.replace(AUTH_NS, 'urn:wrong')));
      expectFault11(r);
    });

    it('unknown path under the service path: 404', async () => {
      const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Nope?x=1 HTTP/1.1');
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    });
  });

  describe('values', () => {
    it('missing required field over SOAP: Client fault naming the field', async () => {
      const r = await rawRequest(
        srv.port,
        SOAP11_HEAD,
        soap11(`<Login xmlns="${AUTH_NS}"><Username>alice</Username></Login>`),
      );
      expect(expectFault11(r)).toMatch(/Password/);
    });

    it('value of the wrong type over SOAP: Client fault', async () => {
      const body = soap11('<Add xmlns="urn:calc"><a>1</a><b>two</b></Add>');
      const r = await rawRequest(
        calc.port,
        'POST /calc HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "urn:calc/Add"',
        body,
      );
      expect(expectFault11(r)).toMatch(/invalid integer/);
      // and a good one works
      const ok = await rawRequest(
        calc.port,
        'POST /calc HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "urn:calc/Add"',
        body.replace('two', '2'),
      );
      expect(text(at(xml(ok.body), 'Body', 'AddResponse', 'AddResult'))).toBe('3');
      called = 0;
    });

    it('value of the wrong type over HTTP GET: 400 text/plain (ASMX answers 500; 400 chosen)', async () => {
      const r = await rawRequest(calc.port, 'GET /calc/Add?a=1&b=x HTTP/1.1');
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(r.body).toMatch(/parameter b/);
    });

    it('missing parameter over HTTP GET: 400 text/plain "Missing parameter: Password."', async () => {
      const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=a HTTP/1.1');
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(r.body.trim()).toBe('Missing parameter: Password.');
    });

    it('missing field over HTTP POST: 400 text/plain', async () => {
      const r = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
        'Other=1',
      );
      expect(r.status).toBe(400);
      expect(r.body.trim()).toBe('Missing parameter: ServiceTicket.');
    });
  });

  describe('values the contract does not allow', () => {
    it('xsi:nil on a required element that is not nillable: Client fault', async () => {
      const r = await rawRequest(
        srv.port,
        SOAP11_HEAD,
        soap11(LOGIN.replace('<Username>alice</Username>', '<Username xsi:nil="true"/>')),
      );
      expect(expectFault11(r)).toMatch(/Username: xsi:nil is not allowed: the element is not nillable/);
    });

    it('xsi:nil on the operation element: Client fault (SOAP 1.1) and Sender fault (SOAP 1.2)', async () => {
      const nil = `<Login xmlns="${AUTH_NS}" xsi:nil="true"/>`;
      expect(expectFault11(await rawRequest(srv.port, SOAP11_HEAD, soap11(nil)))).toMatch(
        /xsi:nil is not allowed on the operation element/,
      );
      expectFault12(await rawRequest(srv.port, SOAP12_HEAD, soap12(nil)), 'Sender', 400);
    });

    it('element content in a simple-typed element: Client fault, not an empty string', async () => {
      const r = await rawRequest(
        srv.port,
        SOAP11_HEAD,
        soap11(LOGIN.replace('<Username>alice</Username>', '<Username><b>x</b></Username>')),
      );
      expect(expectFault11(r)).toMatch(/Username: element <b> where a simple value is expected/);
    });

    it('malformed UTF-8 in the body: 400, never read as U+FFFD', async () => {
      const [before, after] = soap11(LOGIN).split('alice');
      const body = Buffer.concat([
        Buffer.from(before!),
        Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]),
        Buffer.from(after!),
      ]);
      const r = await rawRequest(srv.port, SOAP11_HEAD, body);
      expect(r.status).toBe(400);
      expect(r.body.trim()).toBe('The request body is not valid UTF-8.');
      const form = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded; charset=utf-8',
        Buffer.from([...Buffer.from('ServiceTicket=a'), 0xff, 0x62]),
      );
      expect(form.status).toBe(400);
    });

    it('a parameter holding a character XML cannot carry: 400 text/plain', async () => {
      for (const q of ['a%01b', 'a%00b']) {
        const r = await rawRequest(srv.port, `GET /ecomm/Auth.asmx/Logout?ServiceTicket=${q} HTTP/1.1`);
        expect(r.status).toBe(400);
        expect(r.body.trim()).toBe('Parameter ServiceTicket contains a character that XML cannot carry.');
      }
    });
  });

  describe('HTTP level', () => {
    it('a body with a content coding (gzip, br): 415, nothing decoded', async () => {
      for (const coding of ['gzip', 'br']) {
        const r = await rawRequest(srv.port, `${SOAP11_HEAD}\nContent-Encoding: ${coding}`, soap11(LOGIN));
        expect(r.status).toBe(415);
        expect(r.body).toMatch(/Unsupported content encoding/);
      }
      const form = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\nContent-Encoding: gzip',
        'ServiceTicket=t',
      );
      expect(form.status).toBe(415);
    });

    it('wrong content type on the SOAP path: 415', async () => {
      const r = await rawRequest(srv.port, 'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/json', '{}');
      expect(r.status).toBe(415);
    });

    it('no content type on the SOAP path: 415', async () => {
      const r = await rawRequest(srv.port, 'POST /ecomm/Auth.asmx HTTP/1.1', soap11(LOGIN));
      expect(r.status).toBe(415);
    });

    it('wrong content type on an HTTP POST operation: 415', async () => {
      const r = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Login HTTP/1.1\nContent-Type: text/xml',
        soap11(LOGIN),
      );
      expect(r.status).toBe(415);
    });

    it('unsupported charset: 415', async () => {
      const r = await rawRequest(srv.port, `${SOAP11_HEAD.replace('charset=utf-8', 'charset=ebcdic')}`, soap11(LOGIN));
      expect(r.status).toBe(415);
    });

    it('wrong verb on the service path: 405 with Allow', async () => {
      const r = await rawRequest(srv.port, 'PUT /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml', soap11(LOGIN));
      expect(r.status).toBe(405);
      expect(r.headers['allow']).toBe('GET, HEAD, POST');
    });

    it('wrong verb on an operation path: 405 with Allow', async () => {
      const r = await rawRequest(srv.port, 'DELETE /ecomm/Auth.asmx/Login HTTP/1.1');
      expect(r.status).toBe(405);
      expect(r.headers['allow']).toBe('GET, POST');
    });

    it('Content-Length over maxBodyBytes: 413 before reading, connection closed', async () => {
      const r = await rawRequest(srv.port, `${SOAP11_HEAD}\nContent-Length: 999999`, 'x'.repeat(100));
      expect(r.status).toBe(413);
      expect(r.headers['connection']).toBe('close');
    });

    it('chunked body growing over maxBodyBytes: 413 while streaming, connection closed', async () => {
      const socket = connect(srv.port, '127.0.0.1');
      const response = readResponse(socket);
      socket.write(`${SOAP11_HEAD.replace(/\n/g, '\r\n')}\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = 'y'.repeat(1000);
      for (let i = 0; i < 10; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      const r = await response;
      expect(r.status).toBe(413);
      expect(r.headers['connection']).toBe('close');
    });

    it('a client that stalls while sending the body: 408 after bodyTimeoutMs and the server closes the connection', async () => {
      const socket = connect(srv.port, '127.0.0.1');
      let data = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
      // Resolves when the server ends the connection (we never close it ourselves).
      const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
      socket.write(`${SOAP11_HEAD.replace(/\n/g, '\r\n')}\r\nHost: x\r\nContent-Length: 500\r\n\r\n<soap:Envelope`);
      await ended;
      socket.destroy();
      const r = parseResponse(data, true)!;
      expect(r.status).toBe(408);
      expect(r.headers['connection']).toBe('close');
    });
  });
});
