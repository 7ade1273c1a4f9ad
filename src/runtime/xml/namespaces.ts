/**
 * The namespace URIs of XML itself and of XML Schema: the one place they are written
 * down. The rest of the runtime and the compiler import them from here.
 */

/** The `xml:` prefix's namespace, bound in every document (Namespaces in XML 1.0 §3). */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** The namespace of namespace declarations (`xmlns`, `xmlns:p`; Namespaces in XML 1.0 §3). */
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
/** XML Schema 1.0 (XML Schema Part 1 §3.15). */
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
/** XML Schema instance (`xsi:type`, `xsi:nil`; XML Schema Part 1 §2.6). */
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
