/**
 * Raw HTTP/1.1 requests written by hand from the seed's section 4 (exact bytes)
 * against the generated `createAuthHandler`, over node:net on 127.0.0.1; then
 * each kind of bad request: proper status/fault, the implementation is not
 * called, and a good request right after still succeeds.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthHandler } from '../../generated/auth/index.js';
import {
  AUTH_NS,
  child,
  countingAuth,
  descendants,
  httpRequest,
  LOGIN_ACTION,
  LOGOUT_ACTION,
  rawExchange,
  SERVICE_PATH,
  SOAP11_NS,
  SOAP12_NS,
  soapBody,
  startServer,
  text,
  WSDL_NS,
  wireFault,
  xml,
  XSD_NS,
  XSI_NS,
  type CountingAuth,
  type RawResponse,
  type TestServer,
} from './helpers.js';

const XML_DECL = '<?xml version="1.0" encoding="utf-8"?>';
const SOAP11_TYPE = 'text/xml; charset=utf-8';
const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MAX_BODY = 2048;
const BODY_TIMEOUT_MS = 300;

let impl: CountingAuth;
let server: TestServer;
let host: string;

beforeAll(async () => {
  impl = countingAuth();
  server = await startServer(createAuthHandler(impl, { maxBodyBytes: MAX_BODY, bodyTimeoutMs: BODY_TIMEOUT_MS }));
  host = `127.0.0.1:${server.port}`;
});
afterAll(() => server.close());
beforeEach(() => impl.reset());

// ---------------------------------------------------------------------------
// Requests as the seed writes them (§4.1, §4.2, §4.3)

/** A SOAP 1.1 envelope (seed §4.1: envelope namespace, xsi/xsd declared, Body content in the Auth namespace). */
function soap11Envelope(bodyContent: string): string {
  return (
    `${XML_DECL}\r\n` +
    `<soap:Envelope xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}" xmlns:soap="${SOAP11_NS}">\r\n` +
    `  <soap:Body>\r\n    ${bodyContent}\r\n  </soap:Body>\r\n` +
    `</soap:Envelope>`
  );
}

/** A SOAP 1.2 envelope (seed §4.1: same Body as SOAP 1.1). */
function soap12Envelope(bodyContent: string): string {
  return (
    `${XML_DECL}\r\n` +
    `<soap12:Envelope xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}" xmlns:soap12="${SOAP12_NS}">\r\n` +
    `  <soap12:Body>\r\n    ${bodyContent}\r\n  </soap12:Body>\r\n` +
    `</soap12:Envelope>`
  );
}

const LOGIN_BODY = `<Login xmlns="${AUTH_NS}">\r\n      <Username>alice</Username>\r\n      <Password>s3cret</Password>\r\n    </Login>`;
const LOGOUT_BODY = `<Logout xmlns="${AUTH_NS}">\r\n      <ServiceTicket>T-123</ServiceTicket>\r\n    </Logout>`;

function soap11Request(
  body: string,
  action: string | undefined,
  extra: readonly (readonly [string, string])[] = [],
): string {
  return httpRequest(
    `POST ${SERVICE_PATH} HTTP/1.1`,
    [
      ['Host', host],
      ['Content-Type', SOAP11_TYPE],
      ...(action === undefined ? [] : [['SOAPAction', action] as const]),
      ['Connection', 'close'],
      ...extra,
    ],
    body,
  );
}

function soap12Request(body: string, extra: readonly (readonly [string, string])[] = []): string {
  return httpRequest(
    `POST ${SERVICE_PATH} HTTP/1.1`,
    [['Host', host], ['Content-Type', SOAP12_TYPE], ['Connection', 'close'], ...extra],
    body,
  );
}

function getRequest(pathAndQuery: string, hostHeader = host): string {
  return httpRequest(`GET ${pathAndQuery} HTTP/1.1`, [
    ['Host', hostHeader],
    ['Connection', 'close'],
  ]);
}

function formRequest(path: string, form: string, type = FORM_TYPE): string {
  return httpRequest(
    `POST ${path} HTTP/1.1`,
    [
      ['Host', host],
      ['Content-Type', type],
      ['Connection', 'close'],
    ],
    form,
  );
}

const send = (request: string | Buffer): Promise<RawResponse> => rawExchange(server.port, request);

/** A good SOAP 1.1 Login; asserts it succeeds (the server keeps serving after a bad request). */
async function expectGoodLogin(): Promise<void> {
  const before = impl.calls.login;
  const res = await send(soap11Request(soap11Envelope(LOGIN_BODY), `"${LOGIN_ACTION}"`));
  expect(res.status).toBe(200);
  const result = child(child(soapBody(res.body, SOAP11_NS), AUTH_NS, 'LoginResponse'), AUTH_NS, 'LoginResult');
  expect(text(child(result, AUTH_NS, 'ServiceTicket'))).toBe('ticket-alice');
  expect(impl.calls.login).toBe(before + 1);
}

/** Asserts a SOAP response: status, exact content type, XML declaration, and returns the Body. */
function expectSoapResponse(res: RawResponse, envNs: string, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe(envNs === SOAP11_NS ? SOAP11_TYPE : SOAP12_TYPE);
  expect(res.body.startsWith(XML_DECL)).toBe(true);
  return soapBody(res.body, envNs);
}

// ---------------------------------------------------------------------------

describe('the seed section 4 requests, byte for byte', () => {
  const soapCases = [
    {
      name: 'SOAP 1.1',
      envNs: SOAP11_NS,
      build: (b: string, action: string) => soap11Request(soap11Envelope(b), `"${action}"`),
    },
    { name: 'SOAP 1.2', envNs: SOAP12_NS, build: (b: string) => soap12Request(soap12Envelope(b)) },
  ] as const;

  for (const c of soapCases) {
    it(`${c.name} Login -> 200, LoginResponse/LoginResult/ServiceTicket in the Auth namespace`, async () => {
      const res = await send(c.build(LOGIN_BODY, LOGIN_ACTION));
      const body = expectSoapResponse(res, c.envNs, 200);
      // Seed §4.3 rule 3: the envelope declares the XML Schema and instance namespaces.
      expect(Object.values(body.parent!.nsDecls)).toEqual(expect.arrayContaining([XSD_NS, XSI_NS]));
      const result = child(child(body, AUTH_NS, 'LoginResponse'), AUTH_NS, 'LoginResult');
      expect(text(child(result, AUTH_NS, 'ServiceTicket'))).toBe('ticket-alice');
      expect(impl.calls).toEqual({ login: 1, logout: 0 });
    });

    it(`${c.name} Logout -> 200, LogoutResponse/LogoutResult/ServiceTicket in the Auth namespace`, async () => {
      const res = await send(c.build(LOGOUT_BODY, LOGOUT_ACTION));
      const body = expectSoapResponse(res, c.envNs, 200);
      const result = child(child(body, AUTH_NS, 'LogoutResponse'), AUTH_NS, 'LogoutResult');
      expect(text(child(result, AUTH_NS, 'ServiceTicket'))).toBe('T-123');
      expect(impl.calls).toEqual({ login: 0, logout: 1 });
    });
  }

  const httpCases = [
    {
      name: 'HTTP GET',
      login: () => getRequest(`${SERVICE_PATH}/Login?Username=alice&Password=s3cret`),
      logout: () => getRequest(`${SERVICE_PATH}/Logout?ServiceTicket=T-123`),
    },
    {
      name: 'HTTP POST',
      login: () => formRequest(`${SERVICE_PATH}/Login`, 'Username=alice&Password=s3cret'),
      logout: () => formRequest(`${SERVICE_PATH}/Logout`, 'ServiceTicket=T-123'),
    },
  ] as const;

  for (const c of httpCases) {
    for (const op of ['login', 'logout'] as const) {
      it(`${c.name} ${op} -> 200, text/xml; charset=utf-8, EmAuthResult/ServiceTicket in the Auth namespace`, async () => {
        const res = await send(c[op]());
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(SOAP11_TYPE);
        expect(res.body.startsWith(XML_DECL)).toBe(true);
        const root = xml(res.body);
        expect([root.ns, root.name]).toEqual([AUTH_NS, 'EmAuthResult']);
        expect(text(child(root, AUTH_NS, 'ServiceTicket'))).toBe(op === 'login' ? 'ticket-alice' : 'T-123');
        expect(impl.calls[op]).toBe(1);
      });
    }
  }

  it('HTTP POST form values are percent-decoded (application/x-www-form-urlencoded, + is a space)', async () => {
    const res = await send(formRequest(`${SERVICE_PATH}/Login`, 'Username=al+ice%26co&Password=s%3Dcret'));
    expect(res.status).toBe(200);
    expect(text(child(xml(res.body), AUTH_NS, 'ServiceTicket'))).toBe('ticket-al ice&co');
  });

  for (const hostHeader of ['127.0.0.1:PORT', 'shop.example.test:8443']) {
    it(`?wsdl answers the WSDL with the request's host (${hostHeader}) in every address`, async () => {
      const h = hostHeader.replace('PORT', String(server.port));
      const res = await send(getRequest(`${SERVICE_PATH}?wsdl`, h));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml; charset=utf-8$/i);
      const defs = xml(res.body);
      expect([defs.ns, defs.name]).toEqual([WSDL_NS, 'definitions']);
      const ports = descendants(defs, WSDL_NS, 'port');
      expect(ports.map((p) => p.attrs.find((a) => a.name === 'name')?.value)).toEqual([
        'AuthSoap',
        'AuthSoap12',
        'AuthHttpGet',
        'AuthHttpPost',
      ]);
      for (const p of ports) {
        const address = p.children.find((c) => typeof c !== 'string' && c.name === 'address');
        expect(
          address && typeof address !== 'string' ? address.attrs.find((a) => a.name === 'location')?.value : undefined,
        ).toBe(`http://${h}${SERVICE_PATH}`);
      }
      expect(impl.total()).toBe(0);
    });
  }
});

// ---------------------------------------------------------------------------

describe('bad requests: the proper answer, the implementation not called, the server keeps serving', () => {
  /** Asserts a SOAP 1.1 Client fault (500, soap:Client) and returns its reason. */
  function expectSoap11ClientFault(res: RawResponse): string {
    expectSoapResponse(res, SOAP11_NS, 500);
    const f = wireFault(res.body, SOAP11_NS);
    expect([f.codeNs, f.code]).toEqual([SOAP11_NS, 'Client']);
    return f.reason;
  }
  /** Asserts a SOAP 1.2 Sender fault (400, env:Sender; SOAP 1.2 Part 2 §7.5.2.2) and returns its reason. */
  function expectSoap12SenderFault(res: RawResponse): string {
    expectSoapResponse(res, SOAP12_NS, 400);
    const f = wireFault(res.body, SOAP12_NS);
    expect([f.codeNs, f.code]).toEqual([SOAP12_NS, 'Sender']);
    return f.reason;
  }

  afterEach(async () => {
    // Every bad request: no implementation call; then a good request still succeeds.
    expect(impl.total()).toBe(0);
    await expectGoodLogin();
  });

  it('malformed XML -> SOAP 1.1 Client fault', async () => {
    expectSoap11ClientFault(
      await send(
        soap11Request(`${XML_DECL}<soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body><Login`, `"${LOGIN_ACTION}"`),
      ),
    );
  });

  it('malformed XML -> SOAP 1.2 Sender fault', async () => {
    expectSoap12SenderFault(
      await send(soap12Request(soap12Envelope(`<Login xmlns="${AUTH_NS}"><Username>a</Password></Login>`))),
    );
  });

  it('a DOCTYPE with an entity declaration -> Client fault, the entity not expanded', async () => {
    const body =
      `${XML_DECL}<!DOCTYPE x [<!ENTITY xxe "EXPANDED-ENTITY">]>` +
      soap11Envelope(LOGIN_BODY.replace('alice', '&xxe;')).slice(XML_DECL.length);
    const res = await send(soap11Request(body, `"${LOGIN_ACTION}"`));
    expectSoap11ClientFault(res);
    expect(res.body).not.toContain('EXPANDED-ENTITY');
  });

  it('a DOCTYPE with an entity declaration over SOAP 1.2 -> Sender fault', async () => {
    const body =
      `${XML_DECL}<!DOCTYPE x [<!ENTITY xxe "EXPANDED-ENTITY">]>` +
      soap12Envelope(LOGIN_BODY.replace('alice', '&xxe;')).slice(XML_DECL.length);
    expectSoap12SenderFault(await send(soap12Request(body)));
  });

  it('a missing SOAPAction (SOAP 1.1) -> Client fault', async () => {
    expectSoap11ClientFault(await send(soap11Request(soap11Envelope(LOGIN_BODY), undefined)));
  });

  it('an unknown SOAPAction (SOAP 1.1) -> Client fault naming the value (ASMX wording)', async () => {
    const reason = expectSoap11ClientFault(
      await send(soap11Request(soap11Envelope(LOGIN_BODY), '"http://schemas.example.com/ecomm/auth/Nope"')),
    );
    expect(reason).toContain('http://schemas.example.com/ecomm/auth/Nope');
  });

  it('an unknown Body element (SOAP 1.2, no action) -> Sender fault', async () => {
    expectSoap12SenderFault(await send(soap12Request(soap12Envelope(`<Nope xmlns="${AUTH_NS}"/>`))));
  });

  it('an envelope of the other SOAP version (1.2 envelope as text/xml) -> VersionMismatch', async () => {
    const res = await send(soap11Request(soap12Envelope(LOGIN_BODY), `"${LOGIN_ACTION}"`));
    expectSoapResponse(res, SOAP11_NS, 500);
    const f = wireFault(res.body, SOAP11_NS);
    expect([f.codeNs, f.code]).toEqual([SOAP11_NS, 'VersionMismatch']);
  });

  it('an unknown operation path -> 404 (GET and POST)', async () => {
    expect((await send(getRequest(`${SERVICE_PATH}/Nope?ServiceTicket=x`))).status).toBe(404);
    expect((await send(formRequest(`${SERVICE_PATH}/Nope`, 'ServiceTicket=x'))).status).toBe(404);
  });

  it('a path outside the service -> 404 (no next middleware)', async () => {
    expect((await send(getRequest('/elsewhere/Auth.asmx'))).status).toBe(404);
  });

  it('a missing required field (Login without Password) -> SOAP 1.1 Client fault', async () => {
    const reason = expectSoap11ClientFault(
      await send(
        soap11Request(
          soap11Envelope(`<Login xmlns="${AUTH_NS}"><Username>alice</Username></Login>`),
          `"${LOGIN_ACTION}"`,
        ),
      ),
    );
    expect(reason).toContain('Password');
  });

  it('a missing required field (Login without Password) -> SOAP 1.2 Sender fault', async () => {
    expectSoap12SenderFault(
      await send(soap12Request(soap12Envelope(`<Login xmlns="${AUTH_NS}"><Username>alice</Username></Login>`))),
    );
  });

  it('a missing required field over HTTP GET and POST -> 400 text/plain naming it', async () => {
    for (const req of [
      getRequest(`${SERVICE_PATH}/Login?Username=alice`),
      formRequest(`${SERVICE_PATH}/Login`, 'Username=alice'),
    ]) {
      const res = await send(req);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('Password');
    }
  });

  // A value of the wrong type: not applicable to Auth, whose every field is xsd:string
  // (any text is a valid string); covered by the runtime-server suites on other contracts.

  it('a wrong content type -> 415 (SOAP path and HTTP POST path)', async () => {
    const json = httpRequest(
      `POST ${SERVICE_PATH} HTTP/1.1`,
      [
        ['Host', host],
        ['Content-Type', 'application/json'],
        ['Connection', 'close'],
      ],
      '{"Username":"a"}',
    );
    expect((await send(json)).status).toBe(415);
    expect(
      (await send(formRequest(`${SERVICE_PATH}/Login`, 'Username=alice&Password=s3cret', 'text/plain'))).status,
    ).toBe(415);
  });

  it('a wrong verb (PUT) -> 405 with Allow', async () => {
    const put = httpRequest(
      `PUT ${SERVICE_PATH} HTTP/1.1`,
      [
        ['Host', host],
        ['Content-Type', SOAP11_TYPE],
        ['Connection', 'close'],
      ],
      soap11Envelope(LOGIN_BODY),
    );
    const res = await send(put);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toMatch(/POST/);
    const putOp = httpRequest(
      `PUT ${SERVICE_PATH}/Login HTTP/1.1`,
      [
        ['Host', host],
        ['Content-Type', FORM_TYPE],
        ['Connection', 'close'],
      ],
      'Username=a&Password=b',
    );
    const res2 = await send(putOp);
    expect(res2.status).toBe(405);
    expect(res2.headers['allow']).toMatch(/GET|POST/);
  });

  it('a body over maxBodyBytes -> 413 and the connection closed', async () => {
    const padding = `<!-- ${'x'.repeat(MAX_BODY * 2)} -->`;
    const res = await send(soap11Request(soap11Envelope(LOGIN_BODY + padding), `"${LOGIN_ACTION}"`));
    expect(res.status).toBe(413);
  });

  it('a declared Content-Length over maxBodyBytes -> 413 before the body, and the server closes the connection', async () => {
    const head = httpRequest(`POST ${SERVICE_PATH} HTTP/1.1`, [
      ['Host', host],
      ['Content-Type', SOAP11_TYPE],
      ['SOAPAction', `"${LOGIN_ACTION}"`],
      ['Content-Length', String(MAX_BODY * 50)],
    ]);
    // No `Connection: close` and our side stays open: rawExchange resolves only if the server closes.
    const res = await rawExchange(server.port, head, { keepOpen: true });
    expect(res.status).toBe(413);
  });

  it('a chunked body over maxBodyBytes (no Content-Length) -> 413', async () => {
    const chunk = 'y'.repeat(MAX_BODY + 100);
    const head = httpRequest(`POST ${SERVICE_PATH} HTTP/1.1`, [
      ['Host', host],
      ['Content-Type', SOAP11_TYPE],
      ['SOAPAction', `"${LOGIN_ACTION}"`],
      ['Transfer-Encoding', 'chunked'],
      ['Connection', 'close'],
    ]);
    const res = await send(`${head}${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`);
    expect(res.status).toBe(413);
  });

  it('absurd nesting (10,000 nested elements in the Body) -> Client fault, the server survives', async () => {
    const deep = '<a>'.repeat(10_000) + '</a>'.repeat(10_000);
    const big = await rawExchange(
      server.port,
      httpRequest(
        `POST ${SERVICE_PATH} HTTP/1.1`,
        [
          ['Host', host],
          ['Content-Type', SOAP11_TYPE],
          ['SOAPAction', `"${LOGIN_ACTION}"`],
          ['Connection', 'close'],
        ],
        soap11Envelope(deep),
      ),
    );
    // 10,000 levels is ~70 KB: over this server's small maxBodyBytes; a roomier server shows the depth fault.
    expect(big.status).toBe(413);
    const roomy = await startServer(createAuthHandler(impl, { maxBodyBytes: 1 << 20 }));
    try {
      const h = `127.0.0.1:${roomy.port}`;
      const req = (body: string, type: string, action?: string): string =>
        httpRequest(
          `POST ${SERVICE_PATH} HTTP/1.1`,
          [
            ['Host', h],
            ['Content-Type', type],
            ...(action ? [['SOAPAction', action] as const] : []),
            ['Connection', 'close'],
          ],
          body,
        );
      expectSoap11ClientFault(
        await rawExchange(roomy.port, req(soap11Envelope(deep), SOAP11_TYPE, `"${LOGIN_ACTION}"`)),
      );
      expectSoap12SenderFault(await rawExchange(roomy.port, req(soap12Envelope(deep), SOAP12_TYPE)));
      const ok = await rawExchange(roomy.port, req(soap11Envelope(LOGIN_BODY), SOAP11_TYPE, `"${LOGIN_ACTION}"`));
      expect(ok.status).toBe(200);
      impl.reset(); // the good request on the roomy server counted; the afterEach checks the bad ones only
    } finally {
      await roomy.close();
    }
  });

  it('a stalled client (Content-Length 100, 10 bytes sent) -> 408 and the connection closed', async () => {
    const head = httpRequest(`POST ${SERVICE_PATH} HTTP/1.1`, [
      ['Host', host],
      ['Content-Type', SOAP11_TYPE],
      ['SOAPAction', `"${LOGIN_ACTION}"`],
      ['Content-Length', '100'],
    ]);
    // rawExchange resolves only when the server closes the connection (we keep ours open);
    // the safety limit is far above bodyTimeoutMs and only guards against a hang.
    const res = await rawExchange(server.port, head, { thenWrite: '<?xml vers', keepOpen: true, safetyMs: 5000 });
    expect(res.status).toBe(408);
  });
});
