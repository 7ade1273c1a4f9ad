import { describe, expect, it } from 'vitest';
import { buildModel, buildModelCollecting } from '../../src/model/index.js';
import { WsdlcError } from '../../src/util/errors.js';
import { loadedFrom, wsdl } from './helpers.js';

function errorsOf(text: string): string[] {
  try {
    buildModel(loadedFrom({ name: 'bad.wsdl', text }));
  } catch (err) {
    expect(err).toBeInstanceOf(WsdlcError);
    return (err as WsdlcError).message.split('\n');
  }
  throw new Error('expected a WsdlcError');
}

const PT = `<wsdl:portType name="P"><wsdl:operation name="Op"><wsdl:input message="tns:In"/></wsdl:operation></wsdl:portType>`;

describe('contract errors', () => {
  it('reports an undefined message with file:line:column', () => {
    const lines = errorsOf(wsdl('', PT));
    expect(lines).toEqual([expect.stringMatching(/^bad\.wsdl:6:51: undefined message \{urn:t\}In$/)]);
  });

  it('collects every error: undefined type, element, group, attributeGroup, portType, binding', () => {
    const lines = errorsOf(
      wsdl(
        `<s:element name="E" type="tns:Missing"/>
<s:complexType name="T"><s:sequence><s:element ref="tns:NoElem"/><s:group ref="tns:NoGroup"/></s:sequence><s:attributeGroup ref="tns:NoAG"/></s:complexType>
<s:element name="X" type="s:notBuiltin"/>`,
        `<wsdl:message name="M"><wsdl:part name="p" element="tns:Nope"/></wsdl:message>
<wsdl:binding name="B" type="tns:NoPortType"><soap:binding/></wsdl:binding>
<wsdl:service name="S"><wsdl:port name="p" binding="tns:NoBinding"><soap:address location="x"/></wsdl:port></wsdl:service>`,
      ),
    );
    const joined = lines.join('\n');
    expect(joined).toMatch(/bad\.wsdl:\d+:\d+: undefined type \{urn:t\}Missing/);
    expect(joined).toMatch(/undefined element \{urn:t\}NoElem/);
    expect(joined).toMatch(/undefined xsd:group \{urn:t\}NoGroup/);
    expect(joined).toMatch(/undefined xsd:attributeGroup \{urn:t\}NoAG/);
    expect(joined).toMatch(/"notBuiltin" is not an XML Schema built-in type/);
    expect(joined).toMatch(/undefined element \{urn:t\}Nope in part "p"/);
    expect(joined).toMatch(/undefined portType \{urn:t\}NoPortType/);
    expect(joined).toMatch(/undefined binding \{urn:t\}NoBinding/);
    expect(lines).toHaveLength(8);
  });

  it('reports an unbound prefix in a QName attribute value', () => {
    const lines = errorsOf(wsdl('<s:element name="E" type="zz:T"/>'));
    expect(lines).toEqual([expect.stringMatching(/^bad\.wsdl:4:1: unbound namespace prefix "zz" in type="zz:T"$/)]);
  });

  it('skips a binding without a supported extension, with a warning', () => {
    const text = wsdl(
      '',
      `<wsdl:message name="In"/>${PT}
<wsdl:binding name="B" type="tns:P"><other:binding xmlns:other="urn:other"/></wsdl:binding>
<wsdl:service name="S"><wsdl:port name="p" binding="tns:B"/></wsdl:service>`,
    );
    const outcome = buildModelCollecting(loadedFrom({ name: 'w.wsdl', text }));
    expect(outcome.model?.bindings).toEqual([]);
    expect(outcome.model!.services[0]!.ports).toEqual([]);
    expect(outcome.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/binding B skipped/),
        location: expect.objectContaining({ file: 'w.wsdl' }),
      }),
    ]);
  });

  it('refuses a main document that is not WSDL 1.1', () => {
    const lines = errorsOf('<definitions xmlns="urn:not-wsdl"/>');
    expect(lines[0]).toMatch(/^bad\.wsdl:1:1: not a WSDL 1\.1 document/);
    // A WSDL 2.0 description is read (test/wsdl20); one without a targetNamespace is refused there.
    expect(errorsOf('<description xmlns="http://www.w3.org/ns/wsdl"/>')[0]).toMatch(
      /^bad\.wsdl:1:1: WSDL 2\.0 description has no targetNamespace attribute/,
    );
  });
});
