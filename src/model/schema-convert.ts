/**
 * Second pass over the schemas: converts indexed raw components into the model's
 * {@link SchemaModel}, resolving and checking every reference.
 *
 * Follows XML Schema 1.0 Part 1: element declarations (§3.3), complex type
 * definitions (§3.4), attribute declarations and uses (§3.2, §3.5), model groups
 * and named groups (§3.7, §3.8, inlined where referenced), wildcards (§3.10),
 * attribute groups (§3.6, inlined), and Part 2 for simple types (§4.1) and facets
 * (§4.3). SOAP-encoded arrays follow SOAP 1.1 §5.4.2 and WSDL 1.1 §2.2.
 */
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type {
  AttributeDecl,
  AttributeGroupDef,
  AttributeUse,
  ComplexType,
  ComplexTypeBody,
  ElementDecl,
  ElementParticle,
  GroupParticle,
  ModelGroupDef,
  Particle,
  QName,
  SchemaModel,
  SimpleType,
  SimpleTypeBody,
  SourceLocation,
  TypeRef,
} from './types.js';
import { XSD_NS } from './types.js';
import { DIFFGRAM_NS, SOAPENC_NS, WSDL_NS, XML_NS, XSI_NS, isXsdNamespace } from './namespaces.js';
import { XSD_BUILTIN_TYPES, isBuiltinType, isSoapEncodingName } from './xsd-builtins.js';
import { xsdDocumentation } from './documentation.js';
import type { ComponentKind, RawComponent, SchemaIndex, SchemaScope } from './schema-index.js';
import { qdisplay, qkey } from './qname-key.js';
import { readFacets } from './simple-type-facets.js';
import { referenceHint, type HintCandidates } from './reference-hints.js';
import type { NamespaceNotes } from './import-check.js';
import { MAX_NESTING_DEPTH } from './type-depth-check.js';
import { isSelfReference, mergeRedefinedComplex, redefinitionBase } from './schema-redefine.js';
import { withOrder } from './ordered-groups.js';

/** `xsd:anyType`: the type of a declaration that names none (XML Schema Part 1 §3.3.2). */
export const ANY_TYPE: TypeRef = { kind: 'named', ref: { ns: XSD_NS, name: 'anyType' } };
const ANY_SIMPLE_TYPE: TypeRef = { kind: 'named', ref: { ns: XSD_NS, name: 'anySimpleType' } };
const STRING_TYPE: TypeRef = { kind: 'named', ref: { ns: XSD_NS, name: 'string' } };

/** What a schema QName reference can point to. */
type RefKind = 'type' | 'element' | 'group' | 'attributeGroup' | 'attribute';

type Occurs = { minOccurs: number; maxOccurs: number | 'unbounded' };

/** Converts the indexed schemas into the model's schema section. */
export class SchemaConverter {
  private readonly elementCache = new Map<string, ElementDecl>();
  private readonly elementsInProgress = new Set<string>();
  private readonly groupCache = new Map<string, GroupParticle | null>();
  private readonly groupsInProgress = new Set<string>();
  private readonly attrGroupCache = new Map<string, AttributeGroupDef | null>();
  private readonly attrGroupsInProgress = new Set<string>();
  private readonly attributeCache = new Map<string, AttributeDecl>();
  /** Set when a chain of references was too deep to follow (see {@link SchemaConverter.tooDeep}). */
  private deepChainReported = false;
  private readonly loadedNamespaces: ReadonlySet<string>;

  /**
   * @param namespaceNotes explanations of imports that did not deliver the namespace
   *   they named, quoted by "undefined" errors about that namespace
   */
  constructor(
    private readonly ctx: BuildContext,
    private readonly index: SchemaIndex,
    private readonly namespaceNotes: NamespaceNotes = new Map(),
  ) {
    this.loadedNamespaces = new Set(index.scopes.map((s) => s.tns));
  }

  /**
   * A parenthesised hint (with a leading space, or `''`) explaining why the
   * schema reference `q` to a component of `kind` does not resolve.
   */
  hint(kind: RefKind, q: QName, scope?: SchemaScope): string {
    // An unprefixed name with no default namespace was also looked up in the schema's own namespace.
    const own =
      scope && q.ns === '' && scope.tns !== ''
        ? this.index.ignored.get(qkey({ ns: scope.tns, name: q.name }))
        : undefined;
    const ignored = this.index.ignored.get(qkey(q)) ?? own;
    if (ignored) {
      const written = ignored.el.prefix ? `${ignored.el.prefix}:${ignored.el.name}` : ignored.el.name;
      const meant = ignored.lookalike
        ? `; did you mean ${ignored.el.prefix ? `${ignored.el.prefix}:` : ''}${ignored.lookalike}?`
        : '';
      return ` (${ignored.doc.displayName}:${ignored.el.line}:${ignored.el.column} declares it with <${written}>, which is not an XML Schema element${meant})`;
    }
    const c = this.index.components;
    const names = (...kinds: ComponentKind[]): QName[] => kinds.flatMap((k) => [...c[k].values()].map((r) => r.name));
    const types: HintCandidates = { label: 'type', names: names('complexType', 'simpleType') };
    const elements: HintCandidates = { label: 'element', names: names('element') };
    if (kind === 'type' && q.ns === XSD_NS) {
      return referenceHint({
        missing: q,
        sameKind: { label: 'type', names: [...XSD_BUILTIN_TYPES].map((name) => ({ ns: XSD_NS, name })) },
      });
    }
    const sameKind: HintCandidates =
      kind === 'type' ? types : kind === 'element' ? elements : { label: `xsd:${kind}`, names: names(kind) };
    const otherKinds = kind === 'type' ? [elements] : kind === 'element' ? [types] : [];
    return referenceHint({
      missing: q,
      sameKind,
      otherKinds,
      loadedNamespaces: this.loadedNamespaces,
      namespaceNotes: this.namespaceNotes,
    });
  }

  /** Converts every component, in document order. */
  convertAll(): SchemaModel {
    const c = this.index.components;
    const elements = [...c.element.values()].map((r) => this.globalElement(r));
    const complexTypes = [...c.complexType.values()].map((r) => this.namedComplexType(r));
    const simpleTypes = [...c.simpleType.values()].map((r) => this.namedSimpleType(r));
    const groups: ModelGroupDef[] = [];
    for (const r of c.group.values()) {
      const particle = this.groupParticle(r);
      if (particle) groups.push({ name: r.name, particle, location: this.ctx.modelLoc(r.scope.doc, r.el) });
    }
    const attributeGroups: AttributeGroupDef[] = [];
    for (const r of c.attributeGroup.values()) {
      const g = this.attributeGroup(r);
      if (g) attributeGroups.push(g);
    }
    const attributes = [...c.attribute.values()].map((r) => this.globalAttribute(r));
    return {
      elements,
      complexTypes,
      simpleTypes,
      groups,
      attributeGroups,
      attributes,
      schemas: this.index.scopes.map((s) => s.info),
    };
  }

  /** Whether a chain of element, group or attribute group references was too deep to convert (an error was recorded). */
  get referenceChainTooDeep(): boolean {
    return this.deepChainReported;
  }

  /**
   * Whether following one more reference from `raw` would go beyond
   * {@link MAX_NESTING_DEPTH} references in progress; records one error for
   * the first such chain. The chain is cut there, so that conversion (which
   * recurses along it) stays within the stack.
   */
  private tooDeep(what: string, raw: RawComponent): boolean {
    const inProgress = this.elementsInProgress.size + this.groupsInProgress.size + this.attrGroupsInProgress.size;
    if (inProgress < MAX_NESTING_DEPTH) return false;
    if (!this.deepChainReported) {
      this.deepChainReported = true;
      this.ctx.error(
        raw.scope.doc,
        raw.el,
        `${what} ${qdisplay(raw.name)} is reached through more than ${MAX_NESTING_DEPTH} nested element, group or attribute group references (wsdlc supports at most ${MAX_NESTING_DEPTH})`,
      );
    }
    return true;
  }

  /** The converted global element `name`, or `undefined` when it is not declared. */
  element(name: QName): ElementDecl | undefined {
    const raw = this.index.components.element.get(qkey(name));
    return raw ? this.globalElement(raw) : this.placeholders.get(qkey(name));
  }

  /** Lenient mode: elements that were referred to but not declared, each standing as an `xsd:anyType` element. */
  readonly placeholders = new Map<string, ElementDecl>();

  /**
   * Lenient mode: an `xsd:anyType` element standing for the undeclared element
   * `name` (a message part's), so that the operations using it are generated
   * with an `unknown` value. The model builder appends these to the schema.
   */
  placeholderElement(name: QName, location: SourceLocation): ElementDecl {
    const key = qkey(name);
    let decl = this.placeholders.get(key);
    if (!decl) {
      decl = { name, type: ANY_TYPE, nillable: true, abstract: false, location };
      this.placeholders.set(key, decl);
    }
    return decl;
  }

  /** Whether a type name resolves (built-in, SOAP encoding, or declared). */
  hasType(name: QName): boolean {
    if (isBuiltinType(name) || isSoapEncodingName(name)) return true;
    const k = qkey(name);
    return this.index.components.complexType.has(k) || this.index.components.simpleType.has(k);
  }

  /** The raw named complex type `name`, if declared. */
  rawComplexType(name: QName): RawComponent | undefined {
    return this.index.components.complexType.get(qkey(name));
  }

  // -------------------------------------------------------------------------
  // references

  private qname(scope: SchemaScope, el: XmlElement, attrName: string): QName | undefined {
    return this.ctx.qnameAttr(scope.doc, el, attrName, scope.chameleonNs);
  }

  /** Resolves a QName attribute that refers to a component of `kind` (see {@link SchemaConverter.lenient}). */
  private ref(kind: RefKind, scope: SchemaScope, el: XmlElement, attrName: string): QName | undefined {
    const written = attr(el, attrName);
    return written === undefined ? undefined : this.refValue(kind, scope, el, attrName, written);
  }

  /** {@link SchemaConverter.ref} for the attribute's value `written`, already read. */
  private refValue(
    kind: RefKind,
    scope: SchemaScope,
    el: XmlElement,
    attrName: string,
    written: string,
  ): QName | undefined {
    const q = this.ctx.qnameAttrValue(scope.doc, el, attrName, written, scope.chameleonNs);
    return q ? this.lenient(kind, scope, el, q, written) : undefined;
  }

  private exists(kind: RefKind, q: QName): boolean {
    if (kind === 'type') return this.hasType(q);
    return this.index.components[kind].has(qkey(q));
  }

  /**
   * Real-world schemas often write unprefixed references with no default
   * namespace in scope (`type="MyType"`, `type="string"`), which XML Schema
   * Part 1 §3.15.3 puts in no namespace. When nothing is declared there but the
   * schema's target namespace (or, for types, the XML Schema namespace) has the
   * name, use that, with a warning, as node-soap, zeep and .NET do.
   */
  private lenient(kind: RefKind, scope: SchemaScope, el: XmlElement, q: QName, written: string): QName {
    if (q.ns !== '' || written.includes(':') || this.exists(kind, q)) return q;
    const candidates: QName[] = [{ ns: scope.tns, name: q.name }];
    if (kind === 'type') candidates.push({ ns: XSD_NS, name: q.name });
    for (const c of candidates) {
      if (c.ns === '' || !this.exists(kind, c)) continue;
      this.ctx.warning(
        scope.doc,
        el,
        `unprefixed reference "${written}" with no default namespace in scope resolved to ${qdisplay(c)}`,
      );
      return c;
    }
    return q;
  }

  /**
   * Resolves a type reference attribute and checks that the type exists.
   * With `elementFallback`, a name that is no type but a global element stands
   * for that element's type (see {@link SchemaConverter.elementAsType}).
   */
  private typeRefAttr(
    scope: SchemaScope,
    el: XmlElement,
    attrName: string,
    elementFallback = false,
    written = attr(el, attrName),
  ): TypeRef | undefined {
    if (written === undefined) return undefined;
    const q = this.refValue('type', scope, el, attrName, written);
    if (!q) return undefined;
    if (this.hasType(q)) return { kind: 'named', ref: q };
    if (elementFallback) {
      const fallback = this.elementAsType(scope, el, q, written);
      if (fallback) return fallback;
    }
    if (!this.checkType(scope, el, q) && this.ctx.lenient) return ANY_TYPE;
    return { kind: 'named', ref: q };
  }

  /**
   * `<xsd:element type="p:X">` where X is not a type but a global element:
   * XML Schema Part 1 §3.3.2 requires a type definition, yet node-soap accepts
   * the element's name and uses its type, and the intent is unambiguous, so the
   * element's type is used with a warning. (An unprefixed name with no default
   * namespace looks in the schema's own target namespace first.)
   */
  private elementAsType(scope: SchemaScope, el: XmlElement, q: QName, written: string): TypeRef | undefined {
    const candidates: QName[] = [q];
    if (q.ns === '' && !written.includes(':') && scope.tns !== '') candidates.unshift({ ns: scope.tns, name: q.name });
    for (const c of candidates) {
      const raw = this.index.components.element.get(qkey(c));
      if (!raw) continue;
      let type: TypeRef = ANY_TYPE;
      if (!this.elementsInProgress.has(qkey(c))) {
        type = this.globalElement(raw).type;
      } else if (attr(raw.el, 'type') !== undefined) {
        const named = this.ctx.qnameAttr(raw.scope.doc, raw.el, 'type', raw.scope.chameleonNs);
        if (named && this.hasType(named)) type = { kind: 'named', ref: named };
      }
      this.ctx.warning(
        scope.doc,
        el,
        `type="${written}" names the element ${qdisplay(c)}, not a type; that element's type is used`,
      );
      return type;
    }
    return undefined;
  }

  /**
   * Whether type `q` is built-in or declared; records an error when it is not
   * (in lenient mode a warning: the caller then uses `xsd:anyType` or leaves
   * the reference out, as `replacement` says).
   */
  checkType(scope: SchemaScope, el: XmlElement, q: QName, replacement = 'typed xsd:anyType'): boolean {
    if (this.hasType(q)) return true;
    const msg = q.ns === XSD_NS ? `"${q.name}" is not an XML Schema built-in type` : `undefined type ${qdisplay(q)}`;
    this.ctx.unresolved(scope.doc, el, msg + this.hint('type', q, scope), replacement);
    return false;
  }

  private lookup(kind: ComponentKind, scope: SchemaScope, el: XmlElement, q: QName): RawComponent | undefined {
    const raw = this.index.components[kind].get(qkey(q));
    if (!raw) {
      const refKind: RefKind = kind === 'complexType' || kind === 'simpleType' ? 'type' : kind;
      this.ctx.unresolved(
        scope.doc,
        el,
        `undefined ${kind === 'element' ? 'element' : `xsd:${kind}`} ${qdisplay(q)}${this.hint(refKind, q, scope)}`,
        kind === 'element' ? 'typed xsd:anyType' : 'left out',
      );
    }
    return raw;
  }

  // -------------------------------------------------------------------------
  // elements

  private globalElement(raw: RawComponent): ElementDecl {
    const key = qkey(raw.name);
    const cached = this.elementCache.get(key);
    if (cached) return cached;
    const { el, scope } = raw;
    if (this.tooDeep('element', raw))
      return {
        name: raw.name,
        type: ANY_TYPE,
        nillable: false,
        abstract: false,
        location: this.ctx.modelLoc(scope.doc, el),
      };
    this.elementsInProgress.add(key);
    let substitutionGroup = this.ref('element', scope, el, 'substitutionGroup');
    let type = this.declaredType(scope, el, 'complexOrSimple');
    if (substitutionGroup && this.ctx.lenient && !this.index.components.element.has(qkey(substitutionGroup))) {
      this.lookup('element', scope, el, substitutionGroup);
      substitutionGroup = undefined;
    }
    if (!type && substitutionGroup) {
      // XML Schema Part 1 §3.3.2: the type defaults to the head's type.
      const head = this.lookup('element', scope, el, substitutionGroup);
      type = head && !this.elementsInProgress.has(qkey(head.name)) ? this.globalElement(head).type : ANY_TYPE;
    } else if (substitutionGroup) {
      this.lookup('element', scope, el, substitutionGroup);
    }
    const decl: ElementDecl = {
      name: raw.name,
      type: type ?? ANY_TYPE,
      nillable: attr(el, 'nillable') === 'true',
      abstract: attr(el, 'abstract') === 'true',
      ...optional('default', attr(el, 'default')),
      ...optional('fixed', attr(el, 'fixed')),
      ...optional('substitutionGroup', substitutionGroup),
      ...optional('documentation', xsdDocumentation(el)),
      location: this.ctx.modelLoc(scope.doc, el),
    };
    this.elementsInProgress.delete(key);
    this.elementCache.set(key, decl);
    return decl;
  }

  /** The `type` attribute or the anonymous type child of a declaration. */
  private declaredType(
    scope: SchemaScope,
    el: XmlElement,
    allowed: 'complexOrSimple' | 'simple',
    type = attr(el, 'type'),
  ): TypeRef | undefined {
    if (type !== undefined) return this.typeRefAttr(scope, el, 'type', allowed === 'complexOrSimple', type) ?? ANY_TYPE;
    for (const c of xsdChildren(el)) {
      if (c.name === 'complexType' && allowed === 'complexOrSimple')
        return { kind: 'complex', type: this.complexBody(scope, c) };
      if (c.name === 'simpleType') return { kind: 'simple', type: this.simpleBody(scope, c) };
    }
    return undefined;
  }

  private localElement(scope: SchemaScope, el: XmlElement): ElementParticle | undefined {
    // The commonest declaration of large schemas (NetSuite: 18,000): its attributes read in one pass.
    let refAttr: string | undefined;
    let nameAttr: string | undefined;
    let typeAttr: string | undefined;
    let minAttr: string | undefined;
    let maxAttr: string | undefined;
    let formAttr: string | undefined;
    let nillableAttr: string | undefined;
    let defaultAttr: string | undefined;
    let fixedAttr: string | undefined;
    for (const a of el.attrs) {
      if (a.ns !== '') continue;
      // The first of each name, as attr() reads it.
      switch (a.name) {
        case 'ref':
          refAttr ??= a.value;
          break;
        case 'name':
          nameAttr ??= a.value;
          break;
        case 'type':
          typeAttr ??= a.value;
          break;
        case 'minOccurs':
          minAttr ??= a.value;
          break;
        case 'maxOccurs':
          maxAttr ??= a.value;
          break;
        case 'form':
          formAttr ??= a.value;
          break;
        case 'nillable':
          nillableAttr ??= a.value;
          break;
        case 'default':
          defaultAttr ??= a.value;
          break;
        case 'fixed':
          fixedAttr ??= a.value;
          break;
      }
    }
    const occurs = this.occursOf(scope, el, minAttr, maxAttr);
    const loc = this.ctx.modelLoc(scope.doc, el);
    const documentation = xsdDocumentation(el);
    if (refAttr !== undefined) {
      const ref = this.refValue('element', scope, el, 'ref', refAttr);
      if (!ref) return undefined;
      // `ref="s:schema"`: an inline XML schema (the ADO.NET DataSet shape, see isDataSetContent).
      if (ref.ns === XSD_NS && ref.name === 'schema')
        return { kind: 'element', name: ref, ref, type: ANY_TYPE, ...occurs, nillable: false, location: loc };
      const raw = this.lookup('element', scope, el, ref);
      let type: TypeRef = ANY_TYPE;
      let nillable = nillableAttr === 'true';
      let def: string | undefined;
      let fixed: string | undefined;
      if (raw) {
        if (this.elementsInProgress.has(qkey(ref))) {
          // A recursive reference through an anonymous type cannot be copied
          // without a cycle; it is typed xsd:anyType instead.
          const target = this.index.components.element.get(qkey(ref));
          const named =
            target && attr(target.el, 'type') !== undefined
              ? this.ref('type', target.scope, target.el, 'type')
              : undefined;
          if (named) type = { kind: 'named', ref: named };
          else
            this.ctx.warning(
              scope.doc,
              el,
              `recursive reference to element ${qdisplay(ref)} (anonymous type) is typed xsd:anyType`,
            );
        } else {
          const decl = this.globalElement(raw);
          type = decl.type;
          nillable ||= decl.nillable;
          def = decl.default;
          fixed = decl.fixed;
        }
      } else if (isSoapEncodingName(ref)) {
        type = ANY_TYPE;
      }
      return {
        kind: 'element',
        name: ref,
        ref,
        type,
        ...occurs,
        nillable,
        ...optional('default', def),
        ...optional('fixed', fixed),
        ...optional('documentation', documentation),
        location: loc,
      };
    }
    // xs:NCName collapses whitespace (XML Schema Part 2 §3.3.7): name="ResultCode " is ResultCode.
    const localName = nameAttr?.trim();
    if (localName === undefined) {
      this.ctx.error(scope.doc, el, 'xsd:element has neither name nor ref');
      return undefined;
    }
    const qualified = formAttr === undefined ? scope.elementFormQualified : formAttr === 'qualified';
    // Built by assignment, keys in the order the model's JSON has always had (the commonest particle of large schemas).
    const particle: Mutable<ElementParticle> = {
      kind: 'element',
      name: { ns: qualified ? scope.tns : '', name: localName },
      type: this.declaredType(scope, el, 'complexOrSimple', typeAttr) ?? ANY_TYPE,
      minOccurs: occurs.minOccurs,
      maxOccurs: occurs.maxOccurs,
      nillable: nillableAttr === 'true',
    } as Mutable<ElementParticle>;
    if (defaultAttr !== undefined) particle.default = defaultAttr;
    if (fixedAttr !== undefined) particle.fixed = fixedAttr;
    if (documentation !== undefined) particle.documentation = documentation;
    particle.location = loc;
    return particle;
  }

  private occurs(scope: SchemaScope, el: XmlElement): Occurs {
    return this.occursOf(scope, el, attr(el, 'minOccurs'), attr(el, 'maxOccurs'));
  }

  /** {@link SchemaConverter.occurs} for the values of `minOccurs` and `maxOccurs`, already read. */
  private occursOf(scope: SchemaScope, el: XmlElement, minRaw: string | undefined, maxRaw: string | undefined): Occurs {
    let minOccurs = 1;
    let maxOccurs: number | 'unbounded' = 1;
    if (minRaw !== undefined) {
      const n = Number(minRaw.trim());
      if (Number.isInteger(n) && n >= 0) minOccurs = n;
      else this.ctx.error(scope.doc, el, `minOccurs="${minRaw}" is not a non-negative integer`);
    }
    if (maxRaw !== undefined) {
      if (maxRaw.trim() === 'unbounded') maxOccurs = 'unbounded';
      else {
        const n = Number(maxRaw.trim());
        if (Number.isInteger(n) && n >= 0) maxOccurs = n;
        else this.ctx.error(scope.doc, el, `maxOccurs="${maxRaw}" is not a non-negative integer or "unbounded"`);
      }
    }
    return { minOccurs, maxOccurs };
  }

  // -------------------------------------------------------------------------
  // particles and groups

  private particle(scope: SchemaScope, el: XmlElement): Particle | undefined {
    switch (el.name) {
      case 'element':
        return this.localElement(scope, el);
      case 'any': {
        const pc = attr(el, 'processContents');
        return {
          kind: 'any',
          ...optional('namespace', attr(el, 'namespace')),
          ...(pc === 'strict' || pc === 'lax' || pc === 'skip' ? { processContents: pc } : {}),
          ...this.occurs(scope, el),
        };
      }
      case 'sequence':
      case 'choice':
      case 'all':
        return this.modelGroup(scope, el);
      case 'group': {
        const ref = this.ref('group', scope, el, 'ref');
        if (!ref) {
          if (attr(el, 'ref') === undefined)
            this.ctx.error(scope.doc, el, 'xsd:group in a content model needs a ref attribute');
          return undefined;
        }
        const found = this.lookup('group', scope, el, ref);
        if (!found) return undefined;
        // In a redefinition of the group, its own name means the original (XML Schema Part 1 §4.2.2).
        const raw = isSelfReference(found, el) ? found.redefines : found;
        const def = this.groupParticle(raw);
        if (!def) return undefined;
        return withOrder({ ...def, ...this.occurs(scope, el) });
      }
      default:
        return undefined;
    }
  }

  private modelGroup(scope: SchemaScope, el: XmlElement): GroupParticle {
    const particles: Particle[] = [];
    for (const c of xsdChildren(el)) {
      const p = this.particle(scope, c);
      if (p) particles.push(p);
    }
    return withOrder({ kind: el.name as GroupParticle['kind'], particles, ...this.occurs(scope, el) });
  }

  /** The particle of a named group (inlined at each use). */
  private groupParticle(raw: RawComponent): GroupParticle | undefined {
    const key = this.cacheKey(raw);
    const cached = this.groupCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    if (this.groupsInProgress.has(key)) {
      this.ctx.error(raw.scope.doc, raw.el, `xsd:group ${qdisplay(raw.name)} refers to itself`);
      return undefined;
    }
    if (this.tooDeep('xsd:group', raw)) return undefined;
    this.groupsInProgress.add(key);
    let result: GroupParticle | undefined;
    for (const c of xsdChildren(raw.el)) {
      if (c.name === 'sequence' || c.name === 'choice' || c.name === 'all') {
        result = this.modelGroup(raw.scope, c);
        break;
      }
    }
    if (!result) result = { kind: 'sequence', particles: [], minOccurs: 1, maxOccurs: 1 };
    this.groupsInProgress.delete(key);
    this.groupCache.set(key, result);
    return result;
  }

  // -------------------------------------------------------------------------
  // attributes

  private globalAttribute(raw: RawComponent): AttributeDecl {
    const key = qkey(raw.name);
    const cached = this.attributeCache.get(key);
    if (cached) return cached;
    const decl: AttributeDecl = {
      name: raw.name,
      type: this.declaredType(raw.scope, raw.el, 'simple') ?? ANY_SIMPLE_TYPE,
      location: this.ctx.modelLoc(raw.scope.doc, raw.el),
    };
    this.attributeCache.set(key, decl);
    return decl;
  }

  private attributeUse(scope: SchemaScope, el: XmlElement): AttributeUse | undefined {
    const useRaw = attr(el, 'use');
    const use: AttributeUse['use'] = useRaw === 'required' || useRaw === 'prohibited' ? useRaw : 'optional';
    const documentation = xsdDocumentation(el);
    if (attr(el, 'ref') !== undefined) {
      const ref = this.ref('attribute', scope, el, 'ref');
      if (!ref) return undefined;
      let type: TypeRef = STRING_TYPE;
      const raw = this.index.components.attribute.get(qkey(ref));
      if (raw) type = this.globalAttribute(raw).type;
      else if (!isWellKnownAttribute(ref))
        this.ctx.unresolved(scope.doc, el, `undefined attribute ${qdisplay(ref)}`, 'typed xsd:string');
      return {
        name: ref,
        ref,
        type,
        use,
        ...optional('default', attr(el, 'default')),
        ...optional('fixed', attr(el, 'fixed')),
        ...optional('documentation', documentation),
      };
    }
    const localName = attr(el, 'name')?.trim();
    if (localName === undefined) {
      this.ctx.error(scope.doc, el, 'xsd:attribute has neither name nor ref');
      return undefined;
    }
    const form = attr(el, 'form');
    const qualified = form === undefined ? scope.attributeFormQualified : form === 'qualified';
    return {
      name: { ns: qualified ? scope.tns : '', name: localName },
      type: this.declaredType(scope, el, 'simple') ?? ANY_SIMPLE_TYPE,
      use,
      ...optional('default', attr(el, 'default')),
      ...optional('fixed', attr(el, 'fixed')),
      ...optional('documentation', documentation),
    };
  }

  private attributeGroup(raw: RawComponent): AttributeGroupDef | undefined {
    const key = this.cacheKey(raw);
    const cached = this.attrGroupCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    if (this.attrGroupsInProgress.has(key)) {
      this.ctx.error(raw.scope.doc, raw.el, `xsd:attributeGroup ${qdisplay(raw.name)} refers to itself`);
      return undefined;
    }
    if (this.tooDeep('xsd:attributeGroup', raw)) return undefined;
    this.attrGroupsInProgress.add(key);
    const attributes: AttributeUse[] = [];
    const anyAttribute = this.collectAttributes(raw.scope, raw.el, attributes);
    const def: AttributeGroupDef = {
      name: raw.name,
      attributes,
      ...(anyAttribute ? { anyAttribute: true } : {}),
      location: this.ctx.modelLoc(raw.scope.doc, raw.el),
    };
    this.attrGroupsInProgress.delete(key);
    this.attrGroupCache.set(key, def);
    return def;
  }

  /** Appends the attributes declared under `el` (groups inlined); returns whether an anyAttribute was seen. */
  private collectAttributes(scope: SchemaScope, el: XmlElement, out: AttributeUse[]): boolean {
    let any = false;
    for (const c of xsdChildren(el)) {
      if (c.name === 'attribute') {
        const a = this.attributeUse(scope, c);
        if (a) out.push(a);
      } else if (c.name === 'attributeGroup') {
        const ref = this.ref('attributeGroup', scope, c, 'ref');
        if (!ref) continue;
        const found = this.lookup('attributeGroup', scope, c, ref);
        // In a redefinition of the attribute group, its own name means the original (XML Schema Part 1 §4.2.2).
        const raw = found && isSelfReference(found, c) ? found.redefines : found;
        const g = raw ? this.attributeGroup(raw) : undefined;
        if (g) {
          out.push(...g.attributes);
          any ||= g.anyAttribute === true;
        }
      } else if (c.name === 'anyAttribute') {
        any = true;
      }
    }
    return any;
  }

  // -------------------------------------------------------------------------
  // complex types

  private namedComplexType(raw: RawComponent): ComplexType {
    return {
      name: raw.name,
      ...optional('documentation', xsdDocumentation(raw.el)),
      ...(raw.redefines ? this.redefinedComplexBody(raw, raw.redefines) : this.complexBody(raw.scope, raw.el)),
      location: this.ctx.modelLoc(raw.scope.doc, raw.el),
    };
  }

  private complexBody(scope: SchemaScope, el: XmlElement): ComplexTypeBody {
    const body: Mutable<ComplexTypeBody> = { attributes: [] };
    if (attr(el, 'abstract') === 'true') body.abstract = true;
    if (attr(el, 'mixed') === 'true') body.mixed = true;
    const attributes: AttributeUse[] = [];
    let any = false;
    for (const c of xsdChildren(el)) {
      if (c.name === 'complexContent') {
        if (attr(c, 'mixed') === 'true') body.mixed = true;
        const deriv = xsdChildren(c).find((d) => d.name === 'extension' || d.name === 'restriction');
        if (deriv) any = this.complexContent(scope, deriv, body, attributes) || any;
      } else if (c.name === 'simpleContent') {
        const deriv = xsdChildren(c).find((d) => d.name === 'extension' || d.name === 'restriction');
        if (deriv) any = this.simpleContent(scope, deriv, body, attributes) || any;
      } else if (c.name === 'sequence' || c.name === 'choice' || c.name === 'all' || c.name === 'group') {
        const p = this.particle(scope, c);
        if (p) body.particle = p;
      }
    }
    if (isDataSetContent(body.particle)) body.dataSet = true;
    any = this.collectAttributes(scope, el, attributes) || any;
    body.attributes = attributes;
    if (any) body.anyAttribute = true;
    return body;
  }

  /** `complexContent/extension|restriction` (XML Schema Part 1 §3.4.2). */
  private complexContent(
    scope: SchemaScope,
    deriv: XmlElement,
    body: Mutable<ComplexTypeBody>,
    attributes: AttributeUse[],
  ): boolean {
    const base = this.ref('type', scope, deriv, 'base');
    if (base && (this.checkType(scope, deriv, base, 'the base type is left out') || !this.ctx.lenient))
      body.base = base;
    body.derivation = deriv.name === 'extension' ? 'extension' : 'restriction';
    for (const c of xsdChildren(deriv)) {
      if (c.name === 'sequence' || c.name === 'choice' || c.name === 'all' || c.name === 'group') {
        const p = this.particle(scope, c);
        if (p) body.particle = p;
      }
    }
    const any = this.collectAttributes(scope, deriv, attributes);
    if (base && base.ns === SOAPENC_NS && base.name === 'Array') {
      const item = this.soapArrayItem(scope, deriv, body.particle);
      if (item) body.soapArrayItem = item.type;
      if (item && item.nesting > 0) body.soapArrayNesting = item.nesting;
      const only = onlyElement(body.particle);
      if (item && only && item.nesting === 0) body.soapArrayItemElement = only.name;
    }
    return any;
  }

  /**
   * The item type of a SOAP-encoded array (SOAP 1.1 §5.4.2, WSDL 1.1 §2.2):
   * `wsdl:arrayType="ns:T[]"` on the `soapenc:arrayType` attribute (`ns:T[][]`,
   * an array of arrays, has nesting 1; `ns:T[,]`, a multi-dimensional array,
   * is read as its items in order), or else the type of the single repeated
   * element of the restriction's sequence.
   */
  private soapArrayItem(
    scope: SchemaScope,
    deriv: XmlElement,
    particle: Particle | undefined,
  ): { type: QName; nesting: number } | undefined {
    for (const a of xsdChildren(deriv)) {
      if (a.name !== 'attribute') continue;
      const arrayType = attr(a, 'arrayType', WSDL_NS)?.trim();
      if (arrayType === undefined) continue;
      const bracket = arrayType.indexOf('[');
      const itemName = bracket < 0 ? arrayType : arrayType.slice(0, bracket).trim();
      // SOAP 1.1 §5.4.2: arrayTypeValue = atype asize, atype = QName *( rank ), rank = "[" *( "," ) "]".
      const ranks =
        bracket >= 0 ? arrayType.slice(bracket).replace(/\s+/g, '') : arrayType.includes(']') ? arrayType : '[]';
      if (!/^(\[,*\])*\[[\d,]*\]$/.test(ranks)) {
        this.ctx.error(
          scope.doc,
          a,
          `wsdl:arrayType="${arrayType}" is not a SOAP array type (a type name, then [] or [n], as in xsd:string[] or xsd:string[][]; SOAP 1.1 §5.4.2)`,
        );
        return undefined;
      }
      const nesting = (ranks.match(/\[/g) ?? []).length - 1;
      const resolved = this.ctx.qnameValue(scope.doc, a, itemName, `wsdl:arrayType="${arrayType}"`, scope.chameleonNs);
      if (!resolved) return undefined;
      const item = this.lenient('type', scope, a, resolved, itemName);
      if (!this.checkType(scope, a, item) && this.ctx.lenient)
        return { type: { ns: XSD_NS, name: 'anyType' }, nesting };
      return { type: item, nesting };
    }
    const only = onlyElement(particle);
    if (only && only.type.kind === 'named') return { type: only.type.ref, nesting: 0 };
    return undefined;
  }

  /** `simpleContent/extension|restriction` (XML Schema Part 1 §3.4.2). */
  private simpleContent(
    scope: SchemaScope,
    deriv: XmlElement,
    body: Mutable<ComplexTypeBody>,
    attributes: AttributeUse[],
  ): boolean {
    let base = this.ref('type', scope, deriv, 'base');
    if (base && !this.checkType(scope, deriv, base, 'xsd:anySimpleType is used') && this.ctx.lenient)
      base = { ns: XSD_NS, name: 'anySimpleType' };
    if (base && this.index.components.complexType.has(qkey(base))) {
      body.base = base;
      body.derivation = deriv.name === 'extension' ? 'extension' : 'restriction';
    }
    if (deriv.name === 'restriction') {
      const inline = xsdChildren(deriv).find((c) => c.name === 'simpleType');
      const facets = readFacets(this.ctx, scope.doc, deriv);
      if (inline || Object.keys(facets).length > 0) {
        body.simpleContent = {
          kind: 'simple',
          type: {
            variety: 'restriction',
            ...optional('base', base),
            ...(inline ? { baseType: this.simpleBody(scope, inline) } : {}),
            facets,
          },
        };
      } else if (base) {
        body.simpleContent = { kind: 'named', ref: base };
      }
    } else if (base) {
      body.simpleContent = { kind: 'named', ref: base };
    }
    return this.collectAttributes(scope, deriv, attributes);
  }

  // -------------------------------------------------------------------------
  // simple types

  private namedSimpleType(raw: RawComponent): SimpleType {
    return {
      name: raw.name,
      ...optional('documentation', xsdDocumentation(raw.el)),
      ...(raw.redefines ? this.redefinedSimpleBody(raw, raw.redefines) : this.simpleBody(raw.scope, raw.el)),
      location: this.ctx.modelLoc(raw.scope.doc, raw.el),
    } as SimpleType;
  }

  /**
   * A complex type redefinition (XML Schema Part 1 §4.2.2): it derives from the
   * original by extension (the original's content, then its own) or restriction
   * (its own content, the original's attributes not restated), and takes the
   * original's place, base and derivation.
   */
  private redefinedComplexBody(raw: RawComponent, original: RawComponent): ComplexTypeBody {
    const derivation = redefinitionBase(this.ctx, raw, 'complexType', (scope, el) => this.qname(scope, el, 'base'));
    const originalBody = this.namedComplexType(original);
    if (!derivation) return originalBody;
    return mergeRedefinedComplex(originalBody, this.complexBody(raw.scope, raw.el), derivation);
  }

  /** A simple type redefinition (XML Schema Part 1 §4.2.2): a restriction of the original. */
  private redefinedSimpleBody(raw: RawComponent, original: RawComponent): SimpleTypeBody {
    const derivation = redefinitionBase(this.ctx, raw, 'simpleType', (scope, el) => this.qname(scope, el, 'base'));
    const originalBody = this.simpleBody(original.scope, original.el);
    if (!derivation) return originalBody;
    const own = this.simpleBody(raw.scope, raw.el);
    if (own.variety !== 'restriction') return originalBody;
    const { base: _self, ...rest } = own;
    return { ...rest, baseType: originalBody };
  }

  /** The key caching a group or attribute group: an original that a redefinition replaced has its own. */
  private cacheKey(raw: RawComponent): string {
    const key = qkey(raw.name);
    const current = this.index.components[raw.el.name as ComponentKind]?.get(key);
    return current === undefined || current === raw
      ? key
      : `${key} ${raw.scope.doc.url}:${raw.el.line}:${raw.el.column}`;
  }

  /** An `xsd:simpleType` body (XML Schema Part 2 §4.1.2). */
  private simpleBody(scope: SchemaScope, el: XmlElement): SimpleTypeBody {
    for (const c of xsdChildren(el)) {
      if (c.name === 'restriction') {
        let base = this.ref('type', scope, c, 'base');
        if (base && !this.checkType(scope, c, base, 'xsd:anySimpleType is used') && this.ctx.lenient)
          base = { ns: XSD_NS, name: 'anySimpleType' };
        const inline = xsdChildren(c).find((d) => d.name === 'simpleType');
        return {
          variety: 'restriction',
          ...optional('base', base),
          ...(inline ? { baseType: this.simpleBody(scope, inline) } : {}),
          facets: readFacets(this.ctx, scope.doc, c),
        };
      }
      if (c.name === 'list') {
        const inline = xsdChildren(c).find((d) => d.name === 'simpleType');
        const itemType: TypeRef =
          attr(c, 'itemType') !== undefined
            ? (this.typeRefAttr(scope, c, 'itemType') ?? ANY_SIMPLE_TYPE)
            : inline
              ? { kind: 'simple', type: this.simpleBody(scope, inline) }
              : ANY_SIMPLE_TYPE;
        return { variety: 'list', itemType };
      }
      if (c.name === 'union') {
        const memberTypes: TypeRef[] = [];
        const names = (attr(c, 'memberTypes') ?? '').split(/\s+/).filter((s) => s !== '');
        for (const n of names) {
          const resolved = this.ctx.qnameValue(
            scope.doc,
            c,
            n,
            `memberTypes="${attr(c, 'memberTypes') ?? ''}"`,
            scope.chameleonNs,
          );
          if (!resolved) continue;
          const q = this.lenient('type', scope, c, resolved, n);
          const ok = this.checkType(scope, c, q, 'xsd:anySimpleType is used');
          memberTypes.push(ok || !this.ctx.lenient ? { kind: 'named', ref: q } : ANY_SIMPLE_TYPE);
        }
        for (const d of xsdChildren(c)) {
          if (d.name === 'simpleType') memberTypes.push({ kind: 'simple', type: this.simpleBody(scope, d) });
        }
        return { variety: 'union', memberTypes };
      }
    }
    return { variety: 'restriction', base: { ns: XSD_NS, name: 'anySimpleType' }, facets: {} };
  }
}

/**
 * Whether a content model is one ASP.NET writes for a `DataSet` or `DataTable`
 * value: for a DataSet, a sequence of `<s:element ref="s:schema"/>` (the inline
 * schema) optionally followed by `<s:any/>` (the diffgram); for a DataTable
 * (`DataTable.GetDataTableSchema`), a sequence of `<s:any namespace="XSD"/>`
 * and `<s:any namespace="urn:schemas-microsoft-com:xml-diffgram-v1"/>`.
 */
export function isDataSetContent(p: Particle | undefined): boolean {
  if (p?.kind !== 'sequence' || p.particles.length < 1 || p.particles.length > 2) return false;
  const [first, second] = p.particles;
  if (first?.kind === 'element' && first.ref?.ns === XSD_NS && first.ref.name === 'schema')
    return second === undefined || second.kind === 'any';
  return (
    first?.kind === 'any' && first.namespace === XSD_NS && second?.kind === 'any' && second.namespace === DIFFGRAM_NS
  );
}

/** The one element particle of a group of one (a SOAP array restriction's item element). */
function onlyElement(particle: Particle | undefined): ElementParticle | undefined {
  if (!particle || particle.kind === 'any' || particle.kind === 'element' || particle.particles.length !== 1)
    return undefined;
  const only = particle.particles[0];
  return only?.kind === 'element' ? only : undefined;
}

/** The XML Schema children of `el` (annotations and foreign elements skipped). */
export function xsdChildren(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c !== undefined && typeof c !== 'string' && isXsdNamespace(c.ns) && c.name !== 'annotation') out.push(c);
  }
  return out;
}

/** Attributes that need no declaration: `xml:*`, `xsi:*`, SOAP encoding and `wsdl:arrayType`. */
function isWellKnownAttribute(q: QName): boolean {
  return q.ns === XML_NS || q.ns === XSI_NS || q.ns === WSDL_NS || isSoapEncodingName(q);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** `{ [key]: value }` when `value` is defined, else `{}` (keeps absent keys out of the JSON). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
