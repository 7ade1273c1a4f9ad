/**
 * The element tree that the scanner builds and every reader of XML walks: the types
 * alone, so that the scanner, the parser and the memos can share them without importing
 * each other (xml-scan -> xml-tree <- xml-parse).
 */

/** An attribute, identified by namespace URI and local name. */
export interface XmlAttribute {
  /** Namespace URI, `''` for an unprefixed attribute. */
  readonly ns: string;
  /** Local name. */
  readonly name: string;
  /** The prefix as written (`''` when none). */
  readonly prefix: string;
  readonly value: string;
}

/**
 * An element of the parsed tree. Text and CDATA are kept as strings in `children`.
 * Treat trees as read-only: each tree has its own elements and `children` and
 * `attrs` arrays, but attribute objects and `nsDecls` may be frozen objects shared
 * with the parser's memos (see `ParseXmlOptions.memo` and `ParseXmlOptions.shapes` in xml-parse.ts).
 */
export interface XmlElement {
  /** Namespace URI, `''` when the element is in no namespace. */
  readonly ns: string;
  /** Local name. */
  readonly name: string;
  /** The prefix as written (`''` for the default namespace or none). */
  readonly prefix: string;
  /** Attributes other than namespace declarations, in document order. */
  readonly attrs: XmlAttribute[];
  /** Namespace declarations made on this element: prefix (`''` for default) to URI. */
  readonly nsDecls: Readonly<Record<string, string>>;
  /** Child elements and text runs, in document order. */
  readonly children: (XmlElement | string)[];
  /** The enclosing element, `undefined` at the root. */
  readonly parent: XmlElement | undefined;
  /** 1-based line of the start tag (0 when positions are off). */
  readonly line: number;
  /** 1-based column of the start tag's `<` (0 when positions are off). */
  readonly column: number;
}
