/**
 * Finds the references from one document to others: `wsdl:import/@location`
 * (WSDL 1.1 §2.1.1), WSDL 2.0 `import`/`include` with `@location` and `xs:import`
 * directly in `types` (WSDL 2.0 Part 1 §4.1, §4.2, §3.1.1), and `xsd:import`, `xsd:include`, `xsd:redefine` with
 * `@schemaLocation` (XML Schema Part 1 §4.2.1–§4.2.3) at the top of a schema
 * document or of a schema inside `wsdl:types` (WSDL 1.1 §2.2).
 */
import { attr, childElements, type XmlElement } from '../runtime/xml/xml-parse.js';
import { WSDL_NS, WSDL20_NS, XSD_NAMESPACES } from './namespaces.js';

/** What kind of reference an element makes. */
export type ReferenceKind = 'wsdl:import' | 'wsdl:include' | 'xsd:import' | 'xsd:include' | 'xsd:redefine';

/** One outgoing reference. */
export interface DocumentReference {
  readonly kind: ReferenceKind;
  /** The `location` / `schemaLocation` value as written (trimmed). */
  readonly location: string;
  /** The referring element (for error locations). */
  readonly element: XmlElement;
  /**
   * For include/redefine: the target namespace of the referring schema (after any
   * chameleon adoption), which a schema without a targetNamespace takes on.
   */
  readonly includingNamespace?: string;
  /**
   * Lenient mode: set when an `xsd:import`/`xsd:include`/`xsd:redefine` has no `schemaLocation` but a
   * `location` attribute (a WSDL habit), which is then followed.
   */
  readonly fromLocationAttribute?: true;
}

/** Whether misnamed `location` attributes of schema imports and includes are followed (lenient mode). */
export interface ReferenceOptions {
  readonly lenient?: boolean;
}

/**
 * The location of a schema import/include/redefine: `schemaLocation`, or in lenient mode
 * a `location` attribute on one that has no `schemaLocation`.
 */
function schemaLocationOf(
  el: XmlElement,
  options: ReferenceOptions,
): { location: string | undefined; fromLocationAttribute: boolean } {
  const location = attr(el, 'schemaLocation');
  if (location !== undefined || options.lenient !== true) {
    return { location, fromLocationAttribute: false };
  }
  const misnamed = attr(el, 'location');
  return { location: misnamed, fromLocationAttribute: misnamed !== undefined };
}

/** True when a location value points at nothing loadable (absent, blank or a same-document fragment). */
function isLoadable(location: string | undefined): location is string {
  return location !== undefined && location.trim() !== '' && !location.trim().startsWith('#');
}

/** References made at the top level of one `xsd:schema` element. */
function schemaReferences(
  schema: XmlElement,
  effectiveNamespace: string | undefined,
  out: DocumentReference[],
  options: ReferenceOptions,
): void {
  const targetNamespace = attr(schema, 'targetNamespace') ?? effectiveNamespace;
  for (const child of childElements(schema)) {
    if (!XSD_NAMESPACES.has(child.ns)) continue;
    if (child.name !== 'import' && child.name !== 'include' && child.name !== 'redefine') continue;
    const { location, fromLocationAttribute } = schemaLocationOf(child, options);
    if (!isLoadable(location)) continue;
    const kind: ReferenceKind =
      child.name === 'import' ? 'xsd:import' : child.name === 'include' ? 'xsd:include' : 'xsd:redefine';
    out.push({
      kind,
      location: location.trim(),
      element: child,
      ...(kind !== 'xsd:import' && targetNamespace ? { includingNamespace: targetNamespace } : {}),
      ...(fromLocationAttribute ? { fromLocationAttribute } : {}),
    });
  }
}

/**
 * All references a document makes, in document order.
 * @param root the document's root element (`wsdl:definitions` or `xsd:schema`)
 * @param chameleonNamespace the namespace a chameleon schema adopted, if any
 * @param options lenient mode also follows `location` on schema imports and includes
 */
export function findReferences(
  root: XmlElement,
  chameleonNamespace?: string,
  options: ReferenceOptions = {},
): DocumentReference[] {
  const out: DocumentReference[] = [];
  if (XSD_NAMESPACES.has(root.ns) && root.name === 'schema') {
    schemaReferences(root, chameleonNamespace, out, options);
    return out;
  }
  if (root.ns === WSDL20_NS && root.name === 'description') {
    wsdl20References(root, out, options);
    return out;
  }
  if (root.ns !== WSDL_NS || root.name !== 'definitions') return out;
  for (const child of childElements(root, WSDL_NS)) {
    if (child.name === 'import') {
      const location = attr(child, 'location');
      if (isLoadable(location)) out.push({ kind: 'wsdl:import', location: location.trim(), element: child });
    } else if (child.name === 'types') {
      for (const schema of childElements(child)) {
        if (XSD_NAMESPACES.has(schema.ns) && schema.name === 'schema')
          schemaReferences(schema, undefined, out, options);
      }
    }
  }
  return out;
}

/** WSDL 2.0: `import`/`include` (Part 1 §4.1, §4.2), and schemas and `xs:import` in `types` (§3.1). */
function wsdl20References(root: XmlElement, out: DocumentReference[], options: ReferenceOptions): void {
  for (const child of childElements(root, WSDL20_NS)) {
    if (child.name === 'import' || child.name === 'include') {
      const location = attr(child, 'location');
      const kind: ReferenceKind = child.name === 'import' ? 'wsdl:import' : 'wsdl:include';
      if (isLoadable(location)) out.push({ kind, location: location.trim(), element: child });
    } else if (child.name === 'types') {
      for (const c of childElements(child)) {
        if (!XSD_NAMESPACES.has(c.ns)) continue;
        if (c.name === 'schema') schemaReferences(c, undefined, out, options);
        else if (c.name === 'import') {
          const { location, fromLocationAttribute } = schemaLocationOf(c, options);
          if (isLoadable(location)) {
            out.push({
              kind: 'xsd:import',
              location: location.trim(),
              element: c,
              ...(fromLocationAttribute ? { fromLocationAttribute } : {}),
            });
          }
        }
      }
    }
  }
}
