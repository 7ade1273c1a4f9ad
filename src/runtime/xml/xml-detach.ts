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
