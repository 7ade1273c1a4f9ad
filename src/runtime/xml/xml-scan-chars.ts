/**
 * Character classes of XML 1.0 (Fifth Edition) used by the scanner in xml-scan.ts,
 * over UTF-16 code units as returned by `String.prototype.charCodeAt`.
 *
 * - Char (§2.2 [2]): #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
 * - S (§2.3 [3]): (#x20 | #x9 | #xD | #xA)+
 * - NameStartChar / NameChar (§2.3 [4], [4a])
 *
 * ASCII is looked up in a table; the rest is a handful of range checks.
 * Supplementary characters arrive as surrogate pairs and are checked by the scanner.
 */

/** Table flag: the ASCII character may start a Name (§2.3 [4]). */
export const C_NAME_START = 1;
/** Table flag: the ASCII character may continue a Name (§2.3 [4a]). */
export const C_NAME = 2;
/** Table flag: white space S (§2.3 [3]). */
export const C_SPACE = 4;
/** Table flag: needs attention inside character data (`<`, `&`, `]`, CR, and control characters that are not Char). */
export const C_TEXT_SPECIAL = 8;
/** Table flag: needs attention inside an attribute value (`<`, `&`, quotes, TAB/LF/CR, control characters). */
export const C_ATTR_SPECIAL = 16;

/** Flags of the 128 ASCII code units. */
export const ASCII_CLASS: Uint8Array = buildAsciiTable();

function buildAsciiTable(): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0; c < 0x20; c++) t[c] = C_TEXT_SPECIAL | C_ATTR_SPECIAL;
  // TAB and LF are plain in text; CR is special (end-of-line handling, §2.11).
  t[0x09] = C_SPACE | C_ATTR_SPECIAL;
  t[0x0a] = C_SPACE | C_ATTR_SPECIAL;
  t[0x0d] = C_SPACE | C_TEXT_SPECIAL | C_ATTR_SPECIAL;
  t[0x20] = C_SPACE;
  for (let c = 0x41; c <= 0x5a; c++) t[c] = C_NAME_START | C_NAME;
  for (let c = 0x61; c <= 0x7a; c++) t[c] = C_NAME_START | C_NAME;
  for (let c = 0x30; c <= 0x39; c++) t[c] = C_NAME;
  t[0x3a] = C_NAME_START | C_NAME; // ':' (the namespace layer then restricts it)
  t[0x5f] = C_NAME_START | C_NAME; // '_'
  t[0x2d] = C_NAME; // '-'
  t[0x2e] = C_NAME; // '.'
  t[0x3c] = C_TEXT_SPECIAL | C_ATTR_SPECIAL; // '<'
  t[0x26] = C_TEXT_SPECIAL | C_ATTR_SPECIAL; // '&'
  t[0x5d] = C_TEXT_SPECIAL; // ']' (for the "]]>" check, §2.4)
  t[0x22] = C_ATTR_SPECIAL; // '"'
  t[0x27] = C_ATTR_SPECIAL; // "'"
  return t;
}

/** Whether a BMP code unit >= 0x80 (not a surrogate) is a NameStartChar (§2.3 [4]). */
export function isNonAsciiNameStart(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

/** Whether a BMP code unit >= 0x80 (not a surrogate) is a NameChar (§2.3 [4a]). */
export function isNonAsciiNameChar(c: number): boolean {
  return isNonAsciiNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

/**
 * Whether a high surrogate starts a supplementary character allowed in names:
 * [#x10000-#xEFFFF] (§2.3 [4]) is D800..DB7F followed by a low surrogate.
 */
export function isNameHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdb7f;
}

/** Whether `c` is a low (trailing) surrogate. */
export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether a code point (not a code unit) is an XML Char (§2.2 [2]). */
export function isXmlCharCodePoint(cp: number): boolean {
  if (cp < 0x20) return cp === 0x9 || cp === 0xa || cp === 0xd;
  if (cp <= 0xd7ff) return true;
  if (cp < 0xe000) return false;
  if (cp <= 0xfffd) return true;
  return cp >= 0x10000 && cp <= 0x10ffff;
}

/** `U+XXXX` notation for messages. */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}
