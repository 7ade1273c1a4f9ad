/**
 * Compact leaf elements: how a decoded value holds the many small raw-XML elements of a
 * large answer (the `xsd:any` fields of Salesforce partner records: a million of them in
 * a 50 MB answer, issue 31). A leaf is a detached element (xml-detach.ts) with text only:
 * no namespace declarations, no child elements, no position, and no attributes or a few
 * short ones (`xsi:nil="true"`), which its shape holds. Instead of
 * the nine properties, `children` array and text string of a parsed element, a
 * {@link CompactLeaf} holds three fields:
 *
 * - `shape`: what every leaf of one name and attributes in one scope shares (namespace,
 *   local name, prefix, attributes and the detached scope that is its `parent`), made once (bounded, see
 *   {@link leafShape});
 * - `source` and `span`: its text, either the text itself (`span` -1) or a part of a
 *   string that holds the texts of the leaves decoded together (one record's fields, see
 *   {@link poolTexts}), a flat copy holding nothing of the document.
 *
 * The properties of {@link XmlElement} are getters of the class: `attrs` the shape's
 * (frozen), `nsDecls` a shared frozen empty, `children` is a new array `[text]` (or `[]` for no text) on each
 * read, `line` and `column` are 0. Trees are read-only, so nothing that reads an element
 * through its interface (the writer, `lookupNamespace`, `resolveQName`, the codec) sees a
 * difference; `JSON.stringify` and Node's `util.inspect` show the same properties as a
 * parsed element (`toJSON`). Only a reader of own properties (`Object.keys`, spreading)
 * sees the three fields.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { keepLayout, LAYOUT_ELEMENT } from './keep-layout.js';
import { ownString } from './xml-string-copy.js';
import type { XmlAttribute, XmlElement } from './xml-tree.js';

/** What the leaves of one name, attributes and scope share. */
export interface LeafShape {
  readonly ns: string;
  readonly name: string;
  readonly prefix: string;
  /** The attributes (frozen; most often none, or the `xsi:nil="true"` of an empty field). */
  readonly attrs: XmlAttribute[];
  /** The detached scope the leaves hang from (xml-detach.ts `detachedScope`). */
  readonly parent: XmlElement;
}

/** The attributes of every compact leaf: none (frozen: trees are read-only). */
const NO_ATTRS = Object.freeze([]) as unknown as XmlAttribute[];
/** The namespace declarations of every compact leaf: none. */
const NO_DECLS: Readonly<Record<string, string>> = Object.freeze({});

/** A text-only detached element in three fields (see the module comment). */
export class CompactLeaf implements XmlElement {
  /** Namespace, names and scope, shared with the leaves of the same name in the same scope. */
  readonly shape: LeafShape;
  /** The text (`span` -1), or a string holding it at `span` (see {@link poolTexts}). */
  source: string;
  /** -1, or the text's start in `source` times 2^16 plus its length. */
  span: number;

  constructor(shape: LeafShape, text: string) {
    this.shape = shape;
    this.source = text;
    this.span = -1;
  }

  get ns(): string {
    return this.shape.ns;
  }
  get name(): string {
    return this.shape.name;
  }
  get prefix(): string {
    return this.shape.prefix;
  }
  get parent(): XmlElement {
    return this.shape.parent;
  }
  get attrs(): XmlAttribute[] {
    return this.shape.attrs;
  }
  get nsDecls(): Readonly<Record<string, string>> {
    return NO_DECLS;
  }
  get line(): number {
    return 0;
  }
  get column(): number {
    return 0;
  }
  /** `[text]`, or `[]` when the element is empty: a new array on each read. */
  get children(): (XmlElement | string)[] {
    const text = leafText(this);
    return text === '' ? [] : [text];
  }

  /** The properties of {@link XmlElement}, as a parsed element has them. */
  toJSON(): XmlElement {
    return {
      ns: this.ns,
      name: this.name,
      prefix: this.prefix,
      attrs: this.attrs,
      nsDecls: this.nsDecls,
      children: this.children,
      parent: this.parent,
      line: 0,
      column: 0,
    };
  }
}

// Node's `util.inspect` (console.log) shows the element's properties, not the three fields. (Set
// here, not as a method with a computed name, which `isolatedDeclarations` refuses: TS9038.)
Object.defineProperty(CompactLeaf.prototype, Symbol.for('nodejs.util.inspect.custom'), {
  value(this: CompactLeaf): XmlElement {
    return this.toJSON();
  },
});

// The layout of compact leaves outlives the values that hold them (keep-layout.ts). The example's span is
// past 2^30 (a text at 16,384 or more in its pool): where V8's small integers have 31 bits (pointer
// compression: Electron, browsers) that is a double, as the real spans are after a large pool, and a small
// integer in the example would leave it a layout they no longer have. Node's small integers have 32 bits.
{
  const example = new CompactLeaf(
    Object.freeze({
      ns: '',
      name: 'layout',
      prefix: '',
      attrs: NO_ATTRS,
      parent: LAYOUT_ELEMENT,
    }),
    '',
  );
  example.span = 0x40000000;
  keepLayout(example);
}

/** The text of `leaf`. */
export function leafText(leaf: CompactLeaf): string {
  const span = leaf.span;
  if (span < 0) return leaf.source;
  const start = span >>> 16;
  return leaf.source.slice(start, start + (span & 0xffff));
}

/** Most attributes a leaf's shape holds, and their longest value: beyond, the element is kept as it is. */
const MAX_LEAF_ATTRS = 2;
const MAX_LEAF_ATTR_VALUE = 32;

/**
 * Whether `el` can be a {@link CompactLeaf}: no declarations, no position, at most one
 * child, a text run that is not empty, and no attributes or a few short ones (which its
 * shape holds: `xsi:nil="true"` on the empty fields of a record).
 */
export function isLeaf(el: XmlElement): boolean {
  const attrs = el.attrs;
  if (attrs.length !== 0) {
    if (attrs.length > MAX_LEAF_ATTRS) return false;
    for (let i = 0; i < attrs.length; i++) if (attrs[i]!.value.length > MAX_LEAF_ATTR_VALUE) return false;
  }
  if (el.line !== 0 || el.column !== 0) return false;
  const children = el.children;
  if (children.length > 1 || (children.length === 1 && (typeof children[0] !== 'string' || children[0] === '')))
    return false;
  for (const _ in el.nsDecls) return false;
  return true;
}

/** The shapes made so far for one scope, by prefix then local name. */
interface ScopeShapes {
  count: number;
  readonly byPrefix: Map<string, Map<string, ShapeEntry>>;
}

/** A shape as {@link leafShape} keeps it: with what it was asked for, and the one asked for after it. */
interface ShapeEntry {
  readonly shape: LeafShape;
  readonly scope: XmlElement;
  /** Whether the shape holds attributes (then it is looked up by its key: {@link leafShape}). */
  readonly plain: boolean;
  /** The shape asked for after this one last time (records of `xsd:any` fields repeat one order). */
  next: ShapeEntry | undefined;
}

const shapesByScope = new WeakMap<XmlElement, ScopeShapes>();
/** The scope used last and its shapes (leaves come by the thousand from one scope). */
let lastScope: XmlElement | undefined;
let lastShapes: ScopeShapes | undefined;
/** The prefix used last in that scope and its shapes by name. */
let lastPrefix: string | undefined;
let lastByName: Map<string, ShapeEntry> | undefined;
/** The shape given last. */
let lastEntry: ShapeEntry | undefined;
/** Lets go of the shapes given last (the scopes they hang from may be a decode's own). */
export function forgetLastShape(): void {
  lastScope = lastShapes = lastByName = lastEntry = undefined;
  lastPrefix = undefined;
}

/** Shapes kept per scope: a document of many names shares the first ones and makes the others per leaf. */
const MAX_SHAPES = 4096;

/**
 * The shape of a leaf in namespace `ns` named `name` with prefix `prefix` and attributes
 * `attrs` (those of an element, or none: {@link NO_LEAF_ATTRS}), hanging from `scope`.
 */
export function leafShape(
  scope: XmlElement,
  ns: string,
  name: string,
  prefix: string,
  attrs: readonly XmlAttribute[],
): LeafShape {
  // The shape that came after the last one given, when it is this one: one comparison of names, no lookup.
  const guess = lastEntry?.next;
  if (
    guess?.plain === true &&
    attrs.length === 0 &&
    guess.scope === scope &&
    guess.shape.name === name &&
    guess.shape.prefix === prefix
  ) {
    lastEntry = guess;
    return guess.shape;
  }
  const entry = shapeEntry(scope, ns, name, prefix, attrs);
  if (lastEntry !== undefined) lastEntry.next = entry;
  lastEntry = entry;
  return entry.shape;
}

/** No attributes (for {@link leafShape}). */
export const NO_LEAF_ATTRS: readonly XmlAttribute[] = NO_ATTRS;

function shapeEntry(
  scope: XmlElement,
  ns: string,
  name: string,
  prefix: string,
  attrs: readonly XmlAttribute[],
): ShapeEntry {
  let shapes = lastShapes;
  if (scope !== lastScope || shapes === undefined) {
    shapes = shapesByScope.get(scope);
    if (shapes === undefined) {
      shapes = { count: 0, byPrefix: new Map() };
      shapesByScope.set(scope, shapes);
    }
    lastScope = scope;
    lastShapes = shapes;
    lastPrefix = undefined;
  }
  let byName = lastByName;
  if (prefix !== lastPrefix || byName === undefined) {
    const own = ownString(prefix);
    byName = shapes.byPrefix.get(own);
    if (byName === undefined) {
      byName = new Map();
      shapes.byPrefix.set(own, byName);
    }
    lastPrefix = own;
    lastByName = byName;
  }
  let key = name;
  // A prefix binds one namespace in a scope, so prefix, name and value tell an attribute.
  for (let i = 0; i < attrs.length; i++) key += `\u0000${attrs[i]!.prefix}:${attrs[i]!.name}=${attrs[i]!.value}`;
  const hit = byName.get(key);
  if (hit !== undefined) return hit;
  const shape: LeafShape = Object.freeze({
    ns: ownString(ns),
    name: ownString(name),
    prefix: ownString(prefix),
    attrs: attrs.length === 0 ? NO_ATTRS : ownAttributes(attrs),
    parent: scope,
  });
  const entry: ShapeEntry = { shape, scope, plain: attrs.length === 0, next: undefined };
  if (shapes.count < MAX_SHAPES) {
    byName.set(ownString(key), entry);
    shapes.count++;
  }
  return entry;
}

/** Frozen copies of `attrs` in strings of their own. */
function ownAttributes(attrs: readonly XmlAttribute[]): XmlAttribute[] {
  return Object.freeze(
    attrs.map((a) =>
      Object.freeze({
        ns: ownString(a.ns),
        name: ownString(a.name),
        prefix: ownString(a.prefix),
        value: ownString(a.value),
      }),
    ),
  ) as XmlAttribute[];
}

/** Longest text a pool holds before the next text starts (a start must fit in the 15 bits `span` gives it). */
const POOL_MAX = 0x7fff;
/** Longest text a span can tell (16 bits); a longer one is kept as a string of its own. */
const SPAN_MAX = 0xffff;

/**
 * Moves the texts of `leaves` that still hold their own text (`span` -1) into pools: flat
 * strings, each holding the texts of consecutive leaves, so that a text costs its
 * characters and nothing of the document it was read from (a text run of the scanner is a
 * slice of the document, or a concatenation of slices). Each leaf is pooled once.
 */
export function poolTexts(leaves: readonly CompactLeaf[]): void {
  let length = 0;
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i]!;
    if (leaf.span >= 0) continue;
    const text = leaf.source;
    if (text.length === 0) continue;
    if (text.length > SPAN_MAX) {
      leaf.source = ownString(text);
      continue;
    }
    if (members.length > 0 && length + text.length > POOL_MAX) {
      settle();
      length = 0;
    }
    leaf.span = length * 0x10000 + text.length;
    length += text.length;
    parts.push(text);
    members.push(leaf);
  }
  if (members.length > 0) settle();
}

/**
 * Compact leaves of shapes `shapes[i]` and texts `texts[i]` (leaves told together: the `xsd:any`
 * fields of one record read by one run, xml-scan-leaves.ts), their texts in one pool as
 * {@link poolTexts} would pool them, appended to `out`. Returns false having made none when the
 * texts do not fit one pool: the caller then makes them one by one.
 */
export function pooledLeaves(shapes: readonly LeafShape[], texts: readonly string[], out: XmlElement[]): boolean {
  let length = 0;
  let filled = 0;
  let only = '';
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i]!;
    if (t.length === 0) continue;
    length += t.length;
    filled++;
    only = t;
  }
  if (length > POOL_MAX) return false;
  const pool = joinedPool(texts, filled, only);
  let start = 0;
  for (let i = 0; i < texts.length; i++) {
    const n = texts[i]!.length;
    out.push(pooledLeaf(shapes[i]!, pool, start, n));
    start += n;
  }
  return true;
}

/**
 * The pool of `texts` (undefined joins as nothing), `filled` of them not empty, the last of those
 * `only`: a flat string of its own. `join` gives back the one text that is not empty as it is (a
 * view of the document, when long), so a pool of one is a copy of it.
 */
function joinedPool(texts: readonly (string | undefined)[], filled: number, only: string): string {
  return filled <= 1 ? ownString(only) : texts.join('');
}

/** A compact leaf of shape `shape` whose text is the `n` characters of `pool` from `start`. */
function pooledLeaf(shape: LeafShape, pool: string, start: number, n: number): CompactLeaf {
  const leaf = new CompactLeaf(shape, n === 0 ? '' : pool);
  if (n !== 0) leaf.span = start * 0x10000 + n;
  return leaf;
}

/** What {@link runLeaves} answers when it made no leaf because it cannot make them all. */
export const RUN_LEAVES_DECLINED = -2;

/** The texts of a match's leaves, when some of them are nil (see {@link runLeaves}): one array for every call. */
const TEXTS: string[] = [];

/**
 * Compact leaves of the texts a run's match holds for its leaves `from` to `to - 1` (`match[2k + 1]`,
 * xml-scan-leaves.ts `LeafSink.leafRun`; the `xsd:any` fields of a record), of shapes `shapes[k]`,
 * appended to `out`, their texts in one pool as {@link pooledLeaves} pools them, joined from the
 * match itself: no list of texts and shapes made first. A nil leaf (`match[2k + 2]`, the prefix of
 * its `xsi:nil`) is a leaf of shape `nilShapes[k]` with no text, when that prefix is `nilPrefix`.
 * Returns the place `k` of the last leaf made, `-1` when the match holds none of them, or
 * {@link RUN_LEAVES_DECLINED} having made none when a nil leaf has no shape here or their texts
 * do not fit one pool.
 */
export function runLeaves(
  shapes: readonly (LeafShape | undefined)[],
  match: RegExpExecArray,
  from: number,
  to: number,
  out: XmlElement[],
  nilShapes: readonly (LeafShape | undefined)[],
  nilPrefix: string,
): number {
  let length = 0;
  let filled = 0;
  let only = '';
  let last = -1;
  let nils = false;
  for (let k = from; k < to; k++) {
    const t = match[2 * k + 1];
    if (t === undefined) {
      const p = match[2 * k + 2];
      if (p === undefined) continue;
      if (p !== nilPrefix || nilShapes[k] === undefined) return RUN_LEAVES_DECLINED;
      last = k;
      nils = true;
      continue;
    }
    last = k;
    if (t.length === 0) continue;
    length += t.length;
    filled++;
    only = t;
  }
  if (last < 0) return -1;
  if (length > POOL_MAX) return RUN_LEAVES_DECLINED;
  // The texts in order: undefined (a leaf the match lacks) joins as nothing; a nil leaf's group holds
  // its prefix, so with nil leaves the texts are gathered first.
  let texts: readonly (string | undefined)[];
  if (nils) {
    for (let k = from; k <= last; k++) TEXTS.push(match[2 * k + 1] ?? '');
    texts = TEXTS;
  } else texts = match.slice(2 * from + 1, 2 * to + 1);
  const pool = joinedPool(texts, filled, only);
  TEXTS.length = 0;
  let start = 0;
  for (let k = from; k <= last; k++) {
    const t = match[2 * k + 1];
    if (t === undefined) {
      if (match[2 * k + 2] !== undefined) out.push(new CompactLeaf(nilShapes[k]!, ''));
      continue;
    }
    out.push(pooledLeaf(shapes[k]!, pool, start, t.length));
    start += t.length;
  }
  return last;
}

/** The texts of the pool being made, and their leaves (emptied by {@link settle}: they are parts of a document). */
const parts: string[] = [];
const members: CompactLeaf[] = [];

/** Gives the {@link members} the pool of the {@link parts}: one flat copy of them all (`join` makes one). */
function settle(): void {
  const own = parts.length === 1 ? ownString(parts[0]!) : parts.join('');
  for (let i = 0; i < members.length; i++) members[i]!.source = own;
  parts.length = 0;
  members.length = 0;
}
