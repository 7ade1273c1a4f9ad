/**
 * Lenient mode: a document whose XML declaration stands after comments or blank lines.
 * XML 1.0 §2.8 allows the declaration only at the very start ([22] prolog ::= XMLDecl? ...;
 * "The document type declaration ... [and] the XML declaration ... MUST appear before the
 * first element", and §2.6 reserves the target `xml`), so the scanner refuses it. Editors and
 * templating tools that prepend a licence comment or a blank line make such documents. Lenient
 * mode reads the declaration where it stands (its `encoding` chooses the decoding, as it would
 * at the start) and blanks it out of the text the scanner sees, keeping every other character in
 * place so that each position stays the one in the text as written.
 */
import { lineColumnAt } from '../runtime/xml/xml-scan.js';
import type { Diagnostic } from '../util/diagnostics.js';

/** Where a misplaced declaration stands in a text: `[start, end)`, end just after `?>`. */
export interface MisplacedDeclaration {
  readonly start: number;
  readonly end: number;
}

const SPACE = /[ \t\r\n]/;

/**
 * The XML declaration of `text` when only white space and comments precede it, or
 * `undefined` (none, or at offset 0 where it belongs, or after anything else: a
 * declaration after the root's start tag stays an error).
 * @param text the document (decoded, or the first bytes read as Latin-1: the prolog is ASCII)
 */
export function findMisplacedDeclaration(text: string): MisplacedDeclaration | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const first = i;
  for (;;) {
    while (i < text.length && SPACE.test(text.charAt(i))) i++;
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return undefined;
      i = close + 3;
      continue;
    }
    break;
  }
  if (i === first || !text.startsWith('<?xml', i) || !SPACE.test(text.charAt(i + 5))) return undefined;
  const close = text.indexOf('?>', i + 5);
  return close < 0 ? undefined : { start: i, end: close + 2 };
}

/** What {@link blankMisplacedDeclaration} returns: the text to parse and the warning, if it repaired one. */
export interface DeclarationRepair {
  readonly text: string;
  readonly recovered?: Diagnostic;
}

/**
 * Replaces a misplaced XML declaration by spaces (line breaks kept), so the scanner reads the
 * rest with unchanged positions, and records a located warning.
 * @param text the decoded document
 * @param file display name for the warning's location
 */
export function blankMisplacedDeclaration(text: string, file: string): DeclarationRepair {
  const at = findMisplacedDeclaration(text);
  if (!at) return { text };
  const blank = text.slice(at.start, at.end).replace(/[^\r\n]/g, ' ');
  const { line, column } = lineColumnAt(text, at.start);
  return {
    text: text.slice(0, at.start) + blank + text.slice(at.end),
    recovered: {
      severity: 'warning',
      message:
        'the XML declaration stands after comments or blank lines, where XML 1.0 §2.8 does not allow it (lenient: read as if it opened the document)',
      location: { file, line, column },
    },
  };
}
