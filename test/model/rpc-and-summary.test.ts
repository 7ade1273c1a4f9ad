import { describe, expect, it } from 'vitest';
import { buildModel, summarizeModel } from '../../src/model/index.js';
import { loadedFrom, wsdl } from './helpers.js';

const RPC = `
<wsdl:message name="AddIn"><wsdl:part name="a" type="s:int"/><wsdl:part name="b" type="s:int"/></wsdl:message>
<wsdl:message name="AddOut"><wsdl:part name="sum" type="s:int"/></wsdl:message>
<wsdl:message name="Hdr"><wsdl:part name="auth" type="s:string"/></wsdl:message>
<wsdl:portType name="Calc"><wsdl:operation name="Add" parameterOrder="a b"><wsdl:input message="tns:AddIn"/><wsdl:output message="tns:AddOut"/></wsdl:operation>
<wsdl:operation name="Ping"><wsdl:input message="tns:Hdr"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="CalcB" type="tns:Calc"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
  <wsdl:operation name="Add"><soap:operation soapAction=""/>
    <wsdl:input><soap:body use="encoded" namespace="urn:calc" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"/><soap:header message="tns:Hdr" part="auth" use="literal"/></wsdl:input>
    <wsdl:output><soap:body use="encoded" namespace="urn:calc"/></wsdl:output></wsdl:operation>
  <wsdl:operation name="Ping"><wsdl:input><soap:body use="literal" namespace="urn:calc"/></wsdl:input></wsdl:operation>
</wsdl:binding>
<wsdl:service name="CalcService"><wsdl:port name="CalcPort" binding="tns:CalcB"><soap:address location="http://h/calc"/></wsdl:port></wsdl:service>`;

describe('rpc style', () => {
  const model = buildModel(loadedFrom({ name: 'rpc.wsdl', text: wsdl('', RPC) }));

  it('wraps parts in the operation-named element in soap:body/@namespace', () => {
    const add = model.operations.find((o) => o.name === 'Add')!;
    const b = add.bindings[0]!;
    expect(b.style).toBe('rpc');
    expect(b.use).toBe('encoded');
    expect(b.input).toMatchObject({ mode: 'wrapped', element: { ns: 'urn:calc', name: 'Add' } });
    expect(b.output).toMatchObject({
      mode: 'wrapped',
      element: { ns: 'urn:calc', name: 'AddResponse' },
      resultChild: { ns: '', name: 'sum' },
    });
    expect(add.input.fields.map((f) => f.name)).toEqual(['a', 'b']);
    expect(b.input.headers).toEqual([
      {
        message: { ns: 'urn:t', name: 'Hdr' },
        part: 'auth',
        type: { ns: 'http://www.w3.org/2001/XMLSchema', name: 'string' },
      },
    ]);
    expect(model.portTypes[0]!.operations[0]!.parameterOrder).toEqual(['a', 'b']);
  });

  it('models one-way operations without output', () => {
    const ping = model.operations.find((o) => o.name === 'Ping')!;
    expect(ping.pattern).toBe('one-way');
    expect(ping.output).toBeUndefined();
    expect(ping.bindings[0]!.output).toBeUndefined();
  });

  it('summarises services, ports and operations', () => {
    const text = summarizeModel(model);
    expect(text).toContain('Service CalcService');
    expect(text).toMatch(/CalcPort\s+soap11\s+http:\/\/h\/calc/);
    expect(text).toContain('Add(a: int, b: int) -> int');
    expect(text).toContain('Ping(auth: string) -> void');
  });
});
