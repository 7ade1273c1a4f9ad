/**
 * `xsd:redefine` (XML Schema 1.0 Part 1 §4.2.2): the redefined schema document
 * is included (as by `xsd:include`, chameleon rules apply: the loader gives a
 * schema without targetNamespace the redefining schema's namespace), and each
 * complexType, simpleType, group or attributeGroup child of `xsd:redefine`
 * replaces the component of the same name that document declares. Within a
 * redefinition, a reference to its own name means the original (a type derives
 * from itself, a group or attribute group refers to itself); the converter
 * follows {@link RawComponent.redefines} for those (see {@link isSelfReference}).
 * The index collects the redefinitions (schema-index.ts); {@link applyRedefinitions} applies them.
 */
import type { SourceDocument } from '../load/types.js';
import { resolveLocation } from '../load/resolve-location.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr, lookupNamespace } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import { isXsdNamespace } from './namespaces.js';
import { qdisplay, qkey } from './qname-key.js';
import type { PendingRedefinition, RawComponent, SchemaIndex, SchemaScope } from './schema-index.js';
import type { ComplexTypeBody, Particle, QName, SimpleTypeBody, TypeRef } from './types.js';

/** The document an `xsd:redefine` loaded, if it was loaded. */
function redefinedDocument(ctx: BuildContext, p: PendingRedefinition): SourceDocument | undefined {
  // Lenient mode: the loader followed a misnamed `location` (src/load/references.ts).
  const location = (
    attr(p.redefine, 'schemaLocation') ?? (ctx.lenient ? attr(p.redefine, 'location') : undefined)
  )?.trim();
  if (location === undefined) return undefined;
  const resolved = resolveLocation(location, p.raw.scope.doc.url);
  return resolved.ok ? ctx.loaded.documents.find((d) => d.url === resolved.identity) : undefined;
}

/**
 * Replaces each redefined component of the index by its redefinition (which
 * keeps the original as {@link RawComponent.redefines}); reports redefinitions
 * of components the redefined document does not declare, and second
 * redefinitions of one component.
 */
export function applyRedefinitions(ctx: BuildContext, index: SchemaIndex): void {
  const pending: readonly PendingRedefinition[] = index.redefinitions;
  const done = new Map<string, RawComponent>();
  // Last first: in a chain (A redefines B's T, B redefines C's T) B's redefinition is what A's replaces.
  for (const p of [...pending].reverse()) {
    const map = index.components[p.kind];
    const key = `${p.kind} ${qkey(p.raw.name)} ${p.raw.scope.doc.url}`;
    const what = `xsd:redefine of xsd:${p.kind} ${qdisplay(p.raw.name)}`;
    const earlier = done.get(key);
    if (earlier) {
      ctx.error(
        p.raw.scope.doc,
        p.raw.el,
        `${what}: it is already redefined at ${earlier.scope.doc.displayName}:${earlier.el.line}:${earlier.el.column}`,
      );
      continue;
    }
    const target = redefinedDocument(ctx, p);
    const original = map.get(qkey(p.raw.name));
    if (target === undefined) continue; // The loader reported it (lenient mode skips it).
    const declared = attr(target.root, 'targetNamespace');
    if (declared !== undefined && declared !== p.raw.scope.tns) {
      ctx.error(
        p.raw.scope.doc,
        p.redefine,
        `xsd:redefine loads ${target.displayName}, whose targetNamespace "${declared}" is not the redefining schema's ("${p.raw.scope.tns}"); a redefined schema must have the same target namespace or none (XML Schema Part 1 §4.2.2)`,
      );
      continue;
    }
    if (original === undefined || original.scope.doc === p.raw.scope.doc) {
      ctx.error(
        p.raw.scope.doc,
        p.raw.el,
        `${what}: ${target.displayName} declares no xsd:${p.kind} named "${p.raw.name.name}", so there is nothing to redefine`,
      );
      continue;
    }
    if (p.kind === 'group' || p.kind === 'attributeGroup') checkSelfReferences(ctx, p);
    const replacement: RawComponent = { ...p.raw, redefines: original };
    map.set(qkey(p.raw.name), replacement);
    done.set(key, p.raw);
  }
}

/** The namespace and local name a QName attribute names, without reporting errors (the converter reports those). */
function refName(el: XmlElement, chameleonNs: string | undefined): { ns: string; name: string } | undefined {
  const value = attr(el, 'ref')?.trim();
  if (value === undefined) return undefined;
  const colon = value.indexOf(':');
  const ns =
    lookupNamespace(el, colon < 0 ? '' : value.slice(0, colon)) ?? (colon < 0 ? (chameleonNs ?? '') : undefined);
  return ns === undefined
    ? undefined
    : { ns: ns === '' && colon < 0 && chameleonNs ? chameleonNs : ns, name: value.slice(colon + 1) };
}

/**
 * A group or attribute group redefinition refers to itself at most once, and a
 * group's self-reference occurs exactly once (XML Schema Part 1 §4.2.2,
 * src-redefine.6.1 and src-redefine.7.1).
 */
function checkSelfReferences(ctx: BuildContext, p: PendingRedefinition): void {
  const self: XmlElement[] = [];
  const stack: XmlElement[] = [p.raw.el];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const c of el.children) {
      if (typeof c === 'string' || !isXsdNamespace(c.ns)) continue;
      const q = c.name === p.kind ? refName(c, p.raw.scope.chameleonNs) : undefined;
      if (q && q.ns === p.raw.name.ns && q.name === p.raw.name.name) self.push(c);
      stack.push(c);
    }
  }
  const what = `xsd:redefine of xsd:${p.kind} ${qdisplay(p.raw.name)}`;
  if (self.length > 1) {
    ctx.error(
      p.raw.scope.doc,
      self[1]!,
      `${what}: it refers to itself ${self.length} times; a redefinition may refer to the original once (XML Schema Part 1 §4.2.2)`,
    );
  } else if (
    p.kind === 'group' &&
    self[0] &&
    (attr(self[0], 'minOccurs') ?? '1').trim() + (attr(self[0], 'maxOccurs') ?? '1').trim() !== '11'
  ) {
    ctx.error(
      p.raw.scope.doc,
      self[0],
      `${what}: the reference to itself must have minOccurs and maxOccurs 1 (XML Schema Part 1 §4.2.2)`,
    );
  }
}

/**
 * Whether a reference to `target` written on `el` is the self-reference of a
 * redefinition (XML Schema Part 1 §4.2.2): `target` is a redefinition and `el`
 * lies inside it, so the reference means the original component.
 */
export function isSelfReference(
  target: RawComponent,
  el: XmlElement,
): target is RawComponent & { redefines: RawComponent } {
  if (target.redefines === undefined) return false;
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) if (e === target.el) return true;
  return false;
}

/** How a type redefinition derives from the original. */
export type RedefinitionDerivation = 'extension' | 'restriction';

/**
 * The derivation of a type redefinition from the original (XML Schema Part 1
 * §4.2.2, Schema Representation Constraint src-redefine.5: a complex type
 * redefinition is a `complexContent` or `simpleContent` extension or restriction
 * whose base is itself, a simple type redefinition a restriction of itself).
 * Reports, and returns `undefined` for, a redefinition that does not derive from itself.
 * @param qnameOf resolves the `base` attribute of an element of the redefinition
 */
export function redefinitionBase(
  ctx: BuildContext,
  raw: RawComponent,
  kind: 'complexType' | 'simpleType',
  qnameOf: (scope: SchemaScope, el: XmlElement) => { readonly ns: string; readonly name: string } | undefined,
): RedefinitionDerivation | undefined {
  const children = (el: XmlElement): XmlElement[] =>
    el.children.filter(
      (c): c is XmlElement => typeof c !== 'string' && isXsdNamespace(c.ns) && c.name !== 'annotation',
    );
  let deriv: XmlElement | undefined;
  if (kind === 'simpleType') {
    deriv = children(raw.el).find((c) => c.name === 'restriction');
  } else {
    const content = children(raw.el).find((c) => c.name === 'complexContent' || c.name === 'simpleContent');
    deriv = content && children(content).find((c) => c.name === 'extension' || c.name === 'restriction');
  }
  const base = deriv && attr(deriv, 'base') !== undefined ? qnameOf(raw.scope, deriv) : undefined;
  if (deriv && base && base.ns === raw.name.ns && base.name === raw.name.name)
    return deriv.name === 'extension' ? 'extension' : 'restriction';
  const how = kind === 'simpleType' ? 'a restriction' : 'an extension or restriction';
  ctx.error(
    raw.scope.doc,
    deriv ?? raw.el,
    `xsd:redefine of xsd:${kind} ${qdisplay(raw.name)}: the redefinition must be ${how} whose base names ${qdisplay(raw.name)} itself, which it is not; the original is used (XML Schema Part 1 §4.2.2)`,
  );
  return undefined;
}

/** The text type of a simple content that restricts `original`'s text type (its base `self` replaced). */
function restrictText(own: TypeRef | undefined, original: TypeRef | undefined): TypeRef | undefined {
  if (own === undefined || own.kind !== 'simple' || own.type.variety !== 'restriction') return original;
  const { base: _self, ...rest } = own.type;
  if (original === undefined) return own;
  const from: Partial<{ base: QName; baseType: SimpleTypeBody }> =
    original.kind === 'named' ? { base: original.ref } : original.kind === 'simple' ? { baseType: original.type } : {};
  return { kind: 'simple', type: { ...rest, ...(rest.baseType ? {} : from) } as SimpleTypeBody };
}

/**
 * A complex type redefinition merged with the original it derives from (XML
 * Schema Part 1 §3.4.2, the derivation rules, applied to the original): an
 * extension appends its content and attributes to the original's; a
 * restriction restates the content and keeps the original's attributes it does
 * not restate or prohibit. Either way the result has the original's base,
 * derivation and SOAP array item type.
 */
export function mergeRedefinedComplex(
  original: ComplexTypeBody,
  own: ComplexTypeBody,
  derivation: RedefinitionDerivation,
): ComplexTypeBody {
  const kept = {
    ...(original.base ? { base: original.base } : {}),
    ...(original.derivation ? { derivation: original.derivation } : {}),
    ...(original.soapArrayItem ? { soapArrayItem: original.soapArrayItem } : {}),
    ...(original.soapArrayNesting ? { soapArrayNesting: original.soapArrayNesting } : {}),
    ...(original.soapArrayItemElement ? { soapArrayItemElement: original.soapArrayItemElement } : {}),
    ...(own.abstract ? { abstract: true } : {}),
  };
  if (derivation === 'extension') {
    const particle: Particle | undefined =
      original.particle && own.particle
        ? { kind: 'sequence', particles: [original.particle, own.particle], minOccurs: 1, maxOccurs: 1 }
        : (original.particle ?? own.particle);
    return {
      ...kept,
      ...(original.mixed || own.mixed ? { mixed: true } : {}),
      ...(particle ? { particle } : {}),
      attributes: [...original.attributes, ...own.attributes],
      ...(original.anyAttribute || own.anyAttribute ? { anyAttribute: true } : {}),
      ...(original.simpleContent ? { simpleContent: original.simpleContent } : {}),
      ...(original.dataSet ? { dataSet: true } : {}),
    };
  }
  const restated = new Set(own.attributes.map((a) => qkey(a.name)));
  const text = restrictText(own.simpleContent, original.simpleContent);
  return {
    ...kept,
    ...(own.mixed ? { mixed: true } : {}),
    ...(own.particle ? { particle: own.particle } : {}),
    attributes: [
      ...own.attributes.filter((a) => a.use !== 'prohibited'),
      ...original.attributes.filter((a) => !restated.has(qkey(a.name))),
    ],
    ...(own.anyAttribute ? { anyAttribute: true } : {}),
    ...(text ? { simpleContent: text } : {}),
    ...(own.dataSet ? { dataSet: true } : {}),
  };
}
