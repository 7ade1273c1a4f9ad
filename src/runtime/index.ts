/**
 * The runtime's public surface: what generated code (client.ts, server.ts,
 * schema.ts, types.ts, index.ts) imports, and what users of generated code may
 * import. Explicit re-exports only: sibling files share helper names
 * (`decodeBody`, `XSD_NS`...) that are not part of the API.
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
} from './descriptors.js';
export { parseXml, XmlParseError, type XmlAttribute, type XmlElement } from './xml-parse.js';
export { XmlWriter, escapeAttr, escapeText } from './xml-write.js';
export { DecodeError, EncodeError, readValue, writeValue } from './codec.js';
export { SOAP_11_ENV_NS, SOAP_12_ENV_NS, parseEnvelope, writeEnvelope, type SoapVersion } from './soap-envelope.js';
export {
  HttpError,
  ResponseError,
  SoapFault,
  SoapFaultError,
  parseFault,
  writeFault,
  type FaultCode,
} from './faults.js';
export { ServiceClient, type CallOptions, type ClientOptions } from './client.js';
export type { Transport, TransportRequest, TransportResponse } from './transport.js';
export { createHttp1Transport, HttpProtocolError, type Http1TransportOptions } from './transport-http1.js';
export { createNodeTransport, type NodeTransportOptions } from './transport-node.js';
export { fetchTransport } from './transport-fetch.js';
export { isDeclaredFault, type DeclaredFault } from './declared-faults.js';
export { withSoapHeaders, type CallOptionsWithHeaders, type SoapHeadersContext } from './soap-headers.js';
export {
  createServiceHandler,
  defineOperation,
  type HandlerOptions,
  type OperationImpl,
  type RequestContext,
  type ServiceHandler,
} from './server.js';
