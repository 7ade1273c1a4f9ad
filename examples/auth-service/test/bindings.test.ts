/**
 * Login/Logout over all four bindings on real sockets with the generated
 * client, plus wire-level checks of what the auth-endpoint contract fixes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, SoapFault } from '../../../generated/auth/index.js';
import { INVALID_CREDENTIALS_MESSAGE, INVALID_TICKET_MESSAGE } from '../src/authenticator.js';
import { ManualClock } from '../src/clock.js';
import { MemorySessionStore } from '../src/memory-session-store.js';
import { TICKET_LENGTH } from '../src/tickets.js';
import {
  attr,
  childElements,
  firstChild,
  parseXml,
  resolveQName,
  textOf,
  type XmlElement,
} from '../../../generated/auth/runtime/xml/xml-parse.js';
import { failureText, rejection, startTestService, type TestService } from './helpers/auth-service.js';

const BINDINGS = ['soap11', 'soap12', 'httpGet', 'httpPost'] as const;

let t: TestService;
const clock = new ManualClock();

beforeAll(async () => {
  t = await startTestService(
    { alice: 's3cret', 'bob smith': 'pa&ss<word>' },
    { sessions: new MemorySessionStore({ clock, sweepIntervalMs: 0 }), sessionTtlMs: 60_000 },
  );
});
afterAll(async () => {
  await t.stop();
});

describe.each(BINDINGS)('Auth over %s', (binding) => {
  const client = () => new AuthClient({ baseUrl: t.service.baseUrl, binding });

  it('logs in and out; the ticket is dead after Logout', async () => {
    const { ServiceTicket } = await client().login({ Username: 'alice', Password: 's3cret' });
    expect(ServiceTicket).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(ServiceTicket).toHaveLength(TICKET_LENGTH);
    expect(await client().logout({ ServiceTicket })).toEqual({ ServiceTicket });
    const again = await rejection(client().logout({ ServiceTicket }));
    expect(failureText(again)).toBe(INVALID_TICKET_MESSAGE);
    if (binding === 'soap11' || binding === 'soap12') {
      expect(again).toBeInstanceOf(SoapFault);
      expect((again as SoapFault).code).toBe('Client');
    }
  });

  it('handles XML/URL special characters in credentials', async () => {
    const { ServiceTicket } = await client().login({ Username: 'bob smith', Password: 'pa&ss<word>' });
    expect(await client().logout({ ServiceTicket })).toEqual({ ServiceTicket });
  });

  it('gives the same Client fault for a wrong password and an unknown user', async () => {
    const wrong = await rejection(client().login({ Username: 'alice', Password: 'S3cret' }));
    const unknown = await rejection(client().login({ Username: 'nobody', Password: 's3cret' }));
    expect(failureText(wrong)).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(failureText(unknown)).toBe(failureText(wrong));
    if (binding === 'soap11' || binding === 'soap12') {
      expect((wrong as SoapFault).code).toBe('Client');
      expect((unknown as SoapFault).code).toBe('Client');
    }
  });

  it('refuses a ticket after it expires (injected clock)', async () => {
    const { ServiceTicket } = await client().login({ Username: 'alice', Password: 's3cret' });
    clock.advance(60_000);
    expect(failureText(await rejection(client().logout({ ServiceTicket })))).toBe(INVALID_TICKET_MESSAGE);
  });

  it('accepts a ticket issued over another binding', async () => {
    const other = new AuthClient({ baseUrl: t.service.baseUrl, binding: binding === 'soap11' ? 'httpGet' : 'soap11' });
    const { ServiceTicket } = await other.login({ Username: 'alice', Password: 's3cret' });
    expect(await client().logout({ ServiceTicket })).toEqual({ ServiceTicket });
  });
});

const AUTH_NS = 'http://schemas.example.com/ecomm/auth';
const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

/** Follows a path of child elements in the Auth namespace. */
function path(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let at = el;
  for (const name of names) at = at && firstChild(at, AUTH_NS, name);
  return at;
}

function soapLogin(envNs: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="${envNs}">
  <soap:Body><Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>s3cret</Password></Login></soap:Body>
</soap:Envelope>`;
}

describe('wire format and logging', () => {
  it('answers HTTP GET Login with an EmAuthResult document', async () => {
    const res = await fetch(`${t.service.url}/Login?Username=alice&Password=s3cret`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const root = parseXml(body);
    expect([root.ns, root.name]).toEqual([AUTH_NS, 'EmAuthResult']);
    expect(textOf(path(root, 'ServiceTicket')!)).toHaveLength(TICKET_LENGTH);
  });

  it.each([
    [
      '1.1',
      SOAP11_NS,
      { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${AUTH_NS}/Login"` },
      'text/xml; charset=utf-8',
    ],
    [
      '1.2',
      SOAP12_NS,
      { 'content-type': 'application/soap+xml; charset=utf-8' },
      'application/soap+xml; charset=utf-8',
    ],
  ])(
    'answers a SOAP %s Login with LoginResponse/LoginResult/ServiceTicket',
    async (_v, envNs, headers, responseType) => {
      const res = await fetch(t.service.url, { method: 'POST', headers, body: soapLogin(envNs) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(responseType);
      const env = parseXml(await res.text());
      expect([env.ns, env.name]).toEqual([envNs, 'Envelope']);
      const ticket = path(firstChild(env, envNs, 'Body'), 'LoginResponse', 'LoginResult', 'ServiceTicket');
      expect(ticket && textOf(ticket)).toHaveLength(TICKET_LENGTH);
    },
  );

  it('answers a bad Logout over SOAP 1.1 with a soap:Client fault (HTTP 500)', async () => {
    const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body><Logout xmlns="${AUTH_NS}"><ServiceTicket>nope</ServiceTicket></Logout></soap:Body></soap:Envelope>`;
    const res = await fetch(t.service.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${AUTH_NS}/Logout"` },
      body,
    });
    expect(res.status).toBe(500);
    const fault = firstChild(firstChild(parseXml(await res.text()), SOAP11_NS, 'Body')!, SOAP11_NS, 'Fault')!;
    const code = childElements(fault).find((e) => e.name === 'faultcode')!;
    expect(resolveQName(code, textOf(code).trim())).toEqual({ ns: SOAP11_NS, name: 'Client' });
    expect(textOf(childElements(fault).find((e) => e.name === 'faultstring')!)).toBe(INVALID_TICKET_MESSAGE);
  });

  it("serves the WSDL on ?wsdl with this server's address", async () => {
    const res = await fetch(`${t.service.url}?wsdl`);
    expect(res.status).toBe(200);
    const wsdl = parseXml(await res.text());
    expect(wsdl.name).toBe('definitions');
    expect(attr(wsdl, 'targetNamespace')).toBe(AUTH_NS);
    const addresses = childElements(wsdl, 'http://schemas.xmlsoap.org/wsdl/', 'service')
      .flatMap((svc) => childElements(svc))
      .flatMap((port) => childElements(port))
      .map((a) => attr(a, 'location'));
    expect(addresses.length).toBe(4);
    for (const a of addresses) expect(a).toBe(t.service.url);
  });

  it('logs one line per request with binding, operation, status and duration, and never the query string', async () => {
    const before = t.log.length;
    await new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap12' }).login({
      Username: 'alice',
      Password: 's3cret',
    });
    await fetch(`${t.service.url}/Login?Username=alice&Password=topsecretvalue`);
    const lines = t.log.slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+Z soap12 Login 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/ httpGet Login [45]\d\d \d+\.\dms$/);
    expect(t.log.join('\n')).not.toContain('topsecretvalue');
  });
});
