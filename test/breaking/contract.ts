/**
 * Small contracts for the breaking-change tests: one service `S` in `urn:t`, one
 * SOAP 1.1 document/literal binding, and the operations and schema given.
 * Each schema line comes out on a fixed line, so expected locations are stable.
 */

/** One operation: its name, and how its binding differs from the default. */
export interface OpSpec {
  readonly name: string;
  readonly oneWay?: boolean;
  readonly soapAction?: string;
  readonly style?: 'document' | 'rpc';
  readonly use?: 'literal' | 'encoded';
  /** The request's body element (default: the operation name). */
  readonly requestElement?: string;
  /** A declared fault named so, whose detail is the global element `Fault`. */
  readonly fault?: string;
}

/** What a test contract is made of. */
export interface ContractSpec {
  /** Lines inside `xsd:schema`, e.g. element and type declarations. */
  readonly schema: readonly (string | readonly string[])[];
  readonly ops?: readonly OpSpec[];
  readonly tns?: string;
  /** Extra ports with a second SOAP 1.2 binding. */
  readonly soap12?: boolean;
  /** An HTTP GET binding of the first operation at this `http:operation` location (input `a`, output the response element). */
  readonly httpGet?: string;
}

/** The messages, port type, binding and port of {@link ContractSpec.httpGet}. */
function httpGetParts(op: string, location: string): { defs: string; port: string } {
  const defs = `  <wsdl:message name="${op}HttpIn"><wsdl:part name="a" type="s:string"/></wsdl:message>
  <wsdl:message name="${op}HttpOut"><wsdl:part name="Body" element="tns:${op}Response"/></wsdl:message>
  <wsdl:portType name="SHttp"><wsdl:operation name="${op}"><wsdl:input message="tns:${op}HttpIn"/><wsdl:output message="tns:${op}HttpOut"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="SHttpGet" type="tns:SHttp"><http:binding verb="GET"/>
    <wsdl:operation name="${op}"><http:operation location="${location}"/><wsdl:input><http:urlEncoded/></wsdl:input><wsdl:output><mime:mimeXml part="Body"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
`;
  const port =
    '    <wsdl:port name="SHttpGet" binding="tns:SHttpGet"><http:address location="http://localhost/s"/></wsdl:port>\n';
  return { defs, port };
}

/** The WSDL text of a test contract. The schema's first line is line 5. */
export function contract(spec: ContractSpec): string {
  const tns = spec.tns ?? 'urn:t';
  const http = spec.httpGet !== undefined ? httpGetParts(spec.ops?.[0]?.name ?? 'Echo', spec.httpGet) : undefined;
  const ops = spec.ops ?? [{ name: 'Echo' }];
  const msgs = ops
    .map(
      (o) =>
        `  <wsdl:message name="${o.name}In"><wsdl:part name="parameters" element="tns:${o.requestElement ?? o.name}"/></wsdl:message>\n` +
        (o.oneWay
          ? ''
          : `  <wsdl:message name="${o.name}Out"><wsdl:part name="parameters" element="tns:${o.name}Response"/></wsdl:message>\n`) +
        (o.fault
          ? `  <wsdl:message name="${o.fault}Msg"><wsdl:part name="detail" element="tns:Fault"/></wsdl:message>\n`
          : ''),
    )
    .join('');
  const ptOps = ops
    .map(
      (o) =>
        `    <wsdl:operation name="${o.name}"><wsdl:input message="tns:${o.name}In"/>${o.oneWay ? '' : `<wsdl:output message="tns:${o.name}Out"/>`}${o.fault ? `<wsdl:fault name="${o.fault}" message="tns:${o.fault}Msg"/>` : ''}</wsdl:operation>\n`,
    )
    .join('');
  const binding = (name: string, prefix: string): string =>
    `  <wsdl:binding name="${name}" type="tns:SPort"><${prefix}:binding transport="http://schemas.xmlsoap.org/soap/http"/>\n` +
    ops
      .map((o) => {
        const use = o.use ?? 'literal';
        const ns =
          use === 'encoded' ? ` namespace="${tns}" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"` : '';
        const body = `<${prefix}:body use="${use}"${ns}/>`;
        return `    <wsdl:operation name="${o.name}"><${prefix}:operation soapAction="${o.soapAction ?? `${tns}/${o.name}`}" style="${o.style ?? 'document'}"/><wsdl:input>${body}</wsdl:input>${o.oneWay ? '' : `<wsdl:output>${body}</wsdl:output>`}${o.fault ? `<wsdl:fault name="${o.fault}"><${prefix}:fault name="${o.fault}" use="literal"/></wsdl:fault>` : ''}</wsdl:operation>\n`;
      })
      .join('') +
    '  </wsdl:binding>\n';
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="${tns}" targetNamespace="${tns}">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="${tns}">
${spec.schema
  .flat()
  .map((l) => `      ${l}\n`)
  .join('')}    </s:schema>
  </wsdl:types>
${msgs}  <wsdl:portType name="SPort">
${ptOps}  </wsdl:portType>
${binding('SSoap', 'soap')}${spec.soap12 ? binding('SSoap12', 'soap12') : ''}${http?.defs ?? ''}  <wsdl:service name="S">
    <wsdl:port name="SSoap" binding="tns:SSoap"><soap:address location="http://localhost/s"/></wsdl:port>
${spec.soap12 ? '    <wsdl:port name="SSoap12" binding="tns:SSoap12"><soap12:address location="http://localhost/s"/></wsdl:port>\n' : ''}${http?.port ?? ''}  </wsdl:service>
</wsdl:definitions>
`;
}

/** A wrapper element whose sequence holds `children`, one per line (each child at column 7). */
export function wrapper(name: string, children: readonly string[]): string[] {
  return [
    `<s:element name="${name}"><s:complexType><s:sequence>`,
    ...children,
    '</s:sequence></s:complexType></s:element>',
  ];
}

/** A named complex type with a sequence of `children`, one per line. */
export function complexType(name: string, children: readonly string[]): string[] {
  return [`<s:complexType name="${name}"><s:sequence>`, ...children, '</s:sequence></s:complexType>'];
}

/** A named simple type restricting `base` with `facets` (one line). */
export function simpleType(name: string, base: string, facets: readonly string[]): string {
  return `<s:simpleType name="${name}"><s:restriction base="${base}">${facets.join('')}</s:restriction></s:simpleType>`;
}

/** `<s:enumeration value=".."/>` for each value. */
export function enums(...values: string[]): string[] {
  return values.map((v) => `<s:enumeration value="${v}"/>`);
}

/** `<s:element name=".." type=".."/>` with optional occurrence attributes. */
export function el(name: string, type: string, occurs = ''): string {
  return `<s:element name="${name}" type="${type}"${occurs ? ` ${occurs}` : ''}/>`;
}
