/**
 * The compact encoding of descriptors (wsdlc's own, read by descriptor-data.ts,
 * written by the generator): the shape of every descriptor record as an ordered
 * list of properties and how each is encoded. A record is a JSON array of its
 * properties' encoded values in this order; an absent property is `null`, and
 * trailing absent properties are left out. The generator and the runtime share
 * this one table, so the two sides cannot drift apart.
 *
 * Property encodings:
 * - `s` a string; `n` a number; `b` a boolean as `1`/`0`;
 * - `ns` a namespace URI as an index into the namespace table;
 * - `enum` a list of strings as an index into the enumeration table;
 * - `key` a complex type key as an index into the type key table;
 * - `v` a {@link ValueDesc}: a number `k >= 0` is `{ complex: keys[k] }`, `k < 0`
 *   is `{ scalar: SCALAR_KINDS[-k - 1] }`; an array is a `scalar` record;
 * - `prop` a property name that is `0` when it equals the record's `name`;
 * - a shape name: a nested record; `[shape]`: an array of records, except
 *   `[field]`: an array of indexes into the document's field table (each
 *   distinct field record once).
 *
 * A document is lines of JSON (JSON text holds no raw line break), so that the
 * runtime parses a record only when it builds it (a large contract's first call
 * reads a few of its types, issue 31):
 * - line 0, the header: `[format, namespaces, enumerations, type keys, type names,
 *   services]`; type names: per type its name (`0` when it is the type's key) and
 *   its namespace's index, for `xsi:type` lookups without parsing a type's line;
 *   a service: `[name, target namespace, [port], first operation's line, number of
 *   operations]`;
 * - a `complex` record per type key, in key order;
 * - a `field` record per distinct field (the field table);
 * - an `operation` record per operation, service after service.
 */
import type { ScalarKind } from './descriptors.js';

/** The encoding of one property. */
export type PropertyEncoding = 's' | 'n' | 'b' | 'ns' | 'enum' | 'key' | 'v' | 'prop' | ShapeName | `[${ShapeName}]`;

/** The record shapes. */
export type ShapeName =
  | 'scalar'
  | 'field'
  | 'subst'
  | 'attr'
  | 'text'
  | 'complex'
  | 'element'
  | 'message'
  | 'fault'
  | 'soapOp'
  | 'param'
  | 'httpIn'
  | 'httpOut'
  | 'httpOp'
  | 'operation'
  | 'port';

/** Each shape's properties, in encoding order (the order the decoder creates them in). */
export const SHAPES: Readonly<Record<ShapeName, readonly (readonly [string, PropertyEncoding])[]>> = {
  scalar: [
    ['scalar', 'n'],
    ['enum', 'enum'],
    ['list', 'b'],
    ['range', 's'],
  ],
  field: [
    ['prop', 'prop'],
    ['name', 's'],
    ['ns', 'ns'],
    ['value', 'v'],
    ['min', 'n'],
    ['max', 'n'],
    ['nillable', 'b'],
    ['choice', 'n'],
    ['branch', 'n'],
    ['subst', '[subst]'],
    ['abstract', 'b'],
    ['ordered', 's'],
    ['wild', 'b'],
  ],
  subst: [
    ['name', 's'],
    ['ns', 'ns'],
    ['value', 'v'],
  ],
  attr: [
    ['prop', 'prop'],
    ['name', 's'],
    ['ns', 'ns'],
    ['value', 'v'],
    ['required', 'b'],
  ],
  text: [
    ['prop', 's'],
    ['value', 'v'],
  ],
  complex: [
    ['name', 's'],
    ['ns', 'ns'],
    ['base', 'key'],
    ['fields', '[field]'],
    ['attrs', '[attr]'],
    ['text', 'text'],
    ['any', 's'],
    ['anyAttr', 's'],
    ['soapArray', 'v'],
    ['soapArrayType', 'element'],
    ['soapArrayNesting', 'n'],
    ['soapArrayItem', 'element'],
    ['array', 'b'],
  ],
  element: [
    ['name', 's'],
    ['ns', 'ns'],
  ],
  message: [
    ['element', 'element'],
    ['value', 'v'],
    ['result', 's'],
    ['part', 's'],
    ['headers', '[field]'],
    ['nillable', 'b'],
  ],
  fault: [
    ['name', 's'],
    ['element', 'element'],
    ['value', 'v'],
  ],
  soapOp: [
    ['action', 's'],
    ['style', 's'],
    ['use', 's'],
    ['input', 'message'],
    ['output', 'message'],
    ['faults', '[fault]'],
    ['get', 'httpOp'],
  ],
  param: [
    ['prop', 'prop'],
    ['name', 's'],
    ['value', 'v'],
    ['min', 'n'],
    ['max', 'n'],
    ['inPath', 'b'],
  ],
  httpIn: [
    ['element', 'element'],
    ['value', 'v'],
    ['part', 's'],
  ],
  httpOut: [
    ['element', 'element'],
    ['value', 'v'],
    ['nillable', 'b'],
    ['result', 's'],
  ],
  httpOp: [
    ['path', 's'],
    ['params', '[param]'],
    ['input', 'httpIn'],
    ['output', 'httpOut'],
    ['separator', 's'],
  ],
  operation: [
    ['name', 's'],
    ['method', 's'],
    ['input', 'v'],
    ['output', 'v'],
    ['soap11', 'soapOp'],
    ['soap12', 'soapOp'],
    ['httpGet', 'httpOp'],
    ['httpPost', 'httpOp'],
  ],
  port: [
    ['name', 's'],
    ['kind', 's'],
    ['address', 's'],
    ['path', 's'],
  ],
};

/** Scalar kinds by their code (`v` encodes kind `i` as `-i - 1`). Append only: the order is the format. */
export const SCALAR_KINDS: readonly ScalarKind[] = [
  'string',
  'boolean',
  'int',
  'double',
  'bigint',
  'integerString',
  'decimalString',
  'dateTime',
  'base64',
  'hex',
  'qname',
  'xml',
  'dataSet',
];

/**
 * Every scalar kind once: a kind added to `ScalarKind` and not to this record fails
 * to compile here, and `test/emit/descriptor-data.test.ts` checks that
 * {@link SCALAR_KINDS} lists exactly these keys.
 */
export const SCALAR_KIND_SET: Readonly<Record<ScalarKind, true>> = {
  string: true,
  boolean: true,
  int: true,
  double: true,
  bigint: true,
  integerString: true,
  decimalString: true,
  dateTime: true,
  base64: true,
  hex: true,
  qname: true,
  xml: true,
  dataSet: true,
};

/**
 * Version of the encoding, the first item of the data. The runtime refuses data
 * of another version (generated code and its runtime copy come from one wsdlc).
 */
export const DESCRIPTOR_FORMAT = 3;
