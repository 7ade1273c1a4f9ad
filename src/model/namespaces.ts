/**
 * Namespace URIs the model builder recognises, under the names the model uses.
 * Each is defined once (the runtime's xml/namespaces.ts and wire/namespaces.ts,
 * the loader's namespaces.ts); only the WS-Addressing ones are the model's own.
 * WSDL 1.1 §1.2 (notational conventions) lists the WSDL, SOAP, HTTP and MIME
 * binding namespaces; the SOAP 1.2 binding namespace comes from the WSDL 1.1
 * SOAP 1.2 binding note.
 */
export { isXsdNamespace, normalizeXsdNamespace } from '../load/namespaces.js';
export {
  DIFFGRAM_NS,
  SOAP_11_ENC_NS as SOAPENC_NS,
  SOAP_12_ENC_NS as SOAP12_ENC_NS,
  WSDL_HTTP_NS as HTTP_BINDING_NS,
  WSDL_MIME_NS as MIME_NS,
  WSDL_NS,
  WSDL_SOAP11_NS as SOAP11_BINDING_NS,
  WSDL_SOAP12_NS as SOAP12_BINDING_NS,
} from '../runtime/wire/namespaces.js';
export { XML_NS, XSI_NS } from '../runtime/xml/namespaces.js';

/** WS-Addressing WSDL binding namespaces that carry `Action` on operation messages. */
export const ADDRESSING_ACTION_NS: readonly string[] = [
  'http://www.w3.org/2006/05/addressing/wsdl',
  'http://www.w3.org/2007/05/addressing/metadata',
  'http://www.w3.org/2006/02/addressing/wsdl',
];
