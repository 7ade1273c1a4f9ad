/**
 * Service shapes beyond Auth: declared faults with a typed detail, one-way
 * operations, unwrapped results; plus connection handling (keep-alive, aborted
 * uploads, absolute-form request targets).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDesc, SoapOperationDesc } from '../../src/runtime/wire/descriptors.js';
import { createServiceHandler, SoapFault } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, soap12, startServer, text, xml, type TestServer } from './helpers.js';

const NS = 'urn:calc';
const divide: SoapOperationDesc = {
  action: 'urn:calc/Divide',
  style: 'document',
  use: 'literal',
  input: { element: { name: 'Divide', ns: NS }, value: { complex: 'Divide' } },
  output: { element: { name: 'DivideResponse', ns: NS }, value: { complex: 'DivideResponse' }, result: 'DivideResult' },
  faults: [{ name: 'CalcFault', element: { name: 'CalcFault', ns: NS }, value: { complex: 'CalcFault' } }],
};
const notify: SoapOperationDesc = {
  action: 'urn:calc/Notify',
  style: 'document',
  use: 'literal',
  input: { element: { name: 'Notify', ns: NS }, value: { complex: 'Notify' } },
};
const int = { scalar: 'int' } as const;
const calc: ServiceDesc = {
  name: 'Calc',
  targetNamespace: NS,
  ports: [
    { name: 'CalcSoap', kind: 'soap11', address: 'http://x/Calc.svc', path: '/Calc.svc' },
    { name: 'CalcSoap12', kind: 'soap12', address: 'http://x/Calc.svc', path: '/Calc.svc' },
  ],
  operations: [
    { name: 'Divide', method: 'divide', input: { complex: 'Divide' }, output: int, soap11: divide, soap12: divide },
    { name: 'Notify', method: 'notify', input: { complex: 'Notify' }, soap11: notify, soap12: notify },
  ],
  types: {
    Divide: {
      name: 'Divide',
      ns: NS,
      fields: [
        { prop: 'a', name: 'a', ns: NS, value: int, min: 1, max: 1 },
        { prop: 'b', name: 'b', ns: NS, value: int, min: 1, max: 1 },
      ],
    },
    DivideResponse: {
      name: 'DivideResponse',
      ns: NS,
      fields: [{ prop: 'DivideResult', name: 'DivideResult', ns: NS, value: int, min: 1, max: 1 }],
    },
    CalcFault: {
      name: 'CalcFault',
      ns: NS,
      fields: [{ prop: 'Code', name: 'Code', ns: NS, value: int, min: 1, max: 1 }],
    },
    Notify: {
      name: 'Notify',
      ns: NS,
      fields: [{ prop: 'Message', name: 'Message', ns: NS, value: { scalar: 'string' }, min: 1, max: 1 }],
    },
  },
};

const notified: unknown[] = [];
let srv: TestServer;
let auth: TestServer;
beforeAll(async () => {
  srv = await startServer(
    createServiceHandler(calc, {
      Divide: (input) => {
        const { a, b } = input as { a: number; b: number };
        if (b === 0)
          throw new SoapFault({
            code: 'Client',
            reason: 'Division by zero.',
            fault: 'CalcFault',
            detail: { Code: 42 },
          });
        return Math.trunc(a / b);
      },
      Notify: (input) => {
        notified.push(input);
      },
    }),
  );
  auth = await startServer(
    createServiceHandler(authService, {
      Login: () => ({ ServiceTicket: 'k' }),
      Logout: () => ({ ServiceTicket: 'k' }),
    }),
  );
});
afterAll(async () => {
  await srv.close();
  await auth.close();
});

const HEAD = (action: string) =>
  `POST /Calc.svc HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${action}"`;

describe('results and faults', () => {
  it('wraps an unwrapped scalar result in DivideResponse/DivideResult', async () => {
    const r = await rawRequest(
      srv.port,
      HEAD('urn:calc/Divide'),
      soap11(`<Divide xmlns="${NS}"><a>7</a><b>2</b></Divide>`),
    );
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'DivideResponse', 'DivideResult'))).toBe('3');
  });

  it('writes the typed detail of a declared fault (SOAP 1.1 detail)', async () => {
    const r = await rawRequest(
      srv.port,
      HEAD('urn:calc/Divide'),
      soap11(`<Divide xmlns="${NS}"><a>7</a><b>0</b></Divide>`),
    );
    expect(r.status).toBe(500);
    const fault = at(xml(r.body), 'Body', 'Fault');
    expect(text(at(fault, 'faultcode'))).toBe('soap:Client');
    const detail = at(fault, 'detail', 'CalcFault');
    expect(detail.ns).toBe(NS);
    expect(text(at(detail, 'Code'))).toBe('42');
  });

  it('writes the typed detail of a declared fault (SOAP 1.2 Detail, Sender 400)', async () => {
    const r = await rawRequest(
      srv.port,
      'POST /Calc.svc HTTP/1.1\nContent-Type: application/soap+xml',
      soap12(`<Divide xmlns="${NS}"><a>1</a><b>0</b></Divide>`),
    );
    expect(r.status).toBe(400);
    expect(text(at(xml(r.body), 'Body', 'Fault', 'Detail', 'CalcFault', 'Code'))).toBe('42');
  });

  it('answers a one-way operation with 202 and an empty body', async () => {
    const r = await rawRequest(
      srv.port,
      HEAD('urn:calc/Notify'),
      soap11(`<Notify xmlns="${NS}"><Message>hi</Message></Notify>`),
    );
    expect(r.status).toBe(202);
    expect(r.body).toBe('');
    expect(notified).toEqual([{ Message: 'hi' }]);
  });
});

const LOGIN = soap11(`<Login xmlns="${AUTH_NS}"><Username>u</Username><Password>p</Password></Login>`);

function requestBytes(extra = ''): string {
  const body = Buffer.from(LOGIN);
  return `POST /ecomm/Auth.asmx HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: "${LOGIN_ACTION}"\r\nContent-Length: ${body.length}\r\n${extra}\r\n${LOGIN}`;
}

describe('connections', () => {
  it('keeps the connection alive: two requests answered on one socket', async () => {
    const socket = connect(auth.port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const twoResponses = new Promise<void>((resolve) => {
      socket.on('data', (c: Buffer) => {
        data = Buffer.concat([data, c]);
        if (
          (data.toString('latin1').match(/HTTP\/1\.1 200/g) ?? []).length === 2 &&
          data.toString('latin1').endsWith('</soap:Envelope>')
        )
          resolve();
      });
    });
    socket.write(requestBytes());
    socket.write(requestBytes());
    await twoResponses;
    socket.destroy();
    expect(data.toString('latin1').match(/<ServiceTicket>k<\/ServiceTicket>/g)).toHaveLength(2);
  });

  it('survives a client that disconnects in the middle of the body', async () => {
    const socket = connect(auth.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /ecomm/Auth.asmx HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: "${LOGIN_ACTION}"\r\nContent-Length: 1000\r\n\r\n<soap:Env`,
    );
    await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    const r = await rawRequest(
      auth.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`,
      LOGIN,
    );
    expect(r.status).toBe(200);
  });

  it('accepts an absolute-form request target (as sent to proxies)', async () => {
    const r = await rawRequest(
      auth.port,
      `POST http://shop.example.com/ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`,
      LOGIN,
    );
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('k');
  });

  it('survives a client that disconnects while the implementation is running', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const slow = await startServer(
      createServiceHandler(authService, {
        Login: async () => {
          started();
          await gate;
          finished = true;
          return { ServiceTicket: 'late' };
        },
        Logout: () => ({ ServiceTicket: 'x' }),
      }),
    );
    try {
      const socket = connect(slow.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(requestBytes());
      await running;
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      const r = await rawRequest(
        slow.port,
        `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`,
        LOGIN,
      );
      expect(finished).toBe(true);
      expect(r.status).toBe(200);
      expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('late');
    } finally {
      await slow.close();
    }
  });
});
