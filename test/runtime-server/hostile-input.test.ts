/**
 * Issue 20, items 1-5: requests found by mutation fuzzing that were accepted (or
 * answered with the wrong fault). Each is sent as raw bytes on a socket; the
 * implementation must not see any of them, and the server keeps serving.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import {
  at,
  HANDLER_KINDS,
  rawRequest,
  type RawResponse,
  soap11,
  soap12,
  type TestServer,
  text,
  xml,
} from './helpers.js';

describe.each(HANDLER_KINDS)('$name', (kind) => {
  /** What the implementation received (it echoes inputs back, so a leak would show). */
  const seen: unknown[] = [];
  let srv: TestServer;

  beforeAll(async () => {
    const echo = (input: unknown) => {
      seen.push(input);
      const v = input as { Username?: string; ServiceTicket?: string };
      return { ServiceTicket: v.ServiceTicket ?? v.Username ?? '' };
    };
    srv = await kind.start(authService, { Login: echo, Logout: echo });
  });
  afterAll(async () => {
    await srv.close();
  });

  const LOGIN = `<Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>pw</Password></Login>`;
  const SOAP11_HEAD = `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`;
  const SOAP12_HEAD = 'POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8';
  const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
  const ENV12 = 'http://www.w3.org/2003/05/soap-envelope';

  /** After every test: nothing reached the implementation, and a good request still works. */
  afterEach(async () => {
    const leaked = seen.splice(0);
    expect(leaked).toEqual([]);
    const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN));
    expect(r.status).toBe(200);
    seen.length = 0;
  });

  /** Asserts a SOAP 1.1 Client fault and returns its faultstring. */
  function clientFault11(r: RawResponse): string {
    expect(r.status).toBe(500);
    const fault = at(xml(r.body), 'Body', 'Fault');
    expect(text(at(fault, 'faultcode'))).toBe('soap:Client');
    return text(at(fault, 'faultstring'));
  }

  /** Asserts a SOAP 1.2 Sender fault answered 400 and returns its reason. */
  function senderFault12(r: RawResponse): string {
    expect(r.status).toBe(400);
    const fault = at(xml(r.body), 'Body', 'Fault');
    expect(text(at(fault, 'Code', 'Value'))).toBe('soap12:Sender');
    return text(at(fault, 'Reason', 'Text'));
  }

  describe('item 1: duplicate expanded attribute names beside a default namespace declaration', () => {
    const dup = (defaultNs: string) =>
      `<Login xmlns="${AUTH_NS}"><Username ${defaultNs}xmlns:p="urn:x" xmlns:q="urn:x" p:a="1" q:a="2">alice</Username><Password>pw</Password></Login>`;

    it('p:a and q:a (one URI) are refused without a default declaration', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(dup('')));
      expect(clientFault11(r)).toMatch(/duplicate attribute \{urn:x\}a/);
    });

    it('p:a and q:a (one URI) are refused with xmlns="..." on the same element (Namespaces in XML §6.3)', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(dup(`xmlns="${AUTH_NS}" `)));
      expect(clientFault11(r)).toMatch(/duplicate attribute \{urn:x\}a \(written "p:a" and "q:a"\)/);
    });

    it('the same over SOAP 1.2: 400 Sender', async () => {
      const r = await rawRequest(srv.port, SOAP12_HEAD, soap12(dup(`xmlns="${AUTH_NS}" `)));
      expect(senderFault12(r)).toMatch(/duplicate attribute/);
    });
  });

  describe('item 2: control characters in the XML declaration', () => {
    const cases: [string, string][] = [
      ['NUL in the encoding name', '<?xml version="1.0" encoding="utf-8\0"?>'],
      ['SO in the version', '<?xml version="1\x0e0" encoding="utf-8"?>'],
      ['ESC in standalone', '<?xml version="1.0" standalone="y\x1bs"?>'],
    ];
    for (const [what, decl] of cases) {
      it(`${what}: SOAP 1.1 Client fault whose text is well-formed XML`, async () => {
        const r = await rawRequest(srv.port, SOAP11_HEAD, soap11(LOGIN).replace(/^<\?xml[^>]*>/, decl));
        const reason = clientFault11(r);
        expect(reason).toMatch(/XML declaration/);
        expect(reason).not.toMatch(/[\0-\x08\x0b\x0c\x0e-\x1f]/);
      });

      it(`${what}: SOAP 1.2 400 Sender, not 500 Receiver`, async () => {
        const r = await rawRequest(srv.port, SOAP12_HEAD, soap12(LOGIN).replace(/^<\?xml[^>]*>/, decl));
        expect(senderFault12(r)).toMatch(/XML declaration/);
      });
    }

    it('the invalid character is shown as \\uXXXX in the fault text', async () => {
      const r = await rawRequest(
        srv.port,
        SOAP11_HEAD,
        soap11(LOGIN).replace(/^<\?xml[^>]*>/, '<?xml version="1\x0e0"?>'),
      );
      expect(clientFault11(r)).toContain('unsupported version "1\\u000E0"');
    });
  });

  describe('item 3: envelope structure is exactly Header? Body (SOAP 1.2 Part 1 §5.1, WS-I BP 1.1 R1011)', () => {
    const MU_HEADER_11 = `<soap:Header><t:Tx xmlns:t="urn:tx" soap:mustUnderstand="1">1</t:Tx></soap:Header>`;
    const envelope11 = (content: string) => `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="${ENV11}">${content}</soap:Envelope>`;
    const envelope12 = (content: string) => `<?xml version="1.0" encoding="utf-8"?>
<soap12:Envelope xmlns:soap12="${ENV12}">${content}</soap12:Envelope>`;
    const BODY11 = `<soap:Body>${LOGIN}</soap:Body>`;
    const BODY12 = `<soap12:Body>${LOGIN}</soap12:Body>`;

    const refused11: [string, string][] = [
      ['a mustUnderstand header after the Body', `${BODY11}${MU_HEADER_11}`],
      ['a second Body', `${BODY11}<soap:Body>${LOGIN}</soap:Body>`],
      ['a foreign element after the Body', `${BODY11}<x:Extra xmlns:x="urn:x"/>`],
      ['text after the Body', `${BODY11}trailing`],
      ['text before the Header', `junk${MU_HEADER_11}${BODY11}`],
      ['two Headers', `<soap:Header/><soap:Header/>${BODY11}`],
      ['an unknown envelope-namespace element', `<soap:Trailer/>${BODY11}`],
      ['a foreign element before the Body', `<x:Extra xmlns:x="urn:x"/>${BODY11}`],
    ];
    for (const [what, content] of refused11) {
      it(`SOAP 1.1, ${what}: Client fault naming the structure`, async () => {
        const r = await rawRequest(srv.port, SOAP11_HEAD, envelope11(content));
        expect(clientFault11(r)).toMatch(/SOAP Envelope/);
      });
    }

    it('SOAP 1.2, a mustUnderstand header after the Body: 400 Sender', async () => {
      const header = `<soap12:Header><t:Tx xmlns:t="urn:tx" soap12:mustUnderstand="true">1</t:Tx></soap12:Header>`;
      const r = await rawRequest(srv.port, SOAP12_HEAD, envelope12(`${BODY12}${header}`));
      expect(senderFault12(r)).toMatch(/must end with its Body/);
    });

    it('SOAP 1.2, a second Body: 400 Sender', async () => {
      const r = await rawRequest(srv.port, SOAP12_HEAD, envelope12(`${BODY12}${BODY12}`));
      expect(senderFault12(r)).toMatch(/must end with its Body/);
    });

    it('a mustUnderstand header in its place still gets the MustUnderstand fault', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, envelope11(`${MU_HEADER_11}${BODY11}`));
      expect(r.status).toBe(500);
      expect(text(at(xml(r.body), 'Body', 'Fault', 'faultcode'))).toBe('soap:MustUnderstand');
    });

    it('white space, comments and an empty Header around the Body are fine', async () => {
      const r = await rawRequest(srv.port, SOAP11_HEAD, envelope11(`\n <!-- c --><soap:Header/>\n ${BODY11}\n`));
      expect(r.status).toBe(200);
      expect(seen).toHaveLength(1);
      seen.length = 0;
    });
  });

  describe('item 4: a fragment in the request target', () => {
    it('is not part of the last parameter (HTTP GET)', async () => {
      const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=abc#frag HTTP/1.1');
      expect(r.status).toBe(200);
      expect(r.body).toContain('<ServiceTicket>abc</ServiceTicket>');
      expect(seen).toEqual([{ ServiceTicket: 'abc' }]);
      seen.length = 0;
    });

    it('a fragment holding "&Password=" adds no parameter', async () => {
      const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=a#&Password=b HTTP/1.1');
      expect(r.status).toBe(400);
      expect(r.body).toBe('Missing parameter: Password.');
    });
  });

  describe('item 5: percent-escapes that are not UTF-8', () => {
    for (const bad of ['%FF', '%C3', '%C3%28', '%ED%A0%80', 'ok%F0%9F%98']) {
      it(`HTTP GET ${bad}: 400 with a clear message`, async () => {
        const r = await rawRequest(srv.port, `GET /ecomm/Auth.asmx/Logout?ServiceTicket=${bad} HTTP/1.1`);
        expect(r.status).toBe(400);
        expect(r.headers['content-type']).toMatch(/^text\/plain/);
        expect(r.body).toMatch(/query string is not valid: percent-escapes .* do not decode to UTF-8/);
      });
    }

    it('HTTP POST form %FF: 400 with a clear message', async () => {
      const r = await rawRequest(
        srv.port,
        'POST /ecomm/Auth.asmx/Logout HTTP/1.1\nContent-Type: application/x-www-form-urlencoded',
        'ServiceTicket=%FF',
      );
      expect(r.status).toBe(400);
      expect(r.body).toMatch(/form body is not valid: percent-escapes/);
    });

    it('a bad escape in a parameter name is refused too', async () => {
      const r = await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=a&%FF=1 HTTP/1.1');
      expect(r.status).toBe(400);
    });

    it('valid UTF-8 escapes, "+" and malformed escapes decode as the URL Standard says', async () => {
      const r = await rawRequest(
        srv.port,
        'GET /ecomm/Auth.asmx/Logout?ServiceTicket=%C3%A9+%F0%9F%98%80%zz%4 HTTP/1.1',
      );
      expect(r.status).toBe(200);
      expect(seen).toEqual([{ ServiceTicket: 'é 😀%zz%4' }]);
      seen.length = 0;
    });
  });
});
