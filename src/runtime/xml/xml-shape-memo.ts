/**
 * Documents that repeat an earlier document's markup with other text values: the
 * usual traffic of a SOAP endpoint, where one client sends the same envelope with
 * other user names, tickets and amounts. A memo entry (a "shape") keeps such a
 * document as literal segments around holes, where a hole is the whole text of an
 * element that holds nothing but text:
 *
 * ```text
 * <?xml …?><soap:Envelope …><soap:Body><Login xmlns="…"><Username>  (hole)  </Username><Password>  (hole)  </Password></Login>…
 * ```
 *
 * A later document matches when every literal segment is there, character for
 * character, and every hole holds plain character data: not empty, and without
 * `<`, `&`, CR, `]]>`, surrogates, U+FFFE/U+FFFF or a control character other than
 * TAB and LF. Such a hole is read by the scanner (xml-scan.ts) as exactly one text
 * run, unchanged (XML 1.0 §2.4, §2.11), and the scanner is deterministic from
 * the start of the text, so the tree it would build is the shape's tree with the
 * hole texts in place: that tree is what a match returns, built without reading
 * the markup again. Anything else is scanned as usual; a document that fails is
 * never matched (a shape is only recorded from a document that parsed), and a
 * shape whose size or depth exceeds the current limits is not used, so the
 * scanner reports those too.
 *
 * Ships with generated code (no imports beyond the parser's types).
 */
import type { XmlElement } from './xml-tree.js';
import { keepLayout } from './keep-layout.js';
import {
  flatCopy,
  keptElementParts,
  type KeptElementParts,
  memoCapacity,
  type MutableElement,
} from './xml-memo-copy.js';

/** Longest document (in UTF-16 units) recorded as a shape: the memo is for small messages, where scanning the markup dominates. */
const MAX_SHAPE_TEXT = 4096;
/** Deepest shape recorded (its tree is rebuilt recursively). */
const MAX_SHAPE_DEPTH = 64;
/** Once the memo is full, one document in this many that matched no shape is recorded (bounds the cost of traffic that never repeats). */
const RECORD_EVERY = 16;
/**
 * Longest document matched against the shapes: four times the longest recorded
 * (its holes may hold longer values), and a bound on what matching may cost, since
 * a peer can choose the shapes and send a long document that matches their start.
 * A literal, not `4 * MAX_SHAPE_TEXT`: bundlers keep an unused product in bundles that
 * never create a memo.
 */
const MAX_MATCH_TEXT = 16_384;

/** An element of a shape's tree: what the scanner built (kept as xml-memo-copy.ts says), with holes for the texts that vary. */
interface ShapeElement extends KeptElementParts {
  /** Literal text runs, child elements, and holes (a number: the hole's index). */
  readonly children: readonly (string | number | ShapeElement)[];
}

/**
 * A recorded shape (opaque outside this file): what {@link XmlShapeMemo.matchShape}
 * returns with the hole texts, to build its tree ({@link shapeTree}) or to key
 * what a caller derives from the shape once (decode-plan.ts).
 */
export interface XmlShape {
  /** The literal segments: one more than the holes. */
  readonly literals: readonly string[];
  readonly root: ShapeElement;
  /** Nodes the scanner counts for the document (elements, attributes and declarations, text runs). */
  readonly nodes: number;
  /** Depth of the deepest element (the root is 1). */
  readonly depth: number;
}

/** A document that matched a shape: the shape and the texts of its holes. */
export interface XmlShapeMatch {
  readonly shape: XmlShape;
  readonly holes: readonly string[];
}

/** What {@link XmlShapeMemo.parse} reads of the scanner's options. */
export interface ShapeScanOptions {
  readonly maxDepth: number;
  /** The caller matched the text against the memo and none matched: only record its shape. */
  readonly shapesMissed?: boolean | undefined;
}

/** The text runs a recording scan read with `charDataRun`: start, end and owner of each, in document order. */
export interface ShapeRecording {
  readonly starts: number[];
  readonly ends: number[];
  readonly owners: XmlElement[];
  /** Set when the document is not to be recorded (it has a CDATA section, whose text would be literal). */
  abandoned: boolean;
}

/** Whether the first memo made has kept a recording for its layout. */
let recordingKept = false;

/**
 * The shapes of recent documents (see the file comment). Holds at most
 * `capacity` shapes of documents up to 4096 characters each.
 */
export class XmlShapeMemo {
  private readonly shapes: XmlShape[] = [];
  private next = 0;
  private misses = 0;
  /**
   * Whether the last text matched had a shape's literals with a hole that is not
   * plain (a reference, a CR): its shape is known, so it is not recorded again.
   */
  private known = false;
  /** How many documents were built from a shape (for tests and diagnostics). */
  hits = 0;
  readonly capacity: number;

  /**
   * @param capacity how many shapes to keep (default 8)
   * @throws RangeError when `capacity` is not a positive integer
   */
  constructor(capacity = 8) {
    this.capacity = memoCapacity('XmlShapeMemo', capacity);
    // The layout of the recording a scan makes (xml-scan.ts: these properties, in this order) outlives the
    // scans (keep-layout.ts). Here: only a process with a memo records, and a bundle without one drops it.
    if (!recordingKept) {
      recordingKept = true;
      keepLayout({ starts: [], ends: [], owners: [], abandoned: false } satisfies ShapeRecording);
    }
  }

  /**
   * The tree of `text` for the scanner (scanXml in xml-scan.ts, which calls this so that a
   * bundle that never creates a memo leaves this out): built from a shape whose size and
   * depth are within `maxNodes` and `options.maxDepth` when it matches one (unless
   * `options.shapesMissed`: the caller found that none does), else scanned by `scan`,
   * which records the document's shape into this memo when given it.
   */
  parse<O extends ShapeScanOptions>(
    text: string,
    options: O,
    maxNodes: number,
    scan: (text: string, options: O, recordInto: XmlShapeMemo | undefined) => XmlElement,
  ): XmlElement {
    if (options.shapesMissed !== true) {
      const m = this.matchShape(text, options.maxDepth, maxNodes);
      if (m !== undefined) return build(m.shape.root, undefined, m.holes);
    }
    // Only a scan whose node count is exact (a safe integer limit) may record one.
    return scan(text, options, Number.isSafeInteger(maxNodes) && this.wantsRecording(text) ? this : undefined);
  }

  /**
   * The shape `text` matches (within `maxNodes` and `maxDepth`) and its hole texts,
   * without building the tree; `undefined` when none does (scan it).
   */
  matchShape(text: string, maxDepth: number, maxNodes: number): XmlShapeMatch | undefined {
    this.known = false;
    if (text.length > MAX_MATCH_TEXT) return undefined;
    const shapes = this.shapes;
    for (let s = 0; s < shapes.length; s++) {
      const shape = shapes[s]!;
      const holes = holesOf(text, shape.literals);
      if (holes === undefined) continue;
      if (holes === NOT_PLAIN) {
        // The literals of a document are those of one shape at most (its holes are where its text-only elements are).
        this.known = true;
        return undefined;
      }
      if (shape.depth > maxDepth || shape.nodes > maxNodes) return undefined;
      this.hits++;
      return { shape, holes };
    }
    return undefined;
  }

  /**
   * Whether the scan of `text`, which just matched no shape (the last call of
   * {@link matchShape}), should record its shape.
   */
  private wantsRecording(text: string): boolean {
    if (this.known) {
      this.known = false;
      return false;
    }
    if (text.length > MAX_SHAPE_TEXT) return false;
    if (this.shapes.length < this.capacity) return true;
    return this.misses++ % RECORD_EVERY === 0;
  }

  /**
   * Keeps the shape of `text`, which the scanner parsed into `root` spending
   * `nodes` nodes, with the text runs of `runs` (replacing the oldest shape when full).
   */
  record(text: string, root: XmlElement, nodes: number, runs: ShapeRecording): void {
    if (!Number.isSafeInteger(nodes) || nodes < 0) return;
    // A hole is a run that is all its element holds. Its text is never kept, even when it was
    // not plain (a reference, a CR): a later document's hole must be plain to match.
    const holeStarts: number[] = [];
    const holeEnds: number[] = [];
    const holeOf = new Map<XmlElement, number>();
    for (let k = 0; k < runs.starts.length; k++) {
      const owner = runs.owners[k]!;
      if (owner.children.length !== 1) continue;
      holeOf.set(owner, holeStarts.length);
      holeStarts.push(runs.starts[k]!);
      holeEnds.push(runs.ends[k]!);
    }
    const literals: string[] = [];
    let from = 0;
    for (let h = 0; h < holeStarts.length; h++) {
      literals.push(flatCopy(text.slice(from, holeStarts[h])));
      from = holeEnds[h]!;
    }
    literals.push(flatCopy(text.slice(from)));
    const depth = { max: 0 };
    const shapeRoot = shapeOf(root, holeOf, 1, depth);
    if (shapeRoot === undefined) return;
    const shape: XmlShape = Object.freeze({
      literals: Object.freeze(literals),
      root: shapeRoot,
      nodes,
      depth: depth.max,
    });
    if (this.shapes.length < this.capacity) this.shapes.push(shape);
    else {
      this.shapes[this.next] = shape;
      this.next = (this.next + 1) % this.capacity;
    }
  }
}

/** What {@link holesOf} returns for a document with the literals of a shape and a hole that is not plain. */
const NOT_PLAIN: readonly string[] = /* @__PURE__ */ Object.freeze([]);

/**
 * The hole texts of `text` when it matches `literals` (see the file comment);
 * {@link NOT_PLAIN} when every literal is there but a hole is not plain text;
 * `undefined` when a literal is not.
 */
function holesOf(text: string, literals: readonly string[]): readonly string[] | undefined {
  const first = literals[0]!;
  // Equality of a slice, not startsWith: V8 compares equal-length flat strings several times faster.
  if (text.slice(0, first.length) !== first) return undefined;
  const n = text.length;
  let i = first.length;
  let plain = true;
  const holes: string[] = [];
  for (let k = 1; k < literals.length; k++) {
    const start = i;
    for (;;) {
      if (i >= n) return undefined;
      const c = text.charCodeAt(i);
      if (c === 0x3c /* < */) break;
      if (c < 0x20) {
        if (c !== 0x09 && c !== 0x0a) plain = false;
      } else if (c === 0x26 /* & */) plain = false;
      else if (c === 0x5d /* ] */) {
        if (text.charCodeAt(i + 1) === 0x5d && text.charCodeAt(i + 2) === 0x3e) plain = false;
      } else if (c >= 0xd800 && (c <= 0xdfff || c >= 0xfffe)) plain = false;
      i++;
    }
    if (i === start) return undefined;
    const literal = literals[k]!;
    if (text.slice(i, i + literal.length) !== literal) return undefined;
    holes.push(text.slice(start, i));
    i += literal.length;
  }
  if (i !== n) return undefined;
  return plain ? holes : NOT_PLAIN;
}

/** How many holes `shape` has. */
export function shapeHoleCount(shape: XmlShape): number {
  return shape.literals.length - 1;
}

/**
 * A fresh tree of `shape` with `holes` in place: what scanning the document
 * would give (see the file comment), when `holes` came from matching it.
 */
export function shapeTree(shape: XmlShape, holes: readonly string[]): XmlElement {
  return build(shape.root, undefined, holes);
}

/** A fresh tree of `shape` with `holes` in place. */
function build(shape: ShapeElement, parent: XmlElement | undefined, holes: readonly string[]): XmlElement {
  const children: (XmlElement | string)[] = [];
  const el: MutableElement = {
    ns: shape.ns,
    name: shape.name,
    prefix: shape.prefix,
    attrs: shape.attrs.length === 0 ? [] : shape.attrs.slice(),
    nsDecls: shape.nsDecls,
    children,
    parent,
    line: 0,
    column: 0,
  };
  const spec = shape.children;
  for (let k = 0; k < spec.length; k++) {
    const c = spec[k]!;
    if (typeof c === 'string') children.push(c);
    else if (typeof c === 'number') children.push(holes[c]!);
    else children.push(build(c, el, holes));
  }
  return el;
}

/** The frozen shape of `el` (holes from `holeOf`), or `undefined` when it is deeper than a shape may be. */
function shapeOf(
  el: XmlElement,
  holeOf: ReadonlyMap<XmlElement, number>,
  level: number,
  depth: { max: number },
): ShapeElement | undefined {
  if (level > MAX_SHAPE_DEPTH) return undefined;
  if (level > depth.max) depth.max = level;
  const hole = holeOf.get(el);
  const children: (string | number | ShapeElement)[] = [];
  if (hole !== undefined) children.push(hole);
  else {
    for (const c of el.children) {
      if (typeof c === 'string') children.push(flatCopy(c));
      else {
        const s = shapeOf(c, holeOf, level + 1, depth);
        if (s === undefined) return undefined;
        children.push(s);
      }
    }
  }
  return Object.freeze({ ...keptElementParts(el), children: Object.freeze(children) });
}
