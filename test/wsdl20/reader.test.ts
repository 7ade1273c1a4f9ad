/**
 * The WSDL 2.0 reader (src/model/wsdl20): what maps onto the operation model, and
 * what is refused with a located error (file, line and column of the WSDL 2.0
 * element), strict and lenient.
 */
import { describe, expect, it } from 'vitest';
import { buildModelCollecting } from '../../src/model/index.js';
import type { Diagnostic, WsdlModel } from '../../src/model/types.js';
import { loadedFrom, type InlineDoc } from '../model/helpers.js';

const HEAD = `<?xml version="1.0"?>
<description xmlns="http://www.w3.org/ns/wsdl" xmlns:tns="urn:t" xmlns:s="http://www.w3.org/2001/XMLSchema"
    xmlns:wsoap="http://www.w3.org/ns/wsdl/soap" xmlns:whttp="http://www.w3.org/ns/wsdl/http"
    xmlns:wsdlx="http://www.w3.org/ns/wsdl-extensions" xmlns:env="http://www.w3.org/2003/05/soap-envelope"
    targetNamespace="urn:t">`;

const TYPES = `
  <types>
    <s:schema elementFormDefault="qualified" targetNamespace="urn:t">
      <s:element name="Get"><s:complexType><s:sequence><s:element name="id" type="s:string"/></s:sequence></s:complexType></s:element>
      <s:element name="GetResponse"><s:complexType><s:sequence><s:element name="value" type="s:int"/></s:sequence></s:complexType></s:element>
      <s:element name="Problem" type="s:string"/>
      <s:element name="Token" type="s:string"/>
    </s:schema>
  </types>`;

const IFACE = `
  <interface name="I">
    <fault name="Oops" element="tns:Problem"/>
    <operation name="Get" pattern="http://www.w3.org/ns/wsdl/in-out">
      <input element="tns:Get"/>
      <output element="tns:GetResponse"/>
      <outfault ref="tns:Oops"/>
    </operation>
  </interface>`;

const SOAP_BINDING = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/soap" wsoap:protocol="http://www.w3.org/2003/05/soap/bindings/HTTP/">
    <operation ref="tns:Get" wsoap:action="urn:Get"/>
  </binding>`;

/** The SOAP binding B and an HTTP POST binding P of Get (location `get`), each with an endpoint of service S. */
function soapAndHttpEndpoints(): string {
  return `${SOAP_BINDING}
  <binding name="P" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="POST">
    <operation ref="tns:Get" whttp:location="get"/>
  </binding>
  <service name="S" interface="tns:I">
    <endpoint name="ES" binding="tns:B" address="http://example.com/svc/"/>
    <endpoint name="EP" binding="tns:P" address="http://example.com/svc/"/>
  </service>`;
}

/** HTTP binding B of interface I, GET by default, with Get at `location` (as written in the WSDL). */
function getBinding(location: string): string {
  return `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="${location}"/>
  </binding>`;
}

/** Interface I with safe (GET by default) in-out operations of these names, each taking tns:Get. */
function safeInterface(...names: string[]): string {
  const ops = names.map(
    (n) => `
    <operation name="${n}" pattern="http://www.w3.org/ns/wsdl/in-out" wsdlx:safe="true">
      <input element="tns:Get"/><output element="tns:GetResponse"/>
    </operation>`,
  );
  return `\n  <interface name="I">${ops.join('')}\n  </interface>`;
}

function doc(body: string, types = TYPES): string {
  return `${HEAD}${types}${body}\n</description>\n`;
}

function service(binding = 'tns:B', address = 'http://example.com/svc/', iface = 'tns:I'): string {
  return `
  <service name="S" interface="${iface}">
    <endpoint name="E" binding="${binding}" address="${address}"/>
  </service>`;
}

function build(text: string, lenient = false, more: InlineDoc[] = []) {
  return buildModelCollecting(loadedFrom({ name: 'c.wsdl', text }, ...more), { lenient });
}

function model(text: string, more: InlineDoc[] = []): WsdlModel {
  const outcome = build(text, false, more);
  expect(outcome.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return outcome.model!;
}

/** Line and column of the first `<` of the line holding `needle`'s start tag. */
function at(text: string, needle: string): { line: number; column: number } {
  const i = text.indexOf(needle);
  expect(i).toBeGreaterThanOrEqual(0);
  const tag = text.lastIndexOf('<', i);
  const before = text.slice(0, tag);
  const line = before.split('\n').length;
  return { line, column: tag - before.lastIndexOf('\n') };
}

function errors(text: string, lenient = false, more: InlineDoc[] = []): Diagnostic[] {
  return build(text, lenient, more).diagnostics.filter((d) => d.severity === 'error');
}

/** Asserts exactly one error, located at the element holding `needle`, matching `message`. */
function expectOneError(text: string, needle: string, message: RegExp): void {
  const errs = errors(text);
  expect(errs.map((e) => e.message)).toEqual([expect.stringMatching(message)]);
  expect(errs[0]!.location).toEqual({ file: 'c.wsdl', ...at(text, needle) });
}

describe('WSDL 2.0 onto the operation model', () => {
  it('maps interface, SOAP binding and endpoint: wsdlVersion 2.0, soap12 by default, the action, the element as one part', () => {
    const m = model(doc(IFACE + SOAP_BINDING + service()));
    expect(m.wsdlVersion).toBe('2.0');
    expect(m.bindings.map((b) => [b.name.name, b.kind, b.style])).toEqual([['B', 'soap12', 'document']]);
    expect(m.services[0]!.ports).toMatchObject([{ name: 'E', kind: 'soap12', address: 'http://example.com/svc/' }]);
    const op = m.operations[0]!;
    expect(op.name).toBe('Get');
    expect(op.pattern).toBe('request-response');
    expect(op.input.fields.map((f) => f.name)).toEqual(['id']);
    expect(op.faults).toMatchObject([{ name: 'Oops', element: { ns: 'urn:t', name: 'Problem' } }]);
    const ob = op.bindings[0]!;
    expect(ob).toMatchObject({ kind: 'soap12', soapAction: 'urn:Get', style: 'document', use: 'literal' });
    expect(ob.input).toMatchObject({ mode: 'wrapped', element: { ns: 'urn:t', name: 'Get' } });
    expect(ob.output).toMatchObject({ mode: 'wrapped', element: { ns: 'urn:t', name: 'GetResponse' } });
  });

  it('wsoap:version 1.1, wsoap:header, and wsoap:code/subcodes of a binding fault', () => {
    const binding = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/soap" wsoap:version="1.1" wsoap:protocol="http://www.w3.org/2006/01/soap11/bindings/HTTP/">
    <fault ref="tns:Oops" wsoap:code="env:Sender" wsoap:subcodes="tns:Bad tns:Worse"/>
    <operation ref="tns:Get">
      <input><wsoap:header element="tns:Token" mustUnderstand="true"/></input>
    </operation>
  </binding>`;
    const m = model(doc(IFACE + binding + service()));
    expect(m.bindings[0]!.kind).toBe('soap11');
    const bop = m.bindings[0]!.operations[0]!;
    expect(bop.soapAction).toBe('');
    expect(bop.faults).toEqual([
      {
        name: 'Oops',
        use: 'literal',
        soapCode: { ns: 'http://www.w3.org/2003/05/soap-envelope', name: 'Sender' },
        soapSubcodes: [
          { ns: 'urn:t', name: 'Bad' },
          { ns: 'urn:t', name: 'Worse' },
        ],
      },
    ]);
    expect(m.operations[0]!.bindings[0]!.input.headers).toMatchObject([{ element: { ns: 'urn:t', name: 'Token' } }]);
  });

  it('flattens interface extends, and maps in-only and robust-in-only to one-way (robust keeps its faults)', () => {
    const ifaces = `
  <interface name="Base">
    <fault name="Oops" element="tns:Problem"/>
    <operation name="Get" pattern="http://www.w3.org/ns/wsdl/in-out"><input element="tns:Get"/><output element="tns:GetResponse"/></operation>
  </interface>
  <interface name="I" extends="tns:Base">
    <operation name="Fire" pattern="http://www.w3.org/ns/wsdl/in-only"><input element="tns:Token"/></operation>
    <operation name="Try" pattern="http://www.w3.org/ns/wsdl/robust-in-only"><input element="tns:Token"/><outfault ref="tns:Oops"/></operation>
  </interface>`;
    const binding = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/soap" wsoap:protocol="http://www.w3.org/2003/05/soap/bindings/HTTP/"/>`;
    const m = model(doc(ifaces + binding + service()));
    expect(m.operations.map((o) => [o.name, o.pattern, o.faults.map((f) => f.name)])).toEqual([
      ['Get', 'request-response', []],
      ['Fire', 'one-way', []],
      ['Try', 'one-way', ['Oops']],
    ]);
  });

  it('#none is a message without parts', () => {
    const iface = `
  <interface name="I">
    <operation name="Ping" pattern="http://www.w3.org/ns/wsdl/in-out"><input element="#none"/><output element="tns:GetResponse"/></operation>
  </interface>`;
    const m = model(doc(iface + SOAP_BINDING.replace('tns:Get"', 'tns:Ping"') + service()));
    expect(m.operations[0]!.input.fields).toEqual([]);
    expect(m.operations[0]!.bindings[0]!.input.mode).toBe('none');
  });

  it('HTTP operations whose locations differ only in the query: a located warning that the server answers the path with the first', () => {
    const iface = safeInterface('Get', 'Peek', 'Look');
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http">
    <operation ref="tns:Get" whttp:location="item?v=1"/>
    <operation ref="tns:Peek" whttp:location="item?v=2"/>
    <operation ref="tns:Look" whttp:location="other"/>
  </binding>`;
    const text = doc(iface + b + service());
    const outcome = build(text);
    const warnings = outcome.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => d.message)).toEqual([
      'operation Peek of port E (httpGet): its location "item?v=2" has the path of operation Get\'s (the locations differ at most in their query or in the names they cite); the generated server matches request paths, not queries, and answers that path with Get',
    ]);
    expect(warnings[0]?.location).toMatchObject({ file: 'c.wsdl', ...at(text, '<operation ref="tns:Peek"') });
    expect(outcome.model?.operations.map((o) => o.name)).toEqual(['Get', 'Peek', 'Look']);
  });

  it('HTTP locations a URL parser would not send as written (".", "..", "\\", "#"): left out of that binding, located', () => {
    for (const [written, why] of [
      ['m/./{id}', 'has a "." segment, which URL resolution removes'],
      ['f/../g/{id}', 'has a ".." segment'],
      ['f/%2E%2e/g', 'has a ".." segment'],
      ['f\\x', 'holds "\\", which URL parsers read as "/"'],
      ['f#x/{id}', 'holds "#", which would end the request\'s path'],
    ] as const) {
      const b = getBinding(written);
      const text = doc(IFACE + b + service());
      const outcome = build(text);
      const warnings = outcome.diagnostics.filter((d) => d.severity === 'warning');
      expect(warnings.map((d) => d.message)).toEqual([expect.stringContaining(why)]);
      expect(warnings[0]!.message).toMatch(/; generated code does not offer the operation over this binding$/);
      expect(warnings[0]?.location).toMatchObject({ file: 'c.wsdl', ...at(text, '<operation ref="tns:Get" whttp') });
      expect(outcome.model?.operations).toEqual([]);
    }
  });

  it('HTTP locations differing only in a final "/" or a percent-escape: the located warning that the server answers both with the first', () => {
    for (const [get, peek, shown] of [
      ['item/{!id}', 'item/{!id}/', 'item\\/\\(!id\\)\\/'],
      ['get%20item', 'get item', 'get item'],
    ] as const) {
      const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http">
    <operation ref="tns:Get" whttp:location="${get}"/>
    <operation ref="tns:Peek" whttp:location="${peek}"/>
  </binding>`;
      const text = doc(safeInterface('Get', 'Peek') + b + service());
      const warnings = build(text).diagnostics.filter((d) => d.severity === 'warning');
      expect(warnings.map((d) => d.message)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^operation Peek of port E \\(httpGet\\): its location "${shown}" has the path of operation Get's`,
          ),
        ),
      ]);
      expect(warnings[0]?.location).toMatchObject({ file: 'c.wsdl', ...at(text, '<operation ref="tns:Peek"') });
    }
  });

  it('HTTP locations citing two values with no text between them: left out of that binding, with a located warning', () => {
    const types = TYPES.replace(
      '<s:element name="id" type="s:string"/>',
      '<s:element name="id" type="s:string"/><s:element name="rev" type="s:string"/>',
    );
    for (const [written, cited] of [
      ['items/{!id}{rev}', '(!id) and (rev)'],
      ['items/{id}{!rev}/x?v=1', '(id) and (!rev)'],
    ] as const) {
      const b = getBinding(written);
      const text = doc(IFACE + b + service(), types);
      const outcome = build(text);
      const warnings = outcome.diagnostics.filter((d) => d.severity === 'warning');
      expect(warnings.map((d) => d.message)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^operation Get of port E \\(httpGet\\): location ".*" cites ${cited.replace(/[()!]/g, '\\$&')} with no text between them, so a request path would not say where the first value ends; generated code does not offer the operation over this binding$`,
          ),
        ),
      ]);
      expect(warnings[0]?.location).toMatchObject({ file: 'c.wsdl', ...at(text, '<operation ref="tns:Get" whttp') });
      expect(outcome.model?.operations).toEqual([]);
    }
    // Text between them, in the path or only in the query: generated, no warning.
    for (const written of ['items/{!id}/{rev}', 'items/{!id}?rev={rev}', 'items/{id}-{rev}']) {
      const b = getBinding(written);
      const outcome = build(doc(IFACE + b + service(), types));
      expect(outcome.diagnostics).toEqual([]);
      expect(outcome.model?.operations.map((o) => o.name)).toEqual(['Get']);
    }
  });

  it('HTTP binding: GET with URL-encoded parameters (the default for GET), POST with an XML body (the default for POST)', () => {
    const bindings = `
  <binding name="G" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="get"/>
  </binding>
  <binding name="P" interface="tns:I" type="http://www.w3.org/ns/wsdl/http">
    <operation ref="tns:Get" whttp:location="post"/>
  </binding>`;
    const svc = `
  <service name="S" interface="tns:I">
    <endpoint name="EG" binding="tns:G" address="http://example.com/svc/"/>
    <endpoint name="EP" binding="tns:P" address="http://example.com/svc/"/>
  </service>`;
    const m = model(doc(IFACE + bindings + svc));
    const [get, post] = m.operations[0]!.bindings;
    expect(get).toMatchObject({ kind: 'httpGet', httpLocation: 'get', input: { mode: 'params' } });
    expect(get!.output).toMatchObject({ mode: 'xml', element: { name: 'GetResponse' } });
    expect(post).toMatchObject({ kind: 'httpPost', httpLocation: 'post', input: { mode: 'xml' } });
    expect(m.operations[0]!.input.fields.map((f) => f.name)).toEqual(['id']);
  });

  it('whttp:location {!name} in the path and name={name} in the query are citations (written (!name), (name))', () => {
    for (const [written, location] of [
      ['items/{!id}/x?a=1', 'items/(!id)/x?a=1'],
      ['items?a=1&amp;id={id}&amp;b=2', 'items?a=1&id=(id)&b=2'],
    ] as const) {
      const b = getBinding(written);
      const m = model(doc(IFACE + b + service()));
      expect(m.warnings).toEqual([]);
      expect(m.operations[0]!.bindings[0]).toMatchObject({
        kind: 'httpGet',
        httpLocation: location,
        pathParams: ['id'],
      });
    }
  });

  it('in-only and robust-in-only over the HTTP binding are one-way operations without an output', () => {
    const iface = `
  <interface name="I">
    <fault name="Oops" element="tns:Problem"/>
    <operation name="Fire" pattern="http://www.w3.org/ns/wsdl/in-only"><input element="tns:Get"/></operation>
    <operation name="Try" pattern="http://www.w3.org/ns/wsdl/robust-in-only"><input element="tns:Get"/><outfault ref="tns:Oops"/></operation>
  </interface>`;
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="POST"/>`;
    const m = model(doc(iface + b + service()));
    expect(m.operations.map((o) => [o.name, o.pattern, o.bindings.map((x) => x.kind), o.output])).toEqual([
      ['Fire', 'one-way', ['httpPost'], undefined],
      ['Try', 'one-way', ['httpPost'], undefined],
    ]);
  });

  it('an HTTP endpoint whose output element has several children returns its content, as the SOAP endpoints do', () => {
    const types = TYPES.replace(
      '<s:element name="value" type="s:int"/>',
      '<s:element name="value" type="s:int"/><s:element name="unit" type="s:string"/>',
    );
    const m = model(doc(IFACE + soapAndHttpEndpoints(), types));
    const op = m.operations[0]!;
    expect(op.bindings.map((b) => b.port)).toEqual(['ES', 'EP']);
    expect(op.consistent).toBe(true);
    expect(m.warnings).toEqual([]);
    expect(op.output?.single).toBeUndefined();
    expect(op.output?.fields.map((f) => f.name)).toEqual(['value', 'unit']);
    expect(op.bindings[1]!.output).toMatchObject({ mode: 'xml', element: { name: 'GetResponse' } });
    expect(op.bindings[1]!.output?.resultChild).toBeUndefined();
  });

  it('an HTTP endpoint whose output element the SOAP endpoints unwrap (one child) returns that child too, as they do', () => {
    const m = model(doc(IFACE + soapAndHttpEndpoints()));
    const op = m.operations[0]!;
    expect(op.bindings.map((b) => b.port)).toEqual(['ES', 'EP']);
    expect(op.consistent).toBe(true);
    expect(m.warnings).toEqual([]);
    expect(op.output?.single?.element).toEqual({ ns: 'urn:t', name: 'value' });
    const [soap, http] = op.bindings;
    expect(soap!.output).toMatchObject({ mode: 'wrapped', resultChild: { ns: 'urn:t', name: 'value' } });
    expect(http!.output).toMatchObject({
      mode: 'xml',
      element: { ns: 'urn:t', name: 'GetResponse' },
      resultChild: { ns: 'urn:t', name: 'value' },
    });
  });

  it('an HTTP binding using GET (wsdlx:safe) and POST becomes two bindings, its endpoint two ports', () => {
    const iface = `
  <interface name="I">
    <operation name="Get" pattern="http://www.w3.org/ns/wsdl/in-out" wsdlx:safe="true"><input element="tns:Get"/><output element="tns:GetResponse"/></operation>
    <operation name="Set" pattern="http://www.w3.org/ns/wsdl/in-out"><input element="tns:Get"/><output element="tns:GetResponse"/></operation>
  </interface>`;
    const mixed = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http">
    <operation ref="tns:Get" whttp:location="get"/>
    <operation ref="tns:Set" whttp:location="set"/>
  </binding>`;
    const m = model(doc(iface + mixed + service()));
    expect(m.bindings.map((b) => [b.name.name, b.kind, b.operations.map((o) => o.name)])).toEqual([
      ['B.GET', 'httpGet', ['Get']],
      ['B.POST', 'httpPost', ['Set']],
    ]);
    expect(m.services[0]!.ports.map((p) => [p.name, p.kind])).toEqual([
      ['E.GET', 'httpGet'],
      ['E.POST', 'httpPost'],
    ]);
    expect(m.operations.map((o) => [o.name, o.bindings.map((b) => [b.kind, b.httpLocation])])).toEqual([
      ['Get', [['httpGet', 'get']]],
      ['Set', [['httpPost', 'set']]],
    ]);
  });

  it('a whttp:location citing {id} puts that input value in the path, as http:urlReplacement does', () => {
    const binding = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="items/{id}/{{v1}}"/>
  </binding>`;
    const m = model(doc(IFACE + binding + service()));
    expect(m.operations[0]!.bindings[0]).toMatchObject({
      kind: 'httpGet',
      httpLocation: 'items/(id)/{v1}',
      pathParams: ['id'],
      input: { mode: 'params' },
    });
  });

  it('wsdlx:safe selects GET when no method is given; {{ and }} in a location are literal braces', () => {
    const iface = IFACE.replace(
      'pattern="http://www.w3.org/ns/wsdl/in-out"',
      'pattern="http://www.w3.org/ns/wsdl/in-out" wsdlx:safe="true"',
    );
    const binding = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http">
    <operation ref="tns:Get" whttp:location="a{{b}}"/>
  </binding>`;
    const m = model(doc(iface + binding + service()));
    expect(m.operations[0]!.bindings[0]).toMatchObject({ kind: 'httpGet', httpLocation: 'a{b}' });
  });

  it('reads interfaces and schemas of an included and an imported WSDL 2.0 document', () => {
    const main = `${HEAD}
  <include location="part.wsdl"/>
  <import namespace="urn:other" location="other.wsdl"/>${SOAP_BINDING.replace('tns:I', 'o:I').replace('tns:Get', 'o:Get').replace('<binding', '<binding xmlns:o="urn:other"')}
${service('tns:B', 'http://example.com/', 'o:I').replace('<service', '<service xmlns:o="urn:other"')}
</description>`;
    const part = `${HEAD}${TYPES}\n</description>`;
    const otherIface = IFACE.replace('ref="tns:Oops"', 'ref="o:Oops"').replace(
      '<interface name="I">',
      '<interface name="I" xmlns:o="urn:other">',
    );
    const other = `${HEAD.replace('targetNamespace="urn:t"', 'targetNamespace="urn:other"')}${otherIface}\n</description>`;
    const m = model(main, [
      { name: 'part.wsdl', text: part },
      { name: 'other.wsdl', text: other },
    ]);
    expect(m.operations.map((o) => o.name)).toEqual(['Get']);
    expect(m.operations[0]!.input.fields.map((f) => f.name)).toEqual(['id']);
  });
});

describe('WSDL 2.0 constructs without an equivalent: located errors', () => {
  it('element="#any" on an input', () => {
    const text = doc(IFACE.replace('<input element="tns:Get"/>', '<input element="#any"/>') + SOAP_BINDING + service());
    expectOneError(
      text,
      'input element="#any"',
      /operation "Get" input element="#any" \(any single element\) is not supported/,
    );
  });

  it('a message exchange pattern other than in-out, in-only, robust-in-only', () => {
    const text = doc(IFACE.replace('wsdl/in-out', 'wsdl/out-in') + SOAP_BINDING + service());
    expectOneError(
      text,
      'operation name="Get"',
      /message exchange pattern http:\/\/www\.w3\.org\/ns\/wsdl\/out-in is not supported/,
    );
  });

  it('a binding type other than the WSDL 2.0 SOAP and HTTP bindings (e.g. a 2004 draft URI)', () => {
    const text = doc(
      IFACE +
        SOAP_BINDING.replace('type="http://www.w3.org/ns/wsdl/soap"', 'type="http://www.w3.org/2004/08/wsdl/soap12"') +
        service(),
    );
    expectOneError(text, 'binding name="B"', /type "http:\/\/www\.w3\.org\/2004\/08\/wsdl\/soap12" is not supported/);
  });

  it('a SOAP MEP other than request-response and SOAP-Response', () => {
    const text = doc(
      IFACE + SOAP_BINDING.replace('wsoap:action="urn:Get"', 'wsoap:mep="http://example.com/mep/notify"') + service(),
    );
    expectOneError(text, 'operation ref="tns:Get"', /SOAP MEP http:\/\/example\.com\/mep\/notify is not supported/);
  });

  it('the SOAP-Response MEP on an operation with no output (its GET is answered by the output)', () => {
    const iface = IFACE.replace(
      'pattern="http://www.w3.org/ns/wsdl/in-out"',
      'pattern="http://www.w3.org/ns/wsdl/in-only"',
    )
      .replace('<output element="tns:GetResponse"/>', '')
      .replace('<outfault ref="tns:Oops"/>', '');
    const text = doc(
      iface +
        SOAP_BINDING.replace(
          'wsoap:action="urn:Get"',
          'wsoap:mep="http://www.w3.org/2003/05/soap/mep/soap-response/"',
        ) +
        service(),
    );
    expectOneError(text, 'operation ref="tns:Get"', /SOAP-Response MEP\): the operation has no output message/);
  });

  it('a whttp:location citing a value in the query other than as a whole value named after it, or unencoded there, or with an XML input', () => {
    for (const [location, message] of [
      ['items?id={!id}', /\{!id\} asks for the value unencoded in the query part/],
      ['items?key={id}', /\{id\} in the query part must be a whole value named after it \(id=\{id\}\)/],
      ['items?id={id}x', /\{id\} in the query part must be a whole value/],
      ['items?{id}', /\{id\} in the query part must be a whole value/],
    ] as const) {
      const query = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="${location}"/>
  </binding>`;
      expectOneError(doc(IFACE + query + service()), `whttp:location="${location}"`, message);
    }
    const xml = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="POST">
    <operation ref="tns:Get" whttp:location="items/{id}"/>
  </binding>`;
    expectOneError(doc(IFACE + xml + service()), 'whttp:location="items/{id}"', /while the input is an XML body/);
  });

  it('a whttp:location with an unclosed or empty {', () => {
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="items/{id"/>
  </binding>`;
    expectOneError(doc(IFACE + b + service()), 'whttp:location="items/{id"', /does not enclose an element name/);
  });

  it('a query parameter separator other than & and ;', () => {
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET" whttp:queryParameterSeparatorDefault=",">
    <operation ref="tns:Get" whttp:location="get"/>
  </binding>`;
    const text = doc(IFACE + b + service());
    expectOneError(text, 'operation ref="tns:Get"', /whttp:queryParameterSeparator="," is not supported/);
  });

  it('whttp:ignoreUncited leaving a required value unsent: the operation is left out of that binding, with a located warning', () => {
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="get" whttp:ignoreUncited="true"/>
  </binding>`;
    const text = doc(IFACE + b + service());
    const m = model(text);
    expect(m.operations).toEqual([]);
    expect(m.warnings).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /ignoreUncited="true" and the location "get" does not cite the required input "id"/,
        ),
        location: { file: 'c.wsdl', ...at(text, 'operation ref="tns:Get" whttp:location="get"') },
      }),
    ]);
  });

  it('whttp:ignoreUncited and a ";" separator reach the model', () => {
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET" whttp:queryParameterSeparatorDefault=";">
    <operation ref="tns:Get" whttp:location="get/{id}" whttp:ignoreUncited="true"/>
  </binding>`;
    const m = model(doc(IFACE + b + service()));
    expect(m.operations[0]!.bindings[0]).toMatchObject({
      ignoreUncited: true,
      querySeparator: ';',
      pathParams: ['id'],
    });
  });

  it('an HTTP method other than GET and POST', () => {
    const put = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="PUT">
    <operation ref="tns:Get" whttp:location="get"/>
  </binding>`;
    expectOneError(doc(IFACE + put + service()), 'operation ref="tns:Get"', /HTTP method PUT is not supported/);
  });

  it('an HTTP endpoint address whose relative locations resolve elsewhere than address + "/" + location', () => {
    const b = `
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/http" whttp:methodDefault="GET">
    <operation ref="tns:Get" whttp:location="get"/>
  </binding>`;
    const text = doc(IFACE + b + service('tns:B', 'http://example.com/svc.asmx'));
    expectOneError(
      text,
      'endpoint name="E"',
      /resolves against address .* to http:\/\/example\.com\/get .* wsdlc would send to http:\/\/example\.com\/svc\.asmx\/get/,
    );
  });

  it('an interface that extends itself', () => {
    const iface = IFACE.replace('<interface name="I">', '<interface name="I" extends="tns:I">');
    const text = doc(iface + SOAP_BINDING + service());
    expectOneError(text, 'interface name="I"', /interface \{urn:t\}I extends itself/);
  });

  it('an endpoint whose binding is for another interface', () => {
    const other = `
  <interface name="J"/>`;
    const text = doc(IFACE + other + SOAP_BINDING + service('tns:B', 'http://example.com/', 'tns:J'));
    expectOneError(
      text,
      'endpoint name="E"',
      /binding \{urn:t\}B is for interface \{urn:t\}I, not the service's \{urn:t\}J/,
    );
  });

  it('an include of a document with another targetNamespace', () => {
    const main = `${HEAD}\n  <include location="part.wsdl"/>\n</description>`;
    const part = `${HEAD.replace('targetNamespace="urn:t"', 'targetNamespace="urn:x"')}\n</description>`;
    const errs = errors(main, false, [{ name: 'part.wsdl', text: part }]);
    expect(errs.map((e) => e.message)).toEqual([
      expect.stringMatching(/include of part\.wsdl, whose targetNamespace is "urn:x", not "urn:t"/),
    ]);
  });

  it('an undefined element: located at the input (strict); lenient mode replaces it and says so', () => {
    const text = doc(IFACE.replace('tns:Get"/>', 'tns:Missing"/>') + SOAP_BINDING + service());
    expectOneError(text, 'element="tns:Missing"', /undefined element \{urn:t\}Missing/);
    const lenient = build(text, true);
    expect(lenient.model).toBeDefined();
    expect(lenient.model!.lenient!.replaced.map((d) => d.message)).toEqual([
      expect.stringMatching(/undefined element \{urn:t\}Missing.*lenient/),
    ]);
  });

  it('an undefined interface in a binding: an error (strict), a warning and the binding left out (lenient)', () => {
    const text = doc(IFACE + SOAP_BINDING.replace('interface="tns:I"', 'interface="tns:Nope"') + service());
    const errs = errors(text);
    expect(errs[0]!.message).toMatch(/undefined interface \{urn:t\}Nope \(defined: \{urn:t\}I\)/);
    expect(errs[0]!.location).toEqual({ file: 'c.wsdl', ...at(text, 'binding name="B"') });
    const lenient = build(text, true);
    expect(lenient.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(lenient.model!.lenient!.replaced[0]!.message).toMatch(
      /undefined interface .*lenient: the binding and its endpoints are left out/,
    );
    expect(lenient.model!.services[0]!.ports).toEqual([]);
  });
});
