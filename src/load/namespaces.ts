/**
 * Namespace URIs the loader recognises when it classifies roots and follows references.
 * XML, XML Schema, SOAP and WSDL 1.1 namespaces are defined once, in the runtime
 * (src/runtime/xml/namespaces.ts, src/runtime/wire/namespaces.ts); this file adds
 * what only the compiler needs.
 */
import { XSD_NS } from '../runtime/xml/namespaces.js';

export { WSDL_NS, WSDL20_NS } from '../runtime/wire/namespaces.js';
export { XSD_NS } from '../runtime/xml/namespaces.js';

/** WSDL 2.0 SOAP binding extension namespace, also its `binding/@type` value (WSDL 2.0 Part 2 §5). */
export const WSDL20_SOAP_NS = 'http://www.w3.org/ns/wsdl/soap';

/** WSDL 2.0 HTTP binding extension namespace, also its `binding/@type` value (WSDL 2.0 Part 2 §6). */
export const WSDL20_HTTP_NS = 'http://www.w3.org/ns/wsdl/http';

/** WSDL 2.0 extensions namespace (`wsdlx:safe`, WSDL 2.0 Part 2 §3.1). */
export const WSDL20_EXTENSIONS_NS = 'http://www.w3.org/ns/wsdl-extensions';

/**
 * Namespaces under which `schema`, `import`, `include` and `redefine` are honoured:
 * the Recommendation's plus the 1999 and 2000/10 drafts that old WSDLs still use.
 */
export const XSD_NAMESPACES: ReadonlySet<string> = new Set([
  XSD_NS,
  'http://www.w3.org/2000/10/XMLSchema',
  'http://www.w3.org/1999/XMLSchema',
]);

/** Whether `ns` is an XML Schema namespace (current or a pre-Recommendation draft). */
export function isXsdNamespace(ns: string): boolean {
  // The Recommendation's namespace first: the question is asked of every schema element, mostly unoptimised.
  return ns === XSD_NS || XSD_NAMESPACES.has(ns);
}

/** Maps the draft XML Schema namespaces onto {@link XSD_NS}; other namespaces unchanged. */
export function normalizeXsdNamespace(ns: string): string {
  return ns === XSD_NS || !XSD_NAMESPACES.has(ns) ? ns : XSD_NS;
}
