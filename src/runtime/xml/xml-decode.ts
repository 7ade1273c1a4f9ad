/**
 * The text of an XML message body (RFC 7303 §3; XML 1.0 §4.3.3 and Appendix F):
 * a byte order mark decides first; then the `charset` parameter of the content
 * type; without one, UTF-16 recognised by the bytes of `<?`, else the encoding
 * named in the XML declaration, else UTF-8. Bytes that are not valid in the
 * encoding are an error, never replaced by U+FFFD: two different byte strings
 * must not read as the same text.
 *
 * Used by the server for requests and by the client transports for responses.
 * Ships with generated code: imports only the runtime's byte functions.
 */
import { isUtf8, latin1Decode, utf8Decode } from '../bytes/index.js';

/** A body whose encoding is unknown, or whose bytes are not valid in it (XML 1.0 §4.3.3: a fatal error). */
export class XmlEncodingError extends Error {
  override readonly name = 'XmlEncodingError';
  /** `unsupported`: an encoding this runtime cannot decode; `malformed`: bytes invalid in the encoding. */
  readonly problem: 'unsupported' | 'malformed';
  /** The encoding's label as given (or the one used, for malformed bytes). */
  readonly encoding: string;

  constructor(message: string, problem: 'unsupported' | 'malformed', encoding: string) {
    super(message);
    this.problem = problem;
    this.encoding = encoding;
  }
}

/** UTF-8, and ASCII, its subset: a body labelled ASCII but written in UTF-8 (common) reads right, and bytes invalid in both are refused. */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'us-ascii', 'ascii']);
/** Decoded byte for byte (true ISO-8859-1; WHATWG's TextDecoder would read these labels as windows-1252). */
const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'cp819', 'ibm819']);
const UTF16LE_LABELS = new Set(['utf-16', 'utf16', 'utf-16le', 'utf16le', 'ucs-2', 'unicode']);
const UTF16BE_LABELS = new Set(['utf-16be', 'utf16be']);
/** Labels of windows-1252 (decoded by table: Node's TextDecoder reads windows-1252 as ISO-8859-1). */
const CP1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252']);
/** windows-1252 code points for bytes 0x80..0x9F (the WHATWG Encoding Standard's index); 0 = undefined, kept as is. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Decodes windows-1252: ISO-8859-1 except for 0x80..0x9F. */
export function decodeCp1252(bytes: Uint8Array): string {
  const latin1 = latin1Decode(bytes);
  return latin1.replace(/[\u0080-\u009f]/g, (c) => {
    const mapped = CP1252_HIGH[c.charCodeAt(0) - 0x80];
    return mapped ? String.fromCharCode(mapped) : c;
  });
}

/** The decoder a label names: a Node encoding, or a canonical TextDecoder label; `undefined` if unknown. */
function decoderOf(label: string): string | undefined {
  if (label === 'utf-8' || label === 'UTF-8') return 'utf-8'; // nearly every message: no string work
  const l = label.trim().toLowerCase();
  if (l === '' || UTF8_LABELS.has(l)) return 'utf-8';
  if (LATIN1_LABELS.has(l)) return 'latin1';
  if (UTF16LE_LABELS.has(l)) return 'utf-16le';
  if (UTF16BE_LABELS.has(l)) return 'utf-16be';
  if (CP1252_LABELS.has(l)) return 'windows-1252';
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return undefined;
  }
}

/** Whether a `charset` parameter names an encoding this runtime decodes. */
export function isSupportedCharset(charset: string): boolean {
  return decoderOf(charset) !== undefined;
}

/** Reads the `encoding` pseudo-attribute of an XML declaration at the start of ASCII-compatible bytes (XML 1.0 §2.8 EncodingDecl). */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  // "<?xml" then the declaration, which is ASCII; 256 bytes are plenty.
  if (
    bytes.length < 6 ||
    bytes[0] !== 0x3c ||
    bytes[1] !== 0x3f ||
    bytes[2] !== 0x78 ||
    bytes[3] !== 0x6d ||
    bytes[4] !== 0x6c
  )
    return undefined;
  const head = latin1Decode(bytes, 5, Math.min(bytes.length, 256));
  const end = head.indexOf('?>');
  const decl = end < 0 ? head : head.slice(0, end);
  const at = decl.search(/\sencoding\s*=/);
  if (at < 0) return undefined;
  const rest = decl.slice(decl.indexOf('=', at) + 1).trimStart();
  const quote = rest[0];
  if (quote !== '"' && quote !== "'") return undefined;
  const close = rest.indexOf(quote, 1);
  return close < 0 ? undefined : rest.slice(1, close);
}

/**
 * UTF-8, refusing ill-formed bytes. The decoder reads each ill-formed sequence as
 * U+FFFD (the Encoding Standard's UTF-8 decode), so a text without U+FFFD came
 * from well-formed bytes: only a text with one needs the separate check.
 */
function utf8(bytes: Uint8Array, start: number): string {
  const text = utf8Decode(bytes, start);
  if (text.includes('\uFFFD') && !isUtf8(bytes, start))
    throw new XmlEncodingError('the body is not valid UTF-8', 'malformed', 'UTF-8');
  return text;
}

/**
 * UTF-16 (`le` or `be`), refusing an odd trailing byte and unpaired surrogates. The
 * bytes are checked here: not every host's fatal UTF-16 decoder refuses an unpaired
 * surrogate (workerd's passes it through into the text). UTF-16 bodies are rare: the
 * extra pass over their bytes costs the common case nothing.
 */
function utf16(bytes: Uint8Array, start: number, endian: 'le' | 'be'): string {
  const text = new TextDecoder(`utf-16${endian}`, { ignoreBOM: true }).decode(bytes.subarray(start));
  if ((bytes.length - start) % 2 === 0 && utf16Paired(bytes, start, endian === 'le')) return text;
  throw new XmlEncodingError(
    `the body is not valid UTF-16${endian.toUpperCase()}`,
    'malformed',
    `UTF-16${endian.toUpperCase()}`,
  );
}

/** Whether every surrogate in the UTF-16 code units from `start` is in a high-low pair (RFC 2781 §2.2). */
function utf16Paired(bytes: Uint8Array, start: number, le: boolean): boolean {
  for (let i = start; i + 1 < bytes.length; i += 2) {
    const unit = le ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit > 0xdbff || i + 3 >= bytes.length) return false;
    const low = le ? bytes[i + 2]! | (bytes[i + 3]! << 8) : (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (low < 0xdc00 || low > 0xdfff) return false;
    i += 2;
  }
  return true;
}

function withDecoder(bytes: Uint8Array, start: number, decoder: string): string {
  switch (decoder) {
    case 'utf-8':
      return utf8(bytes, start);
    case 'latin1':
      return latin1Decode(bytes, start);
    case 'utf-16le':
      return utf16(bytes, start, 'le');
    case 'utf-16be':
      return utf16(bytes, start, 'be');
    case 'windows-1252':
      return decodeCp1252(bytes.subarray(start));
    default:
      try {
        return new TextDecoder(decoder, { fatal: true }).decode(bytes.subarray(start));
      } catch {
        throw new XmlEncodingError(`the body is not valid ${decoder}`, 'malformed', decoder);
      }
  }
}

/**
 * Bytes of a body that decide its encoding: the byte order mark or the UTF-16 pattern (4),
 * and the XML declaration ({@link declaredEncoding} reads 256).
 */
export const ENCODING_DECIDED_BY = 256;

/** The length of the byte order mark `bytes` start with (UTF-8: 3, UTF-16: 2), or 0. */
function bomLength(bytes: Uint8Array): number {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return 3;
  return (b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff) ? 2 : 0;
}

/**
 * The decoder (see {@link decoderOf}) of a body of `bytes` (RFC 7303 §3; XML 1.0 Appendix F),
 * decided by its first {@link ENCODING_DECIDED_BY} bytes: a byte order mark; else the charset
 * parameter; else UTF-16 recognised by `<?`; else the XML declaration's encoding; else UTF-8.
 * The text starts after the byte order mark ({@link bomLength}).
 * @throws XmlEncodingError for an encoding this runtime cannot decode
 */
function bodyEncoding(bytes: Uint8Array, charset: string | undefined): string {
  const b0 = bytes[0];
  const b1 = bytes[1];
  // Byte order marks (XML 1.0 Appendix F.1; RFC 7303 §3.2: the BOM wins over the charset parameter).
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le';
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be';
  if (charset !== undefined) {
    const decoder = decoderOf(charset);
    if (decoder === undefined)
      throw new XmlEncodingError(`unsupported charset ${JSON.stringify(charset)}`, 'unsupported', charset);
    return decoder;
  }
  // UTF-16 without a BOM, recognised by "<?" (Appendix F.1).
  if (b0 === 0x3c && b1 === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) return 'utf-16le';
  if (b0 === 0x00 && b1 === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) return 'utf-16be';
  const declared = declaredEncoding(bytes);
  if (declared === undefined) return 'utf-8';
  const decoder = decoderOf(declared);
  if (decoder === undefined)
    throw new XmlEncodingError(
      `unsupported encoding ${JSON.stringify(declared)} in the XML declaration`,
      'unsupported',
      declared,
    );
  // A declaration claiming UTF-16 on 8-bit bytes (no BOM, not the UTF-16 pattern) is a common mislabelling: read UTF-8.
  return decoder === 'utf-16le' || decoder === 'utf-16be' ? 'utf-8' : decoder;
}

/**
 * Decodes an XML body to text, without a byte order mark.
 * @param charset the content type's `charset` parameter, if any
 * @throws XmlEncodingError for an encoding this runtime cannot decode, or bytes not valid in it
 */
export function decodeXmlBody(bytes: Uint8Array, charset: string | undefined): string {
  return withDecoder(bytes, bomLength(bytes), bodyEncoding(bytes, charset));
}

/** The option of each piece but the last given to `TextDecoder.decode`. */
const MORE_TO_COME = { stream: true } as const;

/**
 * The text of a UTF-8 body decoded piece by piece as a transport reads it, so that the
 * decoding takes turns with the wait for the next bytes instead of following the last ones
 * (and the pieces need not be joined first). The text is the one {@link decodeXmlBody}
 * gives, or none: {@link push} and {@link end} answer false and `undefined` where the pieces
 * hold U+FFFD (bytes not valid in UTF-8, which a whole decode refuses, or a U+FFFD of the
 * text), and the caller then decodes the whole body. `TextDecoder` removes the byte order
 * mark, as a whole decode does, and carries a character split between pieces over.
 */
export class XmlTextAsRead {
  private readonly decoder = new TextDecoder();
  private readonly parts: string[] = [];

  /**
   * A decoder for a body whose first bytes are `head` (at least {@link ENCODING_DECIDED_BY} of
   * them, as what decides its encoding must be in) and whose charset parameter is `charset`,
   * when the body is read as UTF-8; `undefined` otherwise (and for an unsupported encoding,
   * which the whole decode reports).
   */
  static start(head: Uint8Array, charset: string | undefined): XmlTextAsRead | undefined {
    if (head.length < ENCODING_DECIDED_BY) return undefined;
    try {
      return bodyEncoding(head, charset) === 'utf-8' ? new XmlTextAsRead() : undefined;
    } catch {
      return undefined;
    }
  }

  /** Decodes the next piece of the body; false when the text cannot be read this way (see the class comment). */
  push(bytes: Uint8Array): boolean {
    const part = this.decoder.decode(bytes, MORE_TO_COME);
    if (part.includes('\uFFFD')) return false;
    this.parts.push(part);
    return true;
  }

  /** The whole text (a flat string), or `undefined` when the body ends inside a character. */
  end(): string | undefined {
    if (this.decoder.decode() !== '') return undefined;
    const parts = this.parts;
    return parts.length === 1 ? parts[0] : parts.join('');
  }
}

/**
 * Decodes a body as well as it can, never throwing: for error responses, whose
 * text is only reported (malformed bytes become U+FFFD, an unknown charset reads
 * as ISO-8859-1).
 */
export function decodeBodyLeniently(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return decodeXmlBody(bytes, charset);
  } catch {
    const decoder = charset === undefined ? 'utf-8' : decoderOf(charset);
    const text =
      decoder === undefined || decoder === 'latin1'
        ? latin1Decode(bytes)
        : decoder === 'windows-1252'
          ? decodeCp1252(bytes)
          : new TextDecoder(decoder).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
