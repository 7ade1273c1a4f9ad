/**
 * Real-world contract slips that node-soap, zeep or wsdl.exe accept and whose
 * meaning is unambiguous: the model builds, with a located warning for each.
 * (Fixtures reduced from node-soap test WSDLs in the shared corpus.)
 */
import { describe, expect, it } from 'vitest';
import { buildModelCollecting } from '../../src/model/index.js';
import type { Diagnostic, WsdlModel } from '../../src/model/types.js';
import { XSD_NS } from '../../src/model/types.js';
import { loadedFrom, wsdl, type InlineDoc } from './helpers.js';

function build(...docs: InlineDoc[]): { model: WsdlModel; warnings: Diagnostic[] } {
  const outcome = buildModelCollecting(loadedFrom(...docs));
  const errors = outcome.diagnostics.filter((d) => d.severity === 'error');
  expect(errors).toEqual([]);
  if (!outcome.model) throw new Error('no model');
  return { model: outcome.model, warnings: outcome.diagnostics.filter((d) => d.severity === 'warning') };
}

const ELEMENTS = `<s:element name="Req"><s:complexType><s:sequence><s:element name="a" type="s:string"/></s:sequence></s:complexType></s:element>
<s:element name="Res"><s:complexType><s:sequence><s:element name="r" type="s:int"/></s:sequence></s:complexType></s:element>`;
const MESSAGES = `<wsdl:message name="In"><wsdl:part name="p" element="tns:Req"/></wsdl:message>
<wsdl:message name="Out"><wsdl:part name="p" element="tns:Res"/></wsdl:message>`;
const PORT_TYPE = `<wsdl:portType name="P"><wsdl:operation name="Op"><wsdl:input message="tns:In"/><wsdl:output message="tns:Out"/></wsdl:operation></wsdl:portType>`;
const SERVICE = `<wsdl:service name="S"><wsdl:port name="p" binding="tns:B"><soap:address location="http://x/"/></wsdl:port></wsdl:service>`;
const bindingOp = (name: string): string =>
  `<wsdl:operation name="${name}"><soap:operation soapAction="${name}"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`;

describe('lenient references', () => {
  it('skips a binding operation that its portType does not define, with a warning (node-soap Dummy.wsdl)', () => {
    const text = wsdl(
      ELEMENTS,
      `${MESSAGES}${PORT_TYPE}
<wsdl:binding name="B" type="tns:P"><soap:binding style="document"/>${bindingOp('Op')}
${bindingOp('OpSave')}</wsdl:binding>${SERVICE}`,
    );
    const { model, warnings } = build({ name: 'd.wsdl', text });
    expect(model.bindings[0]!.operations.map((o) => o.name)).toEqual(['Op']);
    expect(model.operations.map((o) => o.name)).toEqual(['Op']);
    expect(warnings).toEqual([
      expect.objectContaining({
        message:
          'binding B: operation "OpSave" is not defined in portType {urn:t}P (it has "Op"); the binding operation is skipped',
        location: { file: 'd.wsdl', line: 10, column: 1 },
      }),
    ]);
  });

  it("uses the element's type when type= names a global element (node-soap imported_schemas_that_have_aliases)", () => {
    const text = wsdl(`<s:element name="Req" type="tns:reqType"/>
<s:element name="reqType"><s:complexType><s:sequence><s:element name="f" type="s:string"/></s:sequence></s:complexType></s:element>
<s:element name="Holder"><s:complexType><s:sequence><s:element name="rabbit" type="Rabbit"/></s:sequence></s:complexType></s:element>
<s:element name="Rabbit" type="s:int"/>`);
    const { model, warnings } = build({ name: 'e.wsdl', text });
    const req = model.schema.elements.find((e) => e.name.name === 'Req')!;
    expect(req.type).toEqual(model.schema.elements.find((e) => e.name.name === 'reqType')!.type);
    expect(req.type.kind).toBe('complex');
    const holder = model.schema.elements.find((e) => e.name.name === 'Holder')!;
    const seq = holder.type.kind === 'complex' ? holder.type.type.particle : undefined;
    const rabbit = seq && seq.kind === 'sequence' ? seq.particles[0] : undefined;
    // Unprefixed, no default namespace: the schema's own namespace is tried.
    expect(rabbit).toMatchObject({ kind: 'element', type: { kind: 'named', ref: { ns: XSD_NS, name: 'int' } } });
    expect(warnings.map((w) => w.message)).toEqual([
      'type="tns:reqType" names the element {urn:t}reqType, not a type; that element\'s type is used',
      'type="Rabbit" names the element {urn:t}Rabbit, not a type; that element\'s type is used',
    ]);
  });

  it('keeps "undefined type" for a base= that names an element, saying so', () => {
    const text = wsdl(`<s:element name="Base"><s:complexType/></s:element>
<s:complexType name="T"><s:complexContent><s:extension base="tns:Base"/></s:complexContent></s:complexType>`);
    const outcome = buildModelCollecting(loadedFrom({ name: 'b.wsdl', text }));
    expect(outcome.model).toBeUndefined();
    expect(outcome.diagnostics[0]!.message).toBe(
      'undefined type {urn:t}Base ({urn:t}Base is declared as an element, not as a type)',
    );
  });

  it("resolves unprefixed WSDL references in the targetNamespace when the default namespace is WSDL's (node-soap addPrefix)", () => {
    const text = `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
 xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:app">
<message name="Rq"><part name="x" type="xsd:string"/></message>
<message name="Rs"><part name="y" type="string"/></message>
<portType name="PT"><operation name="Go"><input message="Rq"/><output message="Rs"/></operation></portType>
<binding name="B" type="PT"><soap:binding style="rpc"/><operation name="Go"><soap:operation soapAction="Go"/>
<input><soap:body use="literal" namespace="urn:app"/></input><output><soap:body use="literal" namespace="urn:app"/></output></operation></binding>
<service name="S"><port name="p" binding="B"><soap:address location="http://x/"/></port></service>
</definitions>`;
    const { model, warnings } = build({ name: 'a.wsdl', text });
    expect(model.operations).toHaveLength(1);
    expect(model.bindings[0]!.portType).toEqual({ ns: 'urn:app', name: 'PT' });
    expect(model.messages.find((m) => m.name.name === 'Rs')!.parts[0]!.type).toEqual({ ns: XSD_NS, name: 'string' });
    expect(warnings.map((w) => w.message)).toEqual([
      'unprefixed type="string" resolves to {http://schemas.xmlsoap.org/wsdl/}string, which is not defined; {http://www.w3.org/2001/XMLSchema}string is used',
      'unprefixed message="Rq" resolves to {http://schemas.xmlsoap.org/wsdl/}Rq, which is not defined; {urn:app}Rq is used',
      'unprefixed message="Rs" resolves to {http://schemas.xmlsoap.org/wsdl/}Rs, which is not defined; {urn:app}Rs is used',
      'unprefixed type="PT" resolves to {http://schemas.xmlsoap.org/wsdl/}PT, which is not defined; {urn:app}PT is used',
      'unprefixed binding="B" resolves to {http://schemas.xmlsoap.org/wsdl/}B, which is not defined; {urn:app}B is used',
    ]);
  });

  it('warns when a binding operation lacks wsdl:output (e.g. soap:output written instead)', () => {
    const text = wsdl(
      ELEMENTS,
      `${MESSAGES}${PORT_TYPE}
<wsdl:binding name="B" type="tns:P"><soap:binding style="document"/><wsdl:operation name="Op"><soap:operation soapAction="Op"/>
<wsdl:input><soap:body use="literal"/></wsdl:input><soap:output><soap:body use="literal"/></soap:output></wsdl:operation></wsdl:binding>${SERVICE}`,
    );
    const { model, warnings } = build({ name: 'o.wsdl', text });
    expect(model.operations).toHaveLength(1);
    expect(warnings.map((w) => w.message)).toEqual([
      'binding B: operation "Op" has no wsdl:output (found <soap:output> in namespace http://schemas.xmlsoap.org/wsdl/soap/, not wsdl:output); the output is sent with the binding\'s defaults',
    ]);
  });
});
