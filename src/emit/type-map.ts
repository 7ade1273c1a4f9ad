/**
 * XML Schema built-in datatypes (XML Schema Part 2 §3) to runtime scalar kinds
 * and TypeScript types, per the user's {@link TypeMappingOptions}.
 *
 * | XSD (Part 2 section)                                   | ScalarKind                         | TypeScript |
 * | ------------------------------------------------------ | ---------------------------------- | ---------- |
 * | string and derived (§3.2.1, §3.3.1–§3.3.12), anyURI, NOTATION, anySimpleType | string        | `string` |
 * | boolean (§3.2.2)                                       | boolean                            | `boolean` |
 * | float, double (§3.2.4, §3.2.5)                         | double                             | `number` |
 * | decimal (§3.2.3)                                       | double / decimalString             | `number` / `string` |
 * | int, short, byte, unsignedInt/Short/Byte (§3.3.17–§3.3.24) | int                            | `number` |
 * | long, integer, (non)negative/positiveInteger, unsignedLong (§3.3.13–§3.3.21) | int / bigint / integerString | `number` / `bigint` / `string` |
 * | dateTime (§3.2.7)                                      | dateTime / string                  | `Date` / `string` |
 * | date, time, duration, gYear... (§3.2.6, §3.2.8–§3.2.14) | string                            | `string` |
 * | base64Binary (§3.2.16), hexBinary (§3.2.15)            | base64, hex                        | `Uint8Array` |
 * | QName (§3.2.18)                                        | qname                              | `{ ns: string; name: string; }` |
 * | anyType (Part 1 §3.4.7)                                | xml                                | `XmlElement` |
 *
 * The SOAP encoding namespace (SOAP 1.1 §5) redeclares the same simple types
 * (plus `base64`); they map the same way.
 */
import type { IntegerRange, ScalarKind } from '../runtime/wire/descriptors.js';
import type { TypeMappingOptions } from './types.js';

/** TypeScript text for each scalar kind. */
export const SCALAR_TS: Readonly<Record<ScalarKind, string>> = {
  string: 'string',
  boolean: 'boolean',
  int: 'number',
  double: 'number',
  bigint: 'bigint',
  integerString: 'string',
  decimalString: 'string',
  dateTime: 'Date',
  base64: 'Uint8Array',
  hex: 'Uint8Array',
  qname: '{ ns: string; name: string; }',
  xml: 'XmlElement',
  dataSet: 'DataSet',
};

const INT32_FAMILY = new Set(['int', 'short', 'byte', 'unsignedInt', 'unsignedShort', 'unsignedByte']);
const LONG_FAMILY = new Set([
  'long',
  'integer',
  'nonNegativeInteger',
  'positiveInteger',
  'nonPositiveInteger',
  'negativeInteger',
  'unsignedLong',
]);

/** Bounded integer built-ins by local name (xsd:integer itself is unbounded). */
const INTEGER_RANGES: ReadonlySet<string> = new Set<IntegerRange>([
  'long',
  'int',
  'short',
  'byte',
  'unsignedLong',
  'unsignedInt',
  'unsignedShort',
  'unsignedByte',
  'nonNegativeInteger',
  'positiveInteger',
  'nonPositiveInteger',
  'negativeInteger',
]);

/** The value space a built-in integer type is bounded to (XML Schema Part 2 §3.3.14-§3.3.25), if any. */
export function builtinRange(localName: string): IntegerRange | undefined {
  return INTEGER_RANGES.has(localName) ? (localName as IntegerRange) : undefined;
}

/**
 * Patterns whose every match is a valid value of a built-in type read and written
 * as a string (XML Schema Part 2 §3.2, §3.3), for a mock's made-up values
 * (`sampleFacets`): a word such as `delta42` is a valid `xs:string` but no `xs:date`.
 */
export const BUILTIN_SAMPLE_PATTERNS: Readonly<Record<string, string>> = {
  date: '20[0-2][0-9]-0[1-9]-1[0-9]',
  time: '1[0-2]:[0-5][0-9]:[0-5][0-9]',
  dateTime: '20[0-2][0-9]-0[1-9]-1[0-9]T1[0-2]:[0-5][0-9]:[0-5][0-9]Z',
  duration: 'P[1-9]DT[1-9]H',
  gYear: '20[0-2][0-9]',
  gYearMonth: '20[0-2][0-9]-0[1-9]',
  gMonth: '--0[1-9]',
  gMonthDay: '--0[1-9]-1[0-9]',
  gDay: '---1[0-9]',
  anyURI: 'http://example\\.com/[a-z]{1,8}',
  language: 'en(-US)?',
  Name: '[a-z][a-z0-9]{0,7}',
  NCName: '[a-z][a-z0-9]{0,7}',
  NMTOKEN: '[a-z0-9]{1,8}',
  NMTOKENS: '[a-z0-9]{1,8}',
  ID: '[a-z][a-z0-9]{7}',
  IDREF: '[a-z][a-z0-9]{7}',
  ENTITY: '[a-z][a-z0-9]{0,7}',
};

/** The scalar kind of a built-in XSD (or SOAP-encoding) type by local name; unknown names map to `string`. */
export function builtinScalar(localName: string, mapping: TypeMappingOptions): ScalarKind {
  if (INT32_FAMILY.has(localName)) return 'int';
  if (LONG_FAMILY.has(localName)) {
    return mapping.long === 'bigint' ? 'bigint' : mapping.long === 'string' ? 'integerString' : 'int';
  }
  switch (localName) {
    case 'boolean':
      return 'boolean';
    case 'float':
    case 'double':
      return 'double';
    case 'decimal':
      return mapping.decimal === 'string' ? 'decimalString' : 'double';
    case 'dateTime':
      return mapping.dateTime === 'string' ? 'string' : 'dateTime';
    case 'base64Binary':
    case 'base64':
      return 'base64';
    case 'hexBinary':
      return 'hex';
    case 'QName':
      return 'qname';
    case 'anyType':
    // soapenc:Array and soapenc:Struct named directly (SOAP 1.1 §5.4.2, `<element type="SOAP-ENC:Array"/>`):
    // the item types are only in each message (`soapenc:arrayType`), so the value is the raw element.
    case 'Array':
    case 'Struct':
      return 'xml';
    default:
      return 'string';
  }
}
