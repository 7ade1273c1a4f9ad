/**
 * Reference implementation for differential tests and benchmarks: the previous
 * `parseXml`, built on `saxes`, producing the same XmlElement tree.
 *
 * Element positions are computed from the offset of each start tag's "<" (saxes's
 * own line/column at `opentagstart` is wrong when the tag name is followed by a line
 * break), with a deliberately simple line counter independent of the scanner's.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { XmlAttribute, XmlElement } from '../../src/runtime/xml/xml-parse.js';

interface MutableElement {
  ns: string;
  name: string;
  prefix: string;
  attrs: XmlAttribute[];
  nsDecls: Record<string, string>;
  children: (XmlElement | string)[];
  parent: XmlElement | undefined;
  line: number;
  column: number;
}

const NO_DECLS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Returns a function giving the 1-based line and column (in code points) of a
 * UTF-16 offset; CR LF, CR and LF end lines (XML 1.0 §2.11); a leading BOM is not counted.
 */
export function referenceLineColumn(text: string): (offset: number) => { line: number; column: number } {
  const starts = [text.startsWith('\uFEFF') ? 1 : 0];
  for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index + m[0].length);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: [...text.slice(starts[lo]!, offset)].length + 1 };
  };
}

/** Options of {@link saxesParseXml}. */
export interface ReferenceOptions {
  readonly positions?: boolean;
  readonly maxDepth?: number;
}

/** A document saxes rejected. */
export class ReferenceParseError extends Error {
  override readonly name = 'ReferenceParseError';
}

/** Parses with saxes into the XmlElement tree shape of src/runtime/xml/xml-parse.ts. */
export function saxesParseXml(text: string, options: ReferenceOptions = {}): XmlElement {
  const positions = options.positions ?? false;
  const maxDepth = options.maxDepth ?? 256;
  const parser = new SaxesParser({ xmlns: true, position: positions });
  const internals = parser as unknown as { prevI: number };
  let root: MutableElement | undefined;
  let current: MutableElement | undefined;
  let depth = 0;
  let startOffset = 0;
  const lineColumn = referenceLineColumn(text);

  parser.on('error', (err) => {
    throw new ReferenceParseError(err.message);
  });
  parser.on('doctype', () => {
    throw new ReferenceParseError('DOCTYPE declarations are not allowed (no DTDs, no entity declarations)');
  });
  if (positions) {
    parser.on('opentagstart', (tag) => {
      // saxes has consumed "<name" and the character after it (at prevI).
      startOffset = internals.prevI - tag.name.length - 1;
    });
  }
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth++;
    if (depth > maxDepth) throw new ReferenceParseError(`elements nested deeper than ${maxDepth} levels`);
    const attrs: XmlAttribute[] = [];
    for (const key in tag.attributes) {
      const a = tag.attributes[key]!;
      if (a.prefix === 'xmlns' || (a.prefix === '' && a.local === 'xmlns')) continue;
      attrs.push({ ns: a.uri, name: a.local, prefix: a.prefix, value: a.value });
    }
    let decls: Record<string, string> = NO_DECLS as Record<string, string>;
    for (const p in tag.ns) {
      if (decls === NO_DECLS) decls = {};
      decls[p] = tag.ns[p]!;
    }
    const pos = positions ? lineColumn(startOffset) : { line: 0, column: 0 };
    const el: MutableElement = {
      ns: tag.uri,
      name: tag.local,
      prefix: tag.prefix,
      attrs,
      nsDecls: decls,
      children: [],
      parent: current,
      line: pos.line,
      column: pos.column,
    };
    if (current) current.children.push(el);
    else root = el;
    current = el;
  });
  parser.on('closetag', () => {
    depth--;
    current = current?.parent as MutableElement | undefined;
  });
  const onText = (t: string): void => {
    if (current) current.children.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (!root) throw new ReferenceParseError('document has no root element');
  return root;
}
