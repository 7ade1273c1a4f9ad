import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import { XSD_NS } from '../../src/model/types.js';
import { loadedFrom, wsdl } from './helpers.js';

const TYPES = `
<s:element name="Login"><s:complexType><s:sequence>
  <s:element minOccurs="0" name="Username" type="s:string"/>
  <s:element minOccurs="0" name="Password" type="s:string"/>
</s:sequence></s:complexType></s:element>
<s:element name="LoginResponse"><s:complexType><s:sequence>
  <s:element minOccurs="0" name="LoginResult" type="tns:Res"/>
</s:sequence></s:complexType></s:element>
<s:complexType name="Res"><s:sequence><s:element minOccurs="0" name="Ticket" type="s:string"/></s:sequence></s:complexType>
<s:element name="Res" nillable="true" type="tns:Res"/>`;

function body(httpOutElement = 'tns:Res'): string {
  return `
<wsdl:message name="LoginSoapIn"><wsdl:part name="parameters" element="tns:Login"/></wsdl:message>
<wsdl:message name="LoginSoapOut"><wsdl:part name="parameters" element="tns:LoginResponse"/></wsdl:message>
<wsdl:message name="LoginHttpIn"><wsdl:part name="Username" type="s:string"/><wsdl:part name="Password" type="s:string"/></wsdl:message>
<wsdl:message name="LoginHttpOut"><wsdl:part name="Body" element="${httpOutElement}"/></wsdl:message>
<wsdl:portType name="ASoap"><wsdl:operation name="Login"><wsdl:documentation>Logs in.</wsdl:documentation>
  <wsdl:input message="tns:LoginSoapIn"/><wsdl:output message="tns:LoginSoapOut"/></wsdl:operation></wsdl:portType>
<wsdl:portType name="AHttp"><wsdl:operation name="Login">
  <wsdl:input message="tns:LoginHttpIn"/><wsdl:output message="tns:LoginHttpOut"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="ASoap" type="tns:ASoap"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
  <wsdl:operation name="Login"><soap:operation soapAction="urn:t/Login" style="document"/>
  <wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:binding name="ASoap12" type="tns:ASoap"><soap12:binding transport="http://schemas.xmlsoap.org/soap/http"/>
  <wsdl:operation name="Login"><soap12:operation soapAction="urn:t/Login" style="document"/>
  <wsdl:input><soap12:body use="literal"/></wsdl:input><wsdl:output><soap12:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:binding name="AGet" type="tns:AHttp"><http:binding verb="GET"/>
  <wsdl:operation name="Login"><http:operation location="/Login"/>
  <wsdl:input><http:urlEncoded/></wsdl:input><wsdl:output><mime:mimeXml part="Body"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:binding name="APost" type="tns:AHttp"><http:binding verb="POST"/>
  <wsdl:operation name="Login"><http:operation location="/Login"/>
  <wsdl:input><mime:content type="application/x-www-form-urlencoded"/></wsdl:input><wsdl:output><mime:mimeXml part="Body"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:service name="A">
  <wsdl:port name="ASoap" binding="tns:ASoap"><soap:address location="http://h/A.asmx"/></wsdl:port>
  <wsdl:port name="ASoap12" binding="tns:ASoap12"><soap12:address location="http://h/A.asmx"/></wsdl:port>
  <wsdl:port name="AGet" binding="tns:AGet"><http:address location="http://h/A.asmx"/></wsdl:port>
  <wsdl:port name="APost" binding="tns:APost"><http:address location="http://h/A.asmx"/></wsdl:port>
</wsdl:service>`;
}

describe('ASMX-style logical operations', () => {
  const model = buildModel(loadedFrom({ name: 'a.wsdl', text: wsdl(TYPES, body()) }));

  it('models services, ports and binding kinds', () => {
    expect(model.services).toHaveLength(1);
    expect(model.services[0]!.ports.map((p) => [p.name, p.kind, p.address])).toEqual([
      ['ASoap', 'soap11', 'http://h/A.asmx'],
      ['ASoap12', 'soap12', 'http://h/A.asmx'],
      ['AGet', 'httpGet', 'http://h/A.asmx'],
      ['APost', 'httpPost', 'http://h/A.asmx'],
    ]);
    expect(model.bindings.map((b) => b.kind)).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
    expect(model.bindings[0]!.operations[0]!.soapAction).toBe('urn:t/Login');
    expect(model.bindings[2]!.operations[0]!.input!.urlEncoded).toBe(true);
    expect(model.bindings[3]!.operations[0]!.input!.mimeContentType).toBe('application/x-www-form-urlencoded');
    expect(model.bindings[3]!.operations[0]!.output!.mimeXmlPart).toBe('Body');
  });

  it('links one logical operation across the four bindings', () => {
    expect(model.operations).toHaveLength(1);
    const op = model.operations[0]!;
    expect(op.name).toBe('Login');
    expect(op.documentation).toBe('Logs in.');
    expect(op.consistent).toBe(true);
    expect(op.input.fields.map((f) => f.name)).toEqual(['Username', 'Password']);
    expect(op.input.fields[0]!.type.type).toEqual({ kind: 'named', ref: { ns: XSD_NS, name: 'string' } });
    expect(op.output?.single?.type).toEqual({ kind: 'named', ref: { ns: 'urn:t', name: 'Res' } });
    expect(op.bindings.map((b) => b.kind)).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
    const [soap, , get, post] = op.bindings;
    expect(soap!.input.mode).toBe('wrapped');
    expect(soap!.input.element).toEqual({ ns: 'urn:t', name: 'Login' });
    expect(soap!.output!.resultChild).toEqual({ ns: 'urn:t', name: 'LoginResult' });
    expect(soap!.soapAction).toBe('urn:t/Login');
    expect(get!.input.mode).toBe('params');
    expect(get!.httpLocation).toBe('/Login');
    expect(get!.output!.mode).toBe('xml');
    expect(get!.output!.element).toEqual({ ns: 'urn:t', name: 'Res' });
    expect(post!.requestContentType).toBe('application/x-www-form-urlencoded');
    expect(model.warnings).toEqual([]);
  });

  it('flags bindings that disagree on the output type with a warning', () => {
    const types = `${TYPES}<s:element name="Other" type="s:string"/>`;
    const m = buildModel(loadedFrom({ name: 'b.wsdl', text: wsdl(types, body('tns:Other')) }));
    expect(m.operations[0]!.consistent).toBe(false);
    expect(m.warnings).toHaveLength(1);
    expect(m.warnings[0]!.message).toMatch(/disagree/);
    expect(m.warnings[0]!.location?.file).toBe('b.wsdl');
    // The first SOAP binding's signature is the logical one.
    expect(m.operations[0]!.output?.single?.type).toEqual({ kind: 'named', ref: { ns: 'urn:t', name: 'Res' } });
  });

  it('is deterministic', () => {
    const again = buildModel(loadedFrom({ name: 'a.wsdl', text: wsdl(TYPES, body()) }));
    expect(JSON.stringify(again)).toBe(JSON.stringify(model));
  });
});
