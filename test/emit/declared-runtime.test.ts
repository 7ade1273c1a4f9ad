/**
 * Issue 15: the optional runtime modules a contract gets without asking, decided from
 * its model: MTOM/SwA (wire/mtom.ts) for any `xsd:base64Binary` value in its messages
 * or declared attachments; the WS-Security check (wire/ws-security.ts) for a
 * UsernameToken policy; the templated-path writer (wire/http-path.ts) for an HTTP
 * location that takes input values (`http:urlReplacement`). Each is imported by schema.ts (so the core finds it loaded)
 * and written to the output; a contract with neither gets neither.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { buildModel } from '../../src/model/build-model.js';
import { loadedFrom, wsdl } from '../model/helpers.js';
import { testOptions } from './helpers.js';

/** A one-operation document/literal contract whose input has a field of `fieldType`, plus `extra` WSDL. */
function contract(fieldType: string, extra = ''): string {
  return wsdl(
    `<s:element name="Put"><s:complexType><s:sequence><s:element name="v" type="${fieldType}"/></s:sequence></s:complexType></s:element>
<s:element name="PutResponse"><s:complexType/></s:element>`,
    `${extra}
<wsdl:message name="PutIn"><wsdl:part name="p" element="tns:Put"/></wsdl:message>
<wsdl:message name="PutOut"><wsdl:part name="p" element="tns:PutResponse"/></wsdl:message>
<wsdl:portType name="P"><wsdl:operation name="Put"><wsdl:input message="tns:PutIn"/><wsdl:output message="tns:PutOut"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="B" type="tns:P"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
<wsdl:operation name="Put"><soap:operation soapAction="urn:t/Put"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:service name="S"><wsdl:port name="Port" binding="tns:B"><soap:address location="http://example.com/s"/></wsdl:port></wsdl:service>`,
  );
}

async function emitted(text: string): Promise<{ schema: string; paths: string[] }> {
  const files = await emitFiles(buildModel(loadedFrom({ name: 't.wsdl', text })), testOptions('t.wsdl'));
  return { schema: files.find((f) => f.path === 'schema.ts')?.content ?? '', paths: files.map((f) => f.path) };
}

const POLICY = `<wsp:Policy xmlns:wsp="http://schemas.xmlsoap.org/ws/2004/09/policy">
<sp:SupportingTokens xmlns:sp="http://schemas.xmlsoap.org/ws/2005/07/securitypolicy"><sp:UsernameToken/></sp:SupportingTokens></wsp:Policy>`;

describe('optional runtime modules a contract gets without asking', () => {
  it('an xsd:base64Binary value, and nothing else declared, brings the MTOM/SwA module', async () => {
    const { schema, paths } = await emitted(contract('s:base64Binary'));
    expect(schema).toContain("import { mtomModule } from './runtime/wire/mtom.js';");
    expect(paths).toEqual(expect.arrayContaining(['runtime/wire/mtom.ts', 'runtime/wire/xop.ts']));
    expect(schema).not.toContain('ws-security');
  });

  it('a UsernameToken policy brings the WS-Security module; a plain contract gets neither', async () => {
    const secured = await emitted(contract('s:string', POLICY));
    expect(secured.schema).toContain("import { wsSecurityModule } from './runtime/wire/ws-security.js';");
    expect(secured.paths).toContain('runtime/wire/ws-security.ts');
    expect(secured.paths).not.toContain('runtime/wire/mtom.ts');
    const plain = await emitted(contract('s:string'));
    expect(plain.schema).not.toMatch(/mtom|ws-security/);
    expect(plain.paths.filter((p) => /wire\/(mtom|xop|multipart|mime-message|ws-security)\.ts$/.test(p))).toEqual([]);
  });

  it('an http:urlReplacement location brings the templated-path writer; a location without values does not', async () => {
    const books = readFileSync(path.resolve(import.meta.dirname, '../fixtures/url-replacement/books.wsdl'), 'utf8');
    const templated = await emitted(books);
    expect(templated.schema).toContain("import { httpPathModule } from './runtime/wire/http-path.js';");
    expect(templated.paths).toEqual(
      expect.arrayContaining(['runtime/wire/http-path.ts', 'runtime/wire/http-routes.ts']),
    );
    const plain = await emitted(books.replaceAll(/<http:urlReplacement\/>/g, '<http:urlEncoded/>'));
    expect(plain.schema).not.toContain('http-path');
    expect(plain.paths).not.toContain('runtime/wire/http-path.ts');
  });
});
