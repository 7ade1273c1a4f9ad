/**
 * The type registry: every XSD type the generated code needs, resolved once to
 * both a runtime descriptor (`ComplexDesc` / `ValueDesc`, src/runtime/wire/descriptors.ts)
 * and a TypeScript type, with property names from the names pass.
 *
 * Rules (XML Schema Part 1 §3.4 complex types, §3.8–§3.9 particles; Part 2 §4.1 simple types):
 * - A content model is flattened in document order. A field's occurrence is the
 *   product of its own and its enclosing groups' occurrences; `maxOccurs` > 1
 *   anywhere on the path makes it an array; `minOccurs` 0 makes it optional.
 * - `xsd:choice` (occurring at most once): a choice group; each particle of the
 *   choice is a branch, and its fields are tagged with the group and the branch
 *   index (`FieldDesc.choice`/`branch`). A field's `min` is its occurrence
 *   within its branch. types.ts declares such a type as a union of branches
 *   (see view-types.ts). A choice nested in a branch adds its fields to that
 *   branch as optional; a repeated choice (`maxOccurs` > 1, or inside a
 *   repeated group) is no exclusive group: its fields are optional arrays.
 * - A repeated group whose order carries meaning (`GroupParticle.ordered`: a
 *   choice or sequence with `maxOccurs` > 1 and several element names) is one
 *   `$items` property: an array of items, each one occurrence of the group (an
 *   anonymous `…Item` type: a union of branches for a choice, an object for a
 *   sequence), read in document order and written in array order. A type whose
 *   whole content is such a group is declared as the array itself (`Item[]`).
 * - `mixed="true"` content -> a `$mixed` array of strings and element items in
 *   document order (XML Schema Part 1 §3.4.2, {content type} mixed).
 * - `complexContent/extension` -> `interface X extends Base`; the base's
 *   properties come first at run time (`ComplexDesc.base`).
 *   `complexContent/restriction` is emitted with the restricted content only.
 * - `simpleContent` -> a `$value` property for the text; `xsd:any` -> `$any: XmlElement[]`.
 * - Attributes -> properties named after the attribute (suffixed on collision).
 * - Named simple types -> type aliases (enumerations as string-literal unions);
 *   `xsd:list` -> arrays; `xsd:union` -> `string`.
 * - SOAP-encoded arrays (SOAP 1.1 §5.4.2, `soapenc:Array` + `wsdl:arrayType`) -> `T[]` aliases.
 */
import { isXsdNamespace } from '../load/namespaces.js';
import { SOAP_11_ENC_NS } from '../runtime/wire/namespaces.js';
import type {
  AttributeUse,
  ComplexType,
  ComplexTypeBody,
  ElementDecl,
  Facets,
  Particle,
  QName,
  SimpleType,
  SimpleTypeBody,
  SourceLocation,
  TypeRef,
  WsdlModel,
} from '../model/types.js';
import { newPropertyScope, qnameKey, toPropertyName, type NamePlan, type NameScope } from '../names/index.js';
import type {
  AttrDesc,
  ComplexDesc,
  FieldDesc,
  SampleFacets,
  ScalarKind,
  ValueDesc,
} from '../runtime/wire/descriptors.js';

/** `T` with its properties writable (descriptors are built by assignment, then handed out read-only). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
import { userError } from '../util/errors.js';
import { tsString } from './literal.js';
import { BUILTIN_SAMPLE_PATTERNS, builtinRange, builtinScalar, SCALAR_TS } from './type-map.js';
import type { TypeMappingOptions } from './types.js';

/** An ADO.NET DataSet value (ComplexTypeBody.dataSet): the runtime's `DataSet` (src/runtime/wire/dataset.ts). */
const DATA_SET: Resolved = { value: { scalar: 'dataSet' }, ts: 'DataSet' };
/** A value resolved for both the runtime and TypeScript. */
export interface Resolved {
  readonly value: ValueDesc;
  /** TypeScript type of one value. */
  readonly ts: string;
  /** What to say after `@xsd` in JSDoc, when useful (built-in and named simple types). */
  readonly xsd?: string;
}

/** A property of a complex type (element, attribute, text value or wildcard). */
export interface PropInfo {
  readonly kind: 'element' | 'attribute' | 'text' | 'any' | 'anyAttribute';
  /** The property name (also `FieldDesc.prop`). */
  readonly prop: string;
  readonly xmlName: string;
  readonly ns: string;
  readonly resolved: Resolved;
  readonly min: number;
  /** `-1` for unbounded. */
  readonly max: number;
  readonly nillable: boolean;
  /** The choice group the property belongs to (unique along a type's base chain). */
  readonly choice?: number;
  /** The branch of {@link choice} (index of the choice's particle). */
  readonly branch?: number;
  readonly documentation?: string;
  /** The schema's `default` value (XML Schema Part 1 §3.3.1, §3.2.1): what a reader assumes when the element is empty or the attribute absent. */
  readonly defaultValue?: string;
  /** The schema's `fixed` value: the only value allowed. */
  readonly fixedValue?: string;
  /**
   * Elements that may stand in for this one (a reference to the head of a
   * substitution group, XML Schema Part 1 §3.3.6): its non-abstract members,
   * transitively, in document order.
   */
  subst?: readonly { readonly xmlName: string; readonly ns: string; readonly resolved: Resolved }[];
  /** The referenced head is abstract: only its members may appear. */
  abstractHead?: boolean;
  /**
   * The property holds the occurrences of an ordered group or mixed content, in
   * document order (`FieldDesc.ordered`); {@link resolved} is one item's type.
   */
  readonly ordered?: 'group' | 'mixed';
  /** Mixed content with a wildcard: items may also be `XmlElement`s (`FieldDesc.wild`). */
  readonly wild?: boolean;
  /** The substitution group head this element refers to; {@link subst} is filled from it by {@link TypeRegistry.resolveSubstitutions}. */
  readonly substHead?: ElementDecl;
}

/** An `xsd:choice` occurring at most once: exactly one branch (or none, when optional) is present. */
export interface ChoiceGroup {
  /** The group index (`PropInfo.choice`). */
  readonly id: number;
  /** Number of branches (particles of the choice). */
  readonly branches: number;
  /** Whether the whole choice may be absent (`minOccurs="0"` on it or an enclosing group). */
  readonly optional: boolean;
}

/** A complex type in the registry. */
export interface ComplexEntry {
  /** Registry key (`ServiceDesc.types` key); equals {@link tsName} when declared. */
  readonly key: string;
  /** The TypeScript name; declared in types.ts when {@link declare} is set. */
  readonly tsName: string;
  /** Whether types.ts declares it (wrapper-only types are descriptors only). */
  declare: boolean;
  /** `true` for anonymous and synthetic types (no XML type name to mention). */
  readonly anonymous: boolean;
  readonly xmlName: QName;
  readonly documentation?: string;
  readonly baseKey?: string;
  readonly props: PropInfo[];
  /** The choice groups of this type's own content (not of its bases). */
  readonly choiceGroups: ChoiceGroup[];
  readonly soapArray?: Resolved;
  /** SOAP-encoded array: the item type's XML name (for `soapenc:arrayType`) and the array levels between (`T[][]`: 1). */
  readonly soapArrayType?: QName;
  readonly soapArrayNesting?: number;
  /** SOAP-encoded array: the item element's name when the schema declares one. */
  readonly soapArrayItemElement?: QName;
}

/** A named simple type (a type alias in types.ts). */
export interface SimpleEntry {
  readonly tsName: string;
  /** The alias's right-hand side. */
  readonly aliasOf: string;
  readonly value: ValueDesc;
  readonly xmlName: QName;
  readonly documentation?: string;
}

/** Occurrence of a field, unbounded as -1. */
function maxOf(m: number | 'unbounded'): number {
  return m === 'unbounded' ? -1 : m;
}

function mulMax(a: number, b: number): number {
  return a === -1 || b === -1 ? -1 : a * b;
}

/** Wraps a union type in parentheses so it can take `[]` or be unioned safely. */
export function parenthesize(ts: string): string {
  return ts.includes('|') ? `(${ts})` : ts;
}

/** Builds and holds every complex and simple type of one model. */
export class TypeRegistry {
  readonly complexEntries: ComplexEntry[] = [];
  readonly simpleEntries: SimpleEntry[] = [];
  /** Whether any declared TypeScript type refers to `XmlElement`. */
  usesXmlElement = false;

  readonly #model: WsdlModel;
  readonly #plan: NamePlan;
  readonly #mapping: TypeMappingOptions;
  readonly #sampleFacets: boolean;
  readonly #complexDefs = new Map<string, ComplexType>();
  readonly #simpleDefs = new Map<string, SimpleType>();
  readonly #elements = new Map<string, ElementDecl>();
  readonly #byName = new Map<string, ComplexEntry>();
  readonly #byBody = new Map<ComplexTypeBody, ComplexEntry>();
  readonly #simpleByName = new Map<string, SimpleEntry | 'building'>();
  readonly #building = new Set<ComplexTypeBody>();
  /**
   * SOAP arrays whose item type is being resolved, each with {@link #recordDepth} when it began:
   * an item that leads back to such an array through arrays only (the depth unchanged) has no
   * finite type; one that leads back through a record (a category holding an array of categories)
   * is an ordinary recursive type.
   */
  readonly #arraysResolving = new Map<ComplexTypeBody, { readonly entry: ComplexEntry; readonly depth: number }>();
  /** How many complex types other than SOAP arrays are having their content built (nested). */
  #recordDepth = 0;
  readonly #byKey = new Map<string, ComplexEntry>();

  /**
   * @param sampleFacets record string facets and union members in simple values (`facets`), for a
   *   mock's made-up values; generated descriptors never carry them
   */
  constructor(model: WsdlModel, plan: NamePlan, mapping: TypeMappingOptions, sampleFacets = false) {
    this.#model = model;
    this.#plan = plan;
    this.#mapping = mapping;
    this.#sampleFacets = sampleFacets;
    for (const t of model.schema.complexTypes)
      if (!this.#complexDefs.has(qnameKey(t.name))) this.#complexDefs.set(qnameKey(t.name), t);
    for (const t of model.schema.simpleTypes)
      if (!this.#simpleDefs.has(qnameKey(t.name))) this.#simpleDefs.set(qnameKey(t.name), t);
    for (const e of model.schema.elements)
      if (!this.#elements.has(qnameKey(e.name))) this.#elements.set(qnameKey(e.name), e);
  }

  /** Registers every named complex and simple type of the schema, in model order. */
  addAllNamedTypes(): void {
    for (const t of this.#model.schema.complexTypes) this.namedComplex(t.name, t.location);
    for (const t of this.#model.schema.simpleTypes) this.#namedSimple(t.name, t.location);
  }

  /** Direct members of each substitution group head, by head key (built on first use). */
  #members: Map<string, ElementDecl[]> | undefined;

  /**
   * The non-abstract elements that may stand in for `head` (XML Schema Part 1
   * §3.3.6: members of its substitution group, and theirs), in document order,
   * with their resolved types.
   */
  #substitutesOf(head: ElementDecl, parentName: string): NonNullable<PropInfo['subst']> {
    const members = this.#memberMap();
    const out: NonNullable<PropInfo['subst']>[number][] = [];
    const seen = new Set<string>([qnameKey(head.name)]);
    const queue = [...(members.get(qnameKey(head.name)) ?? [])];
    while (queue.length > 0) {
      const m = queue.shift()!;
      const key = qnameKey(m.name);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!m.abstract)
        out.push({
          xmlName: m.name.name,
          ns: m.name.ns,
          resolved: this.resolve(m.type, parentName, m.name.name, m.location),
        });
      queue.push(...(members.get(key) ?? []));
    }
    return out;
  }

  #memberMap(): Map<string, ElementDecl[]> {
    if (this.#members === undefined) {
      this.#members = new Map();
      for (const e of this.#model.schema.elements) {
        if (!e.substitutionGroup) continue;
        const k = qnameKey(e.substitutionGroup);
        let list = this.#members.get(k);
        if (list === undefined) this.#members.set(k, (list = []));
        list.push(e);
      }
    }
    return this.#members;
  }

  #hasMembers(head: ElementDecl): boolean {
    return this.#memberMap().has(qnameKey(head.name));
  }

  /**
   * Fills in the substitution group members of every property that refers to a
   * group head (see {@link PropInfo.subst}). Called once the named types and the
   * operations are built; types it builds on the way (anonymous member types)
   * are covered too.
   */
  resolveSubstitutions(): void {
    for (let i = 0; i < this.complexEntries.length; i++) {
      const entry = this.complexEntries[i]!;
      for (const p of entry.props) {
        if (p.substHead === undefined || p.subst !== undefined) continue;
        const subst = this.#substitutesOf(p.substHead, entry.tsName);
        if (subst.length === 0) continue;
        p.subst = subst;
        if (p.substHead.abstract) p.abstractHead = true;
        if (entry.declare)
          this.#noteTs([
            { ...p, resolved: { value: p.resolved.value, ts: subst.map((m) => m.resolved.ts).join(' | ') } },
          ]);
      }
    }
  }

  /** A global element declaration, or a located user error. */
  element(name: QName, where?: SourceLocation): ElementDecl {
    const e = this.#elements.get(qnameKey(name));
    if (!e) throw userError(`element {${name.ns}}${name.name} is not declared in any schema`, where);
    return e;
  }

  /** The entry of a named complex type (built on first use). */
  namedComplex(name: QName, where?: SourceLocation): ComplexEntry {
    const key = qnameKey(name);
    const existing = this.#byName.get(key);
    if (existing) return existing;
    const def = this.#complexDefs.get(key);
    if (!def) throw userError(`complex type {${name.ns}}${name.name} is not declared in any schema`, where);
    const tsName = this.#plan.complexTypes.get(key) ?? this.#plan.claimType(name.name);
    return this.#buildComplex(def, tsName, name, def.documentation, true, false, (e) => this.#byName.set(key, e));
  }

  /**
   * The entry of an anonymous complex type (built on first use, shared by identity).
   * `name` is claimed as a type name (or used as is when `claimed`, i.e. the
   * names pass already reserved it); `declare` says whether types.ts declares it.
   */
  anonymousComplex(
    body: ComplexTypeBody,
    name: { readonly hint: string } | { readonly claimed: string },
    xmlName: QName,
    declare: boolean,
    documentation?: string,
  ): ComplexEntry {
    const existing = this.#byBody.get(body);
    if (existing) {
      if (declare && !existing.declare) {
        existing.declare = true;
        this.#noteTs(existing.props);
      }
      return existing;
    }
    const tsName = 'claimed' in name ? name.claimed : this.#plan.claimType(name.hint);
    return this.#buildComplex(body, tsName, xmlName, documentation, declare, true, (e) => this.#byBody.set(body, e));
  }

  /** Claims a fresh top-level type name from `hint` (PascalCased, collision-free). */
  claim(hint: string): string {
    return this.#plan.claimType(hint);
  }

  /** A complex type made up from a list of fields (HTTP parameters, rpc parts, logical signatures). */
  syntheticComplex(
    tsName: string,
    xmlName: QName,
    props: PropInfo[],
    declare: boolean,
    documentation?: string,
  ): ComplexEntry {
    const entry: ComplexEntry = {
      key: tsName,
      tsName,
      declare,
      anonymous: true,
      xmlName,
      props,
      choiceGroups: [],
      ...(documentation ? { documentation } : {}),
    };
    this.complexEntries.push(entry);
    this.#byKey.set(entry.key, entry);
    if (declare) this.#noteTs(props);
    return entry;
  }

  /** Resolves a type reference; anonymous complex types are named `parentName` + `hint`. */
  resolve(ref: TypeRef, parentName: string, hint: string, where?: SourceLocation): Resolved {
    switch (ref.kind) {
      case 'named':
        return this.#resolveNamed(ref.ref, where);
      case 'complex': {
        if (ref.type.dataSet) return DATA_SET;
        const e = this.anonymousComplex(ref.type, { hint: `${parentName} ${hint}` }, { ns: '', name: hint }, true);
        return { value: { complex: e.key }, ts: e.tsName };
      }
      case 'simple':
        return this.#resolveSimpleBody(ref.type, where);
    }
  }

  /** Builds the `ComplexDesc` of an entry. */
  toComplexDesc(e: ComplexEntry): ComplexDesc {
    // Built by assignment in the order of the spread form it replaces (fewer short-lived objects: NetSuite has 18,469 fields).
    const fields: FieldDesc[] = [];
    const attrs: AttrDesc[] = [];
    for (const p of e.props) {
      if (p.kind === 'element') {
        const f: Mutable<FieldDesc> = {
          prop: p.prop,
          name: p.xmlName,
          ns: p.ns,
          value: p.resolved.value,
          min: p.min,
          max: p.max,
        };
        if (p.nillable) f.nillable = true;
        if (p.choice !== undefined) f.choice = p.choice;
        if (p.branch !== undefined) f.branch = p.branch;
        if (p.subst) f.subst = p.subst.map((m) => ({ name: m.xmlName, ns: m.ns, value: m.resolved.value }));
        if (p.abstractHead) f.abstract = true;
        if (p.ordered) f.ordered = p.ordered;
        if (p.wild) f.wild = true;
        fields.push(f);
      } else if (p.kind === 'attribute') {
        const a: Mutable<AttrDesc> = { prop: p.prop, name: p.xmlName, ns: p.ns, value: p.resolved.value };
        if (p.min > 0) a.required = true;
        attrs.push(a);
      }
    }
    const text = e.props.find((p) => p.kind === 'text');
    const any = e.props.find((p) => p.kind === 'any');
    const anyAttr = e.props.find((p) => p.kind === 'anyAttribute');
    return {
      name: e.xmlName.name,
      ns: e.xmlName.ns,
      ...(e.baseKey ? { base: e.baseKey } : {}),
      fields,
      ...(attrs.length ? { attrs } : {}),
      ...(text ? { text: { prop: text.prop, value: text.resolved.value } } : {}),
      ...(any ? { any: any.prop } : {}),
      ...(anyAttr ? { anyAttr: anyAttr.prop } : {}),
      ...(e.soapArray ? { soapArray: e.soapArray.value } : {}),
      ...(e.soapArrayType ? { soapArrayType: { name: e.soapArrayType.name, ns: e.soapArrayType.ns } } : {}),
      ...(e.soapArrayNesting ? { soapArrayNesting: e.soapArrayNesting } : {}),
      ...(e.soapArrayItemElement
        ? { soapArrayItem: { name: e.soapArrayItemElement.name, ns: e.soapArrayItemElement.ns } }
        : {}),
      ...(this.isItemList(e) ? { array: true } : {}),
    };
  }

  /** Keys of the entries some entry extends (rebuilt when entries were added). */
  #extended: { readonly count: number; readonly keys: ReadonlySet<string> } | undefined;

  /**
   * Whether the entry's whole content is one ordered group (no attributes, no
   * base, not extended): its value is then the group's array of items itself
   * (`ComplexDesc.array`), declared as `Item[]`.
   */
  isItemList(e: ComplexEntry): boolean {
    const only = e.props.length === 1 ? e.props[0] : undefined;
    if (only?.ordered !== 'group' || only.choice !== undefined || e.baseKey !== undefined || e.soapArray) return false;
    if (this.#extended?.count !== this.complexEntries.length) {
      const keys = new Set<string>();
      for (const x of this.complexEntries) if (x.baseKey !== undefined) keys.add(x.baseKey);
      this.#extended = { count: this.complexEntries.length, keys };
    }
    return !this.#extended.keys.has(e.key);
  }

  /**
   * The entry of one occurrence of an ordered group (or one element of mixed
   * content): an anonymous type whose content is `particles` as a sequence, or
   * as a choice occurring once (a union of branches, as any exclusive choice).
   */
  #itemEntry(
    kind: 'sequence' | 'choice' | 'all',
    particles: readonly Particle[],
    parent: string,
    documentation: string,
  ): ComplexEntry {
    const body: ComplexTypeBody = { attributes: [], particle: { kind, particles, minOccurs: 1, maxOccurs: 1 } };
    const entry = this.anonymousComplex(body, { hint: `${parent} Item` }, { ns: '', name: '' }, true, documentation);
    if (kind === 'choice') this.#choiceItems.add(entry.key);
    return entry;
  }

  readonly #choiceItems = new Set<string>();

  /**
   * Whether the entry is one occurrence of an ordered choice whose every branch is
   * one element, present (types.ts declares it as the runtime's `OneOf<{ ... }>`).
   */
  isOneOf(e: ComplexEntry): boolean {
    if (!this.#choiceItems.has(e.key) || e.choiceGroups.length !== 1) return false;
    const g = e.choiceGroups[0]!;
    const branches = new Set(e.props.map((p) => p.branch));
    return (
      g.branches === e.props.length &&
      branches.size === e.props.length &&
      e.props.every((p) => p.kind === 'element' && p.choice === g.id && p.min > 0)
    );
  }

  /** The entry of a registry key. */
  entry(key: string): ComplexEntry | undefined {
    return this.#byKey.get(key);
  }

  /** Whether the type or one of its bases has a choice group (types.ts then declares it as a type alias). */
  hasChoice(key: string): boolean {
    for (let e = this.entry(key), n = 0; e && n < 100; e = e.baseKey ? this.entry(e.baseKey) : undefined, n++) {
      if (e.choiceGroups.length > 0) return true;
    }
    return false;
  }

  /** The next free choice group index of a base chain (group ids are unique along it). */
  #nextChoiceId(key: string | undefined): number {
    let next = 0;
    for (
      let e = key ? this.entry(key) : undefined, n = 0;
      e && n < 100;
      e = e.baseKey ? this.entry(e.baseKey) : undefined, n++
    ) {
      for (const g of e.choiceGroups) next = Math.max(next, g.id + 1);
    }
    return next;
  }

  /** The properties of an entry and of its bases, base first. */
  #chainProps(key: string): PropInfo[] {
    const chain: ComplexEntry[] = [];
    const seen = new Set<string>();
    for (let e = this.entry(key); e && !seen.has(e.key); e = e.baseKey ? this.entry(e.baseKey) : undefined) {
      seen.add(e.key);
      chain.unshift(e);
    }
    return chain.flatMap((e) => e.props);
  }

  /** Every property name of an entry and its bases (so an extension does not redeclare them). */
  #inheritedProps(key: string | undefined, into: NameScope): void {
    if (!key) return;
    const base = this.entry(key);
    if (!base) return;
    this.#inheritedProps(base.baseKey, into);
    for (const p of base.props) into.block(p.prop);
  }

  #buildComplex(
    body: ComplexTypeBody,
    tsName: string,
    xmlName: QName,
    documentation: string | undefined,
    declare: boolean,
    anonymous: boolean,
    remember: (e: ComplexEntry) => void,
  ): ComplexEntry {
    const props: PropInfo[] = [];
    let baseKey: string | undefined;
    let soapArray: Resolved | undefined;
    const where = 'location' in body ? (body as ComplexType).location : undefined;

    if (body.soapArrayItem) {
      // The array's entry is known before its item is resolved, so that an item type holding
      // this array (catalogCategoryEntity.children: ArrayOfCatalogCategoryEntities) refers to it.
      const entry: ComplexEntry = { key: tsName, tsName, declare, anonymous, xmlName, props, choiceGroups: [] };
      remember(entry);
      this.#byKey.set(entry.key, entry);
      this.#arraysResolving.set(body, { entry, depth: this.#recordDepth });
      try {
        soapArray = this.#resolveNamed(body.soapArrayItem, where);
        this.#refuseArrayOfItself(soapArray, xmlName, where);
      } finally {
        this.#arraysResolving.delete(body);
      }
    } else if (
      body.base &&
      body.derivation === 'extension' &&
      !this.#isBuiltin(body.base) &&
      this.#complexDefs.has(qnameKey(body.base))
    ) {
      const baseDef = this.#complexDefs.get(qnameKey(body.base));
      if (baseDef && !this.#building.has(baseDef)) baseKey = this.namedComplex(body.base, where).key;
    }

    const choiceGroups: ChoiceGroup[] = [];
    const made: ComplexEntry = {
      key: tsName,
      tsName,
      declare,
      anonymous,
      xmlName,
      props,
      choiceGroups,
      ...(documentation ? { documentation } : {}),
      ...(baseKey ? { baseKey } : {}),
      ...(soapArray ? { soapArray } : {}),
      ...(soapArray && body.soapArrayItem ? { soapArrayType: body.soapArrayItem } : {}),
      ...(soapArray && body.soapArrayNesting ? { soapArrayNesting: body.soapArrayNesting } : {}),
      ...(soapArray && body.soapArrayItemElement ? { soapArrayItemElement: body.soapArrayItemElement } : {}),
    };
    // A SOAP array's entry was remembered before its item was resolved: completed in place.
    const entry = soapArray ? Object.assign(this.#byKey.get(tsName)!, made) : made;
    if (!soapArray) {
      remember(entry);
      this.#byKey.set(entry.key, entry);
    }
    this.complexEntries.push(entry);
    this.#building.add(body);
    if (!body.soapArrayItem) this.#recordDepth++;

    const scope = newPropertyScope();
    this.#inheritedProps(baseKey, scope);
    let nextGroup = this.#nextChoiceId(baseKey);
    type Branch = { readonly group: number; readonly branch: number };
    const walk = (p: Particle, minF: number, maxF: number, inChoice: Branch | undefined): void => {
      if (p.kind === 'element') {
        // The anonymous type of a global element is named after the element, not after whichever type refers to it first.
        const resolved = this.resolve(
          p.type,
          p.ref !== undefined && p.type.kind === 'complex' ? '' : tsName,
          p.name.name,
          p.location,
        );
        const head = p.ref ? this.#elements.get(qnameKey(p.ref)) : undefined;
        const prop: Mutable<PropInfo> = {
          kind: 'element',
          prop: scope.claim(toPropertyName(p.name.name)),
          xmlName: p.name.name,
          ns: p.name.ns,
          resolved,
          min: p.minOccurs * minF,
          max: mulMax(maxOf(p.maxOccurs), maxF),
          nillable: p.nillable,
        };
        if (inChoice) {
          prop.choice = inChoice.group;
          prop.branch = inChoice.branch;
        }
        if (p.documentation) prop.documentation = p.documentation;
        if (p.default !== undefined) prop.defaultValue = p.default;
        if (p.fixed !== undefined) prop.fixedValue = p.fixed;
        // Members are resolved once every type is built: a member's type often derives from the type being built here.
        if (head && this.#hasMembers(head)) prop.substHead = head;
        props.push(prop);
      } else if (p.kind === 'any') {
        if (!props.some((x) => x.kind === 'any')) {
          props.push({
            kind: 'any',
            prop: scope.claim('$any'),
            xmlName: '',
            ns: '',
            resolved: { value: { scalar: 'xml' }, ts: 'XmlElement' },
            min: 0,
            max: -1,
            nillable: false,
          });
        }
      } else if (p.ordered) {
        // A repeated group whose order carries meaning: one property with its occurrences as items.
        const item = this.#itemEntry(
          p.kind,
          p.particles,
          tsName,
          `One occurrence of a repeated ${p.kind} of \`${tsName}\`.`,
        );
        props.push({
          kind: 'element',
          prop: scope.claim('$items'),
          xmlName: '',
          ns: '',
          resolved: { value: { complex: item.key }, ts: item.tsName },
          min: p.minOccurs * minF,
          max: mulMax(maxOf(p.maxOccurs), maxF),
          nillable: false,
          ordered: 'group',
          ...(inChoice ? { choice: inChoice.group, branch: inChoice.branch } : {}),
        });
      } else {
        const max = mulMax(maxOf(p.maxOccurs), maxF);
        if (p.kind === 'choice' && inChoice === undefined && max === 1) {
          // An exclusive choice: one branch per particle (XML Schema Part 1 §3.8.4, choice).
          const group = nextGroup++;
          choiceGroups.push({ id: group, branches: p.particles.length, optional: p.minOccurs * minF === 0 });
          p.particles.forEach((child, branch) => {
            walk(child, 1, 1, { group, branch });
          });
        } else if (p.kind === 'choice') {
          // Nested in a branch, or repeated: no exclusivity expressed; every field optional,
          // but for a choice of one particle, which is a sequence in all but name (EWS's NonEmptyArrayOfPaths).
          const only = p.particles.length === 1;
          for (const child of p.particles) walk(child, only ? p.minOccurs * minF : 0, max, inChoice);
        } else {
          for (const child of p.particles) walk(child, p.minOccurs * minF, max, inChoice);
        }
      }
    };
    if (body.mixed && !body.simpleContent) this.#mixedContent(body.particle, props, scope, tsName);
    else if (body.particle) walk(body.particle, 1, 1, undefined);

    for (const a of body.attributes) this.#addAttribute(a, props, scope, tsName);
    // xsd:anyAttribute: the attributes no declaration claims (once along a base chain).
    if (
      body.anyAttribute &&
      !(baseKey !== undefined && this.#chainProps(baseKey).some((p) => p.kind === 'anyAttribute'))
    ) {
      props.push({
        kind: 'anyAttribute',
        prop: scope.claim('$anyAttributes'),
        xmlName: '',
        ns: '',
        resolved: { value: { scalar: 'string' }, ts: '{ ns: string; name: string; value: string }' },
        min: 0,
        max: -1,
        nillable: false,
      });
    }
    // A restriction of a complex type keeps the base's attributes it does not redeclare or prohibit
    // (XML Schema Part 1 §3.4.2, {attribute uses} of a restriction); it does not extend the base's interface.
    if (body.base && body.derivation === 'restriction' && !baseKey && this.#complexDefs.has(qnameKey(body.base))) {
      const baseDef = this.#complexDefs.get(qnameKey(body.base))!;
      if (!this.#building.has(baseDef)) {
        const own = new Set(body.attributes.map((a) => `${a.name.ns}|${a.name.name}`));
        for (const p of this.#chainProps(this.namedComplex(body.base, where).key)) {
          if (p.kind !== 'attribute' || own.has(`${p.ns}|${p.xmlName}`)) continue;
          props.push({ ...p, prop: scope.claim(p.prop) });
        }
      }
    }
    // An extension of a type with simple content inherits its `$value`; anything else states its own.
    const inheritsText = baseKey !== undefined && this.#chainProps(baseKey).some((p) => p.kind === 'text');
    if (body.simpleContent && !inheritsText) {
      let resolved = this.resolve(body.simpleContent, tsName, 'Value', where);
      if ('complex' in resolved.value) {
        const baseText = this.#chainProps((resolved.value as { complex: string }).complex).find(
          (p) => p.kind === 'text',
        );
        resolved = baseText ? baseText.resolved : { value: { scalar: 'string' }, ts: 'string' };
      }
      props.push({
        kind: 'text',
        prop: scope.claim('$value'),
        xmlName: '',
        ns: '',
        resolved,
        min: 1,
        max: 1,
        nillable: false,
      });
    }
    this.#building.delete(body);
    if (!body.soapArrayItem) this.#recordDepth--;
    if (declare) this.#noteTs(props);
    if (soapArray && declare && soapArray.ts.includes('XmlElement')) this.usesXmlElement = true;
    return entry;
  }

  /**
   * The content of a `mixed="true"` type (XML Schema Part 1 §3.4.2): one `$mixed`
   * property with its text and child elements as they alternate, each element an
   * item that sets it (the content model's elements, once each, as a choice); with
   * a wildcard, other elements as `XmlElement` items.
   */
  #mixedContent(particle: Particle | undefined, props: PropInfo[], scope: NameScope, tsName: string): void {
    const elements: Particle[] = [];
    const seen = new Set<string>();
    let wild = false;
    const collect = (p: Particle): void => {
      if (p.kind === 'any') wild = true;
      else if (p.kind !== 'element') for (const c of p.particles) collect(c);
      else if (!seen.has(`${p.name.ns}|${p.name.name}`)) {
        seen.add(`${p.name.ns}|${p.name.name}`);
        elements.push({ ...p, minOccurs: 1, maxOccurs: 1 });
      }
    };
    if (particle) collect(particle);
    const item =
      elements.length > 0
        ? this.#itemEntry('choice', elements, tsName, `One child element of the mixed content of \`${tsName}\`.`)
        : undefined;
    const ts = ['string', ...(item ? [item.tsName] : []), ...(wild ? ['XmlElement'] : [])].join(' | ');
    props.push({
      kind: 'element',
      prop: scope.claim('$mixed'),
      xmlName: '',
      ns: '',
      resolved: { value: item ? { complex: item.key } : { scalar: 'string' }, ts },
      min: 0,
      max: -1,
      nillable: false,
      ordered: 'mixed',
      ...(wild ? { wild: true } : {}),
    });
  }

  #addAttribute(a: AttributeUse, props: PropInfo[], scope: NameScope, parent: string): void {
    if (a.use === 'prohibited') return;
    const resolved = this.resolve(a.type, parent, a.name.name);
    props.push({
      kind: 'attribute',
      prop: scope.claim(toPropertyName(a.name.name)),
      xmlName: a.name.name,
      ns: a.name.ns,
      resolved,
      min: a.use === 'required' ? 1 : 0,
      max: 1,
      nillable: false,
      ...(a.documentation ? { documentation: a.documentation } : {}),
      ...(a.default !== undefined ? { defaultValue: a.default } : {}),
      ...(a.fixed !== undefined ? { fixedValue: a.fixed } : {}),
    });
  }

  #noteTs(props: readonly PropInfo[]): void {
    if (props.some((p) => p.resolved.ts.includes('XmlElement'))) this.usesXmlElement = true;
  }

  #isBuiltin(q: QName): boolean {
    return isXsdNamespace(q.ns) || q.ns === SOAP_11_ENC_NS;
  }

  /**
   * Refuses a SOAP array whose item is an array still resolving its own item with no record
   * begun since: the array is then its own item, directly or through other arrays only
   * (`Loop` of `Loop[]`, or `A` of `B`s of `A`s), and has no finite type.
   */
  #refuseArrayOfItself(item: Resolved, xmlName: QName, where: SourceLocation | undefined): void {
    const key = 'complex' in item.value ? item.value.complex : undefined;
    const target = key === undefined ? undefined : this.#byKey.get(key);
    if (!target) return;
    for (const { entry, depth } of this.#arraysResolving.values()) {
      if (entry === target && depth === this.#recordDepth)
        throw userError(
          `SOAP array ${xmlName.name} is an array of itself (its wsdl:arrayType leads back to it through arrays only): it has no finite type`,
          where,
        );
    }
  }

  #resolveNamed(q: QName, where?: SourceLocation): Resolved {
    const key = qnameKey(q);
    if (this.#simpleDefs.has(key)) return this.#namedSimple(q, where);
    const complex = this.#complexDefs.get(key);
    if (complex !== undefined) {
      if (complex.dataSet) return DATA_SET;
      const e = this.#byName.get(key) ?? this.namedComplex(q, where);
      return { value: { complex: e.key }, ts: e.tsName };
    }
    if (this.#isBuiltin(q)) {
      const scalar = builtinScalar(q.name, this.#mapping);
      const range = builtinRange(q.name);
      const pattern = this.#sampleFacets && scalar === 'string' ? BUILTIN_SAMPLE_PATTERNS[q.name] : undefined;
      const value: ValueDesc =
        range !== undefined
          ? { scalar, range }
          : pattern !== undefined
            ? { scalar, facets: { pattern: [pattern] } }
            : { scalar };
      return { value, ts: SCALAR_TS[scalar], xsd: q.name };
    }
    throw userError(`type {${q.ns}}${q.name} is not declared in any schema`, where);
  }

  #namedSimple(q: QName, where?: SourceLocation): Resolved {
    const key = qnameKey(q);
    const done = this.#simpleByName.get(key);
    if (done === 'building') return { value: { scalar: 'string' }, ts: 'string', xsd: q.name };
    if (done) return { value: done.value, ts: done.tsName, xsd: q.name };
    const def = this.#simpleDefs.get(key);
    if (!def) throw userError(`simple type {${q.ns}}${q.name} is not declared in any schema`, where);
    this.#simpleByName.set(key, 'building');
    const body = this.#resolveSimpleBody(def, def.location);
    const entry: SimpleEntry = {
      tsName: this.#plan.simpleTypes.get(key) ?? this.#plan.claimType(q.name),
      aliasOf: body.ts,
      value: body.value,
      xmlName: q,
      ...(def.documentation ? { documentation: def.documentation } : {}),
    };
    this.#simpleByName.set(key, entry);
    this.simpleEntries.push(entry);
    return { value: entry.value, ts: entry.tsName, xsd: q.name };
  }

  #resolveSimpleBody(body: SimpleTypeBody, where?: SourceLocation): Resolved {
    if (body.variety === 'union') return this.#resolveUnion(body.memberTypes, where);
    if (body.variety === 'list') {
      const item = this.#resolveSimpleRef(body.itemType, where);
      const scalar = scalarOf(item.value);
      const enumValues = 'scalar' in item.value ? item.value.enum : undefined;
      const range = 'scalar' in item.value ? item.value.range : undefined;
      return {
        value: { scalar, list: true, ...(enumValues ? { enum: enumValues } : {}), ...(range ? { range } : {}) },
        ts: `${parenthesize(item.ts)}[]`,
        xsd: 'list',
      };
    }
    const declared: Resolved = body.base
      ? this.#resolveNamed(body.base, where)
      : body.baseType
        ? this.#resolveSimpleBody(body.baseType, where)
        : { value: { scalar: 'string' }, ts: 'string' };
    // A simpleContent restriction of a complex type restricts the base's simple content.
    const base: Resolved =
      'complex' in declared.value
        ? (this.#chainProps(declared.value.complex).find((p) => p.kind === 'text')?.resolved ?? {
            value: { scalar: 'string' },
            ts: 'string',
          })
        : declared;
    const scalar = scalarOf(base.value);
    const values = body.facets.enumeration;
    if (values && values.length > 0) {
      return {
        value: { scalar, enum: [...values] },
        ts: enumTs(values, scalar, base.ts),
        ...(base.xsd ? { xsd: base.xsd } : {}),
      };
    }
    if (this.#sampleFacets && scalar === 'string' && 'scalar' in base.value && base.value.list !== true) {
      const facets = stringFacets(body.facets, base.value.facets);
      if (facets !== undefined) return { ...base, value: { ...base.value, facets } };
    }
    return base;
  }

  /**
   * A union (XML Schema Part 2 §2.5.1.3): when every member has the same scalar
   * kind, that kind, typed as the union of the members' types (`int` and
   * `short` members give `number`; enumerations stay literal unions and are
   * checked against all their values); members of different kinds read and
   * write as text (`string`), since one lexical form may belong to several.
   */
  #resolveUnion(members: readonly TypeRef[], where?: SourceLocation): Resolved {
    const resolved = members.map((m) => this.#resolveSimpleRef(m, where));
    // For a mock: the members it may make a value of (simple, not lists: lists of a union are rare).
    const simple = resolved.map((r) => r.value).filter((v) => 'scalar' in v && v.list !== true && v.scalar !== 'qname');
    const union = this.#sampleFacets && simple.length > 0 ? { facets: { union: simple } } : {};
    const text: Resolved = { value: { scalar: 'string', ...union }, ts: 'string', xsd: 'union' };
    const first = resolved[0];
    if (first === undefined || resolved.some((r) => !('scalar' in r.value) || r.value.list)) return text;
    const kind = (first.value as { scalar: ScalarKind }).scalar;
    if (kind === 'xml' || resolved.some((r) => (r.value as { scalar: ScalarKind }).scalar !== kind)) return text;
    const enums = resolved.map((r) => (r.value as { enum?: readonly string[] }).enum);
    const allEnums = enums.every((e) => e !== undefined);
    const ts = [...new Set(resolved.map((r) => r.ts))];
    const plain = SCALAR_TS[kind];
    return {
      value: allEnums
        ? { scalar: kind, enum: [...new Set(enums.flatMap((e) => e ?? []))] }
        : { scalar: kind, ...union },
      ts: !allEnums && ts.includes(plain) ? plain : ts.map((t) => (t.includes(' ') ? `(${t})` : t)).join(' | '),
      xsd: 'union',
    };
  }

  #resolveSimpleRef(ref: TypeRef, where?: SourceLocation): Resolved {
    if (ref.kind === 'named') return this.#resolveNamed(ref.ref, where);
    if (ref.kind === 'simple') return this.#resolveSimpleBody(ref.type, where);
    return { value: { scalar: 'string' }, ts: 'string' };
  }
}

/** The string facets a restriction adds to its base's (the most derived of each), or none. */
function stringFacets(facets: Facets, base: SampleFacets | undefined): SampleFacets | undefined {
  const out: { -readonly [K in keyof SampleFacets]: SampleFacets[K] } = { ...base };
  delete out.union;
  if (facets.length !== undefined) out.length = facets.length;
  if (facets.minLength !== undefined) out.minLength = facets.minLength;
  if (facets.maxLength !== undefined) out.maxLength = facets.maxLength;
  if (facets.pattern !== undefined && facets.pattern.length > 0) out.pattern = [...facets.pattern];
  return Object.keys(out).length > 0 ? out : undefined;
}

function scalarOf(v: ValueDesc): ScalarKind {
  return 'scalar' in v ? v.scalar : 'string';
}

/** TypeScript for an enumeration: string literals for string-like kinds, number literals for numbers. */
function enumTs(values: readonly string[], scalar: ScalarKind, baseTs: string): string {
  const unique = [...new Set(values)];
  if (SCALAR_TS[scalar] === 'string') return unique.map(tsString).join(' | ');
  if ((scalar === 'int' || scalar === 'double') && unique.every((v) => /^-?\d+(\.\d+)?$/.test(v.trim()))) {
    return [...new Set(unique.map((v) => String(Number(v.trim()))))].join(' | ');
  }
  return baseTs;
}
