/**
 * Writing responses of one output shape without the general writer: a write plan.
 *
 * A response envelope is constant markup (declaration, Envelope, Body, the
 * response element, the tags of its fields) with the values' texts in between.
 * A plan records that markup once, by writing the output's fields with
 * {@link XmlWriter} (the same calls the codec makes, codec.ts `writeComplexContent`)
 * and a marker as each value's text, then cutting the result at the markers. A
 * response is then the constant pieces with each value's escaped text between
 * them: one string built by concatenation, no writer, no namespace scope.
 *
 * A plan covers the shapes whose markup does not depend on the value (once
 * optional and nillable fields are present and not `null`): complex types of single elements of simple types (strings,
 * numbers, booleans, dates, hexBinary) or of complex types of the same kind, with no
 * attributes, text content, wildcards, choices, substitution groups, ordered or
 * SOAP arrays, and no recursion. For a value the plan cannot write exactly as the
 * codec would (a missing or `null` field, a `$type`, an empty text, a value that
 * does not encode), {@link WritePlan.write} returns `undefined` and the caller
 * writes the response with the codec, which gives the output or the error.
 *
 * Ships with generated code.
 */
import { utf8ByteLength, utf8Decode, utf8Encode } from '../bytes/utf8.js';
import { encodeSimpleValue, type SimpleDesc, type TypeRegistry } from '../wire/codec.js';
import type { ComplexDesc, FieldDesc } from '../wire/descriptors.js';
import { escapeText, XmlWriter, type XmlWriterSnapshot } from '../xml/xml-write.js';

/** The most values a plan holds: larger outputs are written by the codec. */
const MAX_VALUES = 256;
/** The start and end of a value's marker: private-use characters the writer does not escape. */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';

/** A field of a planned complex type: a simple value (`simple`) or a nested planned type (`type`). */
interface PlanField {
  readonly prop: string;
  /** The simple value's description; `undefined` for a plain string (no enumeration, list or range). */
  readonly simple: SimpleDesc | undefined;
  /** The nested complex type; `undefined` for a simple value. */
  readonly type: PlanType | undefined;
  /** The property path for error messages of the codec (the plan itself reports none). */
  readonly path: string;
}

/** A planned complex type: its registry key (`$type` may name it) and its fields in document order. */
interface PlanType {
  readonly key: string;
  readonly fields: readonly PlanField[];
}

/** The fields of `key` with its base types' first (codec.ts `flatten`), or `undefined` when a plan cannot cover the type. */
function plainFields(types: TypeRegistry, key: string): readonly FieldDesc[] | undefined {
  const chain: ComplexDesc[] = [];
  for (let k: string | undefined = key; k !== undefined; k = types[k]?.base) {
    const d = types[k];
    if (d === undefined || chain.includes(d)) return undefined;
    chain.unshift(d);
  }
  const own = chain[chain.length - 1]!;
  if (own.soapArray !== undefined || own.array === true) return undefined;
  const fields: FieldDesc[] = [];
  for (const d of chain) {
    if ((d.attrs?.length ?? 0) > 0 || d.text !== undefined || d.any !== undefined || d.anyAttr !== undefined)
      return undefined;
    fields.push(...d.fields);
  }
  return fields;
}

/** Whether a simple value's text is written by the codec with `encodeSimpleValue` and `text()` alone. */
function plannableSimple(desc: SimpleDesc): boolean {
  // qname needs the writer's scope, xml/dataSet are markup, base64 may become an MTOM part.
  const s = desc.scalar;
  return s !== 'qname' && s !== 'xml' && s !== 'dataSet' && s !== 'base64';
}

/** Collects the plan of complex type `key`, or returns `undefined` (see the file comment). */
function planType(
  types: TypeRegistry,
  key: string,
  path: string,
  open: ReadonlySet<string>,
  count: { n: number },
): PlanType | undefined {
  if (open.has(key)) return undefined;
  const fields = plainFields(types, key);
  if (fields === undefined) return undefined;
  const inner = new Set(open).add(key);
  const out: PlanField[] = [];
  for (const f of fields) {
    // Optional and nillable fields are planned as present: a value without them leaves the plan.
    if (f.min > 1 || f.max !== 1 || f.choice !== undefined || f.subst !== undefined || f.ordered !== undefined)
      return undefined;
    const fpath = path === '' ? f.prop : `${path}/${f.prop}`;
    const v = f.value;
    if ('scalar' in v) {
      if (!plannableSimple(v) || ++count.n > MAX_VALUES) return undefined;
      const plain = v.scalar === 'string' && v.list !== true && v.enum === undefined && v.range === undefined;
      out.push({ prop: f.prop, simple: plain ? undefined : v, type: undefined, path: fpath });
    } else {
      const type = planType(types, v.complex, fpath, inner, count);
      if (type === undefined) return undefined;
      out.push({ prop: f.prop, simple: undefined, type, path: fpath });
    }
  }
  return { key, fields: out };
}

/** Writes the markup of `type`'s fields with a marker for each value (what the codec writes for a value that fills them). */
function writeMarked(w: XmlWriter, type: PlanType, types: TypeRegistry, count: { n: number }): void {
  const flat = plainFields(types, type.key)!;
  for (let i = 0; i < flat.length; i++) {
    const f = flat[i]!;
    const pf = type.fields[i]!;
    w.start(f.ns, f.name);
    if (pf.type !== undefined) writeMarked(w, pf.type, types, count);
    else w.text(`${MARK_OPEN}${count.n++}${MARK_CLOSE}`);
    w.end();
  }
}

/** Whether `v` is an object the codec writes as a complex value of `key` with no `xsi:type`. */
function plainObject(v: unknown, key: string): v is Readonly<Record<string, unknown>> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Date) return false;
  const tag = (v as { readonly $type?: unknown }).$type;
  return tag === undefined || tag === key;
}

/**
 * `s` as a one-byte (Latin-1) string when its characters allow. Cut from markup that held
 * the markers (private-use characters), the pieces are two-byte strings even when all
 * their characters are ASCII, and so would be every response built from them: twice
 * the bytes to flatten, and a slower UTF-8 encoding and length count for each response.
 * A UTF-8 round trip makes a fresh string in the narrowest representation; a string it
 * would change (an unpaired surrogate) is kept as it is.
 */
function oneByte(s: string): string {
  const copy = utf8Decode(utf8Encode(s));
  return copy === s ? copy : s;
}

/** Thrown inside {@link WritePlan.write} when the value leaves the plan. */
const OFF_PLAN: unique symbol = Symbol('off plan');

/**
 * The constant markup of one response shape and the fields whose values go
 * between its pieces (see the file comment).
 */
export class WritePlan {
  private readonly root: PlanType;
  /** The constant pieces: one more than the values. */
  private readonly pieces: readonly string[];
  /** The UTF-8 length of all pieces together. */
  private readonly piecesBytes: number;
  private out = '';
  private next = 0;
  /**
   * The UTF-8 length of the string the last {@link write} or {@link writeResult}
   * returned: its `Content-Length`, counted from the pieces' lengths and the values'
   * texts, so that the response (a tree of concatenations) is not flattened to count it.
   */
  bytes = 0;

  private constructor(root: PlanType, pieces: readonly string[]) {
    this.root = root;
    this.pieces = pieces;
    let n = 0;
    for (const p of pieces) n += utf8ByteLength(p);
    this.piecesBytes = n;
  }

  /**
   * The plan for writing a value of complex type `typeKey` into the open response
   * element of `start` and closing the envelope (`w.end().end().end()`), or
   * `undefined` when the type's markup depends on its values.
   */
  static record(start: XmlWriterSnapshot, typeKey: string, types: TypeRegistry): WritePlan | undefined {
    const root = planType(types, typeKey, '', new Set(), { n: 0 });
    if (root === undefined) return undefined;
    const w = XmlWriter.resume(start);
    const count = { n: 0 };
    writeMarked(w, root, types, count);
    const xml = w.end().end().end().toString();
    // Cut at the markers; the markup must hold no other marker character (a name or namespace could).
    const parts = xml.split(/\uE000(\d+)\uE001/);
    if (parts.length !== 2 * count.n + 1) return undefined;
    const pieces: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (i % 2 === 1) {
        if (p !== String((i - 1) / 2)) return undefined;
      } else {
        if (p.includes(MARK_OPEN) || p.includes(MARK_CLOSE)) return undefined;
        pieces.push(oneByte(p));
      }
    }
    return new WritePlan(root, pieces);
  }

  /**
   * The response envelope of `value` (the output element's content), exactly as
   * the codec writes it; `undefined` when the value needs the codec (missing or
   * `null` fields, `$type`, an empty or unencodable text; the codec then gives the
   * output or the error). Not reentrant: runs to completion before returning.
   */
  write(value: unknown): string | undefined {
    if (!plainObject(value, this.root.key)) return undefined;
    return this.run(value, undefined, undefined);
  }

  /**
   * {@link write} of the object `{ [prop]: result }` (the output element's content when
   * the caller's value is its single result field), without making that object.
   */
  writeResult(prop: string, result: unknown): string | undefined {
    // A `$type` property would be the object's type tag, not a field: the codec's business.
    if (prop === '$type') return undefined;
    return this.run(undefined, prop, result);
  }

  /** Writes the root's fields, read from `obj`, or (no `obj`) `value` for field `prop` and nothing for the others. */
  private run(
    obj: Readonly<Record<string, unknown>> | undefined,
    prop: string | undefined,
    value: unknown,
  ): string | undefined {
    this.out = this.pieces[0]!;
    this.next = 1;
    this.bytes = this.piecesBytes;
    try {
      const fields = this.root.fields;
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i]!;
        this.writeField(f, obj !== undefined ? obj[f.prop] : f.prop === prop ? value : undefined);
      }
      return this.out;
    } catch {
      // OFF_PLAN, or an encoding or XML character error: the codec reports those with the value's path.
      return undefined;
    } finally {
      this.out = '';
    }
  }

  private writeField(f: PlanField, v: unknown): void {
    if (f.type !== undefined) {
      if (!plainObject(v, f.type.key)) throw OFF_PLAN;
      const fields = f.type.fields;
      for (let i = 0; i < fields.length; i++) this.writeField(fields[i]!, v[fields[i]!.prop]);
      return;
    }
    let text: string;
    if (f.simple === undefined) {
      if (typeof v !== 'string') throw OFF_PLAN;
      text = v;
    } else {
      if (v === undefined || v === null) throw OFF_PLAN;
      text = encodeSimpleValue(v, f.simple, f.path);
    }
    // The codec writes `<x/>` for an empty text.
    if (text === '') throw OFF_PLAN;
    const escaped = escapeText(text);
    this.bytes += utf8Length(escaped);
    this.out += escaped + this.pieces[this.next++]!;
  }
}

/** The UTF-8 length of `s` (an unpaired surrogate counts 3 bytes, as Buffer writes U+FFFD); short strings counted here, without a call into node. */
function utf8Length(s: string): number {
  const n = s.length;
  if (n > 64) return utf8ByteLength(s);
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2;
  }
  return bytes;
}
