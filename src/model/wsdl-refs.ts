/**
 * QName references between WSDL components (WSDL 1.1 §2.1: `message`, `type`,
 * `binding` and part `element`/`type` attributes are QNames resolved with the
 * namespace declarations in scope, XML Namespaces §6), with the same leniency
 * the schema side applies to unprefixed names, and hints for undefined ones.
 */
import type { SourceDocument } from '../load/types.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type { QName } from './types.js';
import { qdisplay, qkey } from './qname-key.js';
import { referenceHint } from './reference-hints.js';
import type { NamespaceNotes } from './import-check.js';
import type { WsdlComponentKind, WsdlIndex } from './wsdl-index.js';

/**
 * Resolves the QName attribute `attrName` of `el`. When the name is written
 * without a prefix and does not resolve (typically `message="GetX"` in a WSDL
 * whose default namespace is the WSDL namespace, or no namespace at all), the
 * same local name in the document's targetNamespace (then in `extraNamespaces`)
 * is used if it exists there, with a warning, as node-soap and .NET do.
 * Records an error for an unbound prefix; returns `undefined` then.
 */
export function resolveWsdlRef(
  ctx: BuildContext,
  doc: SourceDocument,
  el: XmlElement,
  attrName: string,
  exists: (q: QName) => boolean,
  extraNamespaces: readonly string[] = [],
): QName | undefined {
  const q = ctx.qnameAttr(doc, el, attrName);
  if (!q || exists(q)) return q;
  const written = (attr(el, attrName) ?? '').trim();
  if (written.includes(':')) return q;
  const tns = attr(doc.root, 'targetNamespace') ?? '';
  for (const ns of [tns, ...extraNamespaces]) {
    const c = { ns, name: q.name };
    if (ns === q.ns || !exists(c)) continue;
    ctx.warning(
      doc,
      el,
      `unprefixed ${attrName}="${written}" resolves to ${qdisplay(q)}, which is not defined; ${qdisplay(c)} is used`,
    );
    return c;
  }
  return q;
}

/** Hints for undefined WSDL component references. */
export class WsdlHints {
  private readonly loadedNamespaces: ReadonlySet<string>;

  constructor(
    private readonly index: WsdlIndex,
    ctx: BuildContext,
    private readonly namespaceNotes: NamespaceNotes,
  ) {
    this.loadedNamespaces = new Set(
      ctx.loaded.documents.filter((d) => d.kind === 'wsdl').map((d) => attr(d.root, 'targetNamespace') ?? ''),
    );
  }

  /** A parenthesised hint (leading space) or `''` for an undefined `kind` named `q`. */
  hint(kind: WsdlComponentKind, q: QName): string {
    const names = (k: WsdlComponentKind): QName[] => [...this.index[k].values()].map((r) => r.name);
    const others = (['message', 'portType', 'binding'] as const)
      .filter((k) => k !== kind)
      .map((k) => ({ label: k, names: names(k) }));
    return referenceHint({
      missing: q,
      sameKind: { label: kind, names: names(kind) },
      otherKinds: others,
      loadedNamespaces: this.loadedNamespaces,
      namespaceNotes: this.namespaceNotes,
    });
  }

  /** Whether a component of `kind` named `q` exists. */
  has(kind: WsdlComponentKind, q: QName): boolean {
    return this.index[kind].has(qkey(q));
  }
}
