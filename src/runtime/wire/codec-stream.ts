/**
 * Decoding as the scanner reads (issue 31): the values the codec (codec.ts) reads from a
 * parsed tree, built instead from the scanner's events (`XmlScanSink`, xml-scan.ts), so
 * that no tree of the parts the descriptors describe is kept: each element is a
 * short-lived object, dropped once its value is read. Only raw-XML values (`xsd:any`
 * elements, `anyType` and other `xml` values) keep their subtree, detached from the rest
 * of the document.
 *
 * It reads what most answers hold: complex types whose fields are plain elements with
 * distinct local names (codec.ts `FlatType.byName`), attributes, simple content,
 * `xsi:type`, `xsi:nil`, `xsd:any`, `xsd:anyAttribute`. For anything else it stops with
 * {@link StreamFallback}, and the caller reads the tree with the codec, which gives the
 * value or the error: ordered groups and mixed content, substitution groups, SOAP-encoded
 * arrays, multi-reference values (`href`, `enc:ref`), DataSets, an element of a field in
 * another namespace beside `xsd:any`, and every invalid value (so that errors are the
 * codec's, word for word). Where it reads a value, it is the codec's value: the same
 * properties in the same order (test/runtime-client/stream-decode.test.ts compares them).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { XSI_NS } from '../xml/namespaces.js';
import {
  type CompactLeaf,
  forgetLastShape,
  type LeafShape,
  leafShape,
  NO_LEAF_ATTRS,
  pooledLeaves,
  poolTexts,
  RUN_LEAVES_DECLINED,
  runLeaves,
} from '../xml/xml-compact.js';
import { compactKept, detachKept, detachLeaf, forgetLastParent, keptScope } from '../xml/xml-detach-kept.js';
import { keepLayout, LAYOUT_ELEMENT } from '../xml/keep-layout.js';
import type { MutableElement } from '../xml/xml-memo-copy.js';
import {
  attr,
  lookupNamespace,
  parseXml,
  textOf,
  type XmlAttribute,
  type XmlElement,
  type XmlScanSink,
} from '../xml/xml-parse.js';
import { type LeafRun, LeafReader, type LeafSink } from '../xml/xml-scan-leaves.js';
import {
  derivesFrom,
  flatten,
  isNil,
  otherAttributes,
  typeKeyOf,
  type FlatType,
  type SimpleDesc,
  type TypeRegistry,
} from './codec.js';
import type { ValueDesc } from './descriptors.js';
import {
  decodeKept,
  emptySlots,
  fieldsToRead,
  forgetLastPlan,
  planOf,
  READ_FRAME,
  readText,
  type TypePlan,
  zeros,
} from './stream-plan.js';
import { SOAP_12_ENC_NS } from './namespaces.js';

/** What the streaming decoder does not read, and why: the caller decodes the tree instead. */
export class StreamFallback {
  /** Why (for tests and diagnostics). */
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** The decoding of one open element. */
export abstract class Frame {
  /** Whether the element's child elements are appended to its `children` (a subtree kept as a tree). */
  abstract readonly keeps: boolean;
  /** A child element has opened: returns the frame that reads it. */
  abstract open(child: XmlElement): Frame;
  /** The element has closed: returns its value, which goes to the enclosing frame's {@link take}. */
  abstract close(el: XmlElement): unknown;
  /** The child that opened last has closed with `value`. */
  abstract take(value: unknown, child: XmlElement): void;
  /**
   * A child with no attributes and text only (`''`: none), told whole by the scanner
   * (xml-scan-leaves.ts `LeafSink.leaf`): here made into an element and read as one that
   * opens ({@link open}), gets its text and closes; frames that read leaves without the
   * element override it.
   */
  leaf(parent: XmlElement, ns: string, name: string, prefix: string, text: string): void {
    this.readMade(parent, leafElement(parent, ns, name, prefix, ''), text);
  }

  /** Reads `el`, made for a leaf of `parent`, as a child that opens, gets its text (`''`: none) and closes. */
  private readMade(parent: XmlElement, el: MutableElement, text: string): void {
    const frame = this.open(el);
    if (this.keeps) (parent as MutableElement).children.push(el);
    if (text !== '') el.children.push(text);
    this.take(frame === TEXT ? undefined : frame.close(el), el);
  }

  /**
   * An empty element whose one attribute is `xsi:nil="true"` (xml-scan-leaves.ts
   * `LeafSink.leafNil`): here made into that element and read as one that opens and closes;
   * frames that read it without the element override it.
   */
  leafNil(parent: XmlElement, ns: string, name: string, prefix: string, nilPrefix: string): void {
    this.readMade(parent, leafElement(parent, ns, name, prefix, '', nilAttributes(nilPrefix)), '');
  }

  /**
   * The leaves of one match of `run` (xml-scan-leaves.ts `LeafSink.leafRun`): each read as
   * {@link leaf} or {@link leafNil} reads it.
   */
  leafRun(parent: XmlElement, run: LeafRun, match: RegExpExecArray): void {
    const n = run.locals.length;
    for (let k = 0; k < n; k++) {
      const text = match[2 * k + 1];
      if (text !== undefined) this.leaf(parent, run.nss[k]!, run.locals[k]!, run.prefixes[k]!, text);
      else if (match[2 * k + 2] !== undefined)
        this.leafNil(parent, run.nss[k]!, run.locals[k]!, run.prefixes[k]!, match[2 * k + 2]!);
    }
  }
}

/** The namespace declarations of an element made from a leaf: none. */
const NO_DECLS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The element a leaf stands for (as the scanner makes one), with its text (`''`: none) or no
 * children yet, and no attributes or a nil leaf's ({@link nilAttributes}).
 */
function leafElement(
  parent: XmlElement,
  ns: string,
  name: string,
  prefix: string,
  text: string,
  attrs: XmlAttribute[] = [],
): MutableElement {
  return {
    ns,
    name,
    prefix,
    attrs,
    nsDecls: NO_DECLS,
    children: text === '' ? [] : [text],
    parent,
    line: 0,
    column: 0,
  };
}

/** The attributes of a nil leaf (xml-scan-leaves.ts `LeafSink.leafNil`): `nilPrefix:nil="true"`, as the scanner makes them. */
function nilAttributes(nilPrefix: string): XmlAttribute[] {
  return [{ ns: XSI_NS, name: 'nil', prefix: nilPrefix, value: 'true' }];
}

/** An element whose content is not read (and not kept). */
class SkipFrame extends Frame {
  readonly keeps = false;
  open(): Frame {
    return SKIP;
  }
  close(): unknown {
    return undefined;
  }
  take(): void {}
  override leaf(): void {}
  override leafNil(): void {}
}
/** The frame of an element whose content is not read. */
export const SKIP: Frame = new SkipFrame();

/** An element with `xsi:nil`: `null`, whatever its content. */
class NilFrame extends SkipFrame {
  override close(): unknown {
    return null;
  }
}
const NIL: Frame = new NilFrame();

/** An element inside a kept subtree. */
class KeptFrame extends Frame {
  readonly keeps = true;
  open(): Frame {
    return KEPT;
  }
  close(el: XmlElement): unknown {
    compactKept(el);
    return undefined;
  }
  take(): void {}
}
const KEPT: Frame = new KeptFrame();

/**
 * The compact leaves (xml-compact.ts) detached since texts were last pooled: pooled when a
 * complex value closes (the fields of one record share a pool) and when the scan ends.
 * Decoding is synchronous and frames call no user code, so one list serves every scan.
 */
const unpooled: CompactLeaf[] = [];

function poolUnpooled(): void {
  if (unpooled.length === 0) return;
  poolTexts(unpooled);
  unpooled.length = 0;
}

/** A raw-XML value: the element and its subtree, detached (xml-detach.ts). */
class DetachFrame extends KeptFrame {
  override close(el: XmlElement): unknown {
    return detachKept(el, unpooled);
  }
}
const DETACH: Frame = new DetachFrame();

/** A simple value: its text is read by the enclosing frame, which knows its description. */
class TextFrame extends SkipFrame {
  override open(): Frame {
    // A simple type has no element content (XML Schema Part 1 §3.3.4): the codec says so.
    throw new StreamFallback('an element where a simple value is expected');
  }
  override leaf(): void {
    this.open();
  }
  override leafNil(): void {
    this.open();
  }
}
const TEXT: Frame = new TextFrame();

/** A frame for the root (or a Header) that keeps its subtree and gives its element. */
export const KEEP_ELEMENT: Frame = new (class extends KeptFrame {
  override close(el: XmlElement): unknown {
    return el;
  }
})();

/** Whether `el` is a multi-reference accessor as the codec reads one (codec.ts `referencedValue`), checked at its start. */
function mayBeReference(el: XmlElement, desc: ValueDesc, types: TypeRegistry): boolean {
  const href = attr(el, 'href');
  if (href?.startsWith('#')) return !('complex' in desc && flatten(types, desc.complex).attrNames.has('|href'));
  return attr(el, 'ref', SOAP_12_ENC_NS) !== undefined;
}

/**
 * The frame that reads `el` as `desc`: the codec's `readElement` choices, in its order.
 * {@link TEXT} means a simple value whose text the caller decodes with `desc`.
 */
export function valueFrame(el: XmlElement, desc: ValueDesc, types: TypeRegistry): Frame {
  const last = lastComplexRead;
  // The records of a large answer share their start tag's attributes (xml-scan-tag-memo.ts): read as the last.
  if (el.attrs === last.attrs && desc === last.desc && types === last.types)
    return new ComplexFrame(el, last.key, last.tagged, types);
  if (el.attrs.length > 0) {
    if (mayBeReference(el, desc, types)) throw new StreamFallback('a multi-reference value');
    if (isNil(el)) return NIL;
  }
  if ('scalar' in desc) {
    if (desc.scalar === 'xml') return DETACH;
    if (desc.scalar === 'dataSet') throw new StreamFallback('a DataSet value');
    return TEXT;
  }
  const xsiType = el.attrs.length > 0 ? attr(el, 'type', XSI_NS) : undefined;
  const key = xsiType === undefined ? desc.complex : typeRead(el, xsiType, desc.complex, types);
  const tagged = key === desc.complex ? undefined : key;
  if (el.attrs.length > 0) lastComplexRead = { attrs: el.attrs, desc, types, key, tagged };
  return new ComplexFrame(el, key, tagged, types);
}

/**
 * The last complex value {@link valueFrame} read from an element with attributes: those
 * attributes (an array the scanner shares between the elements of one start tag in one
 * scope, xml-scan-tag-memo.ts: same attributes, same namespace bindings), the description
 * and the type key read (`tagged`: that key when it is not the description's). Forgotten after
 * each decode: the attributes hold substrings of the document.
 */
interface ComplexReadMemo {
  readonly attrs: readonly XmlAttribute[] | undefined;
  readonly desc: ValueDesc | undefined;
  readonly types: TypeRegistry | undefined;
  readonly key: string;
  readonly tagged: string | undefined;
}
const NO_COMPLEX_READ: ComplexReadMemo = {
  attrs: undefined,
  desc: undefined,
  types: undefined,
  key: '',
  tagged: undefined,
};
let lastComplexRead = NO_COMPLEX_READ;

/**
 * The type read for `el`, of type `base`, which names `xsiType` in `xsi:type`: that type when
 * it is `base` or derives from it (codec.ts `readElement`), else `base`. The last answer is
 * kept, as the records of a large answer name one type (Salesforce enterprise's `sf:Account`),
 * and forgotten after each decode: its names are substrings of the document.
 */
function typeRead(el: XmlElement, xsiType: string, base: string, types: TypeRegistry): string {
  const i = xsiType.indexOf(':');
  const ns = lookupNamespace(el, i < 0 ? '' : xsiType.slice(0, i).trim());
  if (ns === undefined) return base;
  const name = xsiType.slice(i + 1).trim();
  const last = lastTypeRead;
  if (name === last.name && ns === last.ns && base === last.base && types === last.types) return last.key;
  const derived = typeKeyOf(types, ns, name);
  const key = derived !== undefined && derivesFrom(types, derived, base) ? derived : base;
  lastTypeRead = { types, ns, name, base, key };
  return key;
}

/** The last answer of {@link typeRead} and its question. */
interface TypeReadMemo {
  readonly types: TypeRegistry | undefined;
  readonly ns: string;
  readonly name: string;
  readonly base: string;
  readonly key: string;
}
const NO_TYPE_READ: TypeReadMemo = { types: undefined, ns: '', name: '', base: '', key: '' };
let lastTypeRead = NO_TYPE_READ;

/** The simple description `desc` when `frame` is {@link TEXT}, else `undefined`. */
export function textDesc(frame: Frame, desc: ValueDesc): SimpleDesc | undefined {
  return frame === TEXT ? (desc as SimpleDesc) : undefined;
}

/** Most {@link Scratch}es a plan keeps: as many as values of one type open inside each other, which is few. */
const MAX_SCRATCH = 4;

/** Holds the place of a field's value that is `undefined` (a hole in the slots is a field not matched). */
const UNDEFINED: unknown = Object.freeze({ undefined: true });

/** What the child that is open in a {@link ComplexFrame} is: not read, an exact or liberal match of a field, an `xsd:any` element. */
const SKIPPED = 0;
const EXACT = 1;
const LOOSE = 2;
const REST = 3;

/**
 * A namespace of the document found equal to a field's (`''` when none): the namespace of
 * each element is one of a few strings (those of the declarations in scope), a field's one
 * of the descriptors', so most comparisons find the same two strings, which compare as equal
 * at once, where two strings that are only equal compare character by character. Forgotten
 * after each decode: it is a substring of the document.
 */
let docNs = '';
let fieldNs = '';

/** `ns === field`, the usual answer first (see {@link docNs}). */
function sameNamespace(ns: string, field: string): boolean {
  if (ns === docNs && field === fieldNs) return true;
  if (ns !== field) return false;
  docNs = ns;
  fieldNs = field;
  return true;
}

/**
 * A complex value: codec.ts `readComplexContent` and `readFieldsByName` as events. Each
 * child goes to the field of its local name, as an exact match (same namespace) or a
 * liberal one; a single field reads its first exact match, or when it has none its first
 * liberal one; children no field takes go to `xsd:any`, detached. What it reads of the
 * type is its {@link TypePlan} (stream-plan.ts).
 */
export class ComplexFrame extends Frame {
  readonly keeps = false;
  private readonly plan: TypePlan;
  private readonly types: TypeRegistry;
  /** The derived type read (`xsi:type`), told as `$type`. */
  private readonly tagged: string | undefined;
  /** The attributes' properties and values, in order, when the type has attributes (`[prop, value, prop, value...]`). */
  private attrs: unknown[] | undefined = undefined;
  /**
   * Per field: its first exact match's value (single field; {@link UNDEFINED} for `undefined`)
   * or all its exact matches' values (array field); empty when none. Given back to the plan
   * when the value closes (see {@link Scratch}).
   */
  private readonly exact: unknown[];
  /** The same for liberal matches, made when one occurs. */
  private loose: unknown[] | undefined = undefined;
  /** The fields matched (exactly or liberally), each once: the first {@link hitCount}. */
  private readonly hits: number[];
  private hitCount = 0;
  /** The `xsd:any` elements. */
  private rest: XmlElement[] | undefined = undefined;
  private pending: number = SKIPPED;
  private pendingAt = -1;
  /** Whether the open child's value is its text (stream-plan.ts `readText`). */
  private pendingText = false;
  /** The id of the child that came last, or the number of fields before the first ({@link TypePlan.next}). */
  private last: number;

  constructor(el: XmlElement, key: string, tagged: string | undefined, types: TypeRegistry) {
    super();
    const plan = planOf(types, key);
    const flat = plan.flat;
    if (flat.desc.soapArray !== undefined) throw new StreamFallback('a SOAP-encoded array');
    if (plan.byName === undefined)
      throw new StreamFallback('fields that are not plain elements with distinct local names');
    this.plan = plan;
    this.types = types;
    this.tagged = tagged;
    const scratch = plan.scratch.pop();
    this.exact = scratch?.slots ?? emptySlots(flat.fields.length);
    this.hits = scratch?.hits ?? zeros(flat.fields.length);
    this.last = flat.fields.length;
    if (flat.attrs.length === 0 && flat.anyAttr === undefined) return;
    const attrs: unknown[] = [];
    for (const a of flat.attrs) {
      let v = attr(el, a.name, a.ns);
      if (v === undefined && a.ns !== '') v = attr(el, a.name);
      if (v === undefined) {
        if (a.required) throw new StreamFallback('a required attribute is missing');
        continue;
      }
      attrs.push(a.prop, decodeKept(v, 'scalar' in a.value ? a.value : { scalar: 'string' }, el));
    }
    if (flat.anyAttr !== undefined) {
      const rest = otherAttributes(el, flat);
      if (rest.length > 0) attrs.push(flat.anyAttr, rest);
    }
    this.attrs = attrs;
  }

  /**
   * What the child of namespace `ns` and local name `name` is: sets {@link pending} (and
   * {@link pendingAt} for a field) and returns the child's id ({@link TypePlan.next}). `own`:
   * `name` is a leaf's (xml-scan-leaves.ts), a string of its own that the plan may keep.
   */
  private route(ns: string, name: string, own: boolean): number {
    const plan = this.plan;
    const at = plan.next(this.last, name, own);
    this.last = at;
    if (at < 0 || at >= plan.names.length) {
      this.other();
      return at;
    }
    const exact = sameNamespace(ns, plan.ns[at]!);
    const single = plan.array[at] === 0;
    if (!exact) {
      // Whether it is taken depends on the children still to come; those not taken go to xsd:any.
      if (plan.flat.any !== undefined)
        throw new StreamFallback('an element of a field in another namespace, and xsd:any');
      if (single && (this.exact[at] !== undefined || (this.loose !== undefined && this.loose[at] !== undefined))) {
        this.pending = SKIPPED;
        return at;
      }
    } else if (single && this.exact[at] !== undefined) {
      this.other();
      return at;
    }
    this.pending = exact ? EXACT : LOOSE;
    this.pendingAt = at;
    return at;
  }

  /** A child that no field takes: to `xsd:any`, or skipped. */
  private other(): void {
    this.pending = this.plan.flat.any === undefined ? SKIPPED : REST;
  }

  open(child: XmlElement): Frame {
    const at = this.route(child.ns, child.name, false);
    const pending = this.pending;
    if (pending === SKIPPED) return SKIP;
    const plan = this.plan;
    if (pending === REST) {
      // An xsd:any element, of a name seen before: that name, equal, in a string of its own, which compares
      // faster than the scanner's (a view of the document when it is long) where the leaf's shape is found.
      if (at >= plan.names.length) (child as MutableElement).name = plan.nameOf(at);
      return DETACH;
    }
    if (child.attrs.length === 0 && plan.read[at] !== READ_FRAME) {
      // A simple value with no attributes: valueFrame's answer, without asking.
      this.pendingText = true;
      return TEXT;
    }
    const frame = valueFrame(child, plan.values[at]!, this.types);
    this.pendingText = frame === TEXT;
    return frame;
  }

  /** A field of simple type or an `xsd:any` element read from its text, with no element made (see {@link Frame.leaf}). */
  override leaf(parent: XmlElement, ns: string, name: string, prefix: string, text: string): void {
    const at = this.route(ns, name, true);
    const pending = this.pending;
    if (pending === SKIPPED) return;
    const plan = this.plan;
    if (pending === REST) {
      (this.rest ??= []).push(detachLeaf(parent, ns, plan.anyName(at, name), prefix, text, unpooled));
      return;
    }
    if (plan.read[at] !== READ_FRAME) {
      // The leaf declares no namespace: its parent's bindings are its own (a QName's prefix).
      this.store(readText(text, plan, at, parent));
      return;
    }
    // A complex or raw-XML field: read from an element, as the scanner would have told it.
    const el = leafElement(parent, ns, name, prefix, text);
    const frame = valueFrame(el, plan.values[at]!, this.types);
    this.pendingText = frame === TEXT;
    this.take(frame === TEXT ? undefined : frame.close(el), el);
  }

  /**
   * The leaves of one match of `run` (a record's fields): taken by the routes worked out once
   * for the run and the type ({@link runRoutes}), each as {@link leaf} or {@link leafNil} would
   * take it, in one loop, and the run's tail of `xsd:any` leaves ({@link RunRoutes.restFrom}) in
   * one go (xml-compact.ts `runLeaves`); a match holding a leaf that is read another way (a field
   * in another namespace, a complex field), or a value with liberal matches, as {@link leaf} reads each.
   */
  override leafRun(parent: XmlElement, run: LeafRun, match: RegExpExecArray): void {
    const plan = this.plan;
    const routes = this.loose === undefined ? runRoutes(run, plan) : undefined;
    if (routes === undefined || (routes.others && holdsOther(routes, match))) {
      super.leafRun(parent, run, match);
      return;
    }
    const n = run.locals.length;
    const tail = routes.restFrom;
    if (tail === n) {
      this.takeLeaves(parent, run, routes, match, 0, n);
      return;
    }
    // The leaves before the tail first: their xsd:any leaves come first in `rest`.
    if (tail > 0) this.takeLeaves(parent, run, routes, match, 0, tail);
    const out = this.rest ?? [];
    const shapes = tailShapes(routes, run, parent);
    const last =
      shapes === undefined
        ? RUN_LEAVES_DECLINED
        : runLeaves(shapes, match, tail, n, out, routes.nilShapes, routes.nilPrefix);
    if (last === RUN_LEAVES_DECLINED) this.takeLeaves(parent, run, routes, match, tail, n);
    else if (last >= 0) {
      this.rest = out;
      this.last = routes.ids[last]!;
    }
  }

  /**
   * Leaves `from` to `to - 1` of a match of `run`, taken by `routes` (see {@link leafRun}); the
   * `xsd:any` ones made in one go ({@link takeRest}).
   */
  private takeLeaves(
    parent: XmlElement,
    run: LeafRun,
    routes: RunRoutes,
    match: RegExpExecArray,
    from: number,
    to: number,
  ): void {
    const plan = this.plan;
    const route = routes.route;
    const exact = this.exact;
    const hits = this.hits;
    const array = plan.array;
    const shapes = REST_SHAPES;
    const texts = REST_TEXTS;
    // Whether restShapes has set the shapes' scope to the parent's, before the first xsd:any leaf's shape.
    let scoped = false;
    let lastId = this.last;
    for (let k = from; k < to; k++) {
      // Its text, or (none) the prefix of its xsi:nil="true": a nil leaf, read as leafNil reads one.
      const text = match[2 * k + 1];
      const nilPrefix = text === undefined ? match[2 * k + 2] : undefined;
      if (text === undefined && nilPrefix === undefined) continue;
      let at = route[k]!;
      lastId = routes.ids[k]!;
      // A single field's second leaf is no field's (route: the codec's readFieldsByName).
      if (at >= 0 && array[at] === 0 && exact[at] !== undefined)
        at = plan.flat.any === undefined ? ROUTE_SKIP : ROUTE_REST;
      if (at >= 0) {
        const value = text === undefined ? null : readText(text, plan, at, parent);
        if (array[at] === 0) {
          hits[this.hitCount++] = at;
          exact[at] = value === undefined ? UNDEFINED : value;
        } else if (exact[at] === undefined) {
          hits[this.hitCount++] = at;
          exact[at] = [value];
        } else (exact[at] as unknown[]).push(value);
      } else if (at === ROUTE_REST) {
        if (!scoped) {
          restShapes(routes, parent);
          scoped = true;
        }
        if (text === undefined) {
          shapes.push(nilShape(routes, run, k, nilPrefix!));
          texts.push('');
        } else {
          shapes.push(textShape(routes, run, k));
          texts.push(text);
        }
      }
    }
    this.last = lastId;
    if (texts.length > 0) this.takeRest(parent);
  }

  /**
   * The `xsd:any` leaves of a match, their shapes and texts in {@link REST_SHAPES} and
   * {@link REST_TEXTS}: compact leaves with their texts in one pool (xml-compact.ts
   * `pooledLeaves`), or detached one by one when they do not fit one.
   */
  private takeRest(parent: XmlElement): void {
    const shapes = REST_SHAPES;
    const texts = REST_TEXTS;
    const out = (this.rest ??= []);
    if (!pooledLeaves(shapes, texts, out))
      for (let i = 0; i < shapes.length; i++) {
        const shape = shapes[i]!;
        // With its attributes: a nil leaf's shape holds its xsi:nil (nilShape).
        out.push(detachLeaf(parent, shape.ns, shape.name, shape.prefix, texts[i]!, unpooled, shape.attrs));
      }
    shapes.length = 0;
    texts.length = 0;
  }

  /** A nil field, or an `xsd:any` element that is nil, with no element made for a field (see {@link Frame.leafNil}). */
  override leafNil(parent: XmlElement, ns: string, name: string, prefix: string, nilPrefix: string): void {
    const at = this.route(ns, name, true);
    const pending = this.pending;
    if (pending === SKIPPED) return;
    if (pending === REST) {
      // As the DETACH frame detaches it: a compact leaf whose shape holds the attribute.
      const el = leafElement(parent, ns, this.plan.anyName(at, name), prefix, '', nilAttributes(nilPrefix));
      (this.rest ??= []).push(detachKept(el, unpooled));
      return;
    }
    // valueFrame's answer for an element with xsi:nil and no href or enc:ref: NIL, whose value is null.
    this.pendingText = false;
    this.store(null);
  }

  take(value: unknown, child: XmlElement): void {
    const pending = this.pending;
    if (pending === SKIPPED) return;
    if (pending === REST) {
      (this.rest ??= []).push(value as XmlElement);
      return;
    }
    this.store(this.pendingText ? readText(textOf(child), this.plan, this.pendingAt, child) : value);
  }

  /** The value of the field matched last ({@link pendingAt}), exactly or liberally ({@link pending}). */
  private store(value: unknown): void {
    const pending = this.pending;
    const plan = this.plan;
    const at = this.pendingAt;
    const exact = this.exact;
    const loose = this.loose;
    if (exact[at] === undefined && (loose === undefined || loose[at] === undefined)) this.hits[this.hitCount++] = at;
    const slots = pending === EXACT ? exact : (this.loose ??= emptySlots(exact.length));
    if (plan.array[at] === 0) slots[at] = value === undefined ? UNDEFINED : value;
    else if (slots[at] === undefined) slots[at] = [value];
    else (slots[at] as unknown[]).push(value);
  }

  close(el: XmlElement): unknown {
    poolUnpooled();
    const plan = this.plan;
    const flat = plan.flat;
    const keys = KEYS;
    const values = VALUES;
    let n = 0;
    const attrs = this.attrs;
    if (attrs !== undefined)
      for (let i = 0; i < attrs.length; i += 2) {
        keys[n] = attrs[i] as string;
        values[n++] = attrs[i + 1];
      }
    if (flat.text) {
      const d = flat.text.value;
      keys[n] = flat.text.prop;
      values[n++] = decodeKept(textOf(el), 'scalar' in d ? d : { scalar: 'string' }, el);
    }
    const exact = this.exact;
    const loose = this.loose;
    // The fields matched and those that give something when absent, not all declared (codec.ts readFieldsByName).
    const toRead = this.hits;
    const count = fieldsToRead(toRead, this.hitCount, plan, exact, loose);
    for (let i = 0; i < count; i++) {
      const at = toRead[i]!;
      let v = exact[at];
      if (v === undefined && loose !== undefined) v = loose[at];
      if (plan.array[at] === 0) {
        if (v === undefined || (v === null && plan.nillable[at] === 0)) {
          // Missing, or xsi:nil on an element that is not nillable: absent when optional, else the codec's error.
          if (plan.required[at] === 1) throw new StreamFallback('a required element is missing or nil');
          continue;
        }
        if (v === UNDEFINED) v = undefined;
      } else {
        const list = v === undefined ? [] : (v as unknown[]);
        const inChoice = plan.inChoice[at] === 1;
        if (list.length < plan.min[at]! && !inChoice) throw new StreamFallback('too few elements');
        if (list.length === 0 && inChoice) continue;
        if (plan.nillable[at] === 0 && list.includes(null)) throw new StreamFallback('xsi:nil where not nillable');
        v = list;
      }
      keys[n] = plan.props[at]!;
      values[n++] = v;
    }
    // Its values are in VALUES now: the slots, emptied, serve the next value of the type.
    for (let i = 0; i < count; i++) exact[toRead[i]!] = undefined;
    if (plan.scratch.length < MAX_SCRATCH) plan.scratch.push({ slots: exact, hits: toRead });
    // The items of the type's one ordered group (codec.ts readComplexContent): that field's value.
    if (flat.desc.array === true && plan.props.length === 1) return lastValueOf(plan.props[0]!, n);
    if (this.rest !== undefined) {
      keys[n] = flat.any!;
      values[n++] = this.rest;
    }
    if (this.tagged !== undefined) {
      keys[n] = '$type';
      values[n++] = this.tagged;
    }
    return build(flat, n);
  }
}

/** A leaf of a run no field takes: to `xsd:any`, or skipped; or a field's leaf that is read another way. */
const ROUTE_REST = -1;
const ROUTE_SKIP = -2;
const ROUTE_OTHER = -3;

/**
 * How the records of one type take the leaves of one run (xml-scan-leaves.ts `LeafRun`), worked
 * out once: per leaf of the run, its id in the type's plan ({@link TypePlan.next}), and the field
 * that takes it (its index), or {@link ROUTE_REST}, {@link ROUTE_SKIP}, {@link ROUTE_OTHER} (a
 * field in another namespace, or read by a frame); and the names `xsd:any` leaves are given.
 */
interface RunRoutes {
  readonly plan: TypePlan;
  /** The run's namespaces they were worked out with (`LeafRun.nss`, as bound then). */
  readonly nss: readonly string[];
  /** The scope and its version `nss` were bound in then (`LeafRun.scope`, `version`): the same, the same namespaces. */
  scope: unknown;
  version: number;
  readonly ids: Int32Array;
  readonly route: Int32Array;
  /** Whether a leaf of the run routes to {@link ROUTE_OTHER}. */
  readonly others: boolean;
  readonly names: readonly string[];
  /** The shapes of the `xsd:any` leaves (xml-compact.ts `leafShape`) by place, made as needed for {@link shapeScope}. */
  readonly shapes: (LeafShape | undefined)[];
  shapeScope: XmlElement | undefined;
  /** The same for the nil ones, whose `xsi:nil` had the prefix {@link nilPrefix} ({@link nilShape}). */
  readonly nilShapes: (LeafShape | undefined)[];
  nilPrefix: string;
  /**
   * The run's tail: from this leaf on, every leaf goes to `xsd:any` (the fields a partner record's
   * `sObject` does not declare), so that a match's leaves there are made in one go
   * (xml-compact.ts `runLeaves`); the run's length when the last leaf does not.
   */
  readonly restFrom: number;
  /**
   * 2 when {@link shapes} holds the tail's shapes for {@link shapeScope} ({@link tailShapes}); else the
   * matches seen in that scope (0 or 1): the first is taken leaf by leaf, making the shapes of its leaves
   * only, so that records that each declare bindings of their own (a scope each) do not make the
   * shapes of the whole tail per record.
   */
  tailShaped: number;
}

/**
 * The shapes and texts of the `xsd:any` leaves of a match ({@link ComplexFrame.takeRest}):
 * emptied after each match, so as to hold no text.
 */
const REST_SHAPES: LeafShape[] = [];
const REST_TEXTS: string[] = [];

/**
 * The shapes `routes` keeps for the `xsd:any` leaves under `parent` ({@link RunRoutes.shapes}),
 * made again when the scope they hang from is another (xml-detach-kept.ts `keptScope`).
 */
function restShapes(routes: RunRoutes, parent: XmlElement): (LeafShape | undefined)[] {
  const scope = keptScope(parent);
  if (routes.shapeScope !== scope) {
    routes.shapes.length = 0;
    routes.nilShapes.length = 0;
    routes.shapeScope = scope;
    routes.tailShaped = 0;
  }
  return routes.shapes;
}

/**
 * {@link restShapes}, with the shapes of the run's tail ({@link RunRoutes.restFrom}) all made; `undefined`
 * for the first match in a scope (see {@link RunRoutes.tailShaped}).
 */
function tailShapes(routes: RunRoutes, run: LeafRun, parent: XmlElement): (LeafShape | undefined)[] | undefined {
  const shapes = restShapes(routes, parent);
  if (routes.tailShaped !== 2) {
    if (routes.tailShaped++ === 0) return undefined;
    for (let k = routes.restFrom; k < routes.route.length; k++) textShape(routes, run, k);
    routes.tailShaped = 2;
  }
  return shapes;
}

/**
 * The shape of leaf `k` of `run` as an `xsd:any` leaf with text (after {@link restShapes}, which
 * keeps the scope), made the first time.
 */
function textShape(routes: RunRoutes, run: LeafRun, k: number): LeafShape {
  return (routes.shapes[k] ??= leafShape(
    routes.shapeScope!,
    run.nss[k]!,
    routes.names[k]!,
    run.prefixes[k]!,
    NO_LEAF_ATTRS,
  ));
}

/**
 * The shape of leaf `k` of `run` as a nil `xsd:any` leaf whose `xsi:nil` has the prefix
 * `nilPrefix` (after {@link restShapes}, which keeps the scope): the shape {@link Frame.leafNil}'s
 * element is detached with.
 */
function nilShape(routes: RunRoutes, run: LeafRun, k: number, nilPrefix: string): LeafShape {
  if (routes.nilPrefix !== nilPrefix) {
    routes.nilShapes.length = 0;
    routes.nilPrefix = nilPrefix;
  }
  return (routes.nilShapes[k] ??= leafShape(
    routes.shapeScope!,
    run.nss[k]!,
    routes.names[k]!,
    run.prefixes[k]!,
    nilAttributes(nilPrefix),
  ));
}

/** Whether `match` holds a leaf that `routes` reads another way ({@link ROUTE_OTHER}). */
function holdsOther(routes: RunRoutes, match: RegExpExecArray): boolean {
  const route = routes.route;
  for (let k = 0; k < route.length; k++)
    if (route[k] === ROUTE_OTHER && (match[2 * k + 1] !== undefined || match[2 * k + 2] !== undefined)) return true;
  return false;
}

/** The routes of `run` for the values of `plan` (kept on the run, for the last plan and namespaces). */
function runRoutes(run: LeafRun, plan: TypePlan): RunRoutes {
  const memo = run.memo as RunRoutes | undefined;
  if (memo !== undefined && memo.plan === plan) {
    // Bound in the same scope as last time; or elsewhere, to the same namespaces (a record that declares them).
    if (memo.scope === run.scope && memo.version === run.version) return memo;
    if (sameStrings(memo.nss, run.nss)) {
      memo.scope = run.scope;
      memo.version = run.version;
      return memo;
    }
  }
  const n = run.locals.length;
  const ids = new Int32Array(n);
  const route = new Int32Array(n);
  const names: string[] = [];
  let before = plan.flat.fields.length;
  for (let k = 0; k < n; k++) {
    const local = run.locals[k]!;
    const at = plan.next(before, local, true);
    before = at;
    ids[k] = at;
    names.push(plan.anyName(at, local));
    if (at < 0 || at >= plan.names.length) route[k] = plan.flat.any === undefined ? ROUTE_SKIP : ROUTE_REST;
    else if (run.nss[k] !== plan.ns[at] || plan.read[at] === READ_FRAME) route[k] = ROUTE_OTHER;
    else route[k] = at;
  }
  // The tail: the leaves from the last one back that go to xsd:any whatever the record holds.
  let restFrom = n;
  while (restFrom > 0 && route[restFrom - 1] === ROUTE_REST) restFrom--;
  const routes: RunRoutes = {
    plan,
    nss: run.nss.slice(),
    scope: run.scope,
    version: run.version,
    ids,
    route,
    others: route.includes(ROUTE_OTHER),
    names,
    shapes: [],
    shapeScope: undefined,
    nilShapes: [],
    nilPrefix: '',
    restFrom,
    tailShaped: 0,
  };
  run.memo = routes;
  return routes;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The properties and values of the value a {@link ComplexFrame} closes with, in order: the
 * codec's order (attributes, simple content, fields, `xsd:any`, `$type`). Reused: no close
 * runs inside another; emptied after each decode, so as to hold no value.
 */
const KEYS: string[] = [];
const VALUES: unknown[] = [];

/** The last of the first `n` {@link KEYS} equal to `prop` has this value (undefined if none). */
function lastValueOf(prop: string, n: number): unknown {
  let value: unknown;
  for (let i = 0; i < n; i++) if (KEYS[i] === prop) value = VALUES[i];
  return value;
}

/** A value built before, and its property names. */
interface Shape {
  readonly keys: readonly string[];
  value: object;
}

const NO_SHAPES: Shape[] = [];

/** Values of a type with other properties kept as templates (a decode of records of a few shapes). */
const MAX_SHAPES = 4;

/**
 * Per type, values built in this decode with different properties. A value with the same
 * properties as one of them is a copy of it (`{...value}`: the object and its properties
 * made in one go, at their final size) whose values are then set, rather than an empty
 * object given its properties one by one (an object of 36 properties grows its property
 * storage a dozen times, 4x the time). Emptied after each decode, so as to hold no value.
 */
const shapes = new Map<FlatType, Shape[]>();

/** The object of the first `n` {@link KEYS} and {@link VALUES}, as if assigned in order to `{}`. */
function build(flat: FlatType, n: number): Record<string, unknown> {
  const keys = KEYS;
  const values = VALUES;
  let list = n <= FAST_PROPERTIES ? NO_SHAPES : shapes.get(flat);
  if (list === undefined) shapes.set(flat, (list = []));
  for (let s = 0; s < list.length; s++) {
    const shape = list[s]!;
    const known = shape.keys;
    if (known.length !== n) continue;
    let i = 0;
    while (i < n && known[i] === keys[i]) i++;
    if (i < n) continue;
    const out: Record<string, unknown> = { ...shape.value };
    for (let j = 0; j < n; j++) out[keys[j]!] = values[j];
    // The newest as template: its properties' representations (V8 field types) are those of the values seen so far.
    shape.value = out;
    return out;
  }
  const built: Record<string, unknown> = {};
  for (let j = 0; j < n; j++) built[keys[j]!] = values[j];
  if (n <= FAST_PROPERTIES) return built;
  // Copied: V8 turns an object given many properties by computed names into a hash table
  // (dictionary mode: 2-3x the memory, slower to read); a copy made by spreading is not.
  const out = { ...built };
  if (list.length < MAX_SHAPES) list.push({ keys: keys.slice(0, n), value: out });
  return out;
}

/**
 * Up to this many properties, an object given them by computed names stays an ordinary
 * object in V8 (it turns into a hash table at about 19 on Node 20: the ones beyond the
 * object's own slots are limited by `kFastPropertiesSoftLimit`); values with more are
 * built from templates.
 */
const FAST_PROPERTIES = 16;

/** The sink that drives frames from a scan: the root's frame comes from `root`. */
class FrameSink implements XmlScanSink, LeafSink {
  private readonly frames: Frame[] = [];
  readonly leaves: LeafReader = new LeafReader(this);
  /** The root's value, once it has closed. */
  value: unknown = undefined;
  private readonly root: (el: XmlElement) => Frame;

  constructor(root: (el: XmlElement) => Frame) {
    this.root = root;
  }

  open(el: XmlElement): boolean {
    const frames = this.frames;
    if (frames.length === 0) {
      frames.push(this.root(el));
      return false;
    }
    const parent = frames[frames.length - 1]!;
    frames.push(parent.open(el));
    return parent.keeps;
  }

  leaf(parent: XmlElement, ns: string, name: string, prefix: string, text: string): void {
    const frames = this.frames;
    frames[frames.length - 1]!.leaf(parent, ns, name, prefix, text);
  }

  leafRun(parent: XmlElement, run: LeafRun, match: RegExpExecArray): void {
    const frames = this.frames;
    frames[frames.length - 1]!.leafRun(parent, run, match);
  }

  leafNil(parent: XmlElement, ns: string, name: string, prefix: string, nilPrefix: string): void {
    const frames = this.frames;
    frames[frames.length - 1]!.leafNil(parent, ns, name, prefix, nilPrefix);
  }

  close(el: XmlElement): void {
    const frames = this.frames;
    const frame = frames.pop()!;
    // A simple value's frame gives nothing (its parent reads the text): the call saved.
    const value = frame === TEXT ? undefined : frame.close(el);
    if (frames.length > 0) frames[frames.length - 1]!.take(value, el);
    else this.value = value;
  }
}

/**
 * A type of one field, for the frame {@link keepLayout} keeps: its slot arrays are then of the
 * kinds a real record's are (stream-plan.ts `emptySlots`, `zeros`).
 */
const LAYOUT_TYPES = {
  Layout: {
    name: 'Layout',
    ns: '',
    fields: [{ prop: 'layout', name: 'layout', ns: '', value: { scalar: 'string' }, min: 0, max: 1 }],
  },
} as unknown as TypeRegistry;
// The layouts of the sink, its leaf reader and a record's frame outlive the decodes (keep-layout.ts).
keepLayout(new FrameSink(() => SKIP));
keepLayout(new ComplexFrame(LAYOUT_ELEMENT, 'Layout', undefined, LAYOUT_TYPES));

/** Parse limits of {@link decodeStreaming} (those of parseXml). */
export interface StreamLimits {
  readonly maxDepth?: number | undefined;
  readonly maxNodes?: number | undefined;
}

/**
 * Scans `text` with the frame `root` gives for its root element and returns the value the
 * root's frame closes with, or a {@link StreamFallback} when the text is not well-formed,
 * reaches a limit, holds what the frames do not read, or a value that is not valid: the
 * caller then reads it the usual way (parse, codec), which gives the value or the error.
 */
export function decodeStreaming(
  text: string,
  limits: StreamLimits,
  root: (el: XmlElement) => Frame,
): unknown | StreamFallback {
  const sink = new FrameSink(root);
  unpooled.length = 0;
  try {
    parseXml(text, { maxDepth: limits.maxDepth, maxNodes: limits.maxNodes, sink });
  } catch (err) {
    unpooled.length = 0;
    return err instanceof StreamFallback ? err : new StreamFallback(err instanceof Error ? err.message : String(err));
  } finally {
    forgetLastMatch();
    docNs = fieldNs = '';
    lastTypeRead = NO_TYPE_READ;
    lastComplexRead = NO_COMPLEX_READ;
    forgetLastParent();
    forgetLastPlan();
    forgetLastShape();
    KEYS.length = 0;
    VALUES.length = 0;
    REST_SHAPES.length = REST_TEXTS.length = 0;
    shapes.clear();
  }
  poolUnpooled();
  return sink.value;
}

/** Matches the empty string. */
const EMPTY = /^$/;

/**
 * Makes the empty string the last string a regular expression was run on. Engines keep
 * that string (the legacy `RegExp.input`, `RegExp.lastMatch`... of the RegExp Legacy
 * Features proposal), and the last one a decode checked (a decimal, a date) is a substring
 * of the response text, which would keep all of it alive until the next match anywhere.
 */
function forgetLastMatch(): void {
  EMPTY.test('');
}
