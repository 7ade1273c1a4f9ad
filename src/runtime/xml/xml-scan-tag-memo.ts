/**
 * The start tag a scan read last with attributes, kept so that the same tag read again
 * (the `<records xsi:type="sf:sObject">` of each record of a large answer) is not parsed
 * again: its name and attributes, with their namespaces, are those of the last one when the
 * characters from `<` to `>` are the same and no namespace binding changed since (same
 * scope, same version). Only tags without namespace declarations are kept, and only by
 * scans that read leaves (xml-scan-leaves.ts, the streaming decoder of large answers; not
 * in browser bundles). The elements of one kept tag share its attribute array, frozen: a
 * decoder may compare it by identity (codec-stream.ts `valueFrame`).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { NamespaceScope } from './xml-scan-scope.js';
import type { XmlAttribute } from './xml-tree.js';

/** A start tag with attributes as the scanner read it, and what it found. */
export interface RepeatedStartTag {
  /** The tag's characters, `<` to `>`. */
  readonly tag: string;
  /** The namespace scope it was read in, and the scope's version then. */
  readonly scope: NamespaceScope;
  readonly version: number;
  readonly qname: string;
  /** The prefix's length in {@link qname}, or -1. */
  readonly colon: number;
  /** Its attributes (nodes the scan counts besides the element). */
  readonly count: number;
  /** The attributes, frozen: every element of this tag holds this array. */
  readonly attrs: XmlAttribute[];
}

/** What of a scan the memo reads. */
interface TagScanState {
  readonly text: string;
  readonly scope: NamespaceScope;
}

/** The last start tag with attributes of a scan (see the module comment). */
export class StartTagMemo {
  private last: RepeatedStartTag | undefined = undefined;

  /** The kept tag when the start tag at `start` is the same, in the same scope; else `undefined`. */
  repeated(s: TagScanState, start: number): RepeatedStartTag | undefined {
    const last = this.last;
    return last !== undefined &&
      last.scope === s.scope &&
      last.version === s.scope.version &&
      s.text.startsWith(last.tag, start)
      ? last
      : undefined;
  }

  /**
   * Keeps the start tag from `start` to `next`, of `qname` (`colon`: the prefix's length, or
   * -1) and `count` attributes `attrs` (no namespace declaration), read in `s`'s scope as it
   * is now. Freezes `attrs`.
   */
  keep(
    s: TagScanState,
    start: number,
    next: number,
    qname: string,
    colon: number,
    count: number,
    attrs: XmlAttribute[],
  ): void {
    this.last = {
      tag: s.text.slice(start, next),
      scope: s.scope,
      version: s.scope.version,
      qname,
      colon,
      count,
      attrs: Object.freeze(attrs) as XmlAttribute[],
    };
  }
}
