/**
 * Lenient mode: the namespace prefixes that have one conventional meaning in WSDL 1.1
 * documents, so that a document using one without declaring it (not namespace-well-formed,
 * Namespaces in XML 1.0 §5, "Namespace constraint: Prefix Declared") can still be read.
 * Strict mode never consults this table. Each entry is the namespace the prefix is bound
 * to by the specification that introduces it (or, for `s`, by the tool that made it common).
 * Prefixes used for more than one namespace in practice (`wsa`: the 2004/08 submission and
 * the 2005/08 Recommendation; `soapenv`: the SOAP 1.1 and the SOAP 1.2 envelope) and the
 * document-specific ones (`tns`, `ns1`, ...) are left out: an unbound use stays an error.
 */
import {
  SOAP_11_ENC_NS,
  WSDL_HTTP_NS,
  WSDL_MIME_NS,
  WSDL_NS,
  WSDL_SOAP11_NS,
  WSDL_SOAP12_NS,
  WSU_NS,
} from '../runtime/wire/namespaces.js';
import { XSD_NS, XSI_NS } from '../runtime/xml/namespaces.js';

/** The conventional prefixes and their namespaces (docs/lenient.md lists the same table). */
export const CONVENTIONAL_PREFIXES: ReadonlyMap<string, string> = new Map([
  // XML Schema Part 1 §3.15 and Part 2 §3 use xs and xsd; `s` is what wsdl.exe and ASP.NET ?wsdl write.
  ['xs', XSD_NS],
  ['xsd', XSD_NS],
  ['s', XSD_NS],
  // XML Schema Part 1 §2.6.
  ['xsi', XSI_NS],
  // WSDL 1.1 §1.2 (notational conventions: wsdl, soap, http, mime, soapenc; its xsd is the
  // 2000/10 draft, read here as the Recommendation, as the rest of wsdlc does).
  ['wsdl', WSDL_NS],
  ['soap', WSDL_SOAP11_NS],
  ['http', WSDL_HTTP_NS],
  ['mime', WSDL_MIME_NS],
  ['soapenc', SOAP_11_ENC_NS],
  // WSDL 1.1 Binding Extension for SOAP 1.2 (W3C Member Submission, 2006) §1.2.
  ['soap12', WSDL_SOAP12_NS],
  // Describing Media Content of Binary Data in XML (W3C Note, 2005) §2.
  ['xmime', 'http://www.w3.org/2005/05/xmlmime'],
  // WS-Policy 1.2 (W3C Member Submission, 2006), the version WCF and most published WSDLs use.
  ['wsp', 'http://schemas.xmlsoap.org/ws/2004/09/policy'],
  // WS-Security utility (OASIS WSS 1.0).
  ['wsu', WSU_NS],
  // WS-Addressing 1.0 - Metadata (W3C Recommendation, 2007) §2 and the WSDL Binding (W3C CR, 2006).
  ['wsam', 'http://www.w3.org/2007/05/addressing/metadata'],
  ['wsaw', 'http://www.w3.org/2006/05/addressing/wsdl'],
  // The rest of the WS-Policy family, as the OASIS standards name them in their namespace tables:
  // WS-SecurityPolicy 1.2 §1.3 (sp) and 1.3 §1.3 (sp13, the assertions 1.3 added);
  // WS-ReliableMessaging 1.1 §1.4 (wsrm) and WS-RM Policy 1.1 §1.4 (wsrmp); WS-Trust 1.3 §1.4 (wst).
  ['sp', 'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702'],
  ['sp13', 'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200802'],
  ['wsrm', 'http://docs.oasis-open.org/ws-rx/wsrm/200702'],
  ['wsrmp', 'http://docs.oasis-open.org/ws-rx/wsrmp/200702'],
  ['wst', 'http://docs.oasis-open.org/ws-sx/ws-trust/200512'],
  // WS-MTOMPolicy (2004/09, the assertion WCF writes) and WS-MetadataExchange (2004/09), as WCF prefixes them.
  ['wsoma', 'http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization'],
  ['wsx', 'http://schemas.xmlsoap.org/ws/2004/09/mex'],
]);

/** The conventional namespace of `prefix`, or `undefined` when it has none (then an unbound use stays an error). */
export function conventionalNamespace(prefix: string): string | undefined {
  return CONVENTIONAL_PREFIXES.get(prefix);
}
