/**
 * What the streaming decoder (codec-stream.ts) reads of a complex type for each child
 * element and each record, worked out once per type: a {@link TypePlan} holds each
 * field's name, namespace, property and how its value is read in flat arrays, so that
 * the many records of a large answer (issue 31: 29,000 Salesforce Accounts of 36 fields
 * in 50 MB) read no field descriptor (objects of many shapes, slow to read) per child; and
 * the simple values records are made of (strings, numbers, booleans, dates in their usual
 * form) read without the codec's general path (codec.ts `decodeSimple`), which gives the
 * same values and decides everything else.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { XmlElement } from '../xml/xml-tree.js';
import { ownString } from '../xml/xml-string-copy.js';
import { decodeSimple, flatten, isArrayField, type FlatType, type SimpleDesc, type TypeRegistry } from './codec.js';
import type { ValueDesc } from './descriptors.js';
import type { QNameValue } from './scalars.js';
import { inIntegerRange } from './scalars.js';
// Large answers hold many dates: their usual form read without a regular expression.
import { usualDateTime } from './datetime-usual.js';

/** How a field's value is read ({@link TypePlan.read}): by its frame (complex, raw XML...), or its text as one of these. */
export const READ_FRAME = 0;
const READ_STRING = 1;
const READ_DOUBLE = 2;
const READ_INT = 3;
const READ_BOOLEAN = 4;
const READ_DATE_TIME = 5;
/** Any other simple value: {@link decodeKept}. */
const READ_SIMPLE = 6;

/** How the text of a value described by `desc` is read. */
function readingOf(desc: ValueDesc): number {
  if (!('scalar' in desc)) return READ_FRAME;
  const scalar = desc.scalar;
  if (scalar === 'xml' || scalar === 'dataSet') return READ_FRAME;
  if (desc.list === true || desc.enum !== undefined) return READ_SIMPLE;
  if (scalar === 'int') return READ_INT;
  if (desc.range !== undefined) return READ_SIMPLE;
  if (scalar === 'string') return READ_STRING;
  if (scalar === 'double') return READ_DOUBLE;
  if (scalar === 'boolean') return READ_BOOLEAN;
  if (scalar === 'dateTime') return READ_DATE_TIME;
  return READ_SIMPLE;
}

/**
 * What a value of a complex type being read holds (codec-stream.ts `ComplexFrame`): a slot
 * per field (empty: `undefined`, or a hole), and the indexes of the fields matched. A value
 * that closes gives them back emptied, so that reading a record of a type declaring 79
 * fields allocates neither (they were 1 KB per record, as much garbage to collect).
 */
export interface Scratch {
  readonly slots: unknown[];
  readonly hits: number[];
}

/**
 * `n` slots holding `undefined`, in an array of the kind that holds any value, with no
 * holes (V8's PACKED_ELEMENTS). Every slot array is of this one kind, and holds as many
 * slots as its type has fields from the start, so that code V8 optimised for the first
 * ones fits all: an array of another kind or a store past the end undoes that code
 * (a deoptimisation), which costs a large answer's first decode its optimised code.
 */
export function emptySlots(n: number): unknown[] {
  const slots: unknown[] = [];
  for (let i = 0; i < n; i++) slots.push(undefined);
  return slots;
}

/** `n` zeros, in an array of small integers with no holes (see {@link emptySlots}). */
export function zeros(n: number): number[] {
  const list: number[] = [];
  for (let i = 0; i < n; i++) list.push(0);
  return list;
}

/** A complex type as the streaming decoder reads it (see the module comment); index `i` of each array is field `i`'s. */
export class TypePlan {
  readonly flat: FlatType;
  /** codec.ts {@link FlatType.byName}: `undefined` when the decoder does not read the type's fields. */
  readonly byName: ReadonlyMap<string, number> | undefined;
  /** Local names, namespaces, properties and values of the fields. */
  readonly names: readonly string[];
  readonly ns: readonly string[];
  readonly props: readonly string[];
  readonly values: readonly ValueDesc[];
  /** 1 for an array field. */
  readonly array: Uint8Array;
  /** How each field is read: {@link READ_FRAME} or how its text is read. */
  readonly read: Uint8Array;
  /** 1 for a required field (`min` > 0, outside a choice: absent, it is the codec's error). */
  readonly required: Uint8Array;
  /** 1 for a nillable field. */
  readonly nillable: Uint8Array;
  /** 1 for a field of a choice group. */
  readonly inChoice: Uint8Array;
  readonly min: readonly number[];
  /**
   * The names children of the type's values had, by id (see {@link idOf}): the fields' (id:
   * the field's index), then an empty name (id `fields.length`: the start of a value), then
   * those of other children (the `xsd:any` elements of Salesforce partner records), which
   * are in strings of their own.
   */
  private readonly idNames: string[];
  /** The ids of the other children's names. */
  private readonly others = new Map<string, number>();
  /**
   * A guess of the child that comes next, from the order of the last value read: after the
   * child of id `i`, the id of the one that came next (-1 when none is known). Records of one
   * type repeat one order, so that most children are told by comparing one name, with no
   * map lookup. {@link next} gives the id of a child from the one before.
   */
  private readonly after: number[];
  /** Arrays of a value of the type that has closed, empty, for the next one (codec-stream.ts `ComplexFrame`). */
  readonly scratch: Scratch[] = [];

  constructor(flat: FlatType) {
    this.flat = flat;
    this.byName = flat.byName;
    const fields = flat.fields;
    const n = fields.length;
    this.names = fields.map((f) => f.name);
    this.ns = fields.map((f) => f.ns);
    this.props = fields.map((f) => f.prop);
    this.values = fields.map((f) => f.value);
    this.min = fields.map((f) => f.min);
    this.array = Uint8Array.from(fields, (f) => (isArrayField(f) ? 1 : 0));
    this.read = Uint8Array.from(fields, (f) => readingOf(f.value));
    this.required = Uint8Array.from(fields, (f) => (f.min > 0 && f.choice === undefined ? 1 : 0));
    this.nillable = Uint8Array.from(fields, (f) => (f.nillable === true ? 1 : 0));
    this.inChoice = Uint8Array.from(fields, (f) => (f.choice === undefined ? 0 : 1));
    this.idNames = [...this.names, ''];
    this.after = new Array<number>(n + 1).fill(-1);
  }

  /**
   * The id of a child named `name` that comes after the child of id `before` (`fields.length`
   * for the first): the index of the field of that name, an id beyond `fields.length` for
   * another name, or -1 when too many other names have been seen to keep one more. With `adopt`,
   * `name` is a string of its own that the caller gives for every child of that name (never a
   * substring of a document): the plan keeps it.
   */
  next(before: number, name: string, adopt = false): number {
    const after = this.after;
    const guess = before < 0 ? -1 : after[before]!;
    if (guess >= 0) {
      const idNames = this.idNames;
      if (idNames[guess] === name) {
        // A name the caller keeps for every element of that name (xml-scan-leaves.ts, in a string of its own):
        // kept here instead, so that comparing the next one finds the same string, at once.
        if (adopt) idNames[guess] = name;
        return guess;
      }
    }
    const id = this.idOf(name);
    if (before >= 0) after[before] = id;
    return id;
  }

  /** The name of the child of id `id` ({@link next}), in a string of its own. */
  nameOf(id: number): string {
    return this.idNames[id]!;
  }

  /**
   * The name an `xsd:any` element of id `id` named `name` is given: the plan's string of its own
   * for a name that is no field's ({@link nameOf}), else `name` (a field's second leaf, or an id
   * past the names kept).
   */
  anyName(id: number, name: string): string {
    return id >= this.names.length ? this.idNames[id]! : name;
  }

  private idOf(name: string): number {
    const at = this.byName?.get(name);
    if (at !== undefined) return at;
    const other = this.others.get(name);
    if (other !== undefined) return other;
    if (this.others.size >= MAX_OTHER_NAMES) return -1;
    const own = ownString(name);
    const id = this.idNames.length;
    this.idNames.push(own);
    this.after.push(-1);
    this.others.set(own, id);
    return id;
  }
}

/** Most names of children other than fields a plan keeps ids for (a type's values hold a few, an `xsd:any` many). */
const MAX_OTHER_NAMES = 256;

const plansByRegistry = new WeakMap<TypeRegistry, Map<string, TypePlan>>();
/** The plan found last (a record's type, most often the same as the one before). */
let lastTypes: TypeRegistry | undefined;
let lastKey: string | undefined;
let lastPlan: TypePlan | undefined;

/** Lets go of the plan found last, and so of its registry (plans are kept per registry in a WeakMap). */
export function forgetLastPlan(): void {
  lastTypes = lastKey = lastPlan = undefined;
}

/** The plan of the complex type `key` of `types` (cached per registry). */
export function planOf(types: TypeRegistry, key: string): TypePlan {
  if (key === lastKey && types === lastTypes) return lastPlan!;
  let plans = plansByRegistry.get(types);
  if (plans === undefined) plansByRegistry.set(types, (plans = new Map()));
  let plan = plans.get(key);
  if (plan === undefined) plans.set(key, (plan = new TypePlan(flatten(types, key))));
  lastTypes = types;
  lastKey = key;
  lastPlan = plan;
  return plan;
}

/**
 * The indexes of the fields a record reads, in `hits` ascending, and how many
 * (codec.ts `fieldsToRead`): the first `count` of `hits`, the fields it holds in the order
 * they came (each once), and those of the type's `mustRead` whose slot in `slots` and
 * `loose` is empty. Records hold their fields in the order the type declares them, so an
 * insertion sort has little to do; entries of `hits` past those are left as they are.
 */
export function fieldsToRead(
  hits: number[],
  count: number,
  plan: TypePlan,
  slots: readonly unknown[],
  loose: readonly unknown[] | undefined,
): number {
  let n = count;
  for (const at of plan.flat.mustRead) if (slots[at] === undefined && loose?.[at] === undefined) hits[n++] = at;
  // Insertion sort while the hits are nearly in order; a sort when they are far from it.
  let moves = 0;
  for (let i = 1; i < n; i++) {
    const x = hits[i]!;
    let j = i - 1;
    while (j >= 0 && hits[j]! > x) {
      hits[j + 1] = hits[j]!;
      j--;
    }
    hits[j + 1] = x;
    moves += i - 1 - j;
    if (moves > 4 * n) {
      const sorted = hits.slice(0, n).sort(byNumber);
      for (let k = 0; k < n; k++) hits[k] = sorted[k]!;
      return n;
    }
  }
  return n;
}

function byNumber(a: number, b: number): number {
  return a - b;
}

/**
 * The text `text` of field `at` of `plan` read as its value: codec.ts `decodeSimple`'s value,
 * kept (see {@link decodeKept}). `scope` resolves QName prefixes.
 */
export function readText(text: string, plan: TypePlan, at: number, scope: XmlElement): unknown {
  switch (plan.read[at]) {
    case READ_STRING:
      return ownString(text);
    case READ_DOUBLE: {
      const v = plainNumber(text, true);
      if (!Number.isNaN(v)) return v;
      break;
    }
    case READ_INT: {
      const v = plainNumber(text, false);
      const range = (plan.values[at] as SimpleDesc).range;
      if (!Number.isNaN(v) && (range === undefined || inIntegerRange(v, range))) return v;
      break;
    }
    case READ_BOOLEAN:
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      break;
    case READ_DATE_TIME: {
      // Another form: the codec's reading (a Date, nothing to copy), without decodeKept trying the usual form again.
      const time = usualDateTime(text);
      return Number.isNaN(time) ? decodeSimple(text, plan.values[at] as SimpleDesc, scope, '') : new Date(time);
    }
  }
  return decodeKept(text, plan.values[at] as SimpleDesc, scope);
}

/** Powers of ten up to 10^15, each exact in a double. */
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * `Number(t)` when `t` is `-?[0-9]+` or (with `fraction`) `-?[0-9]+\.[0-9]+` of at most 15
 * digits in all, else `NaN` (the caller reads it the full way). Such a number's digits
 * are an integer below 2^53 and its scale a power of ten that doubles hold exactly, so one
 * division gives the correctly rounded value, which is what `Number` gives.
 */
function plainNumber(t: string, fraction: boolean): number {
  const len = t.length;
  let i = 0;
  if (len > 0 && t.charCodeAt(0) === 45) i = 1; // -
  const first = i;
  let m = 0;
  let point = -1;
  for (; i < len; i++) {
    const d = t.charCodeAt(i) - 48;
    if (d >= 0 && d <= 9) m = m * 10 + d;
    else if (d === -2 && fraction && point < 0 && i > first)
      point = i; // .
    else return Number.NaN;
  }
  const digits = len - first - (point < 0 ? 0 : 1);
  if (digits === 0 || digits > 15 || point === len - 1) return Number.NaN;
  const v = point < 0 ? m : m / POWERS_OF_TEN[len - 1 - point]!;
  return first === 0 ? v : -v;
}

/**
 * codec.ts `decodeSimple` of a value the caller keeps: its strings (a QName's too) in
 * storage of their own (xml-string-copy.ts), as a value outlives the large response text
 * it was read from, which a substring of it would keep alive.
 */
export function decodeKept(text: string, desc: SimpleDesc, scope: XmlElement): unknown {
  if (desc.scalar === 'dateTime' && desc.list !== true && desc.enum === undefined) {
    // The usual form without the regular expression (datetime-usual.ts); any other, the codec's reading.
    const time = usualDateTime(text);
    if (!Number.isNaN(time)) return new Date(time);
  }
  const value = decodeSimple(text, desc, scope, '');
  if (typeof value === 'string') return ownString(value);
  if (desc.scalar === 'qname') return Array.isArray(value) ? value.map(ownQName) : ownQName(value as QNameValue);
  if (desc.list === true && Array.isArray(value))
    return value.map((v: unknown) => (typeof v === 'string' ? ownString(v) : v));
  return value;
}

function ownQName(q: QNameValue): QNameValue {
  return { ns: ownString(q.ns), name: ownString(q.name) };
}
