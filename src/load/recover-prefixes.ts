/**
 * Lenient mode: reads a document that uses a conventional namespace prefix (`xsd`,
 * `soap`, `wsp`, ... see conventional-prefixes.ts) without declaring it. The runtime's
 * scanner stays strict (Namespaces in XML 1.0 §5): when it stops on an unbound prefix
 * that has a conventional meaning, the document is parsed again as if its root element
 * declared that prefix, and a located warning records the recovery. The declarations
 * are inserted into a copy of the text; positions are mapped back to the original, so
 * every element and error keeps its own `line:column`.
 */
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { XmlParseError } from '../runtime/xml/xml-parse.js';
import { lineColumnAt } from '../runtime/xml/xml-scan.js';
import type { Diagnostic } from '../util/diagnostics.js';
import { conventionalNamespace } from './conventional-prefixes.js';

/** What {@link parseRecoveringPrefixes} returns: the root and one warning per prefix it declared. */
export interface RecoveredParse {
  readonly root: XmlElement;
  readonly recovered: readonly Diagnostic[];
}

const UNBOUND = /^unbound namespace prefix "([^"]+)" in (?:element|attribute) name /;

/** Offset just after the root element's name, or -1 (prolog: XML declaration, comments, PIs, space). */
function rootNameEnd(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return -1;
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) return -1;
      i = end + 2;
    } else if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) return -1;
      i = end + 3;
    } else if (text.startsWith('<!', lt)) {
      return -1;
    } else {
      let k = lt + 1;
      while (k < text.length && !/[\s/>]/.test(text.charAt(k))) k++;
      return k;
    }
  }
}

/** The declarations for `prefixes`, as attribute text (ASCII, no line break). */
function declarations(prefixes: ReadonlyMap<string, string>): string {
  let out = '';
  for (const [prefix, ns] of prefixes) out += ` xmlns:${prefix}="${ns}"`;
  return out;
}

/** Moves elements on the root's line after the inserted text back to their original columns. */
function unshift(el: XmlElement, line: number, after: number, by: number): void {
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    if (child.line === line && child.column > after) (child as { column: number }).column -= by;
    unshift(child, line, after, by);
  }
}

/**
 * Parses `text` with `parse`; when it fails on an unbound prefix that has a conventional
 * namespace, declares that prefix on the root and parses again (once per prefix).
 * @param text the decoded document
 * @param file display name for warning locations
 * @param parse the strict parser (throws XmlParseError with original-text positions)
 * @throws XmlParseError for every other failure, and for an unbound prefix with no
 *   conventional meaning, located in the original text
 */
export function parseRecoveringPrefixes(
  text: string,
  file: string,
  parse: (text: string) => XmlElement,
): RecoveredParse {
  const declared = new Map<string, string>();
  const recovered: Diagnostic[] = [];
  const at = rootNameEnd(text);
  const insertion = at < 0 ? undefined : lineColumnAt(text, at);
  for (;;) {
    const added = declarations(declared);
    const patched = added === '' || at < 0 ? text : text.slice(0, at) + added + text.slice(at);
    try {
      const root = parse(patched);
      if (added !== '' && insertion) unshift(root, insertion.line, insertion.column, added.length);
      return { root, recovered };
    } catch (err) {
      if (!(err instanceof XmlParseError)) throw err;
      let { line, column } = err;
      if (added !== '' && insertion && line === insertion.line && column > insertion.column) column -= added.length;
      const prefix = UNBOUND.exec(err.message)?.[1];
      const ns = prefix === undefined ? undefined : conventionalNamespace(prefix);
      if (prefix === undefined || ns === undefined || declared.has(prefix) || at < 0) {
        throw added === '' ? err : new XmlParseError(err.message, line, column);
      }
      declared.set(prefix, ns);
      recovered.push({
        severity: 'warning',
        message: `unbound prefix ${prefix}: read as ${ns} (lenient: its conventional namespace, throughout the document)`,
        location: { file, line, column },
      });
    }
  }
}
