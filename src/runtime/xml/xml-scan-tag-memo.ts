/**
 * The start tag a scan read last with attributes, kept so that the same tag read again
 * (the `<records xsi:type="sf:sObject">` of each record of a large answer) is not parsed
 * again: its name, attributes and their namespaces are those of the last one when the
 * characters from `<` to `>` are the same and no namespace binding changed since (the
 * scope's version is the same). Only tags without namespace declarations are kept, and
 * only by scans whose elements no tree keeps by default (a sink's, xml-scan.ts), so a
 * shared attribute array (frozen) is seen by few: a decoder may compare it by identity
 * (codec-stream.ts `valueFrame`).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { XmlAttribute } from './xml-tree.js';

/** A start tag with attributes as the scanner read it, and what it found. */
export interface RepeatedStartTag {
  /** The tag's characters, `<` to `>`. */
  readonly tag: string;
  /** The namespace scope's version when it was read (xml-scan-scope.ts). */
  readonly version: number;
  /** Its attributes (nodes the scan counts besides the element). */
  readonly count: number;
  readonly qname: string;
  readonly ns: string;
  readonly name: string;
  readonly prefix: string;
  /** The attributes, frozen: every element of this tag holds this array. */
  readonly attrs: XmlAttribute[];
}
