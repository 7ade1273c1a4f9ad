/**
 * Detached copies of parsed elements: what a decoded value holds of the XML it came
 * from (`xsd:any` elements, `anyType` values, a response's SOAP Header). An element of
 * a parsed tree reaches the whole document through its `parent` chain, so a value
 * holding one keeps every node of the message alive (487 MB kept for a 50 MB answer of
 * records with `xsd:any` fields, issue 31). A detached copy holds only its own subtree:
 * its root's `parent` is a scope element outside any document, with no children,
 * declaring every namespace binding in scope where the element stood, so that prefixes
 * in content (an `xsi:type` value) still resolve (`lookupNamespace`, `resolveQName`) and
 * the writer still declares what a copy of it needs. The streaming decoder detaches what
 * it keeps with xml-detach-kept.ts.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { XmlElement } from './xml-tree.js';

/** An element as the copy builds it (the properties of XmlElement, in the scanner's order). */
interface CopiedElement {
  ns: string;
  name: string;
  prefix: string;
  attrs: XmlElement['attrs'];
  nsDecls: XmlElement['nsDecls'];
  children: (XmlElement | string)[];
  parent: XmlElement | undefined;
  line: number;
  column: number;
}

/** The scope elements made for each parent, so that the children of one element share theirs. */
const scopes = new WeakMap<XmlElement, XmlElement>();

/**
 * The scope a detached child of `parent` hangs from: an element in no namespace, named
 * `''`, with no attributes and no children, declaring the bindings in scope in `parent`.
 */
export function detachedScope(parent: XmlElement): XmlElement {
  let scope = scopes.get(parent);
  if (scope === undefined) {
    const decls: Record<string, string> = {};
    for (let e: XmlElement | undefined = parent; e !== undefined; e = e.parent)
      for (const p in e.nsDecls) if (!(p in decls)) decls[p] = e.nsDecls[p]!;
    scope = {
      ns: '',
      name: '',
      prefix: '',
      attrs: [],
      nsDecls: Object.freeze(decls),
      children: [],
      parent: undefined,
      line: 0,
      column: 0,
    };
    scopes.set(parent, scope);
  }
  return scope;
}

/** Whether `el` is already detached: its parent is a scope (or it has none). */
function isDetached(el: XmlElement): boolean {
  const p = el.parent;
  return p === undefined || (p.name === '' && p.children.length === 0);
}

/**
 * A copy of `el` and its subtree whose parent is the scope of `el`'s parent (see
 * {@link detachedScope}): the same names, attributes, declarations, text and positions,
 * holding nothing else of the document. Attribute objects and declarations are shared
 * (trees are read-only). An element already detached is returned as it is.
 */
export function detachElement(el: XmlElement): XmlElement {
  if (isDetached(el)) return el;
  return copyUnder(el, detachedScope(el.parent!));
}

function copyUnder(el: XmlElement, parent: XmlElement): XmlElement {
  const children: (XmlElement | string)[] = new Array(el.children.length);
  const copy: CopiedElement = {
    ns: el.ns,
    name: el.name,
    prefix: el.prefix,
    attrs: el.attrs,
    nsDecls: el.nsDecls,
    children,
    parent,
    line: el.line,
    column: el.column,
  };
  for (let i = 0; i < el.children.length; i++) {
    const c = el.children[i]!;
    children[i] = typeof c === 'string' ? c : copyUnder(c, copy);
  }
  return copy;
}

/** The attributes of a kept element that has none (trees are read-only: one frozen array serves all). */
const NO_ATTRS = Object.freeze([]) as unknown as XmlElement['attrs'];

/**
 * Trims an element a scan with a sink kept (see {@link detachKept}) once it has closed:
 * its `children` in an array of their own size (the scanner's grew as it pushed) and a
 * shared empty array for no attributes, so that a value holding many small elements (the
 * `xsd:any` fields of a large answer) keeps no spare slots.
 */
export function compactKept(el: XmlElement): void {
  const e = el as CopiedElement;
  e.children = e.children.slice();
  if (e.attrs.length === 0) e.attrs = NO_ATTRS;
  // The scanner sliced a new name and prefix for each element: one string per name serves them all.
  e.name = interned(e.name);
  e.prefix = interned(e.prefix);
}

/** Names of kept elements, each kept once (bounded: a document of many names shares only the first ones). */
const names = new Map<string, string>();
const MAX_NAMES = 4096;

function interned(s: string): string {
  const hit = names.get(s);
  if (hit !== undefined) return hit;
  if (names.size < MAX_NAMES) names.set(s, s);
  return s;
}

/**
 * Detaches `el` where it stands: its `parent` becomes the scope of its parent (see
 * {@link detachedScope}), with no copy. Only for an element that no tree holds: a scan
 * with a sink (xml-scan.ts) made it and did not append it to its parent's `children`.
 */
export function detachKept(el: XmlElement): XmlElement {
  const parent = el.parent;
  if (parent !== undefined) (el as CopiedElement).parent = detachedScope(parent);
  compactKept(el);
  return el;
}
