/**
 * What the parser's memos (XmlPrefixMemo in xml-prefix-memo.ts, XmlShapeMemo in
 * xml-shape-memo.ts) keep of a parsed document: flat copies of its strings (a
 * slice of a request would keep all of it alive) in frozen objects (shared by
 * every tree made from the memo, so nobody can change them for the next parse).
 * Ships with generated code.
 */
import { compactString } from './xml-string-copy.js';
import type { XmlAttribute, XmlElement } from './xml-tree.js';

/** The parts of an element a memo keeps: its name, attributes and declarations. */
export interface KeptElementParts {
  readonly ns: string;
  readonly name: string;
  readonly prefix: string;
  /**
   * Frozen attribute objects. The array is never handed out (each tree gets a
   * copy) and is not frozen: copying a frozen array is slow in V8.
   */
  readonly attrs: readonly XmlAttribute[];
  readonly nsDecls: Readonly<Record<string, string>>;
}

/**
 * An element while a tree is built, by the scanner or from a memo: always these
 * properties in this order, so every consumer sees one hidden class.
 */
export interface MutableElement {
  ns: string;
  name: string;
  prefix: string;
  attrs: XmlAttribute[];
  nsDecls: Readonly<Record<string, string>>;
  children: (XmlElement | string)[];
  parent: XmlElement | undefined;
  line: number;
  column: number;
}

const NO_DECLS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({});

/** Flat, frozen copies of the name, attributes and namespace declarations of `el`. */
export function keptElementParts(el: XmlElement): KeptElementParts {
  let nsDecls = NO_DECLS;
  for (const prefix in el.nsDecls) {
    if (nsDecls === NO_DECLS) nsDecls = {};
    (nsDecls as Record<string, string>)[flatCopy(prefix)] = flatCopy(el.nsDecls[prefix]!);
  }
  return {
    ns: flatCopy(el.ns),
    name: flatCopy(el.name),
    prefix: flatCopy(el.prefix),
    attrs: el.attrs.map((a) =>
      Object.freeze({
        ns: flatCopy(a.ns),
        name: flatCopy(a.name),
        prefix: flatCopy(a.prefix),
        value: flatCopy(a.value),
      }),
    ),
    nsDecls: Object.freeze(nsDecls),
  };
}

/**
 * A flat copy of `s` (a slice of a long string would keep all of it alive), in
 * V8's one-byte form when it fits (comparing a one-byte text with a two-byte copy
 * is several times slower). Strings under 13 characters are never slices in V8
 * and are kept as they are.
 */
export function flatCopy(s: string): string {
  return s.length < 13 ? s : compactString(s);
}

/**
 * `capacity` when it is a positive integer (how many entries a memo keeps).
 * @throws RangeError naming the memo `kind` otherwise
 */
export function memoCapacity(kind: string, capacity: number): number {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`${kind} capacity must be a positive integer, got ${capacity}`);
  return capacity;
}
