/** `?wsdl`: the WSDL served with every port address set to the address the request came to. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import { rewriteWsdlAddresses } from '../../src/runtime/server/wsdl-rewrite.js';
import { parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { authService } from './fixtures/auth-desc.js';
import { rawRequest, startServer, xml, type TestServer } from './helpers.js';

const WSDL = readFileSync(new URL('./fixtures/auth.wsdl', import.meta.url), 'utf8');
const impls = { Login: () => ({ ServiceTicket: 't' }), Logout: () => ({ ServiceTicket: 't' }) };

/** Every port address location, by port name. */
function locations(root: XmlElement): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (el: XmlElement): void => {
    if (el.name === 'address' && el.parent?.name === 'port') {
      const name = el.parent.attrs.find((a) => a.name === 'name')!.value;
      out[name] = el.attrs.find((a) => a.name === 'location')!.value;
    }
    for (const c of el.children) if (typeof c !== 'string') walk(c);
  };
  walk(root);
  return out;
}

let srv: TestServer;
let prefixed: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  srv = await startServer(createServiceHandler(authService, impls, { wsdl: WSDL }));
  prefixed = await startServer(createServiceHandler(authService, impls, { wsdl: WSDL, pathPrefix: '/api/' }));
  proxied = await startServer(createServiceHandler(authService, impls, { wsdl: WSDL, trustProxy: true }));
});
afterAll(async () => {
  await srv.close();
  await prefixed.close();
  await proxied.close();
});

describe('?wsdl', () => {
  it('serves the WSDL as text/xml with all four addresses rewritten to the Host the request came to', async () => {
    const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: shop.example.com');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(r.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const root = xml(r.body);
    expect(locations(root)).toEqual({
      AuthSoap: 'http://shop.example.com/ecomm/Auth.asmx',
      AuthSoap12: 'http://shop.example.com/ecomm/Auth.asmx',
      AuthHttpGet: 'http://shop.example.com/ecomm/Auth.asmx',
      AuthHttpPost: 'http://shop.example.com/ecomm/Auth.asmx',
    });
  });

  it('keeps everything else of the document (names, QNames, schema)', async () => {
    const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: a.example');
    const served = xml(r.body);
    const original = parseXml(WSDL);
    // Same document once the addresses are put back.
    const back = rewriteWsdlAddresses(served, () => 'http://localhost/ecomm/Auth.asmx');
    expect(back).toBe(rewriteWsdlAddresses(original, () => 'http://localhost/ecomm/Auth.asmx'));
    expect(served.nsDecls['tns']).toBe('http://schemas.example.com/ecomm/auth');
  });

  it('accepts the wsdl key in any case (?WSDL), with a port in Host', async () => {
    const r = await rawRequest(srv.port, 'GET /ecomm/auth.asmx?WSDL HTTP/1.1\nHost: shop.example.com:8080');
    expect(r.status).toBe(200);
    expect(locations(xml(r.body))['AuthSoap']).toBe('http://shop.example.com:8080/ecomm/Auth.asmx');
  });

  it('answers each Host with its own addresses (per-host cache does not leak between hosts)', async () => {
    const a = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: one.example');
    const b = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: two.example');
    const a2 = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: one.example');
    expect(locations(xml(a.body))['AuthSoap12']).toBe('http://one.example/ecomm/Auth.asmx');
    expect(locations(xml(b.body))['AuthSoap12']).toBe('http://two.example/ecomm/Auth.asmx');
    expect(a2.body).toBe(a.body);
  });

  it('ignores a Host header that is not a host name and uses the socket address instead', async () => {
    const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: "><evil');
    expect(r.status).toBe(200);
    expect(locations(xml(r.body))['AuthSoap']).toBe(`http://127.0.0.1:${srv.port}/ecomm/Auth.asmx`);
  });

  it('ignores X-Forwarded-Proto/Host unless trustProxy is set', async () => {
    const head =
      'GET /ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: internal:8080\nX-Forwarded-Proto: https\nX-Forwarded-Host: shop.example.com';
    const plain = await rawRequest(srv.port, head);
    expect(locations(xml(plain.body))['AuthSoap']).toBe('http://internal:8080/ecomm/Auth.asmx');
    const trusted = await rawRequest(proxied.port, head);
    expect(locations(xml(trusted.body))['AuthSoap']).toBe('https://shop.example.com/ecomm/Auth.asmx');
  });

  it('writes the prefixed path when pathPrefix is set', async () => {
    const r = await rawRequest(prefixed.port, 'GET /api/ecomm/Auth.asmx?wsdl HTTP/1.1\nHost: h.example');
    expect(r.status).toBe(200);
    expect(locations(xml(r.body))['AuthHttpGet']).toBe('http://h.example/api/ecomm/Auth.asmx');
  });

  it('answers 404 on ?wsdl when no WSDL text was given', async () => {
    const bare = await startServer(createServiceHandler(authService, impls));
    try {
      const r = await rawRequest(bare.port, 'GET /ecomm/Auth.asmx?wsdl HTTP/1.1');
      expect(r.status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuses a WSDL that is not well-formed when the handler is created', () => {
    expect(() => createServiceHandler(authService, impls, { wsdl: '<definitions>' })).toThrow(/not well-formed/);
  });
});
