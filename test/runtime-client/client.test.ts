import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/runtime/client/client.js';
import { fetchTransport } from '../../src/runtime/client/transport-fetch.js';
import { HttpError, ResponseError, SoapFaultError } from '../../src/runtime/wire/faults.js';
import { EncodeError } from '../../src/runtime/wire/scalars.js';
import { SOAP_11_ENV_NS, SOAP_12_ENV_NS } from '../../src/runtime/wire/soap-envelope.js';
import { childElements, parseXml, textOf } from '../../src/runtime/xml/xml-parse.js';
import type { BindingKind } from '../../src/runtime/wire/descriptors.js';
import { AUTH_NS, AUTH_SERVICE, LOGIN, LOGOUT } from './fixtures/auth-desc.js';
import { send, startStandIn, type StandIn } from './fixtures/stand-in-server.js';
import { rejection } from '../support/rejection.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XSD = 'http://www.w3.org/2001/XMLSchema';

const soap11Response = (inner: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}" xmlns:xsi="${XSI}" xmlns:xsd="${XSD}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const soap12Response = (inner: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:xsi="${XSI}" xmlns:xsd="${XSD}" xmlns:soap12="${SOAP_12_ENV_NS}"><soap12:Body>${inner}</soap12:Body></soap12:Envelope>`;
const loginResponse = (ticket: string): string =>
  `<LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>${ticket}</ServiceTicket></LoginResult></LoginResponse>`;
const emAuthResult = (ticket: string): string =>
  `<?xml version="1.0" encoding="utf-8"?>\r\n<EmAuthResult xmlns:xsi="${XSI}" xmlns:xsd="${XSD}" xmlns="${AUTH_NS}">\r\n  <ServiceTicket>${ticket}</ServiceTicket>\r\n</EmAuthResult>`;

let server: StandIn;
beforeAll(async () => {
  server = await startStandIn();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function client(binding: BindingKind, extra: Record<string, unknown> = {}): ServiceClient {
  return new ServiceClient(AUTH_SERVICE, { baseUrl: server.baseUrl, binding, ...extra }, 'soap11');
}

function expectSoapRequest(version: '1.1' | '1.2', op: string, children: Record<string, string>): void {
  const req = server.requests.at(-1)!;
  expect(req.method).toBe('POST');
  expect(req.url).toBe('/ecomm/Auth.asmx');
  expect(req.headers.host).toBe(server.baseUrl.slice('http://'.length));
  expect(req.headers['content-length']).toBe(String(Buffer.byteLength(req.body)));
  expect(req.headers['transfer-encoding']).toBeUndefined();
  if (version === '1.1') {
    expect(req.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(req.headers['soapaction']).toBe(`"${AUTH_NS}/${op}"`);
  } else {
    expect(req.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
    expect(req.headers['soapaction']).toBeUndefined();
  }
  expect(req.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
  const env = parseXml(req.body);
  expect(env.name).toBe('Envelope');
  expect(env.ns).toBe(version === '1.1' ? SOAP_11_ENV_NS : SOAP_12_ENV_NS);
  expect(Object.values(env.nsDecls)).toEqual(expect.arrayContaining([XSI, XSD]));
  const body = childElements(env)[0]!;
  expect(body.name).toBe('Body');
  const wrapper = childElements(body);
  expect(wrapper.map((e) => [e.ns, e.name])).toEqual([[AUTH_NS, op]]);
  const kids = childElements(wrapper[0]!);
  expect(kids.map((k) => [k.ns, k.name, textOf(k)])).toEqual(Object.entries(children).map(([k, v]) => [AUTH_NS, k, v]));
}

describe('ServiceClient wire format', () => {
  it('SOAP 1.1: POST, text/xml, quoted SOAPAction, envelope with xsi/xsd, Login in the Auth namespace', async () => {
    server.respond = (_req, res) => send(res, 200, 'text/xml; charset=utf-8', soap11Response(loginResponse('T-11')));
    const out = await client('soap11').call(LOGIN, { Username: 'alice', Password: 's3cr&t<' });
    expect(out).toEqual({ ServiceTicket: 'T-11' });
    expectSoapRequest('1.1', 'Login', { Username: 'alice', Password: 's3cr&t<' });
  });
  it('SOAP 1.2: application/soap+xml, no SOAPAction header', async () => {
    server.respond = (_req, res) =>
      send(
        res,
        200,
        'application/soap+xml; charset=utf-8',
        soap12Response(
          `<LogoutResponse xmlns="${AUTH_NS}"><LogoutResult><ServiceTicket>T-12</ServiceTicket></LogoutResult></LogoutResponse>`,
        ),
      );
    const out = await client('soap12').call(LOGOUT, { ServiceTicket: 'T-12' });
    expect(out).toEqual({ ServiceTicket: 'T-12' });
    expectSoapRequest('1.2', 'Logout', { ServiceTicket: 'T-12' });
  });
  it('HTTP GET: query parameters, form-urlencoded, no body', async () => {
    server.respond = (_req, res) => send(res, 200, 'text/xml; charset=utf-8', emAuthResult('T-G'));
    const out = await client('httpGet').call(LOGIN, { Username: 'al ice', Password: 'a&b=c/é' });
    expect(out).toEqual({ ServiceTicket: 'T-G' });
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/ecomm/Auth.asmx/Login?Username=al+ice&Password=a%26b%3Dc%2F%C3%A9');
    expect(req.body).toBe('');
    expect(req.headers['content-type']).toBeUndefined();
    expect(req.headers['soapaction']).toBeUndefined();
  });
  it('HTTP POST: form body with Content-Type and Content-Length', async () => {
    server.respond = (_req, res) => send(res, 200, 'text/xml; charset=utf-8', emAuthResult('T-P'));
    const out = await client('httpPost').call(LOGOUT, { ServiceTicket: 'T P+1' });
    expect(out).toEqual({ ServiceTicket: 'T-P' });
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/ecomm/Auth.asmx/Logout');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['content-length']).toBe(String(req.body.length));
    expect(req.body).toBe('ServiceTicket=T+P%2B1');
  });
  it('all bindings return the same shape', async () => {
    const results: unknown[] = [];
    for (const b of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {
      server.respond = (_req, res) => {
        if (b === 'soap11') send(res, 200, 'text/xml; charset=utf-8', soap11Response(loginResponse('X')));
        else if (b === 'soap12')
          send(res, 200, 'application/soap+xml; charset=utf-8', soap12Response(loginResponse('X')));
        else send(res, 200, 'text/xml; charset=utf-8', emAuthResult('X'));
      };
      results.push(await client(b).call(LOGIN, { Username: 'u', Password: 'p' }));
    }
    expect(results).toEqual(Array(4).fill({ ServiceTicket: 'X' }));
  });
  it('uses endpoint as is, adds client and call headers', async () => {
    server.respond = (_req, res) => send(res, 200, 'text/xml; charset=utf-8', emAuthResult('E'));
    const c = new ServiceClient(
      AUTH_SERVICE,
      { endpoint: `${server.baseUrl}/other/Svc.asmx`, binding: 'httpPost', headers: { 'X-App': 'a' } },
      'soap11',
    );
    await c.call(LOGIN, { Username: 'u', Password: 'p' }, { headers: { 'X-Call': 'c' } });
    const req = server.requests.at(-1)!;
    expect(req.url).toBe('/other/Svc.asmx/Login');
    expect(req.headers['x-app']).toBe('a');
    expect(req.headers['x-call']).toBe('c');
  });
  it('defaults to the WSDL address and to the default binding', () => {
    const c = new ServiceClient(AUTH_SERVICE, {}, 'soap12');
    expect(c.binding).toBe('soap12');
    expect(c.url(LOGIN).href).toBe('http://localhost/ecomm/Auth.asmx');
    expect(() => new ServiceClient({ ...AUTH_SERVICE, ports: [] }, {}, 'soap11')).toThrow(/has no soap11 port/);
  });
  it('rejects an input missing a required field before sending', async () => {
    const err = await rejection(client('soap11').call(LOGIN, { Username: 'u' }));
    expect(err).toBeInstanceOf(EncodeError);
    expect(err.message).toMatch(/Login\/Password: missing required field/);
    const err2 = await rejection(client('httpGet').call(LOGIN, { Username: 'u' }));
    expect(err2.message).toMatch(/Login\/Password: missing required parameter/);
    expect(server.requests).toHaveLength(0);
  });
  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      seen.push(`${init?.method} ${String(input)} ${JSON.stringify(init?.headers)}`);
      return new Response(soap11Response(loginResponse('F')), {
        status: 200,
        headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      });
    };
    const c = new ServiceClient(
      AUTH_SERVICE,
      { baseUrl: 'http://127.0.0.1:9', transport: fetchTransport(fakeFetch) },
      'soap11',
    );
    expect(await c.call(LOGIN, { Username: 'u', Password: 'p' })).toEqual({ ServiceTicket: 'F' });
    expect(seen).toEqual([
      `POST http://127.0.0.1:9/ecomm/Auth.asmx {"Content-Type":"text/xml; charset=utf-8","SOAPAction":"\\"${AUTH_NS}/Login\\""}`,
    ]);
  });
  it('works with the fetch transport against a real server', async () => {
    server.respond = (_req, res) =>
      send(res, 200, 'application/soap+xml; charset=utf-8', soap12Response(loginResponse('RF')));
    const c = client('soap12', { transport: fetchTransport(globalThis.fetch) });
    expect(await c.call(LOGIN, { Username: 'u', Password: 'p' })).toEqual({ ServiceTicket: 'RF' });
    expect(server.requests.at(-1)!.headers['content-length']).toBeDefined();
  });
});

describe('ServiceClient faults and errors', () => {
  it('SOAP 1.1 soap:Client fault -> SoapFaultError', async () => {
    server.respond = (_req, res) =>
      send(
        res,
        500,
        'text/xml; charset=utf-8',
        soap11Response(
          '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Bad credentials</faultstring><detail /></soap:Fault>',
        ),
      );
    const err = await rejection(client('soap11').call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err).toBeInstanceOf(SoapFaultError);
    expect(err).toMatchObject({ code: 'Client', reason: 'Bad credentials', httpStatus: 500, soapVersion: '1.1' });
  });
  it('SOAP 1.1 soap:Server fault, even with status 200', async () => {
    server.respond = (_req, res) =>
      send(
        res,
        200,
        'text/xml; charset=utf-8',
        soap11Response(
          '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request.</faultstring><detail /></soap:Fault>',
        ),
      );
    const err = await rejection(client('soap11').call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err).toMatchObject({ name: 'SoapFaultError', code: 'Server', httpStatus: 200 });
  });
  it('SOAP 1.2 Sender fault with a subcode', async () => {
    server.respond = (_req, res) =>
      send(
        res,
        500,
        'application/soap+xml; charset=utf-8',
        soap12Response(
          `<soap12:Fault><soap12:Code><soap12:Value>soap12:Sender</soap12:Value><soap12:Subcode><soap12:Value xmlns:a="${AUTH_NS}">a:InvalidTicket</soap12:Value></soap12:Subcode></soap12:Code><soap12:Reason><soap12:Text xml:lang="en">Invalid ticket</soap12:Text></soap12:Reason><soap12:Detail /></soap12:Fault>`,
        ),
      );
    const err = await rejection(client('soap12').call(LOGOUT, { ServiceTicket: 'x' }));
    expect(err).toMatchObject({
      code: 'Client',
      subcodes: [`{${AUTH_NS}}InvalidTicket`],
      reason: 'Invalid ticket',
      soapVersion: '1.2',
    });
  });
  it('HTTP binding 500 text/plain -> HttpError with status and body', async () => {
    server.respond = (_req, res) =>
      send(res, 500, 'text/plain; charset=utf-8', 'System.ArgumentException: Missing parameter: Password.');
    const err = await rejection(client('httpPost').call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 500, body: 'System.ArgumentException: Missing parameter: Password.' });
  });
  it('SOAP binding 404 html -> HttpError', async () => {
    server.respond = (_req, res) => send(res, 404, 'text/html', '<html>nope</html>');
    const err = await rejection(client('soap11').call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err).toMatchObject({ name: 'HttpError', status: 404 });
  });
  it.each([
    ['a wrong content type', 'text/html', '<html/>', /unexpected response content type "text\/html"/],
    ['malformed XML', 'text/xml; charset=utf-8', '<soap:Envelope', /invalid SOAP response: malformed XML/],
    ['a non-envelope root', 'text/xml; charset=utf-8', '<LoginResponse/>', /expected a SOAP Envelope/],
    [
      'an unexpected body element',
      'text/xml; charset=utf-8',
      soap11Response(`<LogoutResponse xmlns="${AUTH_NS}"/>`),
      /expected \{.*\}LoginResponse in the SOAP Body, got \{.*\}LogoutResponse/,
    ],
    ['an empty Body', 'text/xml; charset=utf-8', soap11Response(''), /got an empty Body/],
    [
      'a missing ServiceTicket',
      'text/xml; charset=utf-8',
      soap11Response(`<LoginResponse xmlns="${AUTH_NS}"><LoginResult/></LoginResponse>`),
      /LoginResponse\/LoginResult\/ServiceTicket: missing required element/,
    ],
    [
      'a SOAP 1.2 envelope',
      'text/xml; charset=utf-8',
      soap12Response(loginResponse('x')),
      /expected a SOAP 1.1 response, got SOAP 1.2/,
    ],
  ])('SOAP 1.1 response with %s -> ResponseError', async (_what, ct, body, message) => {
    server.respond = (_req, res) => send(res, 200, ct, body);
    const err = await rejection(client('soap11').call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toMatch(message);
  });
  it.each([
    ['wrong root', `<Other xmlns="${AUTH_NS}"/>`, /expected \{.*\}EmAuthResult as the response root, got \{.*\}Other/],
    ['malformed XML', '<EmAuthResult>', /malformed XML response/],
    ['DOCTYPE', '<!DOCTYPE x><EmAuthResult/>', /DOCTYPE/],
  ])('HTTP response with %s -> ResponseError', async (_what, body, message) => {
    server.respond = (_req, res) => send(res, 200, 'text/xml; charset=utf-8', body);
    const err = await rejection(client('httpGet').call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toMatch(message);
  });
  it('HTTP nil root -> null', async () => {
    server.respond = (_req, res) =>
      send(res, 200, 'text/xml; charset=utf-8', `<EmAuthResult xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${AUTH_NS}"/>`);
    expect(await client('httpGet').call(LOGIN, { Username: 'u', Password: 'p' })).toBeNull();
  });
  it('caps the response size', async () => {
    server.respond = (_req, res) =>
      send(res, 200, 'text/xml; charset=utf-8', soap11Response(loginResponse('x'.repeat(5000))));
    const err = await rejection(
      client('soap11', { maxResponseBytes: 1000 }).call(LOGIN, { Username: 'u', Password: 'p' }),
    );
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toMatch(/exceeds the limit of 1000 bytes/);
    // chunked, without Content-Length
    server.respond = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml' });
      for (let i = 0; i < 10; i++) res.write('x'.repeat(500));
      res.end();
    };
    const err2 = await rejection(
      client('soap11', { maxResponseBytes: 1000 }).call(LOGIN, { Username: 'u', Password: 'p' }),
    );
    expect(err2.message).toMatch(/exceeds the limit/);
  });
});

describe('ServiceClient timeout and abort', () => {
  it('rejects with a TimeoutError when the server does not answer', async () => {
    server.respond = () => undefined; // never answers
    const err = await rejection(client('soap11', { timeoutMs: 50 }).call(LOGIN, { Username: 'u', Password: 'p' }));
    expect(err.name).toBe('TimeoutError');
    const err2 = await rejection(client('soap11').call(LOGIN, { Username: 'u', Password: 'p' }, { timeoutMs: 30 }));
    expect(err2.name).toBe('TimeoutError');
  });
  it('rejects with an AbortError when the signal aborts mid-call', async () => {
    const ctl = new AbortController();
    server.respond = () => ctl.abort();
    const err = await rejection(client('soap11').call(LOGIN, { Username: 'u', Password: 'p' }, { signal: ctl.signal }));
    expect(err.name).toBe('AbortError');
  });
  it('rejects at once for an already aborted signal without sending', async () => {
    const err = await rejection(
      client('httpGet').call(LOGIN, { Username: 'u', Password: 'p' }, { signal: AbortSignal.abort() }),
    );
    expect(err.name).toBe('AbortError');
    expect(server.requests).toHaveLength(0);
  });
  it('aborts the fetch transport too', async () => {
    server.respond = () => undefined;
    const err = await rejection(
      client('soap11', { transport: fetchTransport(globalThis.fetch), timeoutMs: 50 }).call(LOGIN, {
        Username: 'u',
        Password: 'p',
      }),
    );
    expect(err.name).toBe('TimeoutError');
  });
});
