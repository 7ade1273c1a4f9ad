/**
 * First pass over the WSDL documents: indexes `wsdl:message`, `wsdl:portType`,
 * `wsdl:binding` and `wsdl:service` of every `wsdl:definitions` by QName
 * (WSDL 1.1 §2.1: names are qualified by the definitions' targetNamespace,
 * §2.1.1: imported documents contribute their own namespace's components).
 */
import type { SourceDocument } from '../load/types.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type { QName } from './types.js';
import { WSDL_NS } from './namespaces.js';
import { qdisplay, qkey } from './qname-key.js';
import { sameDeclaration } from './schema-index.js';

/** A WSDL component not yet converted. */
export interface RawWsdlComponent {
  readonly name: QName;
  readonly el: XmlElement;
  readonly doc: SourceDocument;
}

/** The WSDL component kinds (WSDL 1.1 §2.1). */
export type WsdlComponentKind = 'message' | 'portType' | 'binding' | 'service';

/** Every WSDL component of the contract, keyed by {@link qkey}, in document order. */
export type WsdlIndex = Record<WsdlComponentKind, Map<string, RawWsdlComponent>>;

const KINDS: readonly WsdlComponentKind[] = ['message', 'portType', 'binding', 'service'];

/** Indexes the WSDL components of every WSDL document. */
export function indexWsdl(ctx: BuildContext): WsdlIndex {
  const index: WsdlIndex = { message: new Map(), portType: new Map(), binding: new Map(), service: new Map() };
  for (const doc of ctx.loaded.documents) {
    if (doc.kind !== 'wsdl') continue;
    const root = doc.root;
    if (root.ns !== WSDL_NS || root.name !== 'definitions') {
      ctx.error(
        doc,
        root,
        `not a WSDL 1.1 document: root element is {${root.ns}}${root.name}, expected {${WSDL_NS}}definitions`,
      );
      continue;
    }
    const tns = attr(root, 'targetNamespace') ?? '';
    for (const child of root.children) {
      if (typeof child === 'string' || child.ns !== WSDL_NS) continue;
      const kind = child.name as WsdlComponentKind;
      if (!KINDS.includes(kind)) continue;
      const local = attr(child, 'name');
      if (local === undefined) {
        ctx.error(doc, child, `wsdl:${kind} has no name attribute`);
        continue;
      }
      const name = { ns: tns, name: local };
      const map = index[kind];
      const existing = map.get(qkey(name));
      if (existing) {
        if (sameDeclaration(existing.doc, existing.el, doc, child)) continue;
        ctx.warning(
          doc,
          child,
          `duplicate wsdl:${kind} ${qdisplay(name)} ignored (first defined at ${existing.doc.displayName}:${existing.el.line}:${existing.el.column})`,
        );
        continue;
      }
      map.set(qkey(name), { name, el: child, doc });
    }
  }
  return index;
}
