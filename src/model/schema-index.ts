/**
 * First pass over every schema of a contract: finds each `xsd:schema` (inside
 * `wsdl:types` of every WSDL document, and standalone XSD documents) and
 * indexes its global components by QName, so the second pass can resolve
 * references in any order (XML Schema Part 1 §3.15, QName resolution).
 */
import path from 'node:path';
import type { SourceDocument } from '../load/types.js';
import type { XmlElement } from '../runtime/xml-parse.js';
import { attr } from '../runtime/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type { QName, SchemaInfo } from './types.js';
import { WSDL_NS, isXsdNamespace } from './namespaces.js';
import { qkey, qdisplay } from './qname-key.js';

/** One `xsd:schema` element and the defaults that apply inside it. */
export interface SchemaScope {
  readonly doc: SourceDocument;
  readonly schemaEl: XmlElement;
  /** Effective target namespace (the includer's for a chameleon include). */
  readonly tns: string;
  /** Set for a chameleon schema: unqualified references resolve to this namespace. */
  readonly chameleonNs?: string;
  readonly elementFormQualified: boolean;
  readonly attributeFormQualified: boolean;
  readonly info: SchemaInfo;
}

/** A global schema component, not yet converted. */
export interface RawComponent {
  readonly name: QName;
  readonly el: XmlElement;
  readonly scope: SchemaScope;
}

/** The kinds of global schema components (XML Schema Part 1 §3). */
export type ComponentKind = 'element' | 'complexType' | 'simpleType' | 'group' | 'attributeGroup' | 'attribute';

/** Global components by kind, each keyed by {@link qkey} in document order. */
export interface SchemaIndex {
  readonly scopes: SchemaScope[];
  readonly components: Record<ComponentKind, Map<string, RawComponent>>;
}

const KINDS: readonly ComponentKind[] = ['element', 'complexType', 'simpleType', 'group', 'attributeGroup', 'attribute'];

/** Finds every schema of the loaded documents and indexes its global components. */
export function indexSchemas(ctx: BuildContext): SchemaIndex {
  const index: SchemaIndex = {
    scopes: [],
    components: {
      element: new Map(),
      complexType: new Map(),
      simpleType: new Map(),
      group: new Map(),
      attributeGroup: new Map(),
      attribute: new Map(),
    },
  };
  for (const doc of ctx.loaded.documents) {
    const root = doc.root;
    if (isXsdNamespace(root.ns) && root.name === 'schema') {
      addSchema(ctx, index, doc, root);
    } else if (root.ns === WSDL_NS && root.name === 'definitions') {
      for (const types of root.children) {
        if (typeof types === 'string' || types.ns !== WSDL_NS || types.name !== 'types') continue;
        for (const s of types.children) {
          if (typeof s !== 'string' && isXsdNamespace(s.ns) && s.name === 'schema') addSchema(ctx, index, doc, s);
        }
      }
    }
  }
  return index;
}

/** Whether two declarations are the same one reached through two spellings of the same path. */
export function sameDeclaration(aDoc: SourceDocument, a: XmlElement, bDoc: SourceDocument, b: XmlElement): boolean {
  if (a === b) return true;
  const norm = (u: string): string => (/^[a-z][a-z0-9+.-]*:\/\//i.test(u) ? u : path.normalize(u));
  return norm(aDoc.url) === norm(bDoc.url) && a.line === b.line && a.column === b.column;
}

function addSchema(ctx: BuildContext, index: SchemaIndex, doc: SourceDocument, schemaEl: XmlElement): void {
  const declared = attr(schemaEl, 'targetNamespace');
  const chameleonNs = declared === undefined && schemaEl === doc.root ? doc.chameleonNamespace : undefined;
  const tns = declared ?? chameleonNs ?? '';
  const efd = attr(schemaEl, 'elementFormDefault') === 'qualified' ? 'qualified' : 'unqualified';
  const afd = attr(schemaEl, 'attributeFormDefault') === 'qualified' ? 'qualified' : 'unqualified';
  const info: SchemaInfo = {
    targetNamespace: tns,
    elementFormDefault: efd,
    attributeFormDefault: afd,
    location: ctx.modelLoc(doc, schemaEl),
  };
  const scope: SchemaScope = {
    doc,
    schemaEl,
    tns,
    ...(chameleonNs !== undefined ? { chameleonNs } : {}),
    elementFormQualified: efd === 'qualified',
    attributeFormQualified: afd === 'qualified',
    info,
  };
  index.scopes.push(scope);
  for (const child of schemaEl.children) {
    if (typeof child === 'string' || !isXsdNamespace(child.ns)) continue;
    const kind = child.name as ComponentKind;
    if (!KINDS.includes(kind)) continue;
    const localName = attr(child, 'name');
    if (localName === undefined) {
      ctx.error(doc, child, `global xsd:${kind} has no name attribute`);
      continue;
    }
    const name: QName = { ns: tns, name: localName };
    const map = index.components[kind];
    const key = qkey(name);
    const existing = map.get(key);
    if (existing) {
      // The same document reached twice is deduplicated by the loader; a second
      // definition elsewhere is ignored (first wins) with a warning.
      if (!sameDeclaration(existing.scope.doc, existing.el, doc, child)) {
        ctx.warning(doc, child, `duplicate xsd:${kind} ${qdisplay(name)} ignored (first defined at ${existing.scope.doc.displayName}:${existing.el.line}:${existing.el.column})`);
      }
      continue;
    }
    map.set(key, { name, el: child, scope });
  }
}
