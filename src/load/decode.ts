/**
 * Turns the bytes of an XML document into text before parsing.
 *
 * Follows XML 1.0 §4.3.3 and Appendix F: a byte order mark decides first
 * (UTF-8, UTF-16 LE/BE); without one, a UTF-16 document is recognised by the
 * byte pattern of `<?xml`; otherwise the `encoding` pseudo-attribute of the XML
 * declaration names the encoding, and UTF-8 is the default.
 */
import { decodeCp1252 } from '../runtime/xml/xml-decode.js';
import { userError } from '../util/errors.js';
import { findMisplacedDeclaration } from './misplaced-declaration.js';

/** The result of {@link decodeXmlBytes}. */
export interface DecodedText {
  /** The document text, without a byte order mark. */
  readonly text: string;
  /** The encoding actually used, lower case (`utf-8`, `utf-16le`, `iso-8859-1`, ...). */
  readonly encoding: string;
}

/** Where the `encoding` pseudo-attribute's value sits (1-based, on line 1 of the declaration). */
interface DeclaredEncoding {
  readonly label: string;
  readonly line: number;
  readonly column: number;
}

const UTF16_LABELS = new Set(['utf-16', 'utf16', 'utf-16le', 'utf-16be', 'ucs-2', 'iso-10646-ucs-2', 'unicode']);
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
/** Labels decoded byte for byte as ISO-8859-1 (true Latin-1, not the WHATWG windows-1252 alias). */
const LATIN1_LABELS = new Set([
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'latin-1',
  'l1',
  'iso-ir-100',
  'cp819',
  'ibm819',
]);
const ASCII_LABELS = new Set(['us-ascii', 'ascii', 'iso646-us', 'ansi_x3.4-1968']);

/**
 * Reads the `encoding` pseudo-attribute of an XML declaration from the first bytes
 * (XML 1.0 §2.8 production EncodingDecl), which are ASCII-compatible here.
 */
function readDeclaredEncoding(bytes: Uint8Array, offset: number): DeclaredEncoding | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(bytes.length - offset, 512)).toString(
    'latin1',
  );
  if (!head.startsWith('<?xml')) return undefined;
  const end = head.indexOf('?>');
  const decl = end < 0 ? head : head.slice(0, end);
  const m = /\sencoding\s*=\s*(["'])([^"']*)\1/.exec(decl);
  if (!m) return undefined;
  const before = decl.slice(0, m.index + m[0].indexOf(m[1]!) + 1);
  const lastNl = before.lastIndexOf('\n');
  const line = 1 + (before.match(/\n/g)?.length ?? 0);
  return { label: m[2]!.trim(), line, column: before.length - lastNl };
}

/** 1-based line and column of a character offset in `text`. */
function positionOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

/** Decodes with `fatal` so bad bytes are reported, located at the first replacement character. */
function strictDecode(bytes: Uint8Array, encoding: string, file: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    const lenient = new TextDecoder(encoding).decode(bytes);
    const at = lenient.indexOf('\uFFFD');
    const pos = positionOf(lenient, Math.max(at, 0));
    throw userError(`bytes that are not valid ${encoding.toUpperCase()} (check the file's encoding)`, { file, ...pos });
  }
}

/**
 * Lenient mode: the `encoding` of an XML declaration that stands after comments or blank
 * lines (see misplaced-declaration.ts), located in the document.
 */
function readMisplacedEncoding(bytes: Uint8Array): DeclaredEncoding | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString('latin1');
  const at = findMisplacedDeclaration(head);
  const declared = at && readDeclaredEncoding(bytes, at.start);
  if (!at || !declared) return undefined;
  const start = positionOf(head, at.start);
  return {
    label: declared.label,
    line: start.line + declared.line - 1,
    column: declared.line === 1 ? start.column + declared.column - 1 : declared.column,
  };
}

/**
 * Decodes the bytes of an XML document.
 * @param bytes the raw document
 * @param file display name used in error locations
 * @param lenient also honour the `encoding` of an XML declaration after comments or blank lines
 * @throws WsdlcError for an unknown or unsupported encoding, or bytes invalid in it
 */
export function decodeXmlBytes(bytes: Uint8Array, file: string, lenient = false): DecodedText {
  const b0 = bytes[0];
  const b1 = bytes[1];
  const b2 = bytes[2];
  const b3 = bytes[3];
  // Byte order marks (XML 1.0 Appendix F.1).
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    return { text: strictDecode(bytes.subarray(3), 'utf-8', file), encoding: 'utf-8' };
  }
  if (b0 === 0xff && b1 === 0xfe)
    return { text: strictDecode(bytes.subarray(2), 'utf-16le', file), encoding: 'utf-16le' };
  if (b0 === 0xfe && b1 === 0xff)
    return { text: strictDecode(bytes.subarray(2), 'utf-16be', file), encoding: 'utf-16be' };
  // UTF-16 without a BOM, recognised by "<?" (Appendix F.1, "without a byte order mark").
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) {
    return { text: strictDecode(bytes, 'utf-16le', file), encoding: 'utf-16le' };
  }
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) {
    return { text: strictDecode(bytes, 'utf-16be', file), encoding: 'utf-16be' };
  }
  const declared = readDeclaredEncoding(bytes, 0) ?? (lenient ? readMisplacedEncoding(bytes) : undefined);
  const label = declared?.label.toLowerCase() ?? 'utf-8';
  // A declaration claiming UTF-16 on 8-bit bytes is a common mislabelling (.NET tools
  // write it); the bytes are ASCII-compatible, so read them as UTF-8.
  if (UTF8_LABELS.has(label) || UTF16_LABELS.has(label)) {
    return { text: strictDecode(bytes, 'utf-8', file), encoding: 'utf-8' };
  }
  if (LATIN1_LABELS.has(label) || ASCII_LABELS.has(label)) {
    return {
      text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'),
      encoding: 'iso-8859-1',
    };
  }
  if (label === 'windows-1252' || label === 'cp1252' || label === 'x-cp1252')
    return { text: decodeCp1252(bytes), encoding: 'windows-1252' };
  let canonical: string;
  try {
    canonical = new TextDecoder(label).encoding;
  } catch {
    const where = declared ? { file, line: declared.line, column: declared.column } : { file, line: 1, column: 1 };
    throw userError(`unknown or unsupported encoding "${declared?.label ?? label}" in the XML declaration`, where);
  }
  return { text: strictDecode(bytes, canonical, file), encoding: canonical };
}
