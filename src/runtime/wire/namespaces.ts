/**
 * The namespace URIs, role URIs and content types of SOAP and WSDL 1.1: the one place
 * they are written down. The rest of the runtime and the compiler import them from here.
 */

/** SOAP 1.1 envelope (SOAP 1.1 §4). */
export const SOAP_11_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** SOAP 1.2 envelope (SOAP 1.2 Part 1 §5). */
export const SOAP_12_ENV_NS = 'http://www.w3.org/2003/05/soap-envelope';
/** SOAP 1.1 encoding (`soapenc:`, SOAP 1.1 §5). */
export const SOAP_11_ENC_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
/** SOAP 1.2 encoding (SOAP 1.2 Part 2 §3). */
export const SOAP_12_ENC_NS = 'http://www.w3.org/2003/05/soap-encoding';
/** SOAP 1.1 `actor` meaning the next node (SOAP 1.1 §4.2.2). */
export const SOAP_11_ACTOR_NEXT = 'http://schemas.xmlsoap.org/soap/actor/next';
/** SOAP 1.2 role `next` (SOAP 1.2 Part 1 §2.2). */
export const SOAP_12_ROLE_NEXT = 'http://www.w3.org/2003/05/soap-envelope/role/next';
/** SOAP 1.2 role `ultimateReceiver` (SOAP 1.2 Part 1 §2.2). */
export const SOAP_12_ROLE_ULTIMATE_RECEIVER = 'http://www.w3.org/2003/05/soap-envelope/role/ultimateReceiver';

/** WS-Security `wsse:` (OASIS SOAP Message Security 1.0 §4). */
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
/** WS-Security utility `wsu:` (Timestamp, Created, Expires, Id; SOAP Message Security 1.0 §4). */
export const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';

/** WSDL 1.1 framework (`wsdl:`, WSDL 1.1 §2.1). */
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
/** WSDL 1.1 SOAP 1.1 binding (`soap:`, WSDL 1.1 §3). */
export const WSDL_SOAP11_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
/** WSDL 1.1 SOAP 1.2 binding (`soap12:`, the WSDL 1.1 SOAP 1.2 binding note). */
export const WSDL_SOAP12_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
/** WSDL 1.1 HTTP GET/POST binding (`http:`, WSDL 1.1 §4). */
export const WSDL_HTTP_NS = 'http://schemas.xmlsoap.org/wsdl/http/';
/** WSDL 2.0 (`description`, WSDL 2.0 Part 1 §2.1). */
export const WSDL20_NS = 'http://www.w3.org/ns/wsdl';
/** WSDL 1.1 MIME binding (`mime:`, WSDL 1.1 §5). */
export const WSDL_MIME_NS = 'http://schemas.xmlsoap.org/wsdl/mime/';

/** Content type of SOAP 1.1 messages and of plain XML documents we send (SOAP 1.1 §6.1.1). */
export const TEXT_XML_UTF8 = 'text/xml; charset=utf-8';
/** Content type of SOAP 1.2 messages (SOAP 1.2 Part 2 §7.1.4, RFC 3902). */
export const SOAP12_XML_UTF8 = 'application/soap+xml; charset=utf-8';
/** Content type of plain-text answers (HTTP GET/POST faults, errors). */
export const TEXT_PLAIN_UTF8 = 'text/plain; charset=utf-8';
/** Content type of HTTP POST binding requests (WSDL 1.1 §4.5 `mime:content`, HTML forms). */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
/** The `msdata` annotation namespace of ADO.NET DataSet schemas. */
export const MSDATA_NS = 'urn:schemas-microsoft-com:xml-msdata';
/** The ADO.NET DiffGram namespace (the rows of a DataSet on the wire). */
export const DIFFGRAM_NS = 'urn:schemas-microsoft-com:xml-diffgram-v1';
