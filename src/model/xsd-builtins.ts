/**
 * The built-in datatypes of XML Schema 1.0 (Part 2 §3.2 primitive and §3.3
 * derived datatypes, plus `anyType` from Part 1 §3.4.7 and `anySimpleType`).
 */
import type { QName } from './types.js';
import { XSD_NS } from './types.js';
import { SOAP12_ENC_NS, SOAPENC_NS } from './namespaces.js';

/** Local names of every XML Schema 1.0 built-in type. */
export const XSD_BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'anyType',
  'anySimpleType',
  // primitive (Part 2 §3.2)
  'string',
  'boolean',
  'decimal',
  'float',
  'double',
  'duration',
  'dateTime',
  'time',
  'date',
  'gYearMonth',
  'gYear',
  'gMonthDay',
  'gDay',
  'gMonth',
  'hexBinary',
  'base64Binary',
  'anyURI',
  'QName',
  'NOTATION',
  // derived (Part 2 §3.3)
  'normalizedString',
  'token',
  'language',
  'NMTOKEN',
  'NMTOKENS',
  'Name',
  'NCName',
  'ID',
  'IDREF',
  'IDREFS',
  'ENTITY',
  'ENTITIES',
  'integer',
  'nonPositiveInteger',
  'negativeInteger',
  'long',
  'int',
  'short',
  'byte',
  'nonNegativeInteger',
  'unsignedLong',
  'unsignedInt',
  'unsignedShort',
  'unsignedByte',
  'positiveInteger',
]);

/** Whether `q` names an XML Schema built-in type (`q.ns` must already be normalised to {@link XSD_NS}). */
export function isBuiltinType(q: QName): boolean {
  return q.ns === XSD_NS && XSD_BUILTIN_TYPES.has(q.name);
}

/**
 * Whether `q` is in the SOAP encoding namespace (SOAP 1.1 §5): `soapenc:Array`,
 * `soapenc:arrayType`, `soapenc:string`... are accepted without a schema being loaded.
 */
export function isSoapEncodingName(q: QName): boolean {
  return q.ns === SOAPENC_NS || q.ns === SOAP12_ENC_NS;
}
