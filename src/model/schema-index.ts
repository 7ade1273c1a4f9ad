/**
 * First pass over every schema of a contract: finds each `xsd:schema` (inside
 * `wsdl:types` of every WSDL document, and standalone XSD documents) and
 * indexes its global components by QName, so the second pass can resolve
 * references in any order (XML Schema Part 1 §3.15, QName resolution).
 */
import path from 'node:path';
import type { SourceDocument } from '../load/types.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr } from '../runtime/xml/xml-parse.js';
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
  /** For a redefinition (`xsd:redefine`, XML Schema Part 1 §4.2.2): the component it replaces. */
  readonly redefines?: RawComponent;
}

/** The kinds of global schema components (XML Schema Part 1 §3). */
export type ComponentKind = 'element' | 'complexType' | 'simpleType' | 'group' | 'attributeGroup' | 'attribute';

/**
 * A top-level child of `xsd:schema` in the XML Schema namespace that is not an
 * XML Schema element (e.g. `xs:simpletype`), ignored; kept to explain the
 * undefined references it causes.
 */
export interface IgnoredDeclaration {
  readonly el: XmlElement;
  readonly doc: SourceDocument;
  /** The component kind it looks like (same letters, other case), if any. */
  readonly lookalike?: ComponentKind;
}

/** Global components by kind, each keyed by {@link qkey} in document order. */
export interface SchemaIndex {
  readonly scopes: SchemaScope[];
  readonly components: Record<ComponentKind, Map<string, RawComponent>>;
  /** Ignored unknown top-level declarations with a name, keyed by the {@link qkey} they would have declared. */
  readonly ignored: Map<string, IgnoredDeclaration>;
  /** The children of `xsd:redefine` elements, in document order, for `applyRedefinitions` (schema-redefine.ts). */
  readonly redefinitions: PendingRedefinition[];
}

const KINDS: readonly ComponentKind[] = [
  'element',
  'complexType',
  'simpleType',
  'group',
  'attributeGroup',
  'attribute',
];

/** The other elements allowed at the top of a schema (XML Schema Part 1 §3.15.2). */
const OTHER_TOP_LEVEL = new Set(['include', 'import', 'redefine', 'annotation', 'notation']);

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
    ignored: new Map(),
    redefinitions: [],
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

/** Warns about an unknown top-level XML Schema element and remembers the name it would have declared. */
function noteUnknown(ctx: BuildContext, index: SchemaIndex, doc: SourceDocument, el: XmlElement, tns: string): void {
  const lookalike = [...KINDS, ...OTHER_TOP_LEVEL].find((k) => k.toLowerCase() === el.name.toLowerCase());
  const written = el.prefix ? `${el.prefix}:${el.name}` : el.name;
  const hint = lookalike
    ? ` (did you mean ${el.prefix ? `${el.prefix}:` : ''}${lookalike}? element names are case-sensitive)`
    : '';
  ctx.warning(doc, el, `<${written}> is not an XML Schema element${hint}; it is ignored`);
  const name = attr(el, 'name');
  if (name === undefined) return;
  const kind = KINDS.find((k) => k === lookalike);
  index.ignored.set(qkey({ ns: tns, name }), { el, doc, ...(kind ? { lookalike: kind } : {}) });
}

/** Whether two declarations are the same one reached through two spellings of the same path. */
export function sameDeclaration(aDoc: SourceDocument, a: XmlElement, bDoc: SourceDocument, b: XmlElement): boolean {
  if (a === b) return true;
  const norm = (u: string): string => (/^[a-z][a-z0-9+.-]*:\/\//i.test(u) ? u : path.normalize(u));
  return norm(aDoc.url) === norm(bDoc.url) && a.line === b.line && a.column === b.column;
}

/** The component kinds `xsd:redefine` may redefine (XML Schema Part 1 §4.2.2, the `redefine` element). */
const REDEFINABLE: ReadonlySet<string> = new Set(['complexType', 'simpleType', 'group', 'attributeGroup']);

/** One child of an `xsd:redefine`, waiting for every schema to be indexed. */
export interface PendingRedefinition {
  readonly kind: ComponentKind;
  readonly raw: RawComponent;
  /** The `xsd:redefine` element. */
  readonly redefine: XmlElement;
}

/**
 * Collects the redefinitions under one `xsd:redefine` element of `scope`'s schema,
 * reporting children that are not redefinable components or have no name.
 */
function collectRedefinitions(
  ctx: BuildContext,
  scope: SchemaScope,
  redefine: XmlElement,
  out: PendingRedefinition[],
): void {
  for (const child of redefine.children) {
    if (typeof child === 'string' || !isXsdNamespace(child.ns) || child.name === 'annotation') continue;
    if (!REDEFINABLE.has(child.name)) {
      ctx.error(
        scope.doc,
        child,
        `xsd:${child.name} cannot appear in xsd:redefine (only complexType, simpleType, group and attributeGroup can be redefined)`,
      );
      continue;
    }
    const localName = attr(child, 'name')?.trim();
    if (localName === undefined) {
      ctx.error(scope.doc, child, `xsd:${child.name} in xsd:redefine has no name attribute`);
      continue;
    }
    out.push({
      kind: child.name as ComponentKind,
      raw: { name: { ns: scope.tns, name: localName }, el: child, scope },
      redefine,
    });
  }
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
    if ((child.name === 'include' || child.name === 'redefine') && attr(child, 'schemaLocation') === undefined) {
      // XML Schema Part 1 §4.2.1, §4.2.2: schemaLocation is required on include and redefine.
      // Lenient mode: the loader followed its `location` instead, with a warning (a redefine's children still apply).
      const misnamed = attr(child, 'location')?.trim();
      if (!(ctx.lenient && misnamed && !misnamed.startsWith('#'))) {
        const wrong =
          attr(child, 'location') !== undefined
            ? ' (it has a "location" attribute; the attribute is schemaLocation)'
            : '';
        ctx.error(doc, child, `xsd:${child.name} has no schemaLocation attribute${wrong}, so nothing is included`);
        continue;
      }
      if (child.name === 'include') continue;
    }
    if (child.name === 'redefine') {
      collectRedefinitions(ctx, scope, child, index.redefinitions);
      continue;
    }
    const kind = child.name as ComponentKind;
    if (!KINDS.includes(kind)) {
      if (!OTHER_TOP_LEVEL.has(child.name)) noteUnknown(ctx, index, doc, child, tns);
      continue;
    }
    const localName = attr(child, 'name')?.trim();
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
        ctx.warning(
          doc,
          child,
          `duplicate xsd:${kind} ${qdisplay(name)} ignored (first defined at ${existing.scope.doc.displayName}:${existing.el.line}:${existing.el.column})`,
        );
      }
      continue;
    }
    map.set(key, { name, el: child, scope });
  }
}
