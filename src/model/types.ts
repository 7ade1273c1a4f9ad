/**
 * The wsdlc operation model: what a WSDL 1.1 document and its schemas describe,
 * resolved and linked, with no TypeScript concerns in it.
 *
 * Everything here is plain data: JSON-serialisable, no classes, no cycles
 * (references between parts of the model are by {@link QName} or by name).
 * Every element that came from a source file carries a {@link SourceLocation}.
 *
 * Spec references: WSDL 1.1 (W3C Note, 15 March 2001) sections 2 (service
 * definition), 3 (SOAP binding), 4 (HTTP GET & POST binding), 5 (MIME binding);
 * SOAP 1.2 binding per the WSDL 1.1 SOAP 1.2 binding note
 * (namespace http://schemas.xmlsoap.org/wsdl/soap12/);
 * XML Schema 1.0 Part 1 (structures) and Part 2 (datatypes).
 */

import type { Diagnostic, SourceLocation } from '../util/diagnostics.js';

export type { Diagnostic, SourceLocation } from '../util/diagnostics.js';

/** A namespace-qualified name. `ns` is `''` for names in no namespace. */
export interface QName {
  readonly ns: string;
  readonly name: string;
}

/** Optional runtime features a contract declares (see src/model/declared-features.ts). */
export interface DeclaredFeatures {
  /** MTOM/XOP or SOAP with Attachments: a multipart binding, an xmime content type, a swaRef, an MTOM policy. */
  readonly attachments?: true;
  /** A WS-SecurityPolicy UsernameToken assertion. */
  readonly wsSecurity?: true;
}

/** The root of the model. */
export interface WsdlModel {
  /** Model format version, bumped on incompatible changes. */
  readonly modelVersion: 1;
  /**
   * `'2.0'` when the contract is a WSDL 2.0 document (W3C WSDL 2.0 Part 1 and 2): its
   * interfaces, bindings and services are then described here as the WSDL 1.1
   * components of the same meaning (an interface as a port type whose messages each
   * carry the operation's element as one part, named after it; an endpoint as a port).
   * Absent for WSDL 1.1.
   */
  readonly wsdlVersion?: '2.0';
  /** The main document as given (path or URL), relative to the working directory for paths. */
  readonly source: string;
  /** Every document that was loaded (main first, then in load order). */
  readonly documents: readonly LoadedDocumentInfo[];
  /** `targetNamespace` of the main `wsdl:definitions`. */
  readonly targetNamespace: string;
  /** `name` attribute of the main `wsdl:definitions`, if any. */
  readonly name?: string;
  /** `wsdl:documentation` of the definitions element. */
  readonly documentation?: string;
  readonly services: readonly Service[];
  readonly bindings: readonly Binding[];
  readonly portTypes: readonly PortType[];
  readonly messages: readonly Message[];
  /** All XSD components from `wsdl:types` and imported/included schemas. */
  readonly schema: SchemaModel;
  /**
   * Logical operations: each operation name of a service, linked across all the
   * bindings that implement it (see {@link LogicalOperation}).
   */
  readonly operations: readonly LogicalOperation[];
  /**
   * What the documents declare that needs an optional runtime module (declared-features.ts):
   * absent when nothing.
   */
  readonly declares?: DeclaredFeatures;
  /** Non-fatal findings (unsupported extensions, inconsistent bindings...). */
  readonly warnings: readonly Diagnostic[];
  /**
   * Present when the model was built in lenient mode (`--lenient`): the warnings
   * that stand for errors strict mode reports, each saying what replaced the
   * broken part (also in {@link warnings}). Empty when nothing needed replacing.
   */
  readonly lenient?: { readonly replaced: readonly Diagnostic[] };
}

/** One file or URL the loader read. */
export interface LoadedDocumentInfo {
  readonly file: string;
  readonly kind: 'wsdl' | 'xsd';
  readonly targetNamespace: string;
}

// ---------------------------------------------------------------------------
// WSDL 1.1 §2: services, ports, bindings, port types, messages
// ---------------------------------------------------------------------------

/** `wsdl:service` (WSDL 1.1 §2.7). */
export interface Service {
  readonly name: QName;
  readonly documentation?: string;
  readonly ports: readonly Port[];
  readonly location: SourceLocation;
}

/** `wsdl:port` with its address (WSDL 1.1 §2.6, §3.8, §4.2). */
export interface Port {
  readonly name: string;
  readonly documentation?: string;
  /** The binding this port uses. */
  readonly binding: QName;
  /** The binding's kind, copied here for convenience. */
  readonly kind: BindingKind;
  /** `soap:address`, `soap12:address` or `http:address` location; `''` if absent. */
  readonly address: string;
  readonly location: SourceLocation;
}

/** The four binding kinds wsdlc supports. */
export type BindingKind = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

/** `wsdl:binding` (WSDL 1.1 §2.5). */
export interface Binding {
  readonly name: QName;
  readonly kind: BindingKind;
  readonly portType: QName;
  readonly documentation?: string;
  /** SOAP bindings: `soap:binding/@style` (default `document`, WSDL 1.1 §3.3). */
  readonly style?: 'document' | 'rpc';
  /** SOAP bindings: `soap:binding/@transport`. */
  readonly transport?: string;
  /** HTTP bindings: `http:binding/@verb` (WSDL 1.1 §4.4). */
  readonly verb?: 'GET' | 'POST';
  readonly operations: readonly BindingOperation[];
  readonly location: SourceLocation;
}

/** `wsdl:binding/wsdl:operation` with its extensibility elements. */
export interface BindingOperation {
  readonly name: string;
  readonly documentation?: string;
  /** SOAP: `soap:operation/@soapAction` (`''` when absent; WSDL 1.1 §3.4). */
  readonly soapAction?: string;
  /** SOAP: `soapActionRequired` (SOAP 1.2 binding), when given. */
  readonly soapActionRequired?: boolean;
  /** SOAP: effective style (operation overrides binding, WSDL 1.1 §3.4). */
  readonly style?: 'document' | 'rpc';
  /**
   * SOAP 1.2 (WSDL 2.0 `wsoap:mep`, Part 2 §5.10.3): the operation uses the SOAP-Response MEP (SOAP 1.2
   * Part 2 §6.3), an HTTP GET whose URI carries the input, answered by an envelope. Absent: request-response.
   */
  readonly soapMep?: 'soap-response';
  /** HTTP: `http:operation/@location` (WSDL 1.1 §4.5); SOAP-Response: the WSDL 2.0 `whttp:location`, written as WSDL 1.1 writes it. */
  readonly httpLocation?: string;
  /** HTTP (WSDL 2.0 `whttp:ignoreUncited="true"`, Part 2 §6.8.1.2): input values the location does not cite are not sent. */
  readonly httpIgnoreUncited?: boolean;
  /** HTTP (WSDL 2.0 `whttp:queryParameterSeparator`, Part 2 §6.8.2): the pair separator when not `&`. */
  readonly httpQuerySeparator?: string;
  readonly input?: BindingMessage;
  readonly output?: BindingMessage;
  readonly faults: readonly BindingFault[];
  readonly location: SourceLocation;
}

/** How one direction of a binding operation is put on the wire. */
export interface BindingMessage {
  /** Name of the `wsdl:input`/`wsdl:output` element in the binding, if any. */
  readonly name?: string;
  /** SOAP: the `soap:body`, if any (WSDL 1.1 §3.5). */
  readonly body?: SoapBody;
  /** SOAP: `soap:header` elements (WSDL 1.1 §3.7). */
  readonly headers: readonly SoapHeader[];
  /** HTTP input: `http:urlEncoded` (WSDL 1.1 §4.6). */
  readonly urlEncoded?: boolean;
  /** HTTP input: `http:urlReplacement` (WSDL 1.1 §4.7). */
  readonly urlReplacement?: boolean;
  /** `mime:content/@type` (WSDL 1.1 §5.5), e.g. `application/x-www-form-urlencoded`. */
  readonly mimeContentType?: string;
  /** `mime:mimeXml/@part` (WSDL 1.1 §5.6): the part sent as the XML document. */
  readonly mimeXmlPart?: string;
}

/** `soap:body` (WSDL 1.1 §3.5). */
export interface SoapBody {
  readonly use: 'literal' | 'encoded';
  /** Parts carried in the body; `undefined` means all parts of the message. */
  readonly parts?: readonly string[];
  readonly namespace?: string;
  readonly encodingStyle?: string;
}

/** `soap:header` (WSDL 1.1 §3.7). */
export interface SoapHeader {
  readonly message: QName;
  readonly part: string;
  readonly use: 'literal' | 'encoded';
  readonly namespace?: string;
  readonly encodingStyle?: string;
}

/** `wsdl:fault` in a binding operation with its `soap:fault`. */
export interface BindingFault {
  readonly name: string;
  readonly use?: 'literal' | 'encoded';
  readonly namespace?: string;
  /**
   * WSDL 2.0 SOAP binding: `wsoap:code` and `wsoap:subcodes` of the binding fault
   * (WSDL 2.0 Part 2 §5.5), recorded for reference; the implementation that raises
   * the fault chooses its code.
   */
  readonly soapCode?: QName;
  readonly soapSubcodes?: readonly QName[];
}

/** `wsdl:portType` (WSDL 1.1 §2.4). */
export interface PortType {
  readonly name: QName;
  readonly documentation?: string;
  readonly operations: readonly AbstractOperation[];
  readonly location: SourceLocation;
}

/** The transmission primitive of an operation (WSDL 1.1 §2.4.1 to §2.4.4). */
export type OperationPattern = 'request-response' | 'one-way' | 'solicit-response' | 'notification';

/** `wsdl:portType/wsdl:operation`. */
export interface AbstractOperation {
  readonly name: string;
  readonly documentation?: string;
  readonly pattern: OperationPattern;
  /** `parameterOrder` (WSDL 1.1 §2.4.6), if given. */
  readonly parameterOrder?: readonly string[];
  readonly input?: OperationMessageRef;
  readonly output?: OperationMessageRef;
  readonly faults: readonly OperationFaultRef[];
  readonly location: SourceLocation;
}

/** `wsdl:input`/`wsdl:output` of an abstract operation. */
export interface OperationMessageRef {
  readonly name?: string;
  readonly message: QName;
  /** `wsaw:Action`/`wsam:Action`, if given. */
  readonly action?: string;
}

/** `wsdl:fault` of an abstract operation. */
export interface OperationFaultRef {
  readonly name: string;
  readonly message: QName;
}

/** `wsdl:message` (WSDL 1.1 §2.3). */
export interface Message {
  readonly name: QName;
  readonly documentation?: string;
  readonly parts: readonly MessagePart[];
  readonly location: SourceLocation;
}

/** `wsdl:part`: exactly one of `element` and `type` is set. */
export interface MessagePart {
  readonly name: string;
  readonly element?: QName;
  readonly type?: QName;
}

// ---------------------------------------------------------------------------
// Logical operations: one operation across all of a service's bindings
// ---------------------------------------------------------------------------

/**
 * An operation as a caller sees it: one name, one input, one output, whatever
 * the binding. ASMX publishes each operation under several port types
 * (`AuthSoap`, `AuthHttpGet`, `AuthHttpPost`) whose messages differ on the wire
 * but carry the same named values; this links them (seed §4.3 rule 4).
 */
export interface LogicalOperation {
  /** The service it belongs to. */
  readonly service: QName;
  /** The operation name (shared by every binding listed). */
  readonly name: string;
  /** Documentation from the port type operation (first binding that has it). */
  readonly documentation?: string;
  readonly pattern: OperationPattern;
  /** The logical input: named fields, the same for every binding. */
  readonly input: Signature;
  /** The logical output; `undefined` for one-way operations. */
  readonly output?: Signature;
  /** Declared faults, with their detail element or type. */
  readonly faults: readonly LogicalFault[];
  /** One entry per port that offers this operation. */
  readonly bindings: readonly OperationBinding[];
  /**
   * Whether all bindings agree on the input fields and output type; when they
   * don't, `input`/`output` follow the first SOAP binding and a warning is recorded.
   */
  readonly consistent: boolean;
}

/**
 * A logical message: a list of named fields, optionally unwrapped from one
 * element. For document/literal wrapped operations the fields are the children
 * of the wrapper element; for HTTP bindings and rpc style they are the message parts.
 */
export interface Signature {
  readonly fields: readonly Field[];
  /**
   * When the whole value is one type (an output whose wrapper holds a single
   * `XResult` child, or an HTTP output whose body is one element), that type;
   * the caller receives a value of this type instead of an object of `fields`.
   */
  readonly single?: TypeUse;
}

/** A named value in a logical message. */
export interface Field {
  readonly name: string;
  readonly type: TypeUse;
}

/** A declared fault of a logical operation. */
export interface LogicalFault {
  readonly name: string;
  readonly message: QName;
  /** The element carried in the fault detail (document style), if declared. */
  readonly element?: QName;
  /** The type of the fault detail part (rpc style), if declared. */
  readonly type?: QName;
}

/**
 * How one binding carries a logical operation on the wire. Everything a
 * generator needs to build and read the messages of that binding.
 */
export interface OperationBinding {
  readonly kind: BindingKind;
  readonly port: string;
  readonly binding: QName;
  readonly address: string;
  /** SOAP: the SOAPAction (`''` when empty). */
  readonly soapAction?: string;
  readonly style?: 'document' | 'rpc';
  readonly use?: 'literal' | 'encoded';
  /**
   * SOAP 1.2: `'soap-response'` when the operation uses the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3;
   * WSDL 2.0 `wsoap:mep`, Part 2 §5.10.3): the request is an HTTP GET to the port address plus
   * `httpLocation`, carrying the input fields as the WSDL 2.0 HTTP binding serializes a GET's input
   * (Part 2 §6.8.2: `pathParams` in the path, the others `application/x-www-form-urlencoded` in the
   * query, pairs separated by `querySeparator`, uncited ones left out with `ignoreUncited`), with no
   * envelope; the response is a SOAP 1.2 envelope. Absent: request-response (SOAP 1.2 Part 2 §6.2), an
   * envelope POSTed both ways.
   */
  readonly mep?: 'soap-response';
  /** HTTP, and SOAP-Response (`mep`): the path relative to the port address, e.g. `/Login`. */
  readonly httpLocation?: string;
  /** HTTP: the request content type for POST, e.g. `application/x-www-form-urlencoded`. */
  readonly requestContentType?: string;
  /** HTTP and SOAP-Response: input fields the location does not cite are not sent (WSDL 2.0 `whttp:ignoreUncited`). */
  readonly ignoreUncited?: boolean;
  /** HTTP and SOAP-Response: the separator of URL-encoded pairs when not `&` (WSDL 2.0 `whttp:queryParameterSeparator`). */
  readonly querySeparator?: string;
  /**
   * HTTP and SOAP-Response: the input fields carried in the request path, in the order `httpLocation` cites them as
   * `(name)` (`http:urlReplacement`, WSDL 1.1 §4.7; a WSDL 2.0 `whttp:location` template's `{name}`,
   * Part 2 §6.8.1.1). The other fields go to the query string (GET) or the form body (POST).
   */
  readonly pathParams?: readonly string[];
  readonly input: WireMessage;
  readonly output?: WireMessage;
}

/**
 * The concrete message of one direction of an {@link OperationBinding}.
 * - `wrapped`: the body holds one element (`element`) whose children are the fields
 *   (document/literal wrapped, and rpc where the wrapper is the operation name in `element.ns`).
 * - `bare`: the body holds the parts' elements directly (document/literal bare).
 * - `params`: the fields are URL query or form parameters (HTTP GET/POST input).
 * - `xml`: the body is one XML document whose root is `element` (HTTP `mime:mimeXml` output, or an HTTP POST
 *   input bound with `mime:mimeXml` / `mime:content type="text/xml"`).
 * - `none`: no body (e.g. an HTTP output declared without mime content).
 */
export interface WireMessage {
  readonly message: QName;
  readonly mode: 'wrapped' | 'bare' | 'params' | 'xml' | 'none';
  /** The wrapper or root element. */
  readonly element?: QName;
  /**
   * For `wrapped` outputs with a single result child: that child's name. For an HTTP `xml` output
   * whose root is the element the SOAP bindings unwrap, the same child: the caller receives its value.
   */
  readonly resultChild?: QName;
  /** Parts in the SOAP body / parameters, in order. */
  readonly parts: readonly MessagePart[];
  /** Parts bound to SOAP headers. */
  readonly headers: readonly SoapHeaderPart[];
}

/** A SOAP header part of a wire message. */
export interface SoapHeaderPart {
  readonly message: QName;
  readonly part: string;
  readonly element?: QName;
  readonly type?: QName;
}

// ---------------------------------------------------------------------------
// XML Schema
// ---------------------------------------------------------------------------

/** All schema components, keyed by kind. */
export interface SchemaModel {
  /** Global element declarations. */
  readonly elements: readonly ElementDecl[];
  /** Named complex types. */
  readonly complexTypes: readonly ComplexType[];
  /** Named simple types. */
  readonly simpleTypes: readonly SimpleType[];
  /** Named model groups (`xsd:group`), kept for reference; their particles are also inlined where used. */
  readonly groups: readonly ModelGroupDef[];
  /** Named attribute groups, kept for reference; also inlined where used. */
  readonly attributeGroups: readonly AttributeGroupDef[];
  /** Global attribute declarations. */
  readonly attributes: readonly AttributeDecl[];
  /** Per schema document: targetNamespace and form defaults. */
  readonly schemas: readonly SchemaInfo[];
}

/** Facts about one `xsd:schema` element. */
export interface SchemaInfo {
  readonly targetNamespace: string;
  readonly elementFormDefault: 'qualified' | 'unqualified';
  readonly attributeFormDefault: 'qualified' | 'unqualified';
  readonly location: SourceLocation;
}

/** XML Schema 1.0 namespace (defined once, in the runtime). */
export { XSD_NS } from '../runtime/xml/namespaces.js';

/**
 * How a declaration refers to its type: by name (a built-in XSD type when
 * `ref.ns` is {@link XSD_NS}, else a named complex or simple type), or inline.
 */
export type TypeRef =
  | { readonly kind: 'named'; readonly ref: QName }
  | { readonly kind: 'complex'; readonly type: ComplexTypeBody }
  | { readonly kind: 'simple'; readonly type: SimpleTypeBody };

/** A type with the occurrence facts of where it is used. */
export interface TypeUse {
  readonly type: TypeRef;
  readonly minOccurs: number;
  /** `'unbounded'` or a number. */
  readonly maxOccurs: number | 'unbounded';
  readonly nillable: boolean;
  /** The element that carries it, when used through an element. */
  readonly element?: QName;
}

/** A global `xsd:element`. */
export interface ElementDecl {
  readonly name: QName;
  readonly type: TypeRef;
  readonly nillable: boolean;
  readonly abstract: boolean;
  readonly default?: string;
  readonly fixed?: string;
  readonly substitutionGroup?: QName;
  readonly documentation?: string;
  readonly location: SourceLocation;
}

/** A named `xsd:complexType`. */
export interface ComplexType extends ComplexTypeBody {
  readonly name: QName;
  readonly documentation?: string;
  readonly location: SourceLocation;
}

/** The content of a complex type, named or anonymous. */
export interface ComplexTypeBody {
  readonly abstract?: boolean;
  readonly mixed?: boolean;
  /** `complexContent` derivation, if any. */
  readonly base?: QName;
  readonly derivation?: 'extension' | 'restriction';
  /**
   * Element content declared by this type itself (after `base` content for an
   * extension). Groups are inlined; `undefined` for empty or simple content.
   */
  readonly particle?: Particle;
  /** Attributes declared by this type (attribute groups inlined). */
  readonly attributes: readonly AttributeUse[];
  readonly anyAttribute?: boolean;
  /** `simpleContent`: the type of the text value. */
  readonly simpleContent?: TypeRef;
  /**
   * SOAP-encoded arrays (`soapenc:Array` restriction with `wsdl:arrayType`):
   * the item type.
   */
  readonly soapArrayItem?: QName;
  /**
   * SOAP-encoded arrays of arrays: how many array levels lie between this array
   * and its items of type {@link ComplexTypeBody.soapArrayItem} (`xsd:string[][]`: 1).
   */
  readonly soapArrayNesting?: number;
  /** SOAP-encoded arrays whose restriction declares the item element (`<sequence><element name="n" .../>`): its name, which items are written with (else `item`). */
  readonly soapArrayItemElement?: QName;
  /**
   * The content is an ADO.NET DataSet or DataTable as `wsdl.exe` describes it:
   * `<s:sequence><s:element ref="s:schema"/><s:any/></s:sequence>` (an inline
   * schema, then the `diffgr:diffgram` with the rows). The particle is kept for
   * reference; generated code types the value as the runtime's `DataSet`.
   */
  readonly dataSet?: boolean;
}

/** A particle: an element, a wildcard or a nested group, with occurrence. */
export type Particle = ElementParticle | AnyParticle | GroupParticle;

/** A local or referenced element in a content model. */
export interface ElementParticle {
  readonly kind: 'element';
  /** Qualified per `form`/`elementFormDefault`, or the referenced global element's name. */
  readonly name: QName;
  /** Set when this is `<xsd:element ref="...">`. */
  readonly ref?: QName;
  readonly type: TypeRef;
  readonly minOccurs: number;
  readonly maxOccurs: number | 'unbounded';
  readonly nillable: boolean;
  readonly default?: string;
  readonly fixed?: string;
  readonly documentation?: string;
  readonly location: SourceLocation;
}

/** `xsd:any`. */
export interface AnyParticle {
  readonly kind: 'any';
  readonly namespace?: string;
  readonly processContents?: 'strict' | 'lax' | 'skip';
  readonly minOccurs: number;
  readonly maxOccurs: number | 'unbounded';
}

/** `xsd:sequence`, `xsd:choice` or `xsd:all`. */
export interface GroupParticle {
  readonly kind: 'sequence' | 'choice' | 'all';
  readonly particles: readonly Particle[];
  readonly minOccurs: number;
  readonly maxOccurs: number | 'unbounded';
  /**
   * The group repeats (`maxOccurs` > 1) and holds more than one element name, so
   * the order of its occurrences carries meaning (EWS's `FolderIds`, a repeated
   * choice of `FolderId` and `DistinguishedFolderId`): generated code keeps them
   * as one ordered list of items rather than one list per element name
   * (src/model/ordered-groups.ts).
   */
  readonly ordered?: true;
}

/** An attribute of a complex type. */
export interface AttributeUse {
  readonly name: QName;
  readonly ref?: QName;
  readonly type: TypeRef;
  readonly use: 'optional' | 'required' | 'prohibited';
  readonly default?: string;
  readonly fixed?: string;
  readonly documentation?: string;
}

/** A global `xsd:attribute`. */
export interface AttributeDecl {
  readonly name: QName;
  readonly type: TypeRef;
  readonly location: SourceLocation;
}

/** A named `xsd:simpleType`. */
export type SimpleType = SimpleTypeBody & {
  readonly name: QName;
  readonly documentation?: string;
  readonly location: SourceLocation;
};

/** A simple type: a restriction, a list or a union. */
export type SimpleTypeBody =
  | {
      readonly variety: 'restriction';
      /** Base type (a built-in or a named simple type); for an inline base, `baseType`. */
      readonly base?: QName;
      readonly baseType?: SimpleTypeBody;
      readonly facets: Facets;
    }
  | { readonly variety: 'list'; readonly itemType: TypeRef }
  | { readonly variety: 'union'; readonly memberTypes: readonly TypeRef[] };

/** Constraining facets (XML Schema Part 2 §4.3). */
export interface Facets {
  readonly enumeration?: readonly string[];
  readonly pattern?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly length?: number;
  readonly minInclusive?: string;
  readonly maxInclusive?: string;
  readonly minExclusive?: string;
  readonly maxExclusive?: string;
  readonly totalDigits?: number;
  readonly fractionDigits?: number;
  readonly whiteSpace?: 'preserve' | 'replace' | 'collapse';
}

/** A named `xsd:group`. */
export interface ModelGroupDef {
  readonly name: QName;
  readonly particle: GroupParticle;
  readonly location: SourceLocation;
}

/** A named `xsd:attributeGroup`. */
export interface AttributeGroupDef {
  readonly name: QName;
  readonly attributes: readonly AttributeUse[];
  readonly anyAttribute?: boolean;
  readonly location: SourceLocation;
}
