/**
 * What the streaming decoder (wire/codec-stream.ts) does with the raw-XML values it keeps
 * (`xsd:any` elements, `anyType` values): elements the scanner made and no tree holds,
 * detached where they stand (their `parent` becomes a scope as xml-detach.ts
 * `detachedScope` makes one, one object for all scopes that declare the same bindings, so
 * that the elements of every record of an answer share theirs), trimmed, and holding
 * nothing of the document, not even of its text:
 * text-only elements become compact leaves (xml-compact.ts), the others keep their own
 * copies of names, namespaces, attributes and texts (xml-string-copy.ts). A 50 MB answer
 * would otherwise stay alive through any one of its substrings (issue 31).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { CompactLeaf, isLeaf, leafShape, NO_LEAF_ATTRS } from './xml-compact.js';
import { detachedScope } from './xml-detach.js';
import type { MutableElement } from './xml-memo-copy.js';
import { ownString } from './xml-string-copy.js';
import type { XmlAttribute, XmlElement } from './xml-tree.js';

/** The attributes of a kept element that has none (trees are read-only: one frozen array serves all). */
const NO_ATTRS = Object.freeze([]) as unknown as XmlElement['attrs'];

/**
 * Trims an element a scan with a sink kept (see {@link detachKept}) once it has closed:
 * its `children` in an array of their own size (the scanner's grew as it pushed), its
 * texts, names, attributes and declarations in strings of their own, and a shared empty
 * array for no attributes, so that a value holding many small elements keeps no spare
 * slots and nothing of the document.
 */
export function compactKept(el: XmlElement): void {
  const e = el as MutableElement;
  const children = e.children.slice();
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (typeof c === 'string') children[i] = ownString(c);
  }
  e.children = children;
  e.attrs = ownAttrs(e.attrs);
  e.nsDecls = ownDecls(e.nsDecls);
  // The scanner sliced a new name and prefix for each element: one string per name serves them all.
  e.ns = interned(e.ns);
  e.name = interned(e.name);
  e.prefix = interned(e.prefix);
}

/**
 * Detaches `el` where it stands: its `parent` becomes the scope of its parent (see
 * xml-detach.ts `detachedScope`), with no copy. Only for an element that no tree holds: a
 * scan with a sink (xml-scan.ts) made it and did not append it to its parent's `children`.
 * An element with text only becomes a {@link CompactLeaf} holding the scanner's text,
 * pushed to `leaves`: the caller moves their texts into pools (xml-compact.ts `poolTexts`)
 * before the value is handed out.
 */
export function detachKept(el: XmlElement, leaves: CompactLeaf[]): XmlElement {
  const parent = el.parent;
  if (parent === undefined) {
    compactKept(el);
    return el;
  }
  const scope = keptScope(parent);
  if (isLeaf(el)) {
    const text = el.children.length === 0 ? '' : (el.children[0] as string);
    return compactLeaf(scope, el.ns, el.name, el.prefix, el.attrs, text, leaves);
  }
  (el as MutableElement).parent = scope;
  compactKept(el);
  return el;
}

/**
 * {@link detachKept} of an element with no attributes (or `attrs`: a nil leaf's, xml-scan-leaves.ts
 * `LeafSink.leafNil`) and text only (`''`: none) that the scanner told as a leaf (xml-scan-leaves.ts
 * `LeafSink.leaf`), child of `parent`, with no element made.
 */
export function detachLeaf(
  parent: XmlElement,
  ns: string,
  name: string,
  prefix: string,
  text: string,
  leaves: CompactLeaf[],
  attrs: readonly XmlAttribute[] = NO_LEAF_ATTRS,
): CompactLeaf {
  return compactLeaf(keptScope(parent), ns, name, prefix, attrs, text, leaves);
}

/** A compact leaf of that name, attributes and text hanging from `scope`, pushed to `leaves` (to be pooled). */
function compactLeaf(
  scope: XmlElement,
  ns: string,
  name: string,
  prefix: string,
  attrs: readonly XmlAttribute[],
  text: string,
  leaves: CompactLeaf[],
): CompactLeaf {
  const leaf = new CompactLeaf(leafShape(scope, ns, name, prefix, attrs), text);
  leaves.push(leaf);
  return leaf;
}

/** The scopes of kept elements, per element that declares namespaces (or root) above them. */
const scopes = new WeakMap<XmlElement, XmlElement>();
/** Scopes by the bindings they declare (bounded: a document of many scopes shares the first ones). */
const scopesByBindings = new Map<string, XmlElement>();
const MAX_SCOPES = 1024;

/**
 * The parent asked for last and its scope (the `xsd:any` fields of one record share both):
 * {@link forgetLastParent} lets go of the element when a decode ends.
 */
let lastParent: XmlElement | undefined;
let lastParentScope: XmlElement | undefined;

/** Lets go of the element {@link keptScope} answered for last (it is part of a document). */
export function forgetLastParent(): void {
  lastParent = lastParentScope = undefined;
}

/** The scope of the elements kept under `parent`: xml-detach.ts `detachedScope`, in strings of its own, shared by bindings. */
export function keptScope(parent: XmlElement): XmlElement {
  if (parent === lastParent) return lastParentScope!;
  const scope = scopeOfParent(parent);
  lastParent = parent;
  lastParentScope = scope;
  return scope;
}

function scopeOfParent(parent: XmlElement): XmlElement {
  // The bindings in scope in `parent` are those of the nearest element from it up that declares
  // some (or the root): one entry for all the records of an answer, not one per record.
  let owner = parent;
  while (owner.parent !== undefined && !declares(owner)) owner = owner.parent;
  let scope = scopes.get(owner);
  if (scope !== undefined) return scope;
  const fresh = detachedScope(owner);
  let key = '';
  for (const p in fresh.nsDecls) key += `${p}\u0000${fresh.nsDecls[p]}\u0000`;
  scope = scopesByBindings.get(key);
  if (scope === undefined) {
    scope = { ...fresh, attrs: NO_ATTRS, nsDecls: ownDecls(fresh.nsDecls) };
    if (scopesByBindings.size < MAX_SCOPES) scopesByBindings.set(ownString(key), scope);
  }
  scopes.set(owner, scope);
  return scope;
}

function declares(el: XmlElement): boolean {
  for (const _ in el.nsDecls) return true;
  return false;
}

/** `attrs` with names and values that hold nothing of the document (the shared empty array for none). */
function ownAttrs(attrs: XmlElement['attrs']): XmlElement['attrs'] {
  if (attrs.length === 0) return NO_ATTRS;
  return attrs.map((a) => ({
    ns: interned(a.ns),
    name: interned(a.name),
    prefix: interned(a.prefix),
    value: ownString(a.value),
  }));
}

/** Namespace declarations that hold nothing of the document. */
function ownDecls(decls: XmlElement['nsDecls']): XmlElement['nsDecls'] {
  let own: Record<string, string> | undefined;
  for (const p in decls) (own ??= {})[interned(p)] = interned(decls[p]!);
  return own === undefined ? decls : Object.freeze(own);
}

/** Names and namespaces of kept elements, each kept once (bounded: a document of many names shares only the first ones). */
const names = new Map<string, string>();
const MAX_NAMES = 4096;

/** `s` in a string of its own, the same one for every element of that name while the table has room. */
function interned(s: string): string {
  const hit = names.get(s);
  if (hit !== undefined) return hit;
  // A copy: a name of 13 characters or more is a slice of the document it was read from.
  const own = ownString(s);
  if (names.size < MAX_NAMES) names.set(own, own);
  return own;
}
