/**
 * Decodes, parses and classifies one document: WSDL 1.1 (`wsdl:definitions`,
 * WSDL 1.1 §2.1), WSDL 2.0 (`description`, WSDL 2.0 Part 1 §2.1) or XML Schema
 * (`xsd:schema`, XML Schema Part 1 §3.15).
 */
import { parseXml, XmlParseError, type XmlElement } from '../runtime/xml/xml-parse.js';
import type { Diagnostic } from '../util/diagnostics.js';
import { userError } from '../util/errors.js';
import { decodeXmlBytes } from './decode.js';
import { blankMisplacedDeclaration } from './misplaced-declaration.js';
import { qualifyNoNamespaceWsdl } from './no-namespace-wsdl.js';
import { WSDL_NS, WSDL20_NS, XSD_NAMESPACES } from './namespaces.js';
import { parseRecoveringPrefixes } from './recover-prefixes.js';

/** A decoded, parsed and classified document (`wsdl` for WSDL 1.1 and WSDL 2.0: the root's namespace tells them apart). */
export interface ParsedDocument {
  readonly kind: 'wsdl' | 'xsd';
  readonly root: XmlElement;
  readonly text: string;
  /**
   * Lenient mode: what was repaired, as located warnings: a misplaced XML declaration, unbound
   * conventional prefixes read with their namespace, a `definitions` root in no namespace.
   */
  readonly recovered: readonly Diagnostic[];
}

/** Deepest nesting accepted in a contract document (large real schemas stay far below). */
const MAX_DEPTH = 512;

function describeRoot(root: XmlElement): string {
  const qname = root.prefix ? `${root.prefix}:${root.name}` : root.name;
  return root.ns ? `<${qname}> in namespace ${root.ns}` : `<${qname}> in no namespace`;
}

/**
 * Decodes and parses a document, then checks its root.
 * @param bytes raw document bytes
 * @param file display name for error locations
 * @param lenient repair, each with a located warning, what strict mode refuses: an XML
 *   declaration after comments or blank lines (misplaced-declaration.ts), unbound conventional
 *   prefixes (`xsd`, `soap`, `sp`, ...; recover-prefixes.ts), a WSDL 1.1 document whose root
 *   `definitions` is in no namespace (no-namespace-wsdl.ts)
 * @throws WsdlcError for bad encodings, XML that is not well-formed or refused
 *   (DOCTYPE), or a root that is neither WSDL 1.1, WSDL 2.0 nor XSD
 */
export function parseDocument(bytes: Uint8Array, file: string, lenient = false): ParsedDocument {
  const { text } = decodeXmlBytes(bytes, file, lenient);
  let root: XmlElement;
  const recovered: Diagnostic[] = [];
  const parse = (t: string): XmlElement => parseXml(t, { positions: true, maxDepth: MAX_DEPTH, fileName: file });
  try {
    if (lenient) {
      const declaration = blankMisplacedDeclaration(text, file);
      if (declaration.recovered) recovered.push(declaration.recovered);
      const prefixes = parseRecoveringPrefixes(declaration.text, file, parse);
      root = prefixes.root;
      recovered.push(...prefixes.recovered);
      const noNamespace = qualifyNoNamespaceWsdl(root, file);
      if (noNamespace) recovered.push(noNamespace);
    } else root = parse(text);
  } catch (err) {
    if (err instanceof XmlParseError) {
      const refused = /^(DOCTYPE|elements nested)/.test(err.message);
      const message = refused ? err.message : `not well-formed XML: ${err.message}`;
      throw userError(message, { file, line: Math.max(err.line, 1), column: Math.max(err.column, 1) });
    }
    throw err;
  }
  const at = { file, line: root.line, column: root.column };
  if (root.ns === WSDL_NS && root.name === 'definitions') return { kind: 'wsdl', root, text, recovered };
  if (root.ns === WSDL20_NS && root.name === 'description') return { kind: 'wsdl', root, text, recovered };
  if (XSD_NAMESPACES.has(root.ns) && root.name === 'schema') return { kind: 'xsd', root, text, recovered };
  throw userError(
    `root element is ${describeRoot(root)}; expected wsdl:definitions (${WSDL_NS}), a WSDL 2.0 description (${WSDL20_NS}) or xsd:schema`,
    at,
  );
}
