/**
 * How one binding carries one operation: the {@link WireMessage} of each
 * direction and the logical {@link Signature} it yields.
 *
 * - SOAP document/literal "wrapped" (one body part whose element's type is a
 *   sequence of elements; WS-I BP 1.1 §4.7.19 and the .NET convention): the
 *   fields are the wrapper's children; an output wrapper with exactly one child
 *   (ASMX `XResult`) yields that child's type as `single`.
 * - SOAP rpc (WSDL 1.1 §3.5): the wrapper is the operation name (response:
 *   name + `Response`) in `soap:body/@namespace`; the fields are the parts.
 * - SOAP document bare: the body holds the parts' elements.
 * - HTTP GET/POST input (WSDL 1.1 §4): the fields are the parts (query or form parameters);
 *   one element part with a flat sequence of simple children gives those children as parameters.
 * - HTTP input with `mime:mimeXml` or `mime:content type="text/xml"` (WSDL 1.1 §5.6, §5.3): one XML
 *   document whose root is the part's element (mode `xml`); its children are the fields.
 * - HTTP output with `mime:mimeXml` (WSDL 1.1 §5.6): one XML document whose root is the part's element.
 */
import { XSD_NS } from '../runtime/xml/namespaces.js';
import type {
  AbstractOperation,
  Binding,
  BindingMessage,
  BindingOperation,
  ComplexTypeBody,
  Field,
  Message,
  MessagePart,
  Port,
  QName,
  SoapHeaderPart,
  Signature,
  TypeRef,
  TypeUse,
  WireMessage,
} from './types.js';
import type { ElementDecl } from './types.js';
import { qkey } from './qname-key.js';

/** What the wire-message computation needs to look up. */
export interface WireLookups {
  readonly messages: ReadonlyMap<string, Message>;
  readonly element: (name: QName) => ElementDecl | undefined;
  readonly complexType: (name: QName) => ComplexTypeBody | undefined;
}

/** One binding operation as offered by one port. */
export interface BoundOperation {
  readonly port: Port;
  readonly binding: Binding;
  readonly operation: BindingOperation;
  readonly abstract: AbstractOperation;
}

/** A wire message and the logical signature it carries. */
export interface WireResult {
  readonly wire: WireMessage;
  readonly signature: Signature;
}

const NO_MESSAGE: QName = { ns: '', name: '' };

/** The type use of a value carried by global element `name`. */
export function elementTypeUse(lookups: WireLookups, name: QName): TypeUse {
  const decl = lookups.element(name);
  const type: TypeRef = decl?.type ?? {
    kind: 'named',
    ref: { ns: XSD_NS, name: 'anyType' },
  };
  return { type, minOccurs: 1, maxOccurs: 1, nillable: decl?.nillable ?? false, element: name };
}

function partTypeUse(lookups: WireLookups, part: MessagePart): TypeUse {
  if (part.element) return elementTypeUse(lookups, part.element);
  const ref = part.type ?? { ns: XSD_NS, name: 'anyType' };
  return { type: { kind: 'named', ref }, minOccurs: 1, maxOccurs: 1, nillable: false };
}

function partFields(lookups: WireLookups, parts: readonly MessagePart[]): Field[] {
  return parts.map((p) => ({ name: p.name, type: partTypeUse(lookups, p) }));
}

/** The wrapper's children when `element`'s type is a plain sequence of elements (no attributes, no derivation). */
function wrapperChildren(lookups: WireLookups, element: QName): Field[] | undefined {
  const decl = lookups.element(element);
  if (!decl) return undefined;
  const body =
    decl.type.kind === 'complex'
      ? decl.type.type
      : decl.type.kind === 'named'
        ? lookups.complexType(decl.type.ref)
        : undefined;
  if (!body || body.base || body.simpleContent || body.attributes.length > 0 || body.anyAttribute || body.mixed)
    return undefined;
  const p = body.particle;
  if (!p) return [];
  if (p.kind !== 'sequence' && p.kind !== 'all') return undefined;
  if (p.maxOccurs !== 1) return undefined;
  const fields: Field[] = [];
  for (const c of p.particles) {
    if (c.kind !== 'element') return undefined;
    fields.push({
      name: c.name.name,
      type: { type: c.type, minOccurs: c.minOccurs, maxOccurs: c.maxOccurs, nillable: c.nillable, element: c.name },
    });
  }
  return fields;
}

/** Whether `t` is a simple type (built-in or declared `xsd:simpleType`), not anyType or a complex type. */
function isSimpleTypeRef(lookups: WireLookups, t: TypeRef): boolean {
  if (t.kind === 'simple') return true;
  if (t.kind === 'complex') return false;
  if (t.ref.ns === XSD_NS) return t.ref.name !== 'anyType';
  return lookups.complexType(t.ref) === undefined;
}

/**
 * The children of `element` when its content is a flat sequence of simple-typed
 * elements: what an HTTP GET/POST binding can carry as `name=value` parameters
 * (WSDL 1.1 §4.4, §4.6). Undefined otherwise.
 */
export function flatChildren(lookups: WireLookups, element: QName): Field[] | undefined {
  const children = wrapperChildren(lookups, element);
  return children?.every((f) => isSimpleTypeRef(lookups, f.type.type)) ? children : undefined;
}

/** Whether an HTTP GET/POST input's parameters can all be sent as `name=value` pairs (simple values, or one flat element part). */
export function paramsAreSimple(lookups: WireLookups, parts: readonly MessagePart[]): boolean {
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only?.element && flatChildren(lookups, only.element)) return true;
  return parts.every((p) => {
    if (p.element) {
      const decl = lookups.element(p.element);
      return decl !== undefined && isSimpleTypeRef(lookups, decl.type);
    }
    return p.type === undefined || isSimpleTypeRef(lookups, { kind: 'named', ref: p.type });
  });
}

/** `text/xml`, `application/xml` and `+xml` media types (RFC 7303). */
function isXmlMediaType(type: string): boolean {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return t === 'text/xml' || t === 'application/xml' || t.endsWith('+xml');
}

/** The part an HTTP input sends as an XML document (`mime:mimeXml`, or `mime:content` of an XML type), if any. */
function xmlInputPart(bm: BindingMessage | undefined, parts: readonly MessagePart[]): MessagePart | undefined {
  if (bm?.mimeXmlPart !== undefined)
    return parts.find((p) => p.name === bm.mimeXmlPart) ?? (parts.length === 1 ? parts[0] : undefined);
  if (bm?.mimeContentType !== undefined && isXmlMediaType(bm.mimeContentType) && parts.length === 1) return parts[0];
  return undefined;
}

function headerParts(lookups: WireLookups, bm: BindingMessage | undefined): SoapHeaderPart[] {
  if (!bm) return [];
  return bm.headers.map((h) => {
    const part = lookups.messages.get(qkey(h.message))?.parts.find((p) => p.name === h.part);
    return {
      message: h.message,
      part: h.part,
      ...(part?.element ? { element: part.element } : {}),
      ...(part?.type ? { type: part.type } : {}),
    };
  });
}

/** Computes the wire message and signature of one direction of a SOAP binding operation. */
export function soapWire(
  lookups: WireLookups,
  bound: BoundOperation,
  direction: 'input' | 'output',
  messageName: QName | undefined,
): WireResult {
  const bm = bound.operation[direction];
  const message = messageName ? lookups.messages.get(qkey(messageName)) : undefined;
  const headers = headerParts(lookups, bm);
  const allParts = message?.parts ?? [];
  const bodyPartNames = bm?.body?.parts;
  const headerNames = new Set(
    bm?.headers.filter((h) => messageName && qkey(h.message) === qkey(messageName)).map((h) => h.part),
  );
  const parts = bodyPartNames
    ? bodyPartNames.map((n) => allParts.find((p) => p.name === n)).filter((p): p is MessagePart => p !== undefined)
    : allParts.filter((p) => !headerNames.has(p.name));
  const base = { message: messageName ?? NO_MESSAGE, parts, headers };
  const style = bound.operation.style ?? bound.binding.style ?? 'document';
  const single = (fields: Field[]): { signature: Signature; resultChild?: QName } => {
    const only = fields[0];
    if (direction === 'output' && fields.length === 1 && only) {
      const resultChild = only.type.element ?? { ns: '', name: only.name };
      return { signature: { fields, single: only.type }, resultChild };
    }
    return { signature: { fields } };
  };

  if (style === 'rpc') {
    const element: QName = {
      ns: bm?.body?.namespace ?? '',
      name: direction === 'input' ? bound.operation.name : `${bound.operation.name}Response`,
    };
    const fields = partFields(lookups, parts);
    const s = single(fields);
    return {
      wire: { ...base, mode: 'wrapped', element, ...(s.resultChild ? { resultChild: s.resultChild } : {}) },
      signature: s.signature,
    };
  }
  if (parts.length === 0) return { wire: { ...base, mode: 'none' }, signature: { fields: [] } };
  const first = parts[0];
  if (parts.length === 1 && first?.element) {
    const children = wrapperChildren(lookups, first.element);
    if (children) {
      const s = single(children);
      return {
        wire: {
          ...base,
          mode: 'wrapped',
          element: first.element,
          ...(s.resultChild ? { resultChild: s.resultChild } : {}),
        },
        signature: s.signature,
      };
    }
  }
  const fields = partFields(lookups, parts);
  const only = fields[0];
  const signature: Signature =
    direction === 'output' && fields.length === 1 && only ? { fields, single: only.type } : { fields };
  return {
    wire: { ...base, mode: 'bare', ...(parts.length === 1 && first?.element ? { element: first.element } : {}) },
    signature,
  };
}

/** Computes the wire message and signature of one direction of an HTTP GET/POST binding operation. */
export function httpWire(
  lookups: WireLookups,
  bound: BoundOperation,
  direction: 'input' | 'output',
  messageName: QName | undefined,
): WireResult {
  const bm = bound.operation[direction];
  const message = messageName ? lookups.messages.get(qkey(messageName)) : undefined;
  const parts = message?.parts ?? [];
  const base = { message: messageName ?? NO_MESSAGE, headers: [] as SoapHeaderPart[] };
  if (direction === 'input') {
    const xmlIn = xmlInputPart(bm, parts);
    if (xmlIn?.element) {
      // WSDL 1.1 §5.6 / §5.3: the request body is one XML document whose root is the part's element;
      // its children are the named inputs, as for a SOAP wrapper.
      const fields = wrapperChildren(lookups, xmlIn.element) ?? partFields(lookups, [xmlIn]);
      return { wire: { ...base, mode: 'xml', element: xmlIn.element, parts: [xmlIn] }, signature: { fields } };
    }
    const only = parts.length === 1 ? parts[0] : undefined;
    const flat = only?.element ? flatChildren(lookups, only.element) : undefined;
    // One element part whose content is a flat sequence of simple elements: its children are the parameters.
    return { wire: { ...base, mode: 'params', parts }, signature: { fields: flat ?? partFields(lookups, parts) } };
  }
  const partName = bm?.mimeXmlPart;
  const xmlPart =
    partName !== undefined
      ? (parts.find((p) => p.name === partName) ?? (parts.length === 1 ? parts[0] : undefined))
      : bm?.mimeContentType !== undefined && parts.length === 1
        ? parts[0]
        : undefined;
  if (xmlPart) {
    const use = partTypeUse(lookups, xmlPart);
    return {
      wire: { ...base, mode: 'xml', ...(xmlPart.element ? { element: xmlPart.element } : {}), parts: [xmlPart] },
      signature: { fields: [{ name: xmlPart.name, type: use }], single: use },
    };
  }
  return { wire: { ...base, mode: 'none', parts: [] }, signature: { fields: [] } };
}
