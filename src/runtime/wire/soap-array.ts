/**
 * SOAP-encoded arrays (SOAP 1.1 §5.4.2, SOAP 1.2 Part 2 §3.1.6; WSDL 1.1 §2.2
 * example 5): a `soapenc:Array` value is its items in order, each an element
 * (named `item` when written; any name when read). Written with the item type
 * and count, `soapenc:arrayType="xsd:string[3]"` (`xsd:string[][2]` for an
 * array of two arrays) in SOAP 1.1, `enc:itemType="xsd:string" enc:arraySize="3"`
 * in SOAP 1.2; read whatever the message declares, since the schema already
 * gives the item type. The declared size is never used to allocate: an array
 * costs what its items cost in the message (references are bounded by the codec).
 * Partially transmitted and sparse arrays (SOAP 1.1 §5.4.2.1-2: `soapenc:offset`,
 * `soapenc:position`) are read with holes where items were not sent; arrays
 * are always written whole.
 *
 * Ships with generated code whose contract has such arrays (its schema.ts imports
 * this module, which registers itself with the codec, see codec-extensions.ts);
 * imports only sibling runtime files.
 */
import type { XmlElement } from '../xml/xml-parse.js';
import { XSI_NS, type XmlWriter } from '../xml/xml-write.js';
import type { ComplexDesc } from './descriptors.js';
import { SOAP_11_ENC_NS, SOAP_12_ENC_NS, SOAP_12_ENV_NS } from './namespaces.js';
import { DecodeError, EncodeError } from './scalars.js';
import {
  codecExtensions,
  type SoapArrayItemReader,
  type SoapArrayItemWriter,
  type SoapReferenceFollower,
} from './codec-extensions.js';
import type { OptionalModule } from './descriptor-data.js';

export type { SoapArrayItemReader, SoapArrayItemWriter, SoapReferenceFollower } from './codec-extensions.js';

/** Declares `prefix` for `ns` on the open start tag when `ns` has no prefix in scope and `prefix` is free. */
function preferPrefix(w: XmlWriter, prefix: string, ns: string): void {
  if (w.lookupPrefix(ns, false) === undefined && w.lookupUri(prefix) === undefined) w.declare(prefix, ns);
}

/**
 * Writes the array attributes and items of `value` into the open start tag of
 * the array element. SOAP 1.2 encoding when the writer is inside a SOAP 1.2
 * envelope, else SOAP 1.1.
 * @param level array levels left above the items (`desc.soapArrayNesting` at the top)
 * @throws EncodeError when `value` (or a nested level) is not an array
 */
export function writeSoapArray(
  w: XmlWriter,
  value: unknown,
  desc: ComplexDesc,
  path: string,
  level: number,
  writeItem: SoapArrayItemWriter,
): void {
  if (!Array.isArray(value)) throw new EncodeError(path, `expected an array (${desc.name}), got ${typeof value}`);
  const type = desc.soapArrayType;
  if (w.lookupPrefix(SOAP_12_ENV_NS) !== undefined) {
    preferPrefix(w, 'enc', SOAP_12_ENC_NS);
    // SOAP 1.2 Part 2 §3.1.6: itemType names the members' type; an array of arrays has members of no one named type.
    if (type && level === 0) w.attr(SOAP_12_ENC_NS, 'itemType', w.qnameText(type.ns, type.name));
    w.attr(SOAP_12_ENC_NS, 'arraySize', String(value.length));
  } else if (type) {
    preferPrefix(w, 'soapenc', SOAP_11_ENC_NS);
    w.attr(SOAP_11_ENC_NS, 'arrayType', `${w.qnameText(type.ns, type.name)}${'[]'.repeat(level)}[${value.length}]`);
  }
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    const at = `${path}[${i}]`;
    if (!(i in value))
      throw new EncodeError(at, 'a hole in a sparse array: wsdlc reads soapenc:position but writes every item');
    if (level === 0) {
      writeItem(w, v, at);
      continue;
    }
    w.start('', 'item');
    if (v === null) w.attr(XSI_NS, 'nil', 'true');
    else writeSoapArray(w, v, desc, at, level - 1, writeItem);
    w.end();
  }
}

/**
 * Reads the items of a SOAP array element: its child elements in order, whatever
 * their names (SOAP 1.1 §5.4.2: the item names carry no meaning), each possibly a
 * reference to a multi-ref value or `xsi:nil` (`null`).
 * @param level array levels left above the items
 */
export function readSoapArray(
  el: XmlElement,
  path: string,
  level: number,
  readItem: SoapArrayItemReader,
  follow: SoapReferenceFollower,
  isNil: (el: XmlElement) => boolean,
): unknown[] {
  const out: unknown[] = [];
  // SOAP 1.1 §5.4.2.1-2: a partially transmitted array starts at `offset`, a sparse one places each item at its
  // `position`; the items not transmitted are holes of the array (read as `undefined`).
  const size = declaredSize(el, path);
  const offset = attrOf(el, 'offset');
  let next = offset === undefined ? 0 : arrayIndex(offset, 'offset', path, size);
  for (const c of el.children) {
    if (typeof c === 'string') {
      // An array's content is its items: text is a value where an array belongs (say, in an array of arrays).
      if (c.trim() !== '') throw new DecodeError(path, 'expected an array of items, got text');
      continue;
    }
    const position = attrOf(c, 'position');
    const index = position === undefined ? next : arrayIndex(position, 'position', `${path}/${c.name}`, size);
    if (index in out)
      throw new DecodeError(`${path}/${c.name}`, `soapenc:position="${position}" repeats an item already read`);
    const at = `${path}/${c.name}[${index}]`;
    out[index] =
      level === 0
        ? readItem(c, at)
        : follow(c, at, (t) => (isNil(t) ? null : readSoapArray(t, at, level - 1, readItem, follow, isNil)));
    next = index + 1;
  }
  return out;
}

/** The largest index an array may hold when its message declares no size: a hole costs nothing, but a length does. */
const MAX_UNDECLARED_INDEX = 1 << 20;

/** A SOAP 1.1 encoding attribute of `el` (also read unqualified, as some stacks write it). */
function attrOf(el: XmlElement, name: string): string | undefined {
  for (const a of el.attrs) if (a.name === name && (a.ns === SOAP_11_ENC_NS || a.ns === '')) return a.value;
  return undefined;
}

/** The size `soapenc:arrayType="t[n]"` declares for the outermost dimension, if one. */
function declaredSize(el: XmlElement, path: string): number | undefined {
  const type = attrOf(el, 'arrayType');
  if (type === undefined) return undefined;
  const m = /\[(\d*)\]\s*$/.exec(type);
  if (m === null || m[1] === '') return undefined;
  const n = Number(m[1]);
  if (!Number.isSafeInteger(n)) throw new DecodeError(path, `soapenc:arrayType="${type}" declares no usable size`);
  return n;
}

/** The index written as `[n]` by soapenc:offset/position (one dimension), checked against the declared size. */
function arrayIndex(text: string, what: string, path: string, size: number | undefined): number {
  const m = /^\s*\[\s*(\d+)\s*\]\s*$/.exec(text);
  if (m === null)
    throw new DecodeError(path, `soapenc:${what}="${text}" is not an index like "[2]" (one-dimensional arrays only)`);
  const n = Number(m[1]);
  const limit = size ?? MAX_UNDECLARED_INDEX;
  if (!(n < limit))
    throw new DecodeError(
      path,
      size === undefined
        ? `soapenc:${what}="${text}" is beyond ${MAX_UNDECLARED_INDEX} items (the array declares no size)`
        : `soapenc:${what}="${text}" is outside the declared size ${size}`,
    );
  return n;
}

codecExtensions.soapArray = { read: readSoapArray, write: writeSoapArray };

/** This module's mark, which a generated schema.ts hands to `SchemaData` (see `OptionalModule`). */
export const soapArrayModule: OptionalModule = { module: 'wire/soap-array' };
