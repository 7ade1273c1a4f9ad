/**
 * The four bindings of the Auth seed (SOAP 1.1, SOAP 1.2, HTTP GET, HTTP POST),
 * both operations, over real sockets with raw requests as the seed describes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHandler, type RequestContext } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION, LOGOUT_ACTION } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, soap12, startServer, text, xml, type TestServer } from './helpers.js';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XSD = 'http://www.w3.org/2001/XMLSchema';

const calls: { op: string; input: unknown; ctx: RequestContext }[] = [];
let srv: TestServer;

beforeAll(async () => {
  const handler = createServiceHandler(authService, {
    Login: (input, ctx) => {
      calls.push({ op: 'Login', input, ctx });
      const { Username } = input as { Username: string };
      return { ServiceTicket: `ticket-for-${Username}` };
    },
    Logout: async (input, ctx) => {
      calls.push({ op: 'Logout', input, ctx });
      return { ServiceTicket: (input as { ServiceTicket: string }).ServiceTicket };
    },
  });
  srv = await startServer(handler);
});
afterAll(() => srv.close());

function last() {
  return calls[calls.length - 1]!;
}

const LOGIN_BODY = `<Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>s3cret</Password></Login>`;
const LOGOUT_BODY = `<Logout xmlns="${AUTH_NS}"><ServiceTicket>T-1</ServiceTicket></Logout>`;

function expectEnvelope(body: string, envNs: string) {
  expect(body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
  const env = xml(body);
  expect(env.ns).toBe(envNs);
  expect(env.name).toBe('Envelope');
  const declared = Object.values(env.nsDecls);
  expect(declared).toContain(XSI);
  expect(declared).toContain(XSD);
  return env;
}

describe('SOAP 1.1', () => {
  it('Login: quoted SOAPAction, LoginResponse/LoginResult/ServiceTicket in text/xml', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(LOGIN_BODY),
    );
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    const env = expectEnvelope(r.body, SOAP11_NS);
    const resp = at(env, 'Body', 'LoginResponse');
    expect(resp.ns).toBe(AUTH_NS);
    const ticket = at(resp, 'LoginResult', 'ServiceTicket');
    expect(ticket.ns).toBe(AUTH_NS);
    expect(text(ticket)).toBe('ticket-for-alice');
    expect(last().input).toEqual({ Username: 'alice', Password: 's3cret' });
    expect(last().ctx.binding).toBe('soap11');
    expect(last().ctx.operation).toBe('Login');
  });

  it('Logout: LogoutResponse/LogoutResult/ServiceTicket', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGOUT_ACTION}"`,
      soap11(LOGOUT_BODY),
    );
    expect(r.status).toBe(200);
    const env = expectEnvelope(r.body, SOAP11_NS);
    expect(text(at(env, 'Body', 'LogoutResponse', 'LogoutResult', 'ServiceTicket'))).toBe('T-1');
    expect(last()).toMatchObject({ op: 'Logout', input: { ServiceTicket: 'T-1' } });
  });

  it('accepts an unquoted SOAPAction, other prefixes, no charset, content-type parameters in any case', async () => {
    const body = `<e:Envelope xmlns:e="${SOAP11_NS}"><e:Body><a:Login xmlns:a="${AUTH_NS}">
        <a:Username>  bob </a:Username>
        <a:Password>pw</a:Password>
      </a:Login></e:Body></e:Envelope>`;
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: Text/XML ; Charset="UTF-8"\nSOAPAction: ${LOGIN_ACTION}`,
      body,
    );
    expect(r.status).toBe(200);
    expect(last().input).toEqual({ Username: '  bob ', Password: 'pw' });
  });

  it('gives the implementation the SOAP Header element', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(LOGIN_BODY, `<Trace xmlns="urn:test">abc</Trace>`),
    );
    expect(r.status).toBe(200);
    const header = last().ctx.soapHeader;
    expect(header?.name).toBe('Header');
    expect(header?.children.some((c) => typeof c !== 'string' && c.name === 'Trace')).toBe(true);
    expect(last().ctx.headers['soapaction']).toBe(`"${LOGIN_ACTION}"`);
  });

  it('decodes a body with a UTF-8 BOM and non-ASCII text', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(soap11(LOGIN_BODY.replace('alice', 'zoë')), 'utf8'),
    ]);
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      body,
    );
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('ticket-for-zoë');
  });

  it('decodes by the XML declaration when the content type has no charset (RFC 7303 §3), UTF-16BE too', async () => {
    const head = `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`;
    const latin1 = Buffer.from(
      soap11(LOGIN_BODY.replace('alice', 'zoë')).replace(
        /^<\?xml[^>]*\?>/,
        '<?xml version="1.0" encoding="ISO-8859-1"?>',
      ),
      'latin1',
    );
    expect(latin1.toString('latin1')).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-1"\?>/);
    const r = await rawRequest(srv.port, head, latin1);
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('ticket-for-zoë');
    const be = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from(soap11(LOGIN_BODY.replace('alice', 'zoë')), 'utf16le').swap16(),
    ]);
    const r16 = await rawRequest(srv.port, head, be);
    expect(text(at(xml(r16.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('ticket-for-zoë');
    const unknown = await rawRequest(
      srv.port,
      head,
      soap11(LOGIN_BODY).replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="x-klingon"?>'),
    );
    expect(unknown.status).toBe(415);
    expect(unknown.body.trim()).toBe('Unsupported charset: x-klingon.');
  });
});

describe('SOAP 1.2', () => {
  it('Login without SOAPAction: dispatch by Body element, application/soap+xml response', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8`,
      soap12(LOGIN_BODY),
    );
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
    const env = expectEnvelope(r.body, SOAP12_NS);
    expect(text(at(env, 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('ticket-for-alice');
    expect(last().ctx.binding).toBe('soap12');
  });

  it('Logout', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8`,
      soap12(LOGOUT_BODY),
    );
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LogoutResponse', 'LogoutResult', 'ServiceTicket'))).toBe('T-1');
    expect(last().op).toBe('Logout');
  });

  it('dispatches by the content type action parameter (parameters in any order)', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; action="${LOGOUT_ACTION}"; charset=utf-8`,
      soap12(LOGOUT_BODY),
    );
    expect(r.status).toBe(200);
    expect(last().op).toBe('Logout');
  });

  it('tolerates a SOAPAction header on SOAP 1.2', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml\nSOAPAction: "${LOGIN_ACTION}"`,
      soap12(LOGIN_BODY),
    );
    expect(r.status).toBe(200);
    expect(last().op).toBe('Login');
  });
});

describe('HTTP GET', () => {
  it('Login: query parameters, EmAuthResult document in text/xml with an XML declaration', async () => {
    const r = await rawRequest(srv.port, `GET /ecomm/Auth.asmx/Login?Username=alice&Password=s%203cret HTTP/1.1`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(r.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const root = xml(r.body);
    expect(root.name).toBe('EmAuthResult');
    expect(root.ns).toBe(AUTH_NS);
    expect(text(at(root, 'ServiceTicket'))).toBe('ticket-for-alice');
    expect(last().input).toEqual({ Username: 'alice', Password: 's 3cret' });
    expect(last().ctx.binding).toBe('httpGet');
  });

  it('matches parameter names whatever their case, as ASMX does; the exact name wins', async () => {
    const r = await rawRequest(srv.port, `GET /ecomm/Auth.asmx/Login?username=alice&PASSWORD=pw HTTP/1.1`);
    expect(r.status).toBe(200);
    expect(last().input).toEqual({ Username: 'alice', Password: 'pw' });
    await rawRequest(srv.port, `GET /ecomm/Auth.asmx/Login?username=bob&Username=alice&Password=pw HTTP/1.1`);
    expect(last().input).toEqual({ Username: 'alice', Password: 'pw' });
    const post = await rawRequest(
      srv.port,
      'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
      'serviceticket=T-1',
    );
    expect(post.status).toBe(200);
    expect(last().input).toEqual({ ServiceTicket: 'T-1' });
  });

  it('Logout', async () => {
    const r = await rawRequest(srv.port, `GET /ecomm/Auth.asmx/Logout?ServiceTicket=T-9 HTTP/1.1`);
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'ServiceTicket'))).toBe('T-9');
    expect(last()).toMatchObject({ op: 'Logout', input: { ServiceTicket: 'T-9' } });
  });
});

describe('HTTP POST', () => {
  it('Login: form fields, EmAuthResult document', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx/Login HTTP/1.1\nContent-Type: application/x-www-form-urlencoded`,
      'Password=p%26w+x&Username=alice',
    );
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(r.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(text(at(xml(r.body), 'ServiceTicket'))).toBe('ticket-for-alice');
    expect(last().input).toEqual({ Username: 'alice', Password: 'p&w x' });
    expect(last().ctx.binding).toBe('httpPost');
  });

  it('Logout', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded; charset=utf-8`,
      'ServiceTicket=T-2',
    );
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'ServiceTicket'))).toBe('T-2');
  });

  it('matches paths case-insensitively (as IIS does for ASMX)', async () => {
    const r = await rawRequest(srv.port, `GET /Ecomm/auth.ASMX/login?Username=a&Password=b HTTP/1.1`);
    expect(r.status).toBe(200);
    expect(last().op).toBe('Login');
  });
});

describe('repeated requests (the handler remembers the last path key and SOAPAction)', () => {
  it('answers each request by its own path and SOAPAction when they change from one request to the next', async () => {
    const post = (path: string, action: string, body: string) =>
      rawRequest(
        srv.port,
        `POST ${path} HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${action}"`,
        soap11(body),
      );
    const steps: [string, string, string, number, string | undefined][] = [
      ['/ecomm/Auth.asmx', LOGIN_ACTION, LOGIN_BODY, 200, 'Login'],
      ['/ecomm/Auth.asmx', LOGOUT_ACTION, LOGOUT_BODY, 200, 'Logout'],
      ['/ecomm/Other.asmx', LOGIN_ACTION, LOGIN_BODY, 404, undefined],
      ['/ECOMM/auth.asmx', LOGIN_ACTION, LOGIN_BODY, 200, 'Login'],
      ['/ecomm/Auth.asmx', `${LOGIN_ACTION}x`, LOGIN_BODY, 500, undefined],
      ['/ecomm/Auth.asmx', LOGIN_ACTION, LOGOUT_BODY, 500, undefined],
      ['/ecomm/Auth.asmx', LOGOUT_ACTION, LOGOUT_BODY, 200, 'Logout'],
    ];
    for (const [path, action, body, status, op] of steps) {
      const before = calls.length;
      const r = await post(path, action, body);
      expect(r.status, `${path} ${action}`).toBe(status);
      if (op === undefined) {
        expect(calls.length).toBe(before);
      } else {
        expect(last().op).toBe(op);
        expect(r.body).toContain(op === 'Login' ? '<LoginResponse' : '<LogoutResponse');
      }
    }
  });
});
