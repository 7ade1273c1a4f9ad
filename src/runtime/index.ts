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
export { SchemaData } from './wire/descriptor-data.js';
export type { OneOf } from './wire/one-of.js';
export { parseXml, XmlParseError, type XmlAttribute, type XmlElement } from './xml/xml-parse.js';
export {
  decodeDataSet,
  readDataSetSchema,
  writeDataSet,
  type DataSet,
  type DataSetColumn,
  type DataSetRow,
  type DataSetSchema,
  type DataSetTable,
  type DataSetValue,
} from './wire/dataset.js';
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
  SoapFault,
  SoapFaultError,
  parseFault,
  writeFault,
  type FaultCode,
} from './wire/faults.js';
export { MultipartError, type Attachment, type MultipartProblem } from './wire/multipart.js';
export { XOP_NS } from './wire/xop.js';
export {
  checkSecurityHeader,
  memoryNonceCache,
  passwordDigest,
  WSSE_NS,
  WSU_NS,
  WsSecurityError,
  wsSecurityHeader,
  type NonceCache,
  type UsernameTokenPolicy,
  type WsSecurityFaultCode,
  type WsSecurityOptions,
  type WsSecurityResult,
} from './wire/ws-security.js';
