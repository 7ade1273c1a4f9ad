/**
 * Namespace URIs the model builder recognises.
 * WSDL 1.1 §1.2 (notational conventions) lists the WSDL, SOAP, HTTP and MIME
 * binding namespaces; the SOAP 1.2 binding namespace comes from the WSDL 1.1
 * SOAP 1.2 binding note.
 */
import { XSD_NS } from './types.js';

/** WSDL 1.1 framework namespace (`wsdl:`). */
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
/** WSDL 1.1 SOAP 1.1 binding namespace (`soap:`, WSDL 1.1 §3). */
export const SOAP11_BINDING_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
/** WSDL 1.1 SOAP 1.2 binding namespace (`soap12:`). */
export const SOAP12_BINDING_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
/** WSDL 1.1 HTTP GET/POST binding namespace (`http:`, WSDL 1.1 §4). */
export const HTTP_BINDING_NS = 'http://schemas.xmlsoap.org/wsdl/http/';
/** WSDL 1.1 MIME binding namespace (`mime:`, WSDL 1.1 §5). */
export const MIME_NS = 'http://schemas.xmlsoap.org/wsdl/mime/';
/** SOAP 1.1 encoding namespace (`soapenc:`, SOAP 1.1 §5). */
export const SOAPENC_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
/** SOAP 1.2 encoding namespace. */
export const SOAP12_ENC_NS = 'http://www.w3.org/2003/05/soap-encoding';
/** The `xml:` namespace (always bound). */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** XML Schema instance namespace (`xsi:`). */
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
/** WS-Addressing WSDL binding namespaces that carry `Action` on operation messages. */
export const ADDRESSING_ACTION_NS: readonly string[] = [
  'http://www.w3.org/2006/05/addressing/wsdl',
  'http://www.w3.org/2007/05/addressing/metadata',
  'http://www.w3.org/2006/02/addressing/wsdl',
];

/** XML Schema namespaces: the 2001 Recommendation and the older drafts some WSDLs still use. */
const XSD_NAMESPACES = new Set<string>([
  XSD_NS,
  'http://www.w3.org/2000/10/XMLSchema',
  'http://www.w3.org/1999/XMLSchema',
]);

/** Whether `ns` is an XML Schema namespace (current or a pre-Recommendation draft). */
export function isXsdNamespace(ns: string): boolean {
  return XSD_NAMESPACES.has(ns);
}

/** Maps the draft XML Schema namespaces onto {@link XSD_NS}; other namespaces unchanged. */
export function normalizeXsdNamespace(ns: string): string {
  return ns !== XSD_NS && XSD_NAMESPACES.has(ns) ? XSD_NS : ns;
}
