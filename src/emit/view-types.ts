/**
 * View model of `types.ts`: interfaces for complex types and operation
 * inputs/outputs, aliases for simple types and operation aliases.
 * Template: `templates/types.hbs`.
 */
import { selectableMembers } from '../runtime/wire/codec.js';
import { propertyKey, tsString } from './literal.js';
import { headerSetDoc, type HeaderSets } from './header-sets.js';
import type { ServiceModel } from './service-model.js';
import { useTs } from './service-model.js';
import type { ComplexEntry, PropInfo, TypeRegistry } from './type-registry.js';
import { docBlock, indentLines, mentionsDataSet } from './view-common.js';
import { type RuntimeImportView, runtimeImports } from './runtime-imports.js';

/** One property line of an interface. */
export interface PropView {
  /** JSDoc block (documentation, XML name, `@xsd` mapping) or `''`. */
  readonly doc: string;
  /** The property name: an identifier or a string literal. */
  readonly key: string;
  /** Whether the property is optional (`?:`). */
  readonly optional: boolean;
  /** The property's TypeScript type. */
  readonly type: string;
}

/** One declaration of types.ts. */
export interface DeclView {
  /** JSDoc block or `''`. */
  readonly doc: string;
  /** `true`: `export interface name extends? { props }`; `false`: `export type name = aliasOf;`. */
  readonly isInterface: boolean;
  readonly name: string;
  /** Base interface name or `''`. */
  readonly extends: string;
  readonly props: readonly PropView[];
  /** Right-hand side of a type alias (`''` for interfaces). */
  readonly aliasOf: string;
}

/** The view of types.ts. */
export interface TypesView {
  readonly header: string;
  /** Whether `XmlElement` is referenced (import it from the runtime). */
  readonly usesXmlElement: boolean;
  /** The imports from the runtime, one per entry point (`import {clause} from '{from}';`). */
  readonly runtimeImports: readonly RuntimeImportView[];
  readonly declarations: readonly DeclView[];
}

function propDoc(p: PropInfo): string {
  const where =
    p.kind === 'attribute'
      ? // Which properties are attributes the type's JSDoc says once (attributesNote); a property says so only for a name or namespace of its own.
        p.xmlName !== p.prop || p.ns
        ? `XML attribute${p.xmlName !== p.prop ? ` \`${p.xmlName}\`` : ''}${p.ns ? ` (namespace ${p.ns})` : ''}.`
        : undefined
      : p.kind === 'text'
        ? undefined // `$value`: a naming convention of docs/types-and-names.md (simple content)
        : p.kind === 'any'
          ? 'Elements matched by `xsd:any`, as parsed XML.'
          : p.ordered === 'group'
            ? 'The occurrences of a repeated group, in document order (each item one occurrence).'
            : p.ordered === 'mixed'
              ? 'The mixed content: text and child elements (one per item), in document order.'
              : p.kind === 'anyAttribute'
                ? 'Attributes matched by `xsd:anyAttribute` (those no declared attribute claims).'
                : p.prop !== p.xmlName
                  ? `XML element \`${p.xmlName}\`${p.ns ? ` (namespace ${p.ns})` : ''}.`
                  : undefined;
  // `@xsd string` on a `string` says nothing the type does not: only a name the TypeScript type hides is given.
  const xsd = p.resolved.xsd && p.resolved.xsd !== p.resolved.ts ? `@xsd ${p.resolved.xsd}` : undefined;
  // Values from the WSDL go through JSON.stringify (quotes, escapes) and then the JSDoc escaping of docBlock.
  const fixed = p.fixedValue !== undefined ? `Fixed by the schema: ${JSON.stringify(p.fixedValue)}.` : undefined;
  const dflt =
    p.defaultValue !== undefined
      ? `@defaultValue ${JSON.stringify(p.defaultValue)} (assumed by the schema when absent or empty)`
      : undefined;
  return indentLines(docBlock(p.documentation, where, fixed, dflt, xsd), '  ');
}

/**
 * The item type of a property: for a substitution group head, its type and the
 * types of the members a value can be written as (the runtime's rule,
 * `selectableMembers`: `$type` selects them); only those members when the head
 * is abstract.
 */
function itemTs(p: PropInfo): string {
  if (!p.subst) return p.resolved.ts;
  const members = p.subst.map((m) => ({ name: m.xmlName, ns: m.ns, value: m.resolved.value }));
  const chosen = selectableMembers({ value: p.resolved.value, subst: members });
  const selectable = p.subst.filter((_, i) => chosen.includes(members[i]!));
  const all = [
    ...(p.abstractHead && selectable.length > 0 ? [] : [p.resolved.ts]),
    ...selectable.map((m) => m.resolved.ts),
  ];
  const unique = [...new Set(all)];
  return unique.length === 1 ? unique[0]! : unique.map((t) => (t.includes(' ') ? `(${t})` : t)).join(' | ');
}

function propView(p: PropInfo): PropView {
  const type = p.kind === 'any' ? 'XmlElement[]' : useTs(itemTs(p), p.nillable, p.max);
  return { doc: propDoc(p), key: propertyKey(p.prop), optional: p.min === 0, type };
}

/**
 * The `$type` property of a type with derived types, or derived itself: the
 * literal names of the type and every type derived from it. Set it to send a
 * derived type where its base is declared (written as `xsi:type`); reading sets
 * it when the message names a derived type.
 */
function typeTagProp(e: ComplexEntry, descendants: ReadonlyMap<string, readonly string[]>): PropView | undefined {
  // An anonymous type has no name to put in xsi:type: it keeps the property its base declares.
  if (e.anonymous) return undefined;
  const below = descendants.get(e.key);
  if (!e.baseKey && below === undefined) return undefined;
  const names = [e.tsName, ...(below ?? [])];
  // Undocumented per property (it is on most types of a large contract): `$type` is a naming convention of docs/types-and-names.md.
  return {
    doc: '',
    key: '$type',
    optional: true,
    type: names.map(tsString).join(' | '),
  };
}

/** The TypeScript names of the types derived from each named complex type (transitively, in document order). */
function descendantsOf(registry: TypeRegistry): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of registry.complexEntries) {
    if (!e.declare || e.anonymous) continue;
    const seen = new Set<string>();
    for (let k = e.baseKey; k !== undefined && !seen.has(k); k = registry.entry(k)?.baseKey) {
      seen.add(k);
      let list = out.get(k);
      if (list === undefined) out.set(k, (list = []));
      list.push(e.tsName);
    }
  }
  return out;
}

/**
 * The type's own attribute properties, said once in its JSDoc (`XML attributes: \`a\`, \`b\`.`)
 * rather than on each property: the same information at a fraction of the text a
 * large contract's types.ts (and its user's compiler) would carry.
 */
function attributesNote(e: ComplexEntry): string | undefined {
  const keys = e.props.filter((p) => p.kind === 'attribute').map((p) => `\`${p.prop}\``);
  if (keys.length === 0) return undefined;
  return `XML ${keys.length === 1 ? 'attribute' : 'attributes'}: ${keys.join(', ')}.`;
}

function complexDecl(
  e: ComplexEntry,
  registry: TypeRegistry,
  descendants: ReadonlyMap<string, readonly string[]>,
): DeclView {
  if (e.soapArray) {
    return {
      doc: docBlock(e.documentation, 'SOAP-encoded array (SOAP 1.1 §5.4.2).'),
      isInterface: false,
      name: e.tsName,
      extends: '',
      props: [],
      aliasOf: `${e.soapArray.ts.includes('|') ? `(${e.soapArray.ts})` : e.soapArray.ts}${'[]'.repeat(1 + (e.soapArrayNesting ?? 0))}`,
    };
  }
  const base = e.baseKey ? (registry.entry(e.baseKey)?.tsName ?? '') : '';
  const doc = docBlock(
    e.documentation,
    !e.anonymous && e.xmlName.name !== e.tsName ? `XML type \`${e.xmlName.name}\`.` : undefined,
    attributesNote(e),
  );
  const tag = typeTagProp(e, descendants);
  const items = registry.isItemList(e) ? e.props[0] : undefined;
  if (items !== undefined) {
    return {
      doc: docBlock(
        e.documentation,
        !e.anonymous && e.xmlName.name !== e.tsName ? `XML type \`${e.xmlName.name}\`.` : undefined,
        'The occurrences of a repeated group, in document order (each item one occurrence).',
      ),
      isInterface: false,
      name: e.tsName,
      extends: '',
      props: [],
      aliasOf: useTs(items.resolved.ts, false, -1),
    };
  }
  if (registry.isOneOf(e))
    return {
      doc,
      isInterface: false,
      name: e.tsName,
      extends: '',
      props: [],
      aliasOf: `OneOf<${objectType(e.props.map(propView))}>`,
    };
  if (registry.hasChoice(e.key))
    return { doc, isInterface: false, name: e.tsName, extends: '', props: [], aliasOf: choiceAlias(e, base, tag) };
  return {
    doc,
    isInterface: true,
    name: e.tsName,
    extends: base,
    props: tag ? [tag, ...e.props.map(propView)] : e.props.map(propView),
    aliasOf: '',
  };
}

function propLine(p: PropView): string {
  return `${p.doc ? `${p.doc}\n` : ''}  ${p.key}${p.optional ? '?' : ''}: ${p.type};`;
}

function objectType(props: readonly PropView[]): string {
  return props.length === 0 ? '{}' : `{\n${props.map(propLine).join('\n')}\n}`;
}

/**
 * A type with `xsd:choice` groups, as an intersection: the base type, the
 * properties outside any choice, then per group a union with one member per
 * branch. A member sets its branch's properties (optional as in the schema)
 * and declares every other branch's property `?: never`, so TypeScript allows
 * at most one branch; an optional choice adds a member where all are `never`.
 * Example: `<choice><element name="a"/><element name="b"/></choice>` gives
 * `{ a: A; b?: never } | { a?: never; b: B }`.
 */
function choiceAlias(e: ComplexEntry, base: string, tag: PropView | undefined): string {
  const parts: string[] = [];
  if (base) parts.push(base);
  const plain = e.props.filter((p) => p.choice === undefined).map(propView);
  if (tag) plain.unshift(tag);
  if (plain.length > 0 || (!base && e.choiceGroups.length === 0)) parts.push(objectType(plain));
  for (const g of e.choiceGroups) {
    const inGroup = e.props.filter((p) => p.choice === g.id);
    const never = (p: PropInfo): PropView => ({ doc: '', key: propView(p).key, optional: true, type: 'never' });
    const members: string[] = [];
    for (let branch = 0; branch < g.branches; branch++) {
      members.push(objectType(inGroup.map((p) => ((p.branch ?? 0) === branch ? propView(p) : never(p)))));
    }
    if (g.optional) members.push(objectType(inGroup.map(never)));
    const unique = [...new Set(members)];
    parts.push(unique.length === 1 ? unique[0]! : `(\n${unique.map((m) => `| ${m}`).join('\n')}\n)`);
  }
  return parts.length === 0 ? '{}' : parts.join(' & ');
}

/** The names types.ts declares for the registry's types and the operation aliases (header sets come after, named against these). */
export function declaredTypeNames(registry: TypeRegistry, sm: ServiceModel): Set<string> {
  const names = new Set<string>();
  for (const e of registry.complexEntries) if (e.declare) names.add(e.tsName);
  for (const s of registry.simpleEntries) names.add(s.tsName);
  for (const a of sm.aliases) names.add(a.name);
  return names;
}

/** Builds the types.ts view. */
export function typesView(
  header: string,
  registry: TypeRegistry,
  sm: ServiceModel,
  hs: HeaderSets,
  runtimeBase?: string,
): TypesView {
  const declarations: DeclView[] = [];
  const descendants = descendantsOf(registry);
  for (const e of registry.complexEntries) if (e.declare) declarations.push(complexDecl(e, registry, descendants));
  for (const s of registry.simpleEntries) {
    declarations.push({
      doc: docBlock(
        s.documentation,
        s.xmlName.name !== s.tsName ? `XML simple type \`${s.xmlName.name}\`.` : undefined,
      ),
      isInterface: false,
      name: s.tsName,
      extends: '',
      props: [],
      aliasOf: s.aliasOf,
    });
  }
  for (const a of sm.aliases) {
    declarations.push({
      doc: docBlock(a.documentation),
      isInterface: false,
      name: a.name,
      extends: '',
      props: [],
      aliasOf: a.aliasOf,
    });
  }
  for (const set of hs.sets) {
    // A type alias, not an interface: the runtime takes `soapHeaders` as a `Record<string, unknown>`,
    // which an object literal type satisfies (implicit index signature) and an interface does not.
    declarations.push({
      doc: docBlock(headerSetDoc(set)),
      isInterface: false,
      name: set.name,
      extends: '',
      props: [],
      aliasOf: objectType(set.props.map((p) => ({ doc: '', key: p.key, optional: true, type: p.ts }))),
    });
  }
  // What the declared types mention, in one pass over them (NetSuite's types.ts has about 25,000 property types).
  let usesXmlElement = false;
  let usesDataSet = false;
  let usesOneOf = false;
  const note = (t: string): void => {
    if (!usesXmlElement && t.includes('XmlElement')) usesXmlElement = true;
    if (!usesDataSet && t.includes('DataSet')) usesDataSet = mentionsDataSet([t]);
    if (!usesOneOf && t.startsWith('OneOf<')) usesOneOf = true;
  };
  for (const d of declarations) {
    note(d.aliasOf);
    for (const p of d.props) note(p.type);
  }
  return {
    header,
    usesXmlElement,
    runtimeImports: runtimeImports(
      [usesXmlElement && 'XmlElement', usesDataSet && 'DataSet', usesOneOf && 'OneOf'],
      runtimeBase,
    ),
    declarations,
  };
}
