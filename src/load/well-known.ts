/**
 * Namespaces whose schemas every SOAP toolkit knows without fetching them. An
 * `xsd:import` of one of these that points at a remote URL (typically the namespace
 * URI itself, e.g. `schemaLocation="http://schemas.xmlsoap.org/soap/encoding/"`)
 * is not followed: the model provides their components (SOAP 1.1 §5 encoding types,
 * `xml:lang`, `wsdl:arrayType`), and contracts then load offline.
 * A local copy (a relative or file location) is still loaded.
 */
import { SOAP_11_ENC_NS, SOAP_12_ENC_NS, WSDL_NS } from '../runtime/wire/namespaces.js';
import { XML_NS, XSD_NS } from '../runtime/xml/namespaces.js';
import { attr } from '../runtime/xml/xml-parse.js';
import { isHttpUrl } from './display-name.js';
import type { DocumentReference } from './references.js';

/** Namespaces whose remote schema locations are not fetched. */
export const WELL_KNOWN_NAMESPACES: ReadonlySet<string> = new Set([
  SOAP_11_ENC_NS,
  SOAP_12_ENC_NS,
  XML_NS,
  XSD_NS,
  WSDL_NS,
]);

/**
 * True when `ref` is an `xsd:import` of a well-known namespace from a remote URL.
 * @param ref the reference
 * @param identity the resolved target
 */
export function isSkippedWellKnownImport(ref: DocumentReference, identity: string): boolean {
  if (ref.kind !== 'xsd:import' || !isHttpUrl(identity)) return false;
  const ns = attr(ref.element, 'namespace');
  return ns !== undefined && WELL_KNOWN_NAMESPACES.has(ns);
}
