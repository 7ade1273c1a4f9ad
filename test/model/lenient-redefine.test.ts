/**
 * Lenient mode, issue 16: an `xsd:redefine` written with `location=` instead of `schemaLocation=`
 * (XML Schema Part 1 §4.2.2 requires the latter) is refused strictly, as an include is, and read
 * leniently: the document is loaded and the redefinitions apply, with one located warning.
 * Hand-written contract.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel, validateContract } from '../../src/model/index.js';
import { cleanup, tempDir } from '../cli/helpers.js';

const MAIN = `<?xml version="1.0"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:shop" targetNamespace="urn:shop">
  <wsdl:types>
    <s:schema targetNamespace="urn:shop" elementFormDefault="qualified">
      <s:redefine location="base.xsd">
        <s:complexType name="Item">
          <s:complexContent>
            <s:extension base="tns:Item"><s:sequence><s:element name="colour" type="s:string"/></s:sequence></s:extension>
          </s:complexContent>
        </s:complexType>
      </s:redefine>
      <s:element name="Get"><s:complexType><s:sequence><s:element name="item" type="tns:Item"/></s:sequence></s:complexType></s:element>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="GetIn"><wsdl:part name="p" element="tns:Get"/></wsdl:message>
  <wsdl:portType name="Shop"><wsdl:operation name="Get"><wsdl:input message="tns:GetIn"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="ShopSoap" type="tns:Shop">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
    <wsdl:operation name="Get"><soap:operation soapAction="urn:Get"/><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="ShopService">
    <wsdl:port name="ShopPort" binding="tns:ShopSoap"><soap:address location="http://127.0.0.1/shop"/></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;

const BASE = `<s:schema xmlns:s="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:shop" elementFormDefault="qualified">
  <s:complexType name="Item"><s:sequence><s:element name="sku" type="s:string"/></s:sequence></s:complexType>
</s:schema>
`;

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

function project(): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(path.join(dir, 'wsdl'));
  writeFileSync(path.join(dir, 'wsdl/shop.wsdl'), MAIN);
  writeFileSync(path.join(dir, 'wsdl/base.xsd'), BASE);
  return dir;
}

describe('lenient mode: xsd:redefine location=', () => {
  it('strict mode refuses it, located at the redefine', async () => {
    const diagnostics = await validateContract('wsdl/shop.wsdl', { cwd: project() });
    expect(diagnostics.filter((d) => d.severity === 'error')[0]).toEqual({
      severity: 'error',
      message:
        'xsd:redefine has no schemaLocation attribute (it has a "location" attribute; the attribute is schemaLocation), so nothing is included',
      location: { file: 'wsdl/shop.wsdl', line: 6, column: 7 },
    });
  });

  it('lenient mode follows it with a located warning, and the redefinition extends the original type', async () => {
    const model = await loadModel('wsdl/shop.wsdl', { cwd: project(), lenient: true });
    expect(
      model.warnings.map((d) => `${d.location?.file}:${d.location?.line}:${d.location?.column}: ${d.message}`),
    ).toEqual([
      'wsdl/shop.wsdl:6:7: xsd:redefine has no schemaLocation attribute, but a "location" attribute (lenient: "base.xsd" is followed as its schemaLocation)',
    ]);
    const item = model.schema.complexTypes.find((t) => t.name.name === 'Item');
    expect(JSON.stringify(item)).toContain('"colour"');
    expect(JSON.stringify(model.schema)).toContain('"sku"');
  });
});
