/**
 * Namespace URIs the loader recognises when it classifies roots and follows references.
 */

/** WSDL 1.1 namespace (WSDL 1.1 §2.1). */
export const WSDL11_NS = 'http://schemas.xmlsoap.org/wsdl/';

/** WSDL 2.0 namespace (WSDL 2.0 Part 1 §2.1): recognised only to refuse it clearly. */
export const WSDL20_NS = 'http://www.w3.org/ns/wsdl';

/** XML Schema 1.0 namespace (XML Schema Part 1 §3.15). */
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

/**
 * Namespaces under which `schema`, `import`, `include` and `redefine` are honoured:
 * the Recommendation's plus the 1999 and 2000/10 drafts that old WSDLs still use.
 */
export const XSD_NAMESPACES: ReadonlySet<string> = new Set([
  XSD_NS,
  'http://www.w3.org/2000/10/XMLSchema',
  'http://www.w3.org/1999/XMLSchema',
]);
