/**
 * WSDL 2.0 components of every loaded WSDL 2.0 document, indexed by QName
 * (WSDL 2.0 Part 1 §2.1: `interface`, `binding` and `service` are named in the
 * `description`'s targetNamespace; imported and included documents contribute theirs),
 * and the WSDL 2.0 vocabulary this reader recognises.
 */
import type { SourceDocument } from '../../load/types.js';
import type { XmlElement } from '../../runtime/xml/xml-parse.js';
import { attr, childElements } from '../../runtime/xml/xml-parse.js';
import type { BuildContext } from '../build-context.js';
import { WSDL20_NS } from '../../load/namespaces.js';
import type { QName } from '../types.js';
import { qdisplay, qkey } from '../qname-key.js';

export {
  WSDL20_EXTENSIONS_NS,
  WSDL20_HTTP_NS,
  WSDL20_NS,
  WSDL20_SOAP_NS,
} from '../../load/namespaces.js';

/** Message exchange patterns (WSDL 2.0 Part 2 §2.2). */
export const MEP = {
  inOut: 'http://www.w3.org/ns/wsdl/in-out',
  inOnly: 'http://www.w3.org/ns/wsdl/in-only',
  robustInOnly: 'http://www.w3.org/ns/wsdl/robust-in-only',
} as const;

/** A named WSDL 2.0 component and where it is. */
export interface Component20 {
  readonly name: QName;
  readonly el: XmlElement;
  readonly doc: SourceDocument;
}

/** Every `interface`, `binding` and `service`, keyed by {@link qkey}, in document order. */
export interface Index20 {
  readonly interface: Map<string, Component20>;
  readonly binding: Map<string, Component20>;
  readonly service: Map<string, Component20>;
}

/** Whether `doc` is a WSDL 2.0 document (root `description`). */
export function isWsdl20(doc: SourceDocument): boolean {
  return doc.root.ns === WSDL20_NS && doc.root.name === 'description';
}

/** The targetNamespace of a WSDL 2.0 document (`''` when absent; reported by {@link indexWsdl20}). */
export function tnsOf(doc: SourceDocument): string {
  return attr(doc.root, 'targetNamespace') ?? '';
}

/** Indexes the components of every WSDL 2.0 document; duplicates are warned about and the first kept. */
export function indexWsdl20(ctx: BuildContext, docs: readonly SourceDocument[]): Index20 {
  const index: Index20 = { interface: new Map(), binding: new Map(), service: new Map() };
  for (const doc of docs) {
    if (attr(doc.root, 'targetNamespace') === undefined)
      ctx.error(doc, doc.root, 'WSDL 2.0 description has no targetNamespace attribute (WSDL 2.0 Part 1 §2.1.2)');
    for (const child of childElements(doc.root, WSDL20_NS)) {
      const kind = child.name;
      if (kind !== 'interface' && kind !== 'binding' && kind !== 'service') continue;
      const local = attr(child, 'name');
      if (local === undefined) {
        ctx.error(doc, child, `WSDL 2.0 ${kind} has no name attribute`);
        continue;
      }
      const name = { ns: tnsOf(doc), name: local };
      const existing = index[kind].get(qkey(name));
      if (existing) {
        ctx.warning(
          doc,
          child,
          `duplicate ${kind} ${qdisplay(name)} ignored (first defined at ${existing.doc.displayName}:${existing.el.line}:${existing.el.column})`,
        );
        continue;
      }
      index[kind].set(qkey(name), { name, el: child, doc });
    }
  }
  return index;
}

/** Resolves the QName attribute `name` of `el` to a component of `map`; reports it (lenient-aware) when undefined. */
export function componentRef(
  ctx: BuildContext,
  doc: SourceDocument,
  el: XmlElement,
  attrName: string,
  kind: string,
  map: ReadonlyMap<string, Component20>,
  replacement: string,
): Component20 | undefined {
  const q = ctx.qnameAttr(doc, el, attrName);
  if (!q) {
    if (attr(el, attrName) === undefined) ctx.error(doc, el, `${el.name} has no ${attrName} attribute`);
    return undefined;
  }
  const found = map.get(qkey(q));
  if (!found) {
    const known = [...map.values()].map((c) => qdisplay(c.name));
    const hint = known.length > 0 ? ` (defined: ${known.join(', ')})` : '';
    ctx.unresolved(doc, el, `undefined ${kind} ${qdisplay(q)}${hint}`, replacement);
  }
  return found;
}
