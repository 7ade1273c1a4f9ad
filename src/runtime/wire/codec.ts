/**
 * The XML <-> JS value codec driven by descriptors ({@link ValueDesc},
 * {@link ComplexDesc}, {@link FieldDesc}).
 *
 * Writing follows the description strictly: base-type content first (XML Schema
 * Part 1 §3.4.2 extension: the base's particle precedes the derived one's),
 * fields in order, optional fields omitted when `undefined`, arrays for
 * `max > 1` or `-1`, `null` as `xsi:nil="true"` for nillable elements (XML Schema
 * Part 1 §2.6.2), enumerations checked.
 *
 * Reading is by namespace URI and local name, never by prefix, and liberal: order
 * is not enforced, unknown elements are skipped (or collected by `xsd:any`), and
 * an element with the right local name in another namespace is accepted when no
 * field claims that exact name. Violations of the description that matter (a
 * missing required element, an invalid lexical value, a value outside an
 * enumeration) throw {@link DecodeError} with the element path.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { XMLNS_NS } from '../xml/namespaces.js';
import { SOAP_12_ENC_NS } from './namespaces.js';
import type {
  AttrDesc,
  ComplexDesc,
  ElementName,
  FieldDesc,
  IntegerRange,
  ServiceDesc,
  SubstDesc,
  ValueDesc,
} from './descriptors.js';
import { DecodeError, EncodeError, decodeScalar, encodeScalar, inIntegerRange, splitList } from './scalars.js';
import { attr, lookupNamespace, textOf, type XmlElement } from '../xml/xml-parse.js';
import { detachElement } from '../xml/xml-detach.js';
import { XSI_NS, type XmlWriter } from '../xml/xml-write.js';
import { codecExtensions, extensionMissing } from './codec-extensions.js';
import { typeKeysByQName } from './descriptor-data.js';
import { attachmentSupport, XOP_NS } from './attachments.js';
import { SampleText } from './sample-text.js';

export { DecodeError, EncodeError, decodeScalar, encodeScalar } from './scalars.js';

/** A simple value description: scalar kind, optional enumeration, optional list. */
export type SimpleDesc = Extract<ValueDesc, { readonly scalar: unknown }>;

/** The complex types of a service, by registry key. */
export type TypeRegistry = ServiceDesc['types'];

/** A complex type with its base types' content merged in (base first). */
export interface FlatType {
  readonly key: string;
  readonly desc: ComplexDesc;
  readonly fields: readonly FieldDesc[];
  readonly attrs: readonly AttrDesc[];
  readonly text: ComplexDesc['text'];
  readonly any: string | undefined;
  /** The `xsd:anyAttribute` property, if any. */
  readonly anyAttr: string | undefined;
  /** `ns|name` of every declared attribute, to tell the others apart for {@link FlatType.anyAttr}. */
  readonly attrNames: ReadonlySet<string>;
  /** `ns|name` of every field, to keep liberal matching unambiguous. */
  readonly exact: ReadonlySet<string>;
  /**
   * Each field's index by its element's local name, when the fields are plain elements
   * (no ordered group, no substitution group) with distinct local names: then
   * {@link readFields} matches each child once by name instead of scanning the children per field.
   */
  readonly byName: ReadonlyMap<string, number> | undefined;
  /**
   * The indexes (ascending) of the fields that give something when absent: a required one (an
   * error) and an array outside a choice (an empty array). A record read by name reads these
   * and the fields it holds (see {@link fieldsToRead}), so that it costs what it holds, not
   * every field its type declares (Salesforce enterprise's Account declares 79).
   */
  readonly mustRead: readonly number[];
}

/**
 * The indexes of the fields a record reads, ascending: `hits`, the fields it holds (each once;
 * sorted here, in place), and those of `flat.mustRead` whose slot in `slots` and `loose`
 * (by field index) is empty.
 */
export function fieldsToRead(
  hits: number[],
  flat: FlatType,
  slots: readonly unknown[],
  loose: readonly unknown[] | undefined,
): readonly number[] {
  for (const at of flat.mustRead) if (slots[at] === undefined && loose?.[at] === undefined) hits.push(at);
  return hits.sort((a, b) => a - b);
}

/** {@link FlatType.byName} of `fields`, or `undefined` when they are not all plain elements with distinct local names. */
function fieldsByName(fields: readonly FieldDesc[]): ReadonlyMap<string, number> | undefined {
  const byName = new Map<string, number>();
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.ordered !== undefined || f.subst !== undefined || byName.has(f.name)) return undefined;
    byName.set(f.name, i);
  }
  return byName;
}

const flatCache = new WeakMap<TypeRegistry, Map<string, FlatType>>();
const qnameIndex = new WeakMap<TypeRegistry, ReadonlyMap<string, string>>();

/** The complex type `key` of `types` with its base types' content merged in (cached per registry). */
export function flatten(types: TypeRegistry, key: string): FlatType {
  let cache = flatCache.get(types);
  if (!cache) flatCache.set(types, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const desc = types[key];
  if (!desc) throw new TypeError(`unknown complex type "${key}" in the service description`);
  const chain: ComplexDesc[] = [];
  const seen = new Set<string>();
  for (let k: string | undefined = key; k !== undefined; k = types[k]?.base) {
    if (seen.has(k)) throw new TypeError(`circular base type chain at "${k}"`);
    seen.add(k);
    const d = types[k];
    if (!d) throw new TypeError(`unknown base type "${k}" of "${key}"`);
    chain.unshift(d);
  }
  const fields: FieldDesc[] = [];
  const attrs: AttrDesc[] = [];
  let text: ComplexDesc['text'];
  let any: string | undefined;
  let anyAttr: string | undefined;
  for (const d of chain) {
    fields.push(...d.fields);
    if (d.attrs) attrs.push(...d.attrs);
    if (d.text) text = d.text;
    if (d.any !== undefined) any = d.any;
    if (d.anyAttr !== undefined) anyAttr = d.anyAttr;
  }
  const flat: FlatType = {
    key,
    desc,
    fields,
    attrs,
    text,
    any,
    anyAttr,
    attrNames: new Set(attrs.map((a) => `${a.ns}|${a.name}`)),
    exact: new Set(fields.flatMap((f) => [`${f.ns}|${f.name}`, ...(f.subst ?? []).map((m) => `${m.ns}|${m.name}`)])),
    byName: fieldsByName(fields),
    mustRead: fields.flatMap((f, i) => (f.choice === undefined && (f.min > 0 || isArrayField(f)) ? [i] : [])),
  };
  cache.set(key, flat);
  return flat;
}

/** The registry key of a complex type named `{ns}name`, if any. */
export function typeKeyOf(types: TypeRegistry, ns: string, name: string): string | undefined {
  let index = qnameIndex.get(types);
  if (!index) {
    // From the compact data when the registry was decoded from it: no type's descriptor is built.
    index = typeKeysByQName(types) ?? new Map(Object.keys(types).map((k) => [`${types[k]!.ns}|${types[k]!.name}`, k]));
    qnameIndex.set(types, index);
  }
  return index.get(`${ns}|${name}`);
}

/** Whether the complex type `key` is `base` or derives from it. */
export function derivesFrom(types: TypeRegistry, key: string, base: string): boolean {
  for (let k: string | undefined = key; k !== undefined; k = types[k]?.base) if (k === base) return true;
  return false;
}

/** Whether `value` looks like a parsed {@link XmlElement}. */
export function isXmlElement(value: unknown): value is XmlElement {
  return (
    typeof value === 'object' &&
    value !== null &&
    'children' in value &&
    Array.isArray(value.children) &&
    'ns' in value &&
    'name' in value &&
    'attrs' in value
  );
}

/** Whether the element carries `xsi:nil="true"` (XML Schema Part 1 §2.6.2). */
export function isNil(el: XmlElement): boolean {
  const v = attr(el, 'nil', XSI_NS);
  return v !== undefined && (v.trim() === 'true' || v.trim() === '1');
}

/** Whether a field holds an array (more than one occurrence allowed). */
export function isArrayField(f: { readonly max: number }): boolean {
  return f.max === -1 || f.max > 1;
}

// ---------------------------------------------------------------------------
// Writing

function encodeSimple(w: XmlWriter | undefined, value: unknown, desc: SimpleDesc, path: string): string {
  try {
    let text: string;
    const range = desc.range;
    if (desc.list) {
      if (!Array.isArray(value)) throw new EncodeError('', `expected an array (list value), got ${typeof value}`);
      text = value
        .map((v: unknown) => {
          const item = encodeScalar(desc.scalar, v, w);
          if (range !== undefined) checkEncodedRange(v, item, range);
          return item;
        })
        .join(' ');
    } else {
      text = encodeScalar(desc.scalar, value, w);
      if (range !== undefined) checkEncodedRange(value, text, range);
    }
    if (desc.enum) {
      const items = desc.list ? splitList(text) : [text];
      for (const item of items) {
        if (!desc.enum.includes(item)) {
          throw new EncodeError(
            '',
            `${JSON.stringify(item)} is not one of ${desc.enum.map((e) => JSON.stringify(e)).join(', ')}`,
          );
        }
      }
    }
    return text;
  } catch (err) {
    // A sample message's placeholder (sample-text.ts) goes where the value's text would.
    if (value instanceof SampleText) return value.text;
    if (err instanceof EncodeError && err.path === '') throw new EncodeError(path, err.reason);
    throw err;
  }
}

/**
 * Encodes a simple value (scalar, enumeration, list) as text without a writer
 * (HTTP GET/POST parameters). `path` names it in errors.
 * @throws EncodeError
 */
export function encodeSimpleValue(value: unknown, desc: ValueDesc, path: string): string {
  if (!('scalar' in desc)) throw new EncodeError(path, 'complex values cannot be sent as HTTP parameters');
  return encodeSimple(undefined, value, desc, path);
}

/**
 * Decodes a simple value (scalar, enumeration, list) from text (HTTP GET/POST
 * parameters). `path` names it in errors.
 * @throws DecodeError
 */
export function decodeSimpleValue(text: string, desc: ValueDesc, path: string): unknown {
  if (!('scalar' in desc)) throw new DecodeError(path, 'complex values cannot be read from HTTP parameters');
  return decodeSimple(text, desc, undefined, path);
}

/**
 * Writes `value` as the element `element` described by `desc`: the element, its
 * attributes and its content. `null` writes `xsi:nil="true"`.
 * @throws EncodeError naming the property path when the value does not fit.
 */
export function writeValue(
  w: XmlWriter,
  element: ElementName,
  value: unknown,
  desc: ValueDesc,
  types: TypeRegistry,
): void {
  writeElement(w, element.ns, element.name, value, desc, types, element.name);
}

/**
 * Writes one field of a complex type (all occurrences for array fields).
 * Omits it when `undefined` and optional.
 * @throws EncodeError when a required field is missing or a value does not fit.
 */
export function writeField(w: XmlWriter, field: FieldDesc, value: unknown, types: TypeRegistry, parentPath = ''): void {
  if (typeof value === 'string' && !isArrayField(field)) {
    const d = field.value;
    if ('scalar' in d && d.scalar === 'string' && !d.list && !d.enum) {
      // Fast path, same output as writeElement: a single plain string element (no path needed, nothing can fail but the text check).
      w.start(field.ns, field.name);
      if (value !== '') w.text(value);
      w.end();
      return;
    }
  }
  const path = parentPath === '' ? field.prop : `${parentPath}/${field.prop}`;
  if (value === undefined) {
    if (field.min > 0 && field.choice === undefined) throw new EncodeError(path, 'missing required field');
    return;
  }
  if (field.ordered !== undefined) {
    writeOrdered(w, field, value, types, path);
    return;
  }
  if (isArrayField(field)) {
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    if (field.max > 1 && items.length > field.max)
      throw new EncodeError(path, `at most ${field.max} items allowed, got ${items.length}`);
    for (let i = 0; i < items.length; i++) writeFieldItem(w, field, items[i], types, `${path}[${i}]`);
  } else {
    writeFieldItem(w, field, value, types, path);
  }
}

/**
 * Writes the items of an ordered group or of mixed content ({@link FieldDesc.ordered})
 * in array order: each object item as one occurrence of the group (its elements, no
 * element of its own), each string item of mixed content as text.
 */
function writeOrdered(w: XmlWriter, field: FieldDesc, value: unknown, types: TypeRegistry, path: string): void {
  if (!Array.isArray(value)) throw new EncodeError(path, `expected an array of items, got ${typeof value}`);
  if (field.max > 1 && value.length > field.max)
    throw new EncodeError(path, `at most ${field.max} items allowed, got ${value.length}`);
  const item = field.value;
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    const ipath = `${path}[${i}]`;
    if (field.ordered === 'mixed' && typeof v === 'string') {
      if (v !== '') w.text(v);
    } else if (field.wild === true && isXmlElement(v)) {
      w.element(v);
    } else if ('complex' in item) {
      writeComplexContent(w, v, item.complex, types, ipath);
    } else {
      throw new EncodeError(ipath, `expected ${field.ordered === 'mixed' ? 'text' : 'an item'}, got ${typeof v}`);
    }
  }
}

function writeFieldItem(w: XmlWriter, field: FieldDesc, value: unknown, types: TypeRegistry, path: string): void {
  if (value === null || value === undefined) {
    if (field.nillable) {
      w.start(field.ns, field.name);
      w.attr(XSI_NS, 'nil', 'true');
      w.end();
      return;
    }
    if (field.min === 0 || field.choice !== undefined || isArrayField(field)) {
      if (isArrayField(field)) throw new EncodeError(path, 'null item in a non-nillable array');
      return;
    }
    throw new EncodeError(path, 'missing required field (null is only allowed for nillable elements)');
  }
  if (field.subst !== undefined) {
    // A substitution group (XML Schema Part 1 §3.3.6): the member whose type the value's $type names.
    const choices = selectableMembers(field);
    const tag = typeof value === 'object' ? (value as { readonly $type?: unknown }).$type : undefined;
    const member =
      tag === undefined ? undefined : choices.find((m) => (m.value as { complex: string }).complex === tag);
    if (member !== undefined) {
      writeElement(w, member.ns, member.name, value, member.value, types, path);
      return;
    }
    if (field.abstract === true) {
      const names = choices.map((m) => `${m.name} ($type '${(m.value as { complex: string }).complex}')`).join(', ');
      throw new EncodeError(
        path,
        names === ''
          ? `${field.name} is abstract and its substitutes cannot be told apart by type: wsdlc cannot write it`
          : `${field.name} is abstract: set $type to the type of one of its substitutes: ${names}`,
      );
    }
  }
  writeElement(w, field.ns, field.name, value, field.value, types, path);
}

/** An attribute matched by `xsd:anyAttribute`. */
export interface AnyAttribute {
  readonly ns: string;
  readonly name: string;
  readonly value: string;
}

/** The attributes of `el` that no declared attribute claims, `xsi:*` excluded (XML Schema Part 1 §3.4.2, wildcards). */
export function otherAttributes(el: XmlElement, flat: FlatType): AnyAttribute[] {
  const out: AnyAttribute[] = [];
  for (const a of el.attrs) {
    if (a.ns === XSI_NS || flat.attrNames.has(`${a.ns}|${a.name}`)) continue;
    out.push({ ns: a.ns, name: a.name, value: a.value });
  }
  return out;
}

/** Writes the `xsd:anyAttribute` values of a complex value (an array of `{ ns, name, value }`). */
function writeAnyAttributes(w: XmlWriter, value: unknown, flat: FlatType, path: string): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) throw new EncodeError(path, 'expected an array of { ns, name, value } attributes');
  const seen = new Set<string>();
  for (const a of value as unknown[]) {
    const attr = a as Partial<AnyAttribute> | null;
    if (
      typeof attr !== 'object' ||
      attr === null ||
      typeof attr.name !== 'string' ||
      typeof attr.value !== 'string' ||
      (attr.ns !== undefined && typeof attr.ns !== 'string')
    ) {
      throw new EncodeError(path, 'expected an array of { ns, name, value } attributes');
    }
    const ns = attr.ns ?? '';
    // The name reaches the markup as is: only a plain NCName (Namespaces in XML 1.0 §3), never a namespace declaration.
    if (!NCNAME.test(attr.name) || (ns === '' && attr.name === 'xmlns') || ns === XMLNS_NS || ns === XSI_NS)
      throw new EncodeError(path, `invalid attribute name ${JSON.stringify(attr.name)}`);
    const key = `${ns}|${attr.name}`;
    if (flat.attrNames.has(key))
      throw new EncodeError(path, `attribute ${attr.name} is declared: set its own property`);
    if (seen.has(key)) throw new EncodeError(path, `attribute ${attr.name} given twice`);
    seen.add(key);
    w.attr(ns, attr.name, attr.value);
  }
}

/** An XML name without a colon (Namespaces in XML 1.0 §3, NCName), letters and digits of any script. */
const NCNAME = /^[\p{L}_][\p{L}\p{N}\p{M}._\-\u00B7]*$/u;

/** The substitution-group member of field `f` that element `k` is, if any. */
function memberOf(f: FieldDesc, k: XmlElement): SubstDesc | undefined {
  const members = f.subst;
  if (members === undefined) return undefined;
  for (const m of members) if (m.name === k.name && m.ns === k.ns) return m;
  return undefined;
}

/** Whether child `k` is field `f`'s element, or a member of the substitution group `f` heads. */
function isFieldElement(f: FieldDesc, k: XmlElement): boolean {
  return (k.name === f.name && k.ns === f.ns) || (f.subst !== undefined && memberOf(f, k) !== undefined);
}

const selectableCache = new WeakMap<object, readonly SubstDesc[]>();

/**
 * The substitutes a value can be written as: those of a complex type that no
 * other member and not the head has, so that `$type` names exactly one.
 * (The emitter types the field with these members too: emit/view-types.ts.)
 */
export function selectableMembers(f: Pick<FieldDesc, 'value' | 'subst'>): readonly SubstDesc[] {
  let out = selectableCache.get(f);
  if (out === undefined) {
    const members = f.subst ?? [];
    const head = 'complex' in f.value ? f.value.complex : undefined;
    const count = new Map<string, number>();
    for (const m of members)
      if ('complex' in m.value) count.set(m.value.complex, (count.get(m.value.complex) ?? 0) + 1);
    out = members.filter((m) => 'complex' in m.value && m.value.complex !== head && count.get(m.value.complex) === 1);
    selectableCache.set(f, out);
  }
  return out;
}

/**
 * Reads child `k` of field `f`. A substitute that can be written back (see
 * {@link selectableMembers}) reads as its own type, tagged with it; another
 * complex one reads as its own type; a simple one reads as the head's type
 * (its values are the head's, XML Schema Part 1 §3.3.6), as the field is typed.
 */
function readFieldElement(k: XmlElement, f: FieldDesc, types: TypeRegistry, path: string): unknown {
  const m = f.subst === undefined || (k.name === f.name && k.ns === f.ns) ? undefined : memberOf(f, k);
  if (m === undefined || !('complex' in m.value)) return readElement(k, f.value, types, path);
  const v = readElement(k, m.value, types, path);
  if (selectableMembers(f).includes(m) && typeof v === 'object' && v !== null && !Array.isArray(v) && !('$type' in v)) {
    (v as Record<string, unknown>)['$type'] = m.value.complex;
  }
  return v;
}

function writeElement(
  w: XmlWriter,
  ns: string,
  name: string,
  value: unknown,
  desc: ValueDesc,
  types: TypeRegistry,
  path: string,
): void {
  w.start(ns, name);
  writeElementContent(w, value, desc, types, path);
  w.end();
}

/**
 * Writes `value` as described by `desc` into the open start tag of its element:
 * `xsi:nil`, `xsi:type`, attributes and content (what {@link writeValue} writes
 * between the element's start and its end).
 * @throws EncodeError naming the property path when the value does not fit.
 */
export function writeElementContent(
  w: XmlWriter,
  value: unknown,
  desc: ValueDesc,
  types: TypeRegistry,
  path: string,
): void {
  if (value === null) {
    w.attr(XSI_NS, 'nil', 'true');
  } else if ('scalar' in desc) {
    if (desc.scalar === 'xml' && isXmlElement(value)) {
      w.copyContent(value);
    } else if (desc.scalar === 'dataSet' && !(value instanceof SampleText)) {
      const ds = codecExtensions.dataSet;
      if (ds === undefined) throw new EncodeError(path, extensionMissing('a DataSet value', 'wire/dataset'));
      ds.write(w, value, path);
    } else if (desc.scalar === 'base64' && attachmentSupport.xop !== undefined && writeXopInclude(w, value, desc)) {
      // MTOM: written as an xop:Include of a new MIME part (xop.ts)
    } else {
      const text = encodeSimple(w, value, desc, path);
      if (text !== '') w.text(text);
    }
  } else {
    writeComplexContent(w, value, derivedTypeOf(w, value, desc.complex, types, path), types, path);
  }
}

/**
 * Writes a `xsd:base64Binary` element value as `<xop:Include href="cid:..."/>`
 * and hands its bytes to the active XOP writer (attachments.ts; XOP 1.0 §3.1), when it is a
 * single `Uint8Array` at least the sink's threshold long. Returns whether it did.
 */
function writeXopInclude(w: XmlWriter, value: unknown, desc: SimpleDesc): boolean {
  const sink = attachmentSupport.xop;
  if (sink === undefined || desc.list || !(value instanceof Uint8Array) || value.byteLength < sink.threshold)
    return false;
  w.start(XOP_NS, 'Include', 'xop');
  w.attr('', 'href', sink.include(value));
  w.end();
  return true;
}

/**
 * The type to write a complex value as: the declared `typeKey`, or the derived
 * type its `$type` names, announced with `xsi:type` on the open start tag (XML
 * Schema Part 1 §2.6.1: a derived type where the base is declared).
 * @throws EncodeError for a `$type` that is not a type of the service, or not derived from `typeKey`
 */
function derivedTypeOf(w: XmlWriter, value: unknown, typeKey: string, types: TypeRegistry, path: string): string {
  if (typeof value !== 'object' || value === null) return typeKey;
  const tag = (value as { readonly $type?: unknown }).$type;
  if (tag === undefined || tag === typeKey) return typeKey;
  const derived = typeof tag === 'string' && Object.prototype.hasOwnProperty.call(types, tag) ? types[tag] : undefined;
  if (derived === undefined) throw new EncodeError(path, `$type ${JSON.stringify(tag)} is not a type of this service`);
  if (!derivesFrom(types, tag as string, typeKey))
    throw new EncodeError(path, `$type ${String(tag)} does not derive from ${types[typeKey]?.name ?? typeKey}`);
  w.attr(XSI_NS, 'type', w.qnameText(derived.ns, derived.name));
  return tag as string;
}

/**
 * Writes the attributes and content of a complex value into the open start tag
 * (used for the SOAP wrapper element and by {@link writeValue}).
 */
export function writeComplexContent(
  w: XmlWriter,
  value: unknown,
  typeKey: string,
  types: TypeRegistry,
  path: string,
): void {
  const flat = flatten(types, typeKey);
  const item = flat.desc.soapArray;
  if (item) {
    const itemName = flat.desc.soapArrayItem;
    const arrays = codecExtensions.soapArray;
    if (arrays === undefined) throw new EncodeError(path, extensionMissing('a SOAP-encoded array', 'wire/soap-array'));
    arrays.write(w, value, flat.desc, path, flat.desc.soapArrayNesting ?? 0, (iw, v, at) =>
      writeElement(iw, itemName?.ns ?? '', itemName?.name ?? 'item', v, item, types, at),
    );
    return;
  }
  if (flat.desc.array === true && flat.fields.length === 1) {
    // The value is the items of the type's one ordered group.
    writeField(w, flat.fields[0]!, value, types, path);
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) {
    throw new EncodeError(
      path,
      `expected an object (${flat.desc.name}), got ${Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  const obj = value as Readonly<Record<string, unknown>>;
  for (const a of flat.attrs) {
    const v = obj[a.prop];
    if (v === undefined || v === null) {
      if (a.required) throw new EncodeError(`${path}/@${a.prop}`, 'missing required attribute');
      continue;
    }
    w.attr(
      a.ns,
      a.name,
      encodeSimple(w, v, 'scalar' in a.value ? a.value : { scalar: 'string' }, `${path}/@${a.prop}`),
    );
  }
  if (flat.anyAttr !== undefined) writeAnyAttributes(w, obj[flat.anyAttr], flat, `${path}/${flat.anyAttr}`);
  if (flat.text) {
    const v = obj[flat.text.prop];
    if (v !== undefined && v !== null) {
      const d = flat.text.value;
      const t = encodeSimple(w, v, 'scalar' in d ? d : { scalar: 'string' }, `${path}/${flat.text.prop}`);
      if (t !== '') w.text(t);
    }
  }
  let choices: Map<number, FieldDesc> | undefined;
  for (const f of flat.fields) {
    const v = obj[f.prop];
    if (f.choice !== undefined && v !== undefined) {
      // At most one branch of an xsd:choice (XML Schema Part 1 §3.8.4); fields of one branch go together.
      choices ??= new Map();
      const other = choices.get(f.choice);
      if (other === undefined) choices.set(f.choice, f);
      else if (other.branch === undefined || other.branch !== f.branch)
        throw new EncodeError(path, `only one of ${other.prop} and ${f.prop} may be set (xsd:choice)`);
    }
    writeField(w, f, v, types, path);
  }
  if (flat.any !== undefined) {
    const extra = obj[flat.any];
    if (extra !== undefined && extra !== null) {
      const list: readonly unknown[] = Array.isArray(extra) ? extra : [extra];
      for (const el of list) {
        if (!isXmlElement(el))
          throw new EncodeError(`${path}/${flat.any}`, 'expected parsed XmlElement values (xsd:any)');
        w.element(el);
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Reading

/**
 * Receives what a decode reads from the text while a decode plan is recorded
 * (decode-plan.ts, {@link readValueRecorded}).
 */
export interface DecodeRecorder {
  /** Stands in for `decodeSimple(text, desc, scope, path)`: returns a placeholder for the value. */
  simple(text: string, desc: SimpleDesc, scope: XmlElement | undefined, path: string): unknown;
  /**
   * The value being read has no plan: it holds part of the tree itself (an `xml`
   * value, `xsd:any` elements) or follows a reference. May throw to stop the decode.
   */
  refuse(): void;
}

/** Set while {@link readValueRecorded} runs. */
let recorder: DecodeRecorder | undefined;

/**
 * {@link readValue} with every simple value replaced by what `r.simple` returns for
 * it (in the order a decode reads them), to record a decode plan (decode-plan.ts).
 */
export function readValueRecorded(el: XmlElement, desc: ValueDesc, types: TypeRegistry, r: DecodeRecorder): unknown {
  recorder = r;
  try {
    return readValue(el, desc, types);
  } finally {
    recorder = undefined;
  }
}

/**
 * Decodes the text of a simple value (list, enumeration, scalar, integer range);
 * `scope` resolves QName prefixes.
 * @throws DecodeError at `path`
 */
export function decodeSimple(text: string, desc: SimpleDesc, scope: XmlElement | undefined, path: string): unknown {
  if (recorder !== undefined) return recorder.simple(text, desc, scope, path);
  try {
    const range = desc.range;
    if (desc.list) {
      const items = splitList(text);
      if (desc.enum) for (const i of items) checkEnum(i, desc.enum);
      return items.map((i) => {
        const v = decodeScalar(desc.scalar, i, scope);
        if (range !== undefined) checkRange(v, i, range);
        return v;
      });
    }
    if (desc.enum) checkEnum(desc.scalar === 'string' ? text : text.trim(), desc.enum);
    const value = decodeScalar(desc.scalar, text, scope);
    if (range !== undefined) checkRange(value, text, range);
    return value;
  } catch (err) {
    if (err instanceof DecodeError) throw err.at(path);
    throw err;
  }
}

/** Refuses to write an integer (`text`, encoded from `value`) outside its built-in type's value space. */
function checkEncodedRange(value: unknown, text: string, range: IntegerRange): void {
  if (!inIntegerRange(typeof value === 'number' ? value : text, range))
    throw new EncodeError('', `${text} is out of range for xsd:${range}`);
}

/** Refuses an integer (lexically valid: the scalar decoded) outside its built-in type's value space. */
function checkRange(value: unknown, text: string, range: IntegerRange): void {
  const v = typeof value === 'number' || typeof value === 'bigint' ? value : text.trim();
  if (!inIntegerRange(v, range))
    throw new DecodeError('', `${JSON.stringify(text.trim())} is out of range for xsd:${range}`);
}

function checkEnum(text: string, values: readonly string[]): void {
  if (values.includes(text)) return;
  // Enumerations of tokens compare after whitespace collapse.
  const t = text.trim();
  if (values.includes(t)) return;
  throw new DecodeError('', `${JSON.stringify(text)} is not one of ${values.map((e) => JSON.stringify(e)).join(', ')}`);
}

/**
 * Reads the element `el` as described by `desc`. Returns `null` for `xsi:nil`.
 * @throws DecodeError with a path starting at `el`'s local name.
 */
export function readValue(el: XmlElement, desc: ValueDesc, types: TypeRegistry): unknown {
  return readElement(el, desc, types, el.name);
}

function readElement(el: XmlElement, desc: ValueDesc, types: TypeRegistry, path: string): unknown {
  // An empty accessor with attributes may be a reference to a multi-ref value (SOAP encoding): read the value it names.
  if (el.children.length === 0 && el.attrs.length > 0) {
    const target = referencedValue(el, desc, types, path);
    if (target !== undefined) return followReference(target, path, (t) => readElement(t, desc, types, path));
  }
  if (isNil(el)) return null;
  if ('scalar' in desc) {
    if (desc.scalar === 'xml') {
      recorder?.refuse();
      return detachElement(el);
    }
    if (desc.scalar === 'dataSet') {
      recorder?.refuse();
      const ds = codecExtensions.dataSet;
      if (ds === undefined) throw new DecodeError(path, extensionMissing('a DataSet value', 'wire/dataset'));
      return ds.read(el, path);
    }
    // A simple type has no element content (XML Schema Part 1 §3.3.4): `<Name><b>x</b></Name>` is not a string.
    for (const c of el.children)
      if (typeof c !== 'string') throw new DecodeError(path, `element <${c.name}> where a simple value is expected`);
    return decodeSimple(textOf(el), desc, el, path);
  }
  let key = desc.complex;
  const xsiType = attr(el, 'type', XSI_NS);
  if (xsiType !== undefined) {
    const i = xsiType.indexOf(':');
    const ns = lookupNamespace(el, i < 0 ? '' : xsiType.slice(0, i).trim());
    const derived = ns === undefined ? undefined : typeKeyOf(types, ns, xsiType.slice(i + 1).trim());
    if (derived !== undefined && derivesFrom(types, derived, key)) key = derived;
  }
  const value = readComplexContent(el, key, types, path);
  // Say which derived type was read, so that the value is written back as that type.
  if (key !== desc.complex && typeof value === 'object' && value !== null && !Array.isArray(value))
    (value as Record<string, unknown>)['$type'] = key;
  return value;
}

/** Reads the value a reference names with `read`, within the bounds on nested references. */
function followReference(target: XmlElement, path: string, read: (target: XmlElement) => unknown): unknown {
  // A reference can be read many times over (a value that refers to one value many times, and so on).
  recorder?.refuse();
  if (referenceDepth >= MAX_REFERENCE_DEPTH)
    throw new DecodeError(path, `multi-reference values nest more than ${MAX_REFERENCE_DEPTH} deep (a cycle?)`);
  referenceDepth++;
  try {
    return read(target);
  } finally {
    referenceDepth--;
  }
}

/** How many references may be followed inside one another (a cyclic graph has no tree to read into). */
const MAX_REFERENCE_DEPTH = 64;
let referenceDepth = 0;
/**
 * The elements with an `id` (SOAP 1.1) or `enc:id` (SOAP 1.2) of each document, by its root (built on the
 * first reference), and how many more references its decodes may follow.
 */
const idIndex = new WeakMap<XmlElement, { readonly index: Map<string, XmlElement>; left: number }>();
/** References any message may follow in all (plus {@link REFERENCES_PER_VALUE} per value with an id). */
const REFERENCES_PER_MESSAGE = 1000;
/** References a message may follow per value with an id (SOAP encoders refer to each once, sometimes twice). */
const REFERENCES_PER_VALUE = 8;

/**
 * The element a multi-reference accessor names: `href="#id"` (SOAP 1.1 §5.4.1,
 * the value is an element with `id="id"`, usually a `multiRef` sibling in the
 * Body) or `enc:ref="id"` (SOAP 1.2 Part 2 §3.1.5.3). `undefined` when `el` is
 * not a reference (or `href` is an attribute its type `desc` declares).
 * @throws DecodeError when it names no element of the message
 */
function referencedValue(el: XmlElement, desc: ValueDesc, types: TypeRegistry, path: string): XmlElement | undefined {
  let id: string | undefined;
  const href = attr(el, 'href');
  if (href?.startsWith('#')) {
    // Not when the element's own type declares an `href` attribute: then it is data, as in a literal `<link href=...>`.
    if ('complex' in desc && flatten(types, desc.complex).attrNames.has('|href')) return undefined;
    id = href.slice(1);
  } else {
    id = attr(el, 'ref', SOAP_12_ENC_NS);
  }
  if (id === undefined) return undefined;
  let root = el;
  while (root.parent !== undefined) root = root.parent;
  let refs = idIndex.get(root);
  if (refs === undefined) {
    const index = new Map<string, XmlElement>();
    const stack: XmlElement[] = [root];
    while (stack.length > 0) {
      const e = stack.pop()!;
      const key = attr(e, 'id') ?? attr(e, 'id', SOAP_12_ENC_NS);
      if (key !== undefined && !index.has(key)) index.set(key, e);
      for (let i = e.children.length - 1; i >= 0; i--) {
        const c = e.children[i]!;
        if (typeof c !== 'string') stack.push(c);
      }
    }
    refs = { index, left: REFERENCES_PER_MESSAGE + REFERENCES_PER_VALUE * index.size };
    idIndex.set(root, refs);
  }
  const target = refs.index.get(id);
  if (target === undefined || target === el)
    throw new DecodeError(path, `reference ${JSON.stringify(id)} names no value in the message`);
  // Each reference is read in full: values that refer to one value many times, and so on, would cost
  // exponentially more than the message is long. Messages refer to each value once or a few times.
  if (--refs.left < 0)
    throw new DecodeError(
      path,
      `the message follows more multi-references than its ${refs.index.size} values allow (a value referred to many times over)`,
    );
  return target;
}

/**
 * Reads the attributes and content of `el` as the complex type `typeKey`.
 * @throws DecodeError
 */
export function readComplexContent(el: XmlElement, typeKey: string, types: TypeRegistry, path: string): unknown {
  const flat = flatten(types, typeKey);
  const kids: XmlElement[] = [];
  for (const c of el.children) if (typeof c !== 'string') kids.push(c);
  const item = flat.desc.soapArray;
  if (item) {
    const arrayDesc: ValueDesc = { complex: typeKey };
    const arrays = codecExtensions.soapArray;
    if (arrays === undefined) throw new DecodeError(path, extensionMissing('a SOAP-encoded array', 'wire/soap-array'));
    return arrays.read(
      el,
      path,
      flat.desc.soapArrayNesting ?? 0,
      (k, at) => readElement(k, item, types, at),
      (k, at, read) => {
        const target =
          k.children.length === 0 && k.attrs.length > 0 ? referencedValue(k, arrayDesc, types, at) : undefined;
        return target === undefined ? read(k) : followReference(target, at, read);
      },
      isNil,
    );
  }

  const out: Record<string, unknown> = {};
  for (const a of flat.attrs) {
    let v = attr(el, a.name, a.ns);
    if (v === undefined && a.ns !== '') v = attr(el, a.name);
    const apath = `${path}/@${a.name}`;
    if (v === undefined) {
      if (a.required) throw new DecodeError(apath, 'missing required attribute');
      continue;
    }
    out[a.prop] = decodeSimple(v, 'scalar' in a.value ? a.value : { scalar: 'string' }, el, apath);
  }
  if (flat.anyAttr !== undefined) {
    const rest = otherAttributes(el, flat);
    if (rest.length > 0) out[flat.anyAttr] = rest;
  }
  if (flat.text) {
    const d = flat.text.value;
    out[flat.text.prop] = decodeSimple(textOf(el), 'scalar' in d ? d : { scalar: 'string' }, el, path);
  }
  readFields(out, el, kids, flat, types, path);
  return flat.desc.array === true && flat.fields.length === 1 ? out[flat.fields[0]!.prop] : out;
}

/**
 * Reads the element content of `flat` from `kids` (the element children of `el`,
 * or of one occurrence of an ordered group) into `out`.
 * @throws DecodeError
 */
function readFields(
  out: Record<string, unknown>,
  el: XmlElement,
  kids: readonly XmlElement[],
  flat: FlatType,
  types: TypeRegistry,
  path: string,
): void {
  if (flat.byName !== undefined) {
    readFieldsByName(out, kids, flat, flat.byName, types, path);
    return;
  }
  // `used[i]` marks children claimed by a field (a plain array: cheaper to make than a typed one for a few children).
  const used: boolean[] = [];
  let first = 0;
  for (const f of flat.fields) {
    const many = isArrayField(f);
    while (first < kids.length && used[first] === true) first++;
    if (f.ordered !== undefined) {
      readOrdered(out, el, kids, used, first, f, flat, types, path);
      continue;
    }
    if (!many) {
      // At most one element: no array of matches.
      let match = -1;
      for (let i = first; i < kids.length; i++) {
        if (used[i] === true) continue;
        const k = kids[i]!;
        if (isFieldElement(f, k)) {
          match = i;
          break;
        }
      }
      if (match < 0) {
        // Liberal: the right local name in another namespace, when no field claims that exact name.
        for (let i = first; i < kids.length; i++) {
          if (used[i] === true) continue;
          const k = kids[i]!;
          if (k.name === f.name && !flat.exact.has(`${k.ns}|${k.name}`)) {
            match = i;
            break;
          }
        }
      }
      if (match < 0) {
        if (f.min > 0 && f.choice === undefined) throw new DecodeError(`${path}/${f.name}`, 'missing required element');
      } else {
        used[match] = true;
        const value = readFieldElement(kids[match]!, f, types, `${path}/${f.name}`);
        if (value === null && f.nillable !== true) {
          // xsi:nil (read as null) only on nillable elements (XML Schema Part 1 §3.3.4, Validation Rule 3.3.4.3.2):
          // on a required one it is an error, on an optional one it reads as absent (its type has no null).
          if (f.min > 0 && f.choice === undefined)
            throw new DecodeError(`${path}/${f.name}`, 'xsi:nil is not allowed: the element is not nillable');
          continue;
        }
        out[f.prop] = value;
      }
      continue;
    }
    const fpath = `${path}/${f.name}`;
    const matches: XmlElement[] = [];
    for (let i = first; i < kids.length; i++) {
      if (used[i] === true) continue;
      const k = kids[i]!;
      if (isFieldElement(f, k)) {
        used[i] = true;
        matches.push(k);
      }
    }
    if (matches.length === 0) {
      // Liberal: the right local name in another namespace, when no field claims that exact name.
      for (let i = first; i < kids.length; i++) {
        if (used[i] === true) continue;
        const k = kids[i]!;
        if (k.name === f.name && !flat.exact.has(`${k.ns}|${k.name}`)) {
          used[i] = true;
          matches.push(k);
        }
      }
    }
    if (matches.length < f.min && f.choice === undefined) {
      throw new DecodeError(
        fpath,
        matches.length === 0
          ? 'missing required element'
          : `expected at least ${f.min} elements, got ${matches.length}`,
      );
    }
    // A branch not taken of an xsd:choice stays absent (its type is `never`), other repeated fields read as [].
    if (matches.length > 0 || f.choice === undefined) {
      const values = matches.map((m, i) => readFieldElement(m, f, types, `${fpath}[${i}]`));
      if (f.nillable !== true && values.includes(null))
        throw new DecodeError(fpath, 'xsi:nil is not allowed: the element is not nillable');
      out[f.prop] = values;
    }
  }
  if (flat.any !== undefined) {
    const rest: XmlElement[] = [];
    for (let i = 0; i < kids.length; i++) if (used[i] !== true) rest.push(detachElement(kids[i]!));
    if (rest.length > 0) {
      recorder?.refuse();
      out[flat.any] = rest;
    }
  }
}

/**
 * {@link readFields} for fields that are plain elements with distinct local names
 * ({@link FlatType.byName}), in one pass over the children: each child goes to the
 * field of its local name, as an exact match (same namespace) or a liberal one (another
 * namespace: the exact name is then no field's, the names being distinct). A field takes
 * its exact matches, or when it has none its liberal ones (the first only for a single
 * field); the children no field takes go to `xsd:any`. Same values and errors, in the
 * same order, as the scan per field.
 */
function readFieldsByName(
  out: Record<string, unknown>,
  kids: readonly XmlElement[],
  flat: FlatType,
  byName: ReadonlyMap<string, number>,
  types: TypeRegistry,
  path: string,
): void {
  const fields = flat.fields;
  // Per field: the index of its first exact match (a single field) or the indexes of all (an
  // array field); the same for liberal matches in `loose`, made only when one occurs.
  const exact: (number | number[] | undefined)[] = new Array(fields.length);
  let loose: (number | number[] | undefined)[] | undefined;
  /** The fields matched, each once. */
  const hits: number[] = [];
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    const at = byName.get(k.name);
    if (at === undefined) continue;
    const f = fields[at]!;
    if (exact[at] === undefined && loose?.[at] === undefined) hits.push(at);
    let slots: (number | number[] | undefined)[];
    if (k.ns === f.ns) slots = exact;
    else slots = loose ??= new Array(fields.length);
    const had = slots[at];
    if (had === undefined) slots[at] = isArrayField(f) ? [i] : i;
    else if (isArrayField(f)) (had as number[]).push(i);
  }
  // The children taken, for `xsd:any` (only then).
  const taken: boolean[] | undefined = flat.any === undefined ? undefined : [];
  for (const at of fieldsToRead(hits, flat, exact, loose)) {
    const f = fields[at]!;
    const hit = exact[at] ?? loose?.[at];
    if (!isArrayField(f)) {
      if (hit === undefined) {
        if (f.min > 0 && f.choice === undefined) throw new DecodeError(`${path}/${f.name}`, 'missing required element');
        continue;
      }
      const i = hit as number;
      if (taken !== undefined) taken[i] = true;
      const value = readFieldElement(kids[i]!, f, types, `${path}/${f.name}`);
      if (value === null && f.nillable !== true) {
        if (f.min > 0 && f.choice === undefined)
          throw new DecodeError(`${path}/${f.name}`, 'xsi:nil is not allowed: the element is not nillable');
        continue;
      }
      out[f.prop] = value;
      continue;
    }
    const fpath = `${path}/${f.name}`;
    const list = (hit as number[] | undefined) ?? [];
    if (list.length < f.min && f.choice === undefined) {
      throw new DecodeError(
        fpath,
        list.length === 0 ? 'missing required element' : `expected at least ${f.min} elements, got ${list.length}`,
      );
    }
    if (list.length > 0 || f.choice === undefined) {
      const values: unknown[] = new Array(list.length);
      let nil = false;
      for (let j = 0; j < list.length; j++) {
        const i = list[j]!;
        if (taken !== undefined) taken[i] = true;
        const v = readFieldElement(kids[i]!, f, types, `${fpath}[${j}]`);
        if (v === null) nil = true;
        values[j] = v;
      }
      if (nil && f.nillable !== true)
        throw new DecodeError(fpath, 'xsi:nil is not allowed: the element is not nillable');
      out[f.prop] = values;
    }
  }
  if (taken !== undefined) {
    const rest: XmlElement[] = [];
    // Detached: an element of the tree would keep the whole document alive through its parent chain.
    for (let i = 0; i < kids.length; i++) if (taken[i] !== true) rest.push(detachElement(kids[i]!));
    if (rest.length > 0) {
      recorder?.refuse();
      out[flat.any!] = rest;
    }
  }
}

/** The element names an ordered group's items hold (nested groups included), exact (`ns|name`) and local. */
interface GroupNames {
  readonly exact: ReadonlySet<string>;
  readonly local: ReadonlySet<string>;
}

const groupNamesCache = new WeakMap<FlatType, GroupNames>();

function groupNames(types: TypeRegistry, key: string): GroupNames {
  const flat = flatten(types, key);
  let names = groupNamesCache.get(flat);
  if (names === undefined) {
    const exact = new Set<string>();
    const local = new Set<string>();
    for (const f of flat.fields) {
      if (f.ordered !== undefined && 'complex' in f.value) {
        const inner = groupNames(types, f.value.complex);
        for (const n of inner.exact) exact.add(n);
        for (const n of inner.local) local.add(n);
        continue;
      }
      exact.add(`${f.ns}|${f.name}`);
      local.add(f.name);
      for (const m of f.subst ?? []) {
        exact.add(`${m.ns}|${m.name}`);
        local.add(m.name);
      }
    }
    names = { exact, local };
    groupNamesCache.set(flat, names);
  }
  return names;
}

/** Whether `k` is one of `names`: by namespace and name, or (liberal) by local name when `claimed` has not that exact name. */
function inGroup(names: GroupNames, k: XmlElement, claimed: ReadonlySet<string>): boolean {
  const q = `${k.ns}|${k.name}`;
  return names.exact.has(q) || (names.local.has(k.name) && !claimed.has(q));
}

/**
 * Reads an ordered group or mixed content ({@link FieldDesc.ordered}) into `out[f.prop]`:
 * an array of items in document order. A group's children are split into
 * occurrences where one cannot continue the previous: an element of a field that
 * comes earlier in the group, again an element of a single field, or another
 * branch of a choice. Mixed content also keeps its text, as strings between the items.
 */
function readOrdered(
  out: Record<string, unknown>,
  el: XmlElement,
  kids: readonly XmlElement[],
  used: boolean[],
  first: number,
  f: FieldDesc,
  flat: FlatType,
  types: TypeRegistry,
  path: string,
): void {
  const fpath = `${path}/${f.prop}`;
  const itemKey = 'complex' in f.value ? f.value.complex : undefined;
  const names = itemKey === undefined ? undefined : groupNames(types, itemKey);
  const items: unknown[] = [];
  if (f.ordered === 'mixed') {
    let k = 0;
    // Adjacent text nodes (text beside CDATA, or around a skipped element) are one string.
    let text: string | undefined;
    const flushText = (): void => {
      if (text !== undefined) items.push(decodeSimple(text, { scalar: 'string' }, el, `${fpath}[${items.length}]`));
      text = undefined;
    };
    for (const c of el.children) {
      if (typeof c === 'string') {
        text = text === undefined ? c : text + c;
        continue;
      }
      const i = k++;
      if (used[i] === true) continue;
      if (names !== undefined && itemKey !== undefined && inGroup(names, c, flat.exact)) {
        used[i] = true;
        flushText();
        const item: Record<string, unknown> = {};
        readFields(item, el, [c], flatten(types, itemKey), types, `${fpath}[${items.length}]`);
        items.push(item);
      } else if (f.wild === true) {
        used[i] = true;
        recorder?.refuse();
        flushText();
        items.push(detachElement(c));
      }
    }
    flushText();
    out[f.prop] = items;
    return;
  }
  if (itemKey === undefined || names === undefined) return;
  const itemFlat = flatten(types, itemKey);
  let current: XmlElement[] = [];
  let last = -1;
  const flush = (): void => {
    if (current.length === 0) return;
    const item: Record<string, unknown> = {};
    readFields(item, el, current, itemFlat, types, `${fpath}[${items.length}]`);
    items.push(item);
    current = [];
  };
  for (let i = first; i < kids.length; i++) {
    if (used[i] === true) continue;
    const k = kids[i]!;
    if (!inGroup(names, k, flat.exact)) continue;
    used[i] = true;
    const at = itemFieldIndex(itemFlat, k, types);
    const prev = last < 0 ? undefined : itemFlat.fields[last];
    const g = itemFlat.fields[at];
    const next =
      prev === undefined ||
      g === undefined ||
      at < last ||
      (at === last && !isArrayField(g)) ||
      (g.choice !== undefined && prev.choice === g.choice && prev.branch !== g.branch) ||
      (g.choice !== undefined && prev.choice === g.choice && g.branch === undefined && at !== last);
    if (next) flush();
    current.push(k);
    last = at;
  }
  flush();
  if (items.length < f.min && f.choice === undefined) {
    throw new DecodeError(
      fpath,
      items.length === 0
        ? `missing required element (one of ${[...names.local].join(', ')})`
        : `expected at least ${f.min} occurrences, got ${items.length}`,
    );
  }
  if (f.max > 1 && items.length > f.max)
    throw new DecodeError(fpath, `at most ${f.max} occurrences allowed, got ${items.length}`);
  if (items.length > 0 || f.choice === undefined) out[f.prop] = items;
}

/** The index of the field of an ordered group's item type that reads `k` (-1 when none does). */
function itemFieldIndex(itemFlat: FlatType, k: XmlElement, types: TypeRegistry): number {
  const fields = itemFlat.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.ordered !== undefined && 'complex' in f.value) {
      if (inGroup(groupNames(types, f.value.complex), k, itemFlat.exact)) return i;
    } else if (isFieldElement(f, k)) return i;
  }
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.ordered === undefined && k.name === f.name && !itemFlat.exact.has(`${k.ns}|${k.name}`)) return i;
  }
  return -1;
}
