/**
 * The Auth contract (wsdl/auth.wsdl) as ASP.NET ASMX would publish it for
 * ../shared/seed/auth-endpoint.md: read by node-soap, valid against the WSDL 1.1
 * and XML Schema schemas, loaded by our loader, and its types accept the seed's
 * wire shapes.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import soap from 'soap';
import { describe, expect, it } from 'vitest';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { loadDocuments } from '../../src/load/index.js';
import { attr, childElements, firstChild, parseXml, textOf, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { serializeElement } from './serialize-element.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const wsdlPath = path.join(root, 'wsdl', 'auth.wsdl');
const schemaDir = path.join(here, 'schemas');

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const AUTH = 'http://schemas.example.com/ecomm/auth';

/** Imports the WSDL 1.1, SOAP binding and XML Schema schemas, so one --schema covers them all. */
const WRAPPER = `<?xml version="1.0"?>
<xs:schema xmlns:xs="${XSD}" targetNamespace="urn:wsdlc:test:wrapper">
  <xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="xml.xsd"/>
  <xs:import namespace="${XSD}" schemaLocation="XMLSchema.xsd"/>
  <xs:import namespace="${WSDL}" schemaLocation="wsdl.xsd"/>
  <xs:import namespace="http://schemas.xmlsoap.org/wsdl/soap/" schemaLocation="wsdl-soap.xsd"/>
</xs:schema>`;

async function schemaFiles(): Promise<XMLFileInfo[]> {
  const names = ['xml.xsd', 'XMLSchema.xsd', 'wsdl.xsd', 'wsdl-soap.xsd'];
  return Promise.all(
    names.map(async (fileName) => ({ fileName, contents: await readFile(path.join(schemaDir, fileName), 'utf8') })),
  );
}

async function validateAsWsdl(text: string): Promise<{ valid: boolean; output: string }> {
  const r = await validateXML({
    xml: [{ fileName: 'auth.wsdl', contents: text }],
    schema: [{ fileName: 'wrapper.xsd', contents: WRAPPER }],
    preload: await schemaFiles(),
  });
  return { valid: r.valid, output: r.rawOutput };
}

/** The inline `s:schema` of the WSDL as a standalone schema document. */
function inlineSchema(definitions: XmlElement): string {
  const types = firstChild(definitions, WSDL, 'types');
  const schema = types && firstChild(types, XSD, 'schema');
  if (!schema) throw new Error('no inline schema');
  return serializeElement(schema);
}

async function validateInstance(schemaText: string, xml: string): Promise<boolean> {
  const r = await validateXML({
    xml: [{ fileName: 'instance.xml', contents: xml }],
    schema: [{ fileName: 'auth.xsd', contents: schemaText }],
  });
  return r.valid;
}

const text = await readFile(wsdlPath, 'utf8');
const definitions = parseXml(text, { positions: true });

function named(parent: XmlElement, ns: string, local: string): Map<string, XmlElement> {
  return new Map(childElements(parent, ns, local).map((e) => [attr(e, 'name') ?? '', e]));
}

describe('wsdl/auth.wsdl', () => {
  it('is read by node-soap: service Auth, SOAP 1.1 and 1.2 ports, Login and Logout', async () => {
    const client = await soap.createClientAsync(wsdlPath);
    const described = client.describe() as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(described)).toEqual(['Auth']);
    const ports = described['Auth']!;
    expect(Object.keys(ports)).toEqual(expect.arrayContaining(['AuthSoap', 'AuthSoap12']));
    for (const port of ['AuthSoap', 'AuthSoap12']) {
      expect(Object.keys(ports[port]!).sort()).toEqual(['Login', 'Logout']);
    }
    expect(ports['AuthSoap']!['Login']).toMatchObject({
      input: { Username: 's:string', Password: 's:string' },
      output: { LoginResult: { ServiceTicket: 's:string' } },
    });
    expect(ports['AuthSoap12']!['Logout']).toMatchObject({
      input: { ServiceTicket: 's:string' },
      output: { LogoutResult: { ServiceTicket: 's:string' } },
    });
  });

  it('is valid against the WSDL 1.1, SOAP binding and XML Schema schemas (xmllint)', async () => {
    const r = await validateAsWsdl(text);
    expect(r.output).toContain('auth.wsdl validates');
    expect(r.valid).toBe(true);
  });

  it('the schema check catches mistakes (control: broken variants fail)', async () => {
    const noName = text.replace('<wsdl:message name="LoginSoapIn">', '<wsdl:message>');
    expect((await validateAsWsdl(noName)).valid).toBe(false);
    const badOccurs = text.replace(
      'minOccurs="1" maxOccurs="1" name="Username"',
      'minOccurs="one" maxOccurs="1" name="Username"',
    );
    expect(badOccurs).not.toBe(text);
    expect((await validateAsWsdl(badOccurs)).valid).toBe(false);
  });

  it('is loaded by our loader as one WSDL document', async () => {
    const set = await loadDocuments('wsdl/auth.wsdl', { cwd: root });
    expect(set.documents).toHaveLength(1);
    expect(set.main).toMatchObject({ kind: 'wsdl', displayName: 'wsdl/auth.wsdl' });
    expect(attr(set.main.root, 'targetNamespace')).toBe(AUTH);
  });

  it('has one service Auth with four ports at /ecomm/Auth.asmx', () => {
    const services = childElements(definitions, WSDL, 'service');
    expect(services.map((s) => attr(s, 'name'))).toEqual(['Auth']);
    const ports = childElements(services[0]!, WSDL, 'port');
    const summary = ports.map((p) => {
      const address = childElements(p).find((c) => c.name === 'address');
      return [attr(p, 'name'), attr(p, 'binding'), address?.ns, address && attr(address, 'location')];
    });
    const loc = 'http://localhost/ecomm/Auth.asmx';
    expect(summary).toEqual([
      ['AuthSoap', 'tns:AuthSoap', 'http://schemas.xmlsoap.org/wsdl/soap/', loc],
      ['AuthSoap12', 'tns:AuthSoap12', 'http://schemas.xmlsoap.org/wsdl/soap12/', loc],
      ['AuthHttpGet', 'tns:AuthHttpGet', 'http://schemas.xmlsoap.org/wsdl/http/', loc],
      ['AuthHttpPost', 'tns:AuthHttpPost', 'http://schemas.xmlsoap.org/wsdl/http/', loc],
    ]);
    const doc = firstChild(services[0]!, WSDL, 'documentation');
    expect(doc && textOf(doc)).toMatch(/Login opens a session/);
  });

  it('uses the seed SOAPActions, document/literal, and the ASMX HTTP bindings', () => {
    const bindings = named(definitions, WSDL, 'binding');
    expect([...bindings.keys()]).toEqual(['AuthSoap', 'AuthSoap12', 'AuthHttpGet', 'AuthHttpPost']);
    for (const [name, ns] of [
      ['AuthSoap', 'http://schemas.xmlsoap.org/wsdl/soap/'],
      ['AuthSoap12', 'http://schemas.xmlsoap.org/wsdl/soap12/'],
    ] as const) {
      const b = bindings.get(name)!;
      expect(attr(firstChild(b, ns, 'binding')!, 'transport')).toBe('http://schemas.xmlsoap.org/soap/http');
      for (const op of ['Login', 'Logout']) {
        const o = named(b, WSDL, 'operation').get(op)!;
        const soapOp = firstChild(o, ns, 'operation')!;
        expect(attr(soapOp, 'soapAction')).toBe(`${AUTH}/${op}`);
        expect(attr(soapOp, 'style')).toBe('document');
        for (const dir of ['input', 'output'])
          expect(attr(firstChild(firstChild(o, WSDL, dir)!, ns, 'body')!, 'use')).toBe('literal');
      }
    }
    const HTTP = 'http://schemas.xmlsoap.org/wsdl/http/';
    const MIME = 'http://schemas.xmlsoap.org/wsdl/mime/';
    for (const [name, verb] of [
      ['AuthHttpGet', 'GET'],
      ['AuthHttpPost', 'POST'],
    ] as const) {
      const b = bindings.get(name)!;
      expect(attr(firstChild(b, HTTP, 'binding')!, 'verb')).toBe(verb);
      for (const op of ['Login', 'Logout']) {
        const o = named(b, WSDL, 'operation').get(op)!;
        expect(attr(firstChild(o, HTTP, 'operation')!, 'location')).toBe(`/${op}`);
        const input = firstChild(o, WSDL, 'input')!;
        if (verb === 'GET') expect(firstChild(input, HTTP, 'urlEncoded')).toBeDefined();
        else expect(attr(firstChild(input, MIME, 'content')!, 'type')).toBe('application/x-www-form-urlencoded');
        expect(attr(firstChild(firstChild(o, WSDL, 'output')!, MIME, 'mimeXml')!, 'part')).toBe('Body');
      }
    }
  });

  it('documents each operation in every port type', () => {
    const portTypes = named(definitions, WSDL, 'portType');
    expect([...portTypes.keys()]).toEqual(['AuthSoap', 'AuthHttpGet', 'AuthHttpPost']);
    for (const pt of portTypes.values()) {
      const ops = named(pt, WSDL, 'operation');
      expect(textOf(firstChild(ops.get('Login')!, WSDL, 'documentation')!)).toBe(
        'Logs on to the system with a username and a password and returns a service ticket.',
      );
      expect(textOf(firstChild(ops.get('Logout')!, WSDL, 'documentation')!)).toBe(
        'Logs off the system. Takes the service ticket of the session to close.',
      );
    }
  });

  it('has ASMX message names and HTTP parts', () => {
    const messages = named(definitions, WSDL, 'message');
    const parts = (m: string) =>
      childElements(messages.get(m)!, WSDL, 'part').map((p) => [
        attr(p, 'name'),
        attr(p, 'element') ?? attr(p, 'type'),
      ]);
    expect(parts('LoginSoapIn')).toEqual([['parameters', 'tns:Login']]);
    expect(parts('LogoutSoapOut')).toEqual([['parameters', 'tns:LogoutResponse']]);
    expect(parts('LoginHttpGetIn')).toEqual([
      ['Username', 's:string'],
      ['Password', 's:string'],
    ]);
    expect(parts('LogoutHttpPostIn')).toEqual([['ServiceTicket', 's:string']]);
    for (const m of ['LoginHttpGetOut', 'LoginHttpPostOut', 'LogoutHttpGetOut', 'LogoutHttpPostOut']) {
      expect(parts(m)).toEqual([['Body', 'tns:EmAuthResult']]);
    }
  });

  describe('its types accept the seed wire shapes (xmllint against the inline schema)', () => {
    const schema = inlineSchema(definitions);
    const ns = `xmlns="${AUTH}"`;
    it.each([
      ['Login request body', `<Login ${ns}><Username>alice</Username><Password>s3cret</Password></Login>`],
      [
        'LoginResponse',
        `<LoginResponse ${ns}><LoginResult><ServiceTicket>T-1</ServiceTicket></LoginResult></LoginResponse>`,
      ],
      ['Logout request body', `<Logout ${ns}><ServiceTicket>T-1</ServiceTicket></Logout>`],
      [
        'LogoutResponse',
        `<LogoutResponse ${ns}><LogoutResult><ServiceTicket>T-1</ServiceTicket></LogoutResult></LogoutResponse>`,
      ],
      ['HTTP GET/POST result', `<EmAuthResult ${ns}><ServiceTicket>T-1</ServiceTicket></EmAuthResult>`],
    ])('accepts %s', async (_label, xml) => {
      expect(await validateInstance(schema, `<?xml version="1.0" encoding="utf-8"?>\n${xml}`)).toBe(true);
    });
    it.each([
      ['Login without Password (required)', `<Login ${ns}><Username>alice</Username></Login>`],
      ['Logout without ServiceTicket (required)', `<Logout ${ns}/>`],
      [
        'unqualified children (elementFormDefault="qualified")',
        `<Login ${ns}><Username xmlns="">a</Username><Password xmlns="">b</Password></Login>`,
      ],
      ['EmAuthResult without ServiceTicket', `<EmAuthResult ${ns}/>`],
    ])('rejects %s', async (_label, xml) => {
      expect(await validateInstance(schema, xml)).toBe(false);
    });
  });
});
