/**
 * Random WSDL 1.1 contracts whose names are chosen to collide: names that differ
 * only in case, names that become the same identifier once cleaned (`a-b`,
 * `aB`), names ending in the suffixes the names pass adds (`Item2`), names equal
 * to generated ones (`<Op>Input`, `<S>Client`, `ArrayOf<X>`), runtime symbols,
 * keywords, globals and `Object.prototype` members. The same local name is
 * declared as an element and as a complex type, in two namespaces; rpc parts
 * are named like schema types; operations and services repeat names modulo case.
 * Used by the adversarial-names property test (issue 16, item 2).
 */

/** The names an adversarial contract draws from. */
export const ADVERSARIAL_NAMES: readonly string[] = [
  'Item',
  'item',
  'ITEM',
  'Item2',
  'ArrayOfItem',
  'arrayOfItem',
  'ArrayOfItem2',
  'TestOutput',
  'testOutput',
  'testInput',
  'TestInput2',
  'Test',
  'test',
  'ItemInput',
  'itemOutput',
  'SClient',
  'sService',
  'SBinding',
  'createSHandler',
  'SOperations',
  'SDescriptor',
  'S',
  's',
  'ServiceClient',
  'SoapFault',
  'XmlElement',
  'ComplexDesc',
  'SCHEMA_TYPES',
  'WSDL_TEXT',
  'impl',
  'input',
  'ctx',
  'options',
  'Date',
  'Promise',
  'Array',
  'Record',
  'Readonly',
  'Partial',
  'Buffer',
  'URL',
  'Error',
  'Object',
  'string',
  'number',
  'unknown',
  'never',
  'class',
  'constructor',
  'then',
  'new',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'default',
  'delete',
  'a-b',
  'aB',
  'a.b',
  'A_B',
  'a_b',
  '1st',
  '_1st',
  '_',
  'x\u00e9',
  'X\u00c9',
];

/** A random source in [0, 1). */
export type Random = () => number;

function pick<T>(rnd: Random, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)] as T;
}

function some<T>(rnd: Random, xs: readonly T[], min: number, max: number): T[] {
  const n = min + Math.floor(rnd() * (max - min + 1));
  return Array.from({ length: n }, () => pick(rnd, xs));
}

/** XML-escapes an attribute value. */
function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** An NCName made from an adversarial name (XML names cannot start with a digit or hold `$`). */
function ncname(s: string): string {
  const cleaned = s.replace(/[^\p{L}\p{N}._-]/gu, '_');
  return /^[\p{L}_]/u.test(cleaned) ? cleaned : `_${cleaned}`;
}

const NS = ['urn:adv:a', 'urn:adv:b'] as const;
const PREFIX = ['a', 'b'] as const;
const BUILTINS = ['xs:string', 'xs:int', 'xs:boolean', 'xs:dateTime', 'xs:decimal', 'xs:base64Binary'];

interface Schema {
  readonly complex: string[];
  readonly simple: string[];
  readonly elements: string[];
}

/**
 * One random contract: two schemas (urn:adv:a, urn:adv:b) whose components share
 * adversarial names, a document/literal and an rpc/literal binding over the same
 * portType of adversarially named operations, and one or two services.
 */
export function adversarialContract(rnd: Random): string {
  const schemas: Schema[] = [0, 1].map(() => {
    const complex = [...new Set(some(rnd, ADVERSARIAL_NAMES, 2, 6).map(ncname))];
    const simple = [...new Set(some(rnd, ADVERSARIAL_NAMES, 0, 3).map(ncname))].filter((n) => !complex.includes(n));
    // Elements named like the complex types of either schema, plus others.
    const elements = [
      ...new Set([...complex.filter(() => rnd() < 0.6), ...some(rnd, ADVERSARIAL_NAMES, 1, 4).map(ncname)]),
    ];
    return { complex, simple, elements };
  });
  const typeRefs = [
    ...BUILTINS,
    ...schemas.flatMap((s, i) => [...s.complex, ...s.simple].map((n) => `${PREFIX[i]}:${n}`)),
  ];
  const elementRefs = schemas.flatMap((s, i) => s.elements.map((n) => `${PREFIX[i]}:${n}`));

  const fields = (): string => {
    const names = some(rnd, ADVERSARIAL_NAMES, 1, 4).map(ncname);
    const els = names
      .map((n) => {
        const max = rnd() < 0.3 ? ' maxOccurs="unbounded"' : '';
        const min = rnd() < 0.3 ? ' minOccurs="0"' : '';
        return `<xs:element name="${attr(n)}" type="${pick(rnd, typeRefs)}"${min}${max}/>`;
      })
      .join('');
    const attrs = [...new Set(some(rnd, ADVERSARIAL_NAMES, 0, 2).map(ncname))]
      .map((n) => `<xs:attribute name="${attr(n)}" type="${pick(rnd, BUILTINS.slice(0, 4))}"/>`)
      .join('');
    return `<xs:sequence>${els}</xs:sequence>${attrs}`;
  };

  const schemaText = schemas
    .map((s, i) => {
      const other = PREFIX[1 - i];
      const complex = s.complex.map((n) => `<xs:complexType name="${attr(n)}">${fields()}</xs:complexType>`).join('\n');
      const simple = s.simple
        .map((n) => {
          const values = [...new Set(some(rnd, ADVERSARIAL_NAMES, 1, 4))]
            .map((v) => `<xs:enumeration value="${attr(v)}"/>`)
            .join('');
          return `<xs:simpleType name="${attr(n)}"><xs:restriction base="xs:string">${values}</xs:restriction></xs:simpleType>`;
        })
        .join('\n');
      const elements = s.elements
        .map((n) =>
          rnd() < 0.5
            ? `<xs:element name="${attr(n)}" type="${pick(rnd, typeRefs)}"/>`
            : `<xs:element name="${attr(n)}"><xs:complexType>${fields()}</xs:complexType></xs:element>`,
        )
        .join('\n');
      return `<xs:schema targetNamespace="${NS[i]}" elementFormDefault="qualified" xmlns:${other}="${NS[1 - i]}">
<xs:import namespace="${NS[1 - i]}"/>
${complex}
${simple}
${elements}
</xs:schema>`;
    })
    .join('\n');

  const opNames = [...new Set(some(rnd, ADVERSARIAL_NAMES, 1, 4).map(ncname))];
  const messages: string[] = [];
  const docOps: string[] = [];
  const rpcOps: string[] = [];
  const ptOps: string[] = [];
  const extras: { fault: string | undefined; header: string | undefined }[] = [];
  opNames.forEach((op, i) => {
    const inEl = elementRefs.length > 0 ? pick(rnd, elementRefs) : undefined;
    const outEl = elementRefs.length > 0 ? pick(rnd, elementRefs) : undefined;
    messages.push(
      `<wsdl:message name="d${i}In">${inEl ? `<wsdl:part name="parameters" element="${inEl}"/>` : ''}</wsdl:message>`,
      `<wsdl:message name="d${i}Out">${outEl ? `<wsdl:part name="parameters" element="${outEl}"/>` : ''}</wsdl:message>`,
    );
    const parts = (): string =>
      [...new Set(some(rnd, ADVERSARIAL_NAMES, 0, 3).map(ncname))]
        .map((p) => `<wsdl:part name="${attr(p)}" type="${pick(rnd, typeRefs)}"/>`)
        .join('');
    messages.push(`<wsdl:message name="r${i}In">${parts()}</wsdl:message>`);
    messages.push(`<wsdl:message name="r${i}Out">${parts()}</wsdl:message>`);
    // A fault and a header named adversarially too (document binding only).
    const fault = elementRefs.length > 0 && rnd() < 0.5 ? ncname(pick(rnd, ADVERSARIAL_NAMES)) : undefined;
    const header = elementRefs.length > 0 && rnd() < 0.5 ? ncname(pick(rnd, ADVERSARIAL_NAMES)) : undefined;
    if (fault)
      messages.push(
        `<wsdl:message name="f${i}"><wsdl:part name="${attr(fault)}" element="${pick(rnd, elementRefs)}"/></wsdl:message>`,
      );
    if (header)
      messages.push(
        `<wsdl:message name="h${i}"><wsdl:part name="${attr(header)}" element="${pick(rnd, elementRefs)}"/></wsdl:message>`,
      );
    extras.push({ fault, header });
    ptOps.push(
      `<wsdl:operation name="${attr(op)}"><wsdl:input message="t:d${i}In"/><wsdl:output message="t:d${i}Out"/>` +
        `${fault ? `<wsdl:fault name="${attr(fault)}" message="t:f${i}"/>` : ''}</wsdl:operation>`,
    );
    rpcOps.push(
      `<wsdl:operation name="${attr(op)}"><wsdl:input message="t:r${i}In"/><wsdl:output message="t:r${i}Out"/></wsdl:operation>`,
    );
    docOps.push(op);
  });
  const bindingOps = (rpc: boolean): string =>
    docOps
      .map((op, i) => {
        const { fault, header } = rpc ? { fault: undefined, header: undefined } : (extras[i] ?? {});
        return (
          `<wsdl:operation name="${attr(op)}"><soap:operation soapAction="urn:${rpc ? 'r' : 'd'}${i}"/>` +
          `<wsdl:input><soap:body use="literal"${rpc ? ` namespace="${NS[0]}"` : ''}/>` +
          `${header ? `<soap:header message="t:h${i}" part="${attr(header)}" use="literal"/>` : ''}</wsdl:input>` +
          `<wsdl:output><soap:body use="literal"${rpc ? ` namespace="${NS[0]}"` : ''}/></wsdl:output>` +
          `${fault ? `<wsdl:fault name="${attr(fault)}"><soap:fault name="${attr(fault)}" use="literal"/></wsdl:fault>` : ''}</wsdl:operation>`
        );
      })
      .join('\n');
  // The document and the rpc binding go to different services (one service's bindings
  // of one operation are merged, and the rpc part types would not be generated).
  const services = [...new Set(some(rnd, ADVERSARIAL_NAMES, 2, 4).map(ncname))];
  const serviceText = services
    .map((s, i) => {
      const b = i % 2 === 0 ? 'Doc' : 'Rpc';
      return `<wsdl:service name="${attr(s)}"><wsdl:port name="${attr(s)}${b}" binding="t:${b}"><soap:address location="http://127.0.0.1/${i}"/></wsdl:port></wsdl:service>`;
    })
    .join('\n');

  return `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:adv:t" xmlns:a="${NS[0]}" xmlns:b="${NS[1]}" targetNamespace="urn:adv:t">
<wsdl:types>
${schemaText}
</wsdl:types>
${messages.join('\n')}
<wsdl:portType name="DocPT">${ptOps.join('')}</wsdl:portType>
<wsdl:portType name="RpcPT">${rpcOps.join('')}</wsdl:portType>
<wsdl:binding name="Doc" type="t:DocPT"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
${bindingOps(false)}
</wsdl:binding>
<wsdl:binding name="Rpc" type="t:RpcPT"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
${bindingOps(true)}
</wsdl:binding>
${serviceText}
</wsdl:definitions>
`;
}
