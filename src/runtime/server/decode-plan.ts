/**
 * Decoding documents of one shape (xml-shape-memo.ts) without building their tree.
 *
 * Documents of a shape differ only in their hole texts, and the codec (codec.ts)
 * reads text in one place only: each simple value goes through `decodeSimple`.
 * Everything else it does (matching elements to fields, arrays, choices,
 * `xsi:type`, `xsi:nil`, references, required elements, attributes) depends on
 * names and attributes, which are the shape's literals. So a decode of the shape's
 * tree with markers in its holes, where every `decodeSimple` call is recorded
 * instead of run, gives the value of every document of the shape: the same
 * objects and arrays, with each recorded call run again on that document's text.
 * The calls run in the recorded order, so the first invalid value fails with the
 * error a decode of the tree would throw.
 *
 * A shape gets no plan (its documents are decoded from their tree) when the
 * recorded decode fails (a structural error: the tree decode reports it), when
 * the value holds parts of the tree (`xsd:any`, `xml` values), when it follows a
 * multi-reference (`href`, `enc:ref`: one value read many times over would make
 * a plan as large as the decode is long), when a simple value is read from text
 * that mixes a hole with other text, or when the value is anything but plain
 * objects, arrays, primitives and recorded calls. Recording stops at the first
 * of these it meets, and after as many simple values as the shape has nodes.
 *
 * Ships with generated code.
 */
import {
  decodeSimple,
  readValueRecorded,
  type DecodeRecorder,
  type SimpleDesc,
  type TypeRegistry,
} from '../wire/codec.js';
import type { ValueDesc } from '../wire/descriptors.js';
import type { XmlElement } from '../xml/xml-parse.js';

/**
 * The text of hole `k` in a marked tree: NUL, which no XML text holds (XML 1.0
 * §2.2), then the index. Text with a NUL that is not exactly a marker mixes a hole
 * with other text.
 */
export function holeMarker(k: number): string {
  return `\u0000${k}`;
}

/** One recorded `decodeSimple` call: its text is hole `hole`'s, or `text` when `hole` is -1. */
interface SimpleCall {
  readonly hole: number;
  readonly text: string;
  readonly desc: SimpleDesc;
  readonly scope: XmlElement | undefined;
  readonly path: string;
}

/** A node of the value a plan rebuilds: a recorded call's result, a primitive, an object or an array. */
type PlanNode =
  | { readonly kind: 'call'; readonly index: number }
  | { readonly kind: 'constant'; readonly value: unknown }
  | { readonly kind: 'object'; readonly keys: readonly string[]; readonly values: readonly PlanNode[] }
  | { readonly kind: 'array'; readonly items: readonly PlanNode[] };

/** What a recorded decode returns for each simple value. */
class CallPlaceholder {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
}

/** Thrown through the codec to stop a recording that cannot give a plan. */
class Refused extends Error {}

class Recorder implements DecodeRecorder {
  readonly calls: SimpleCall[] = [];
  refused = false;
  private readonly holes: number;
  private readonly maxCalls: number;

  constructor(holes: number, maxCalls: number) {
    this.holes = holes;
    this.maxCalls = maxCalls;
  }

  simple(text: string, desc: SimpleDesc, scope: XmlElement | undefined, path: string): unknown {
    // Without references, each text and attribute is read once at most: more calls than that is no plan.
    if (this.calls.length >= this.maxCalls) throw new Refused();
    let hole = -1;
    if (text.includes('\u0000')) {
      const k = Number(text.slice(1));
      if (text.charCodeAt(0) === 0 && Number.isInteger(k) && k >= 0 && k < this.holes && text === holeMarker(k))
        hole = k;
      else this.refused = true;
    }
    this.calls.push({ hole, text: hole < 0 ? text : '', desc, scope, path });
    return new CallPlaceholder(this.calls.length - 1);
  }

  refuse(): never {
    this.refused = true;
    throw new Refused();
  }
}

/** The plan of a value, or `undefined` when it is not plain data (see the file comment). */
function planNode(value: unknown, seen: Set<object>): PlanNode | undefined {
  // The prototype itself, not instanceof: an object whose prototype a `__proto__` property set to a placeholder is not one.
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === CallPlaceholder.prototype) {
    const call = value as CallPlaceholder;
    if (seen.has(call)) return undefined;
    seen.add(call);
    return { kind: 'call', index: call.index };
  }
  if (typeof value === 'string') return value.includes('\u0000') ? undefined : { kind: 'constant', value };
  if (typeof value === 'function') return undefined;
  if (typeof value !== 'object' || value === null) return { kind: 'constant', value };
  if (seen.has(value)) return undefined;
  seen.add(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  const names = Object.getOwnPropertyNames(value);
  if (Object.getOwnPropertySymbols(value).length > 0 || Object.isFrozen(value)) return undefined;
  if (proto === Array.prototype && Array.isArray(value)) {
    const arr = value as unknown[];
    // Own properties: the indexes and `length`, nothing else (no holes, no extra keys).
    if (names.length !== arr.length + 1) return undefined;
    const items: PlanNode[] = [];
    for (let i = 0; i < arr.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(arr, i)) return undefined;
      const n = planNode(arr[i], seen);
      if (n === undefined) return undefined;
      items.push(n);
    }
    return { kind: 'array', items };
  }
  if (proto !== Object.prototype) return undefined;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length !== names.length) return undefined;
  const values: PlanNode[] = [];
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(obj, k)!;
    if (!('value' in d) || !d.writable || !d.configurable) return undefined;
    const n = planNode(d.value, seen);
    if (n === undefined) return undefined;
    values.push(n);
  }
  return { kind: 'object', keys, values };
}

/** The elements of a tree (a value holding one of them holds part of the tree). */
function elementsOf(root: XmlElement, out: Set<object>): Set<object> {
  out.add(root);
  for (const c of root.children) if (typeof c !== 'string') elementsOf(c, out);
  return out;
}

/**
 * How to decode an element of every document of a shape: the recorded
 * `decodeSimple` calls and the value around them (see the file comment).
 */
export class DecodePlan {
  private readonly calls: readonly SimpleCall[];
  private readonly root: PlanNode;

  private constructor(calls: readonly SimpleCall[], root: PlanNode) {
    this.calls = calls;
    this.root = root;
  }

  /**
   * The plan for reading `el` as `desc`, where `el` is part of a tree built from
   * a shape with {@link holeMarker}s in its `holes` holes and `nodes` nodes
   * (elements, attributes, texts: a decode without references reads no more
   * simple values than that); `undefined` when the shape's documents must be
   * decoded from their tree (see the file comment).
   */
  static record(
    el: XmlElement,
    desc: ValueDesc,
    types: TypeRegistry,
    holes: number,
    nodes: number,
  ): DecodePlan | undefined {
    const recorder = new Recorder(holes, nodes);
    let value: unknown;
    try {
      value = readValueRecorded(el, desc, types, recorder);
    } catch {
      return undefined;
    }
    if (recorder.refused) return undefined;
    let root = el;
    while (root.parent !== undefined) root = root.parent;
    const seen = elementsOf(root, new Set());
    const node = planNode(value, seen);
    return node === undefined ? undefined : new DecodePlan(recorder.calls, node);
  }

  /**
   * The value of the element in the document whose hole texts are `holes`: what
   * `readValue` gives for the document's tree.
   * @throws DecodeError as `readValue` would
   */
  decode(holes: readonly string[]): unknown {
    const calls = this.calls;
    const results: unknown[] = [];
    for (let i = 0; i < calls.length; i++) {
      const c = calls[i]!;
      results.push(decodeSimple(c.hole < 0 ? c.text : holes[c.hole]!, c.desc, c.scope, c.path));
    }
    return rebuild(this.root, results);
  }
}

function rebuild(node: PlanNode, results: readonly unknown[]): unknown {
  switch (node.kind) {
    case 'call':
      return results[node.index];
    case 'constant':
      return node.value;
    case 'object': {
      const out: Record<string, unknown> = {};
      const { keys, values } = node;
      for (let i = 0; i < keys.length; i++) out[keys[i]!] = rebuild(values[i]!, results);
      return out;
    }
    case 'array': {
      const out: unknown[] = [];
      for (const item of node.items) out.push(rebuild(item, results));
      return out;
    }
  }
}
