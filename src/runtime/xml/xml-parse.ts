/**
 * Namespace-aware XML parsing into a small element tree.
 *
 * The parser is our own strict XML 1.0 + Namespaces in XML 1.0 scanner
 * (xml-scan.ts), so generated code needs no XML dependency. It is used both by the
 * generator's loader (with source positions) and by generated clients and servers
 * at run time (without positions). DOCTYPE declarations are refused outright, so
 * no entity can be declared, expanded or fetched (SOAP 1.1 §3 and SOAP 1.2 Part 1
 * §5 forbid a DTD in a SOAP message; we apply the same rule to WSDL and XSD).
 *
 * Tree shape: text is kept as runs in `children`; a run ends at any markup
 * (element, comment, processing instruction), and each CDATA section is a run of
 * its own. Use {@link textOf} for the text of an element.
 */
import { XML_NS } from './namespaces.js';
import type { XmlPrefixMemo } from './xml-prefix-memo.js';
import { lineColumnAt, scanXml, XmlScanFailure, type XmlLimit, type XmlScanSink } from './xml-scan.js';

import type { XmlShapeMemo } from './xml-shape-memo.js';
import type { XmlElement } from './xml-tree.js';

export { XmlPrefixMemo } from './xml-prefix-memo.js';
export type { XmlLimit, XmlScanSink } from './xml-scan.js';
export type { XmlAttribute, XmlElement } from './xml-tree.js';
export { XmlShapeMemo, type XmlShape, type XmlShapeMatch } from './xml-shape-memo.js';

/** Options for {@link parseXml}. */
export interface ParseXmlOptions {
  /** Record line and column of each element (the loader wants them; run-time code does not). */
  readonly positions?: boolean;
  /** Deepest element nesting accepted; deeper documents are rejected. Default 256. */
  readonly maxDepth?: number | undefined;
  /** Most nodes accepted (elements, attributes, text runs); larger documents are rejected. Default: no limit. */
  readonly maxNodes?: number | undefined;
  /** Name used in error messages. */
  readonly fileName?: string;
  /**
   * Skip re-reading a document start seen before (SOAP messages from one peer all
   * begin alike); same result either way. Not used with `positions`.
   */
  readonly memo?: XmlPrefixMemo | undefined;
  /**
   * Build a document that repeats an earlier one's markup with other text values
   * from its recorded shape; same result either way. Not used with `positions`.
   */
  readonly shapes?: XmlShapeMemo | undefined;
  /** The caller matched the text against `shapes` and none matched: only record its shape. */
  readonly shapesMissed?: boolean;
  /**
   * Told of each element as it opens and closes; the tree holds only the elements it keeps
   * (see XmlScanSink in xml-scan.ts). Memos are not used. What it throws reaches the caller.
   */
  readonly sink?: XmlScanSink;
}

/**
 * A document that is not well-formed, or is refused (DOCTYPE), or that reached a
 * limit of the parse (`limit`: more nodes than `maxNodes`, deeper than `maxDepth`),
 * which says nothing about the document's form.
 */
export class XmlParseError extends Error {
  override readonly name = 'XmlParseError';
  /** 1-based line, 0 if unknown. */
  readonly line: number;
  /** 1-based column, 0 if unknown. */
  readonly column: number;
  /** The option whose limit the document reached; `undefined` when the document itself is at fault. */
  readonly limit: XmlLimit | undefined;

  constructor(message: string, line: number, column: number, limit?: XmlLimit) {
    super(message);
    this.line = line;
    this.column = column;
    this.limit = limit;
  }
}

/**
 * Parses a complete XML document and returns its root element.
 * @throws XmlParseError when the text is not well-formed (XML 1.0), not
 *   namespace-well-formed (Namespaces in XML 1.0), declares a DOCTYPE or nests
 *   deeper than `maxDepth`. The error carries the 1-based line and column of the
 *   offending character.
 */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlElement {
  try {
    return scanXml(text, {
      positions: options.positions ?? false,
      maxDepth: options.maxDepth ?? 256,
      maxNodes: options.maxNodes,
      memo: options.memo,
      shapes: options.shapes,
      shapesMissed: options.shapesMissed,
      sink: options.sink,
    });
  } catch (err) {
    if (err instanceof XmlScanFailure) {
      const { line, column } = lineColumnAt(text, err.offset);
      throw new XmlParseError(err.message, line, column, err.limit);
    }
    throw err;
  }
}

/** Concatenated text content of an element's direct text children. */
export function textOf(el: XmlElement): string {
  const c = el.children;
  if (c.length === 1 && typeof c[0] === 'string') return c[0];
  let s = '';
  for (const child of c) if (typeof child === 'string') s += child;
  return s;
}

/** Child elements of `el` (text skipped), optionally filtered by namespace and local name. */
export function childElements(el: XmlElement, ns?: string, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    if (ns !== undefined && child.ns !== ns) continue;
    if (name !== undefined && child.name !== name) continue;
    out.push(child);
  }
  return out;
}

/** The first child element with the given namespace and local name. */
export function firstChild(el: XmlElement, ns: string, name: string): XmlElement | undefined {
  for (const child of el.children) {
    if (typeof child !== 'string' && child.ns === ns && child.name === name) return child;
  }
  return undefined;
}

/** The value of an attribute by namespace (`''` for unprefixed) and local name. */
export function attr(el: XmlElement, name: string, ns = ''): string | undefined {
  for (const a of el.attrs) if (a.name === name && a.ns === ns) return a.value;
  return undefined;
}

/**
 * Resolves a namespace prefix in the scope of `el` (`''` for the default namespace).
 * Returns `undefined` if the prefix is not bound.
 */
export function lookupNamespace(el: XmlElement, prefix: string): string | undefined {
  if (prefix === 'xml') return XML_NS;
  for (let e: XmlElement | undefined = el; e; e = e.parent) {
    const uri = e.nsDecls[prefix];
    if (uri !== undefined) return uri;
  }
  return prefix === '' ? '' : undefined;
}

/**
 * Resolves a QName written in content (for example `xsi:type="tns:Foo"` or
 * `type="s:string"`) in the scope of `el`.
 * Returns `undefined` when the prefix is unbound.
 */
export function resolveQName(el: XmlElement, qname: string): { ns: string; name: string } | undefined {
  const trimmed = qname.trim();
  const i = trimmed.indexOf(':');
  const prefix = i < 0 ? '' : trimmed.slice(0, i);
  const name = i < 0 ? trimmed : trimmed.slice(i + 1);
  const ns = lookupNamespace(el, prefix);
  return ns === undefined ? undefined : { ns, name };
}
