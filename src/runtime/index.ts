/**
 * The runtime's shared surface: XML, descriptors, the codec, envelopes and faults,
 * which generated schema.ts, types.ts and index.ts import and both sides use. The
 * client's surface is client/index.ts, the server's server/index.ts; a contract
 * generated for one side only gets that side's folder and this one.
 *
 * Layers, one direction (checked by `npm run layers`): xml <- wire <- client, and
 * xml <- wire <- server; client and server never import each other. Explicit
 * re-exports only: sibling files share helper names (`decodeBody`, `XSD_NS`...)
 * that are not part of the API.
 *
 * The core only: an output gets the import closure of what its generated files
 * import, so this file must not re-export optional modules (wire/dataset.ts,
 * wire/soap-array.ts, wire/ws-security.ts, wire/mtom.ts and what it imports): users and generated code import those
 * directly.
 */
export type {
  AttrDesc,
  BindingKind,
  ComplexDesc,
  ElementName,
  FaultDesc,
  FieldDesc,
  HttpOperationDesc,
  HttpParamDesc,
  OperationDesc,
  PortDesc,
  ScalarKind,
  ServiceDesc,
  SoapMessageDesc,
  SoapOperationDesc,
  SubstDesc,
  ValueDesc,
} from './wire/descriptors.js';
export { SchemaData, type OptionalModule } from './wire/descriptor-data.js';
export type { OneOf } from './wire/one-of.js';
export { parseXml, XmlParseError, type XmlAttribute, type XmlElement } from './xml/xml-parse.js';
export { XmlWriter, escapeAttr, escapeText } from './xml/xml-write.js';
export { DecodeError, EncodeError, readValue, writeValue } from './wire/codec.js';
export {
  SOAP_11_ENV_NS,
  SOAP_12_ENV_NS,
  parseEnvelope,
  writeEnvelope,
  type SoapVersion,
} from './wire/soap-envelope.js';
export {
  HttpError,
  ResponseError,
  ResponseLimitError,
  type ResponseLimitOption,
  SoapFault,
  SoapFaultError,
  parseFault,
  writeFault,
  type FaultCode,
} from './wire/faults.js';
export { MultipartError, XOP_NS, type Attachment, type MultipartProblem } from './wire/attachments.js';
