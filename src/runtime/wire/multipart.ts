/**
 * `multipart/related` bodies (RFC 2387, framing of RFC 2046 §5.1.1): the MIME
 * packaging of MTOM/XOP messages (XOP 1.0 §4, SOAP 1.2 MTOM §4.3) and of SOAP
 * with Attachments (SwA 1.0 §2). Parsing is bounded: a part count limit, a
 * limit on each part's header block, and the body itself is already within the
 * caller's size limit. Liberal where peers differ: bare-LF line ends, a preamble,
 * transport padding after a delimiter, folded header lines.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import {
  base64Decode,
  concatBytes,
  indexOfBytes,
  latin1Decode,
  latin1Encode,
  randomUuid,
  utf8Encode,
} from '../bytes/index.js';
import { DEFAULT_MAX_PARTS, MultipartError } from './attachments.js';

export { type Attachment, DEFAULT_MAX_PARTS, MultipartError, type MultipartProblem } from './attachments.js';

/** A part as parsed: its headers (lower-case names) and body bytes. */
export interface MimePart {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** Limits of {@link parseMultipart}. */
export interface MultipartLimits {
  /** Most parts accepted, root included (default {@link DEFAULT_MAX_PARTS}). */
  readonly maxParts?: number | undefined;
}

/** Largest header block of one part, in bytes. */
export const MAX_PART_HEADER_BYTES: number = 16 * 1024;

const CR = 13;
const LF = 10;
const DASH = 45;
const CRLF = new Uint8Array([CR, LF]);
const CRLF_CRLF = new Uint8Array([CR, LF, CR, LF]);
const LF_LF = new Uint8Array([LF, LF]);

/**
 * Splits a multipart body into its parts (RFC 2046 §5.1.1).
 * @throws MultipartError for a missing or bad boundary, no first delimiter, a part
 *   or a body that does not end with a delimiter, too many parts, an over-long or
 *   malformed header block
 */
export function parseMultipart(
  body: Uint8Array,
  boundary: string | undefined,
  limits: MultipartLimits = {},
): MimePart[] {
  if (boundary === undefined || boundary === '')
    throw new MultipartError('boundary', 'multipart content type without a boundary parameter');
  if (boundary.length > 70)
    throw new MultipartError('boundary', 'multipart boundary longer than 70 characters (RFC 2046 §5.1.1)');
  const maxParts = limits.maxParts ?? DEFAULT_MAX_PARTS;
  const buf = body;
  const delim = latin1Encode(`--${boundary}`);
  // The first delimiter: at the very start, or at the start of a line after a preamble.
  let at = indexOfBytes(buf, delim);
  while (at >= 0 && ((at > 0 && buf[at - 1] !== LF) || !endsDelimiter(buf, at + delim.length)))
    at = indexOfBytes(buf, delim, at + 1);
  if (at < 0) throw new MultipartError('boundary', `no delimiter line "--${boundary}" in the multipart body`);
  const parts: MimePart[] = [];
  const lineDelim = latin1Encode(`\n--${boundary}`);
  for (;;) {
    let p = at + delim.length;
    if (buf[p] === DASH && buf[p + 1] === DASH) return parts; // close delimiter: the epilogue is ignored
    // Transport padding, then the line end.
    while (buf[p] === 32 || buf[p] === 9) p++;
    if (buf[p] === CR) p++;
    if (buf[p] !== LF) throw new MultipartError('unterminated', 'multipart body ends inside a delimiter line');
    p++;
    if (parts.length >= maxParts) throw new MultipartError('parts', `multipart body has more than ${maxParts} parts`);
    let next = indexOfBytes(buf, lineDelim, p - 1);
    // A line that only starts with the boundary (`--b` + `x`) is content, not a delimiter.
    while (next >= 0 && !endsDelimiter(buf, next + lineDelim.length)) next = indexOfBytes(buf, lineDelim, next + 1);
    if (next < 0) throw new MultipartError('unterminated', 'multipart body ends without a closing delimiter');
    const end = next > p && buf[next - 1] === CR ? next - 1 : next;
    parts.push(readPart(buf.subarray(p, Math.max(p, end))));
    at = next + 1;
  }
}

/** Whether a delimiter's boundary ends at `p`: `--` (the close delimiter), or padding then a line end. */
function endsDelimiter(buf: Uint8Array, p: number): boolean {
  if (buf[p] === DASH && buf[p + 1] === DASH) return true;
  let i = p;
  while (buf[i] === 32 || buf[i] === 9) i++;
  return buf[i] === LF || (buf[i] === CR && buf[i + 1] === LF);
}

/** One part: header lines up to the empty line, then the body. */
function readPart(part: Uint8Array): MimePart {
  let split = -1;
  let bodyStart = 0;
  if (part[0] === LF) {
    split = 0;
    bodyStart = 1;
  } else if (part[0] === CR && part[1] === LF) {
    split = 0;
    bodyStart = 2;
  } else {
    const crlf = indexOfBytes(part, CRLF_CRLF);
    const lf = indexOfBytes(part, LF_LF);
    if (crlf >= 0 && (lf < 0 || crlf < lf)) {
      split = crlf;
      bodyStart = crlf + 4;
    } else if (lf >= 0) {
      split = lf;
      bodyStart = lf + 2;
    }
  }
  if (split < 0) {
    if (part.length > MAX_PART_HEADER_BYTES)
      throw new MultipartError('headers', `a part's header block exceeds ${MAX_PART_HEADER_BYTES} bytes`);
    throw new MultipartError('headers', 'a part has no empty line between its headers and its body');
  }
  if (split > MAX_PART_HEADER_BYTES)
    throw new MultipartError('headers', `a part's header block exceeds ${MAX_PART_HEADER_BYTES} bytes`);
  const headers: Record<string, string> = {};
  let last = '';
  for (const raw of latin1Decode(part, 0, split).split(/\r?\n/)) {
    if (raw === '') continue;
    if ((raw[0] === ' ' || raw[0] === '\t') && last !== '') {
      headers[last] += ` ${raw.trim()}`; // a folded line (RFC 5322 §2.2.3)
      continue;
    }
    const colon = raw.indexOf(':');
    if (colon <= 0)
      throw new MultipartError('headers', `malformed part header line ${JSON.stringify(raw.slice(0, 80))}`);
    last = raw.slice(0, colon).trim().toLowerCase();
    headers[last] = raw.slice(colon + 1).trim();
  }
  return { headers, body: part.subarray(bodyStart) };
}

/** A `Content-ID` or `start` value without its angle brackets. */
export function bareContentId(value: string): string {
  const t = value.trim();
  return t.startsWith('<') && t.endsWith('>') ? t.slice(1, -1) : t;
}

/**
 * The Content-ID a `cid:` URL names (RFC 2392 §2: the URL is the percent-encoded
 * Content-ID without brackets), or `undefined` when `href` is not a `cid:` URL.
 */
export function contentIdOfUrl(href: string): string | undefined {
  if (href.length < 4 || href.slice(0, 4).toLowerCase() !== 'cid:') return undefined;
  const rest = href.slice(4);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/** The `cid:` URL of a Content-ID (RFC 2392 §2). */
export function cidUrl(contentId: string): string {
  return `cid:${encodeURIComponent(contentId).replace(/%40/g, '@')}`;
}

/**
 * A part's body with its `Content-Transfer-Encoding` removed: `binary`, `8bit`
 * and `7bit` as they are, `base64` decoded (SwA parts may use it).
 * @throws MultipartError for quoted-printable or an unknown encoding
 */
export function partBytes(part: MimePart): Uint8Array {
  const cte = part.headers['content-transfer-encoding']?.trim().toLowerCase();
  if (cte === undefined || cte === '' || cte === 'binary' || cte === '8bit' || cte === '7bit') return part.body;
  if (cte === 'base64') {
    try {
      return base64Decode(latin1Decode(part.body));
    } catch {
      throw new MultipartError('encoding', 'a part says Content-Transfer-Encoding: base64 but its body is not base64');
    }
  }
  throw new MultipartError('encoding', `unsupported part Content-Transfer-Encoding ${JSON.stringify(cte)}`);
}

/** A part to write: headers (name, value pairs) and body. */
export interface OutgoingPart {
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string | Uint8Array;
}

/** A fresh boundary (a random UUID, as WCF and node-soap make them). */
export function newBoundary(): string {
  return `uuid:${randomUuid()}`;
}

/** The bytes of a multipart body with CRLF line ends (RFC 2046 §5.1.1). */
export function writeMultipart(boundary: string, parts: readonly OutgoingPart[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\n`;
    for (const [name, value] of part.headers) head += `${name}: ${value}\r\n`;
    chunks.push(latin1Encode(`${head}\r\n`));
    chunks.push(typeof part.body === 'string' ? utf8Encode(part.body) : part.body);
    chunks.push(CRLF);
  }
  chunks.push(latin1Encode(`--${boundary}--\r\n`));
  return concatBytes(chunks);
}
