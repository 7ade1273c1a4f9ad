/**
 * Descriptors: the plain-data description of a service that generated code hands
 * to the runtime. The generator emits one {@link ServiceDesc} per service (in
 * `schema.ts` of the output); the runtime's encoder, decoder, client and server
 * read it. Nothing here refers to the generator: this file ships with generated code.
 */

/**
 * How a simple value is written and read.
 * - `string`: text as is (XML Schema string and its derivatives, anyURI, dates when mapped to string).
 * - `boolean`: `true`/`false` (reads `1`/`0` too).
 * - `int`: a JS number holding an integer (int, short, byte, unsigned*, and long/integer by default).
 * - `double`: a JS number (float, double, decimal by default); reads and writes `INF`, `-INF`, `NaN`.
 * - `bigint`: a JS bigint (long/integer with the lossless mapping).
 * - `integerString`: an integer kept as its decimal text (lossless, validated).
 * - `decimalString`: a decimal kept as text (lossless, validated).
 * - `dateTime`: a JS `Date` (xsd:dateTime); written in UTC as ISO 8601.
 * - `base64`: a `Uint8Array` (base64Binary).
 * - `hex`: a `Uint8Array` (hexBinary).
 * - `qname`: a `{ ns, name }` object resolved against in-scope namespaces.
 * - `xml`: the raw element (anyType, xsd:any): an `XmlElement`.
 * - `dataSet`: an ASMX DataSet/DataTable (inline schema + diffgram): a `DataSet` (dataset.ts).
 */
export type ScalarKind =
  | 'string'
  | 'boolean'
  | 'int'
  | 'double'
  | 'bigint'
  | 'integerString'
  | 'decimalString'
  | 'dateTime'
  | 'base64'
  | 'hex'
  | 'qname'
  | 'xml'
  | 'dataSet';

/**
 * The value space of a bounded built-in integer type (XML Schema Part 2
 * §3.3.14-§3.3.25), checked when integers are read and written; an integer
 * scalar without one is an unbounded `xsd:integer`.
 */
export type IntegerRange =
  | 'long'
  | 'int'
  | 'short'
  | 'byte'
  | 'unsignedLong'
  | 'unsignedInt'
  | 'unsignedShort'
  | 'unsignedByte'
  | 'nonNegativeInteger'
  | 'positiveInteger'
  | 'nonPositiveInteger'
  | 'negativeInteger';

/**
 * Where a field's values come from: a scalar, optionally restricted to an
 * enumeration or (integers) a built-in range, or a complex type.
 */
export type ValueDesc =
  | {
      readonly scalar: ScalarKind;
      readonly enum?: readonly string[];
      readonly list?: boolean;
      readonly range?: IntegerRange;
      /** What a made-up value must also fit (see {@link SampleFacets}); never in generated descriptors. */
      readonly facets?: SampleFacets;
    }
  | { readonly complex: string };

/**
 * What a value made up for a mock (`wsdlc mock`) must fit beyond its kind: string
 * facets (XML Schema Part 2 §4.3.1-4.3.4) and a union's member types (§2.5.1.3).
 * Carried only by descriptors built from the contract for a mock
 * (`serviceDescriptors(model, { sampleFacets: true })`); the codec ignores them.
 */
export interface SampleFacets {
  readonly length?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The `xsd:pattern` values of the most derived restriction that has any (a value matches one of them). */
  readonly pattern?: readonly string[];
  /** A union's member types: a value of any one of them is a value of the union. */
  readonly union?: readonly ValueDesc[];
}

/** An element in a complex type's content, flattened in document order. */
export interface FieldDesc {
  /** The TypeScript property name. */
  readonly prop: string;
  /** The element's local name. */
  readonly name: string;
  /** The element's namespace URI (`''` when unqualified). */
  readonly ns: string;
  readonly value: ValueDesc;
  /** minOccurs (0 = optional). */
  readonly min: number;
  /** maxOccurs; `-1` for unbounded. Arrays when > 1 or -1. */
  readonly max: number;
  /** `nillable="true"`: the value may be `null`, written as `xsi:nil="true"`. */
  readonly nillable?: boolean;
  /** Index of the choice group (`xsd:choice`) this field belongs to, if any: at most one branch of a group is present. */
  readonly choice?: number;
  /**
   * The branch of the choice group the field belongs to: fields of one branch (a
   * sequence inside the choice) may appear together. Absent: the field is a branch by itself.
   */
  readonly branch?: number;
  /**
   * Elements that may appear instead of this one: the members of the
   * substitution group it heads (XML Schema Part 1 §3.3.6). Read by name; written
   * for a value whose `$type` is a member's type.
   */
  readonly subst?: readonly SubstDesc[];
  /** The head is abstract: a value must be written as one of {@link FieldDesc.subst}. */
  readonly abstract?: boolean;
  /**
   * The field holds the occurrences of a group, in document order, rather than
   * one element (`name` is then `''`):
   * - `group`: a repeated `xsd:choice`/`xsd:sequence` whose order carries meaning;
   *   each item is a value of the complex type `value` (one occurrence of the group)
   *   written without an element of its own.
   * - `mixed`: the content of a `mixed="true"` type: text (strings) and child
   *   elements (items of `value`, each setting one element) as they alternate.
   */
  readonly ordered?: 'group' | 'mixed';
  /** `mixed` content with an `xsd:any`: elements no item claims are kept as `XmlElement` items. */
  readonly wild?: boolean;
}

/** A member of a substitution group: an element that may stand in for its head. */
export interface SubstDesc {
  readonly name: string;
  readonly ns: string;
  readonly value: ValueDesc;
}

/** An attribute of a complex type. */
export interface AttrDesc {
  readonly prop: string;
  readonly name: string;
  /** `''` for unqualified attributes. */
  readonly ns: string;
  readonly value: ValueDesc;
  readonly required?: boolean;
}

/** A complex type: fields (elements), attributes, optional text value. */
export interface ComplexDesc {
  /** The XSD type's name (for messages and `xsi:type`). */
  readonly name: string;
  readonly ns: string;
  /** Registry key of the base type whose fields and attributes come first (extension). */
  readonly base?: string;
  readonly fields: readonly FieldDesc[];
  readonly attrs?: readonly AttrDesc[];
  /** Simple content: the property holding the text value and its type. */
  readonly text?: { readonly prop: string; readonly value: ValueDesc };
  /** Property collecting elements matched by `xsd:any` (as raw `XmlElement`s). */
  readonly any?: string;
  /**
   * Property collecting attributes matched by `xsd:anyAttribute` (XML Schema
   * Part 1 §3.4.2), as `{ ns, name, value }` objects: the element's attributes
   * that no declared attribute claims.
   */
  readonly anyAttr?: string;
  /** rpc/encoded SOAP array: the item value. */
  readonly soapArray?: ValueDesc;
  /** SOAP array: the items' XML type, written in `soapenc:arrayType` / `enc:itemType` (SOAP 1.1 §5.4.2, SOAP 1.2 Part 2 §3.1.6). */
  readonly soapArrayType?: ElementName;
  /** SOAP array of arrays: the array levels between the array and its items (`xsd:string[][]`: 1). */
  readonly soapArrayNesting?: number;
  /** SOAP array: the item element's name when the schema declares one (else items are written as `item`). */
  readonly soapArrayItem?: ElementName;
  /**
   * The type's content is one ordered group (its only field, {@link FieldDesc.ordered}):
   * the value is that field's array of items itself rather than an object holding it.
   */
  readonly array?: boolean;
}

/** A namespace-qualified element name. */
export interface ElementName {
  readonly name: string;
  readonly ns: string;
}

/**
 * One direction of a SOAP operation. The body holds `element` (the wrapper) whose
 * content is described by `value`; when `result` is set the caller's value is the
 * wrapper's single field of that property name (the ASMX `XResult` child).
 */
export interface SoapMessageDesc {
  readonly element: ElementName;
  readonly value: ValueDesc;
  /** Unwrapped single result: the property of the wrapper's content that is the caller's value. */
  readonly result?: string;
  /**
   * Bare message whose one part is an element of simple type (or anyType): the
   * caller's value is an object whose property `part` holds the element's value.
   */
  readonly part?: string;
  /** Header parts: element names and values, keyed by property in the call's `headers` object. */
  readonly headers?: readonly FieldDesc[];
  /** The (response) element is `nillable`: `xsi:nil` on it means the result is `null`. */
  readonly nillable?: boolean;
}

/** A declared SOAP fault (typed detail). */
export interface FaultDesc {
  /** The `wsdl:fault` name. */
  readonly name: string;
  /** The detail element. */
  readonly element: ElementName;
  readonly value: ValueDesc;
}

/** An operation over a SOAP 1.1 or SOAP 1.2 binding. */
export interface SoapOperationDesc {
  /** SOAPAction (`''` when none). */
  readonly action: string;
  readonly style: 'document' | 'rpc';
  readonly use: 'literal' | 'encoded';
  readonly input: SoapMessageDesc;
  /** Absent for one-way operations. */
  readonly output?: SoapMessageDesc;
  readonly faults?: readonly FaultDesc[];
  /**
   * SOAP 1.2 operations of the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3; WSDL 2.0 `wsoap:mep`, Part 2
   * §5.10.3): the request is an HTTP GET, with no envelope, to the port address plus `path`, carrying
   * the input's `params` as an HTTP GET operation's (WSDL 2.0 Part 2 §6.8.2); the response is a SOAP
   * 1.2 envelope holding `output`, or a fault. Only `path`, `params` and `separator` are set. Absent:
   * request-response, an envelope POSTed both ways.
   */
  readonly get?: HttpOperationDesc;
}

/** A named parameter of an HTTP GET/POST request. */
export interface HttpParamDesc {
  /** Property of the input object. */
  readonly prop: string;
  /** Query/form parameter name. */
  readonly name: string;
  readonly value: ValueDesc;
  readonly min: number;
  readonly max: number;
  /**
   * Carried in the request path: `path` cites it as `(name)` (`http:urlReplacement`, WSDL 1.1 §4.7;
   * a WSDL 2.0 `{name}` template, Part 2 §6.8.1.1), not in the query string or form body.
   */
  readonly inPath?: boolean;
}

/** An operation over an HTTP GET or HTTP POST binding (WSDL 1.1 §4). */
export interface HttpOperationDesc {
  /**
   * Path relative to the port address, e.g. `/Login`; with parameters `inPath`, a template citing
   * each as `(name)`, e.g. `/books/(isbn)`.
   */
  readonly path: string;
  readonly params: readonly HttpParamDesc[];
  /**
   * The separator of URL-encoded pairs in the query string and the form body when not `&`
   * (WSDL 2.0 `whttp:queryParameterSeparator`, Part 2 §6.8.2, e.g. `;`).
   */
  readonly separator?: string;
  /**
   * HTTP POST whose request body is an XML document (`mime:mimeXml` or `mime:content type="text/xml"`,
   * WSDL 1.1 §5.6, §5.3) rather than parameters: the root element and its value. The caller's input
   * object is the element's content (or, with `part`, the input's property `part` holds the element's value).
   * `params` is then empty.
   */
  readonly input?: { readonly element: ElementName; readonly value: ValueDesc; readonly part?: string };
  /** The response document's root element and value; absent when the output has no XML body. */
  readonly output?: {
    readonly element: ElementName;
    readonly value: ValueDesc;
    readonly nillable?: boolean;
    /**
     * The element is the wrapper the SOAP bindings unwrap (WSDL 2.0: one output element for every
     * binding): the caller's value is the property `result` of its content, as {@link SoapMessageDesc.result}.
     */
    readonly result?: string;
  };
}

/** The binding kinds. */
export type BindingKind = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

/** An operation with its per-binding wire descriptions. */
export interface OperationDesc {
  /** The WSDL operation name. */
  readonly name: string;
  /** The implementation/client method name (camelCase). */
  readonly method: string;
  /**
   * The logical input as the caller passes it: a complex type key whose fields
   * are the named inputs (the SOAP wrapper's content type for wrapped operations).
   */
  readonly input: ValueDesc;
  /** The logical output value; absent for one-way operations. */
  readonly output?: ValueDesc;
  readonly soap11?: SoapOperationDesc;
  readonly soap12?: SoapOperationDesc;
  readonly httpGet?: HttpOperationDesc;
  readonly httpPost?: HttpOperationDesc;
}

/** A port of the service. */
export interface PortDesc {
  readonly name: string;
  readonly kind: BindingKind;
  /** The address as written in the WSDL. */
  readonly address: string;
  /** The address's path, e.g. `/ecomm/Auth.asmx`. */
  readonly path: string;
}

/** Everything the runtime needs to speak one service. */
export interface ServiceDesc {
  readonly name: string;
  readonly targetNamespace: string;
  readonly ports: readonly PortDesc[];
  readonly operations: readonly OperationDesc[];
  /** Complex types by registry key. */
  readonly types: Readonly<Record<string, ComplexDesc>>;
}
