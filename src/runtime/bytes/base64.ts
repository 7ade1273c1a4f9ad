/**
 * Base64 (RFC 4648 §4, and the URL-safe alphabet of §5 when reading) both ways. Writing gives the standard alphabet with padding;
 * reading ignores ASCII whitespace (XML Schema's base64Binary allows it, MIME
 * wraps lines) and accepts missing padding, and refuses anything else, the same
 * on every host. Fast paths: `Uint8Array.prototype.toBase64` (Bun, Deno, workerd),
 * then Node's `Buffer`; the table-driven code below everywhere else.
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { asHostBuffer, hostBuffer, nativeBase64, nativeFromBase64 } from './host.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Sextet of each character code (both alphabets); -1 invalid, -2 whitespace, -3 '='. */
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;
SEXTET['-'.charCodeAt(0)] = 62;
SEXTET['_'.charCodeAt(0)] = 63;
for (const c of ' \t\n\f\r') SEXTET[c.charCodeAt(0)] = -2;
SEXTET['='.charCodeAt(0)] = -3;

/** The base64 text of `bytes` (standard alphabet, padded). */
export function base64Encode(bytes: Uint8Array): string {
  if (nativeBase64 !== undefined) return nativeBase64.toBase64.call(bytes);
  if (hostBuffer !== undefined) return asHostBuffer(hostBuffer, bytes).toString('base64');
  return portableBase64Encode(bytes);
}

/** {@link base64Encode} on web standards only. */
export function portableBase64Encode(bytes: Uint8Array): string {
  let out = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  if (i + 1 === n) {
    const v = bytes[i]! << 16;
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}==`;
  } else if (i + 2 === n) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}${ALPHABET[(v >> 6) & 63]!}=`;
  }
  return out;
}

/** The error every host gives for text that is not base64. */
function notBase64(reason: string): RangeError {
  return new RangeError(`Not base64: ${reason}`);
}

/**
 * The bytes of base64 `text` (either alphabet; whitespace ignored; padding optional).
 * @throws RangeError for any other character, padding inside the text, or a final group of one character.
 */
export function base64Decode(text: string): Uint8Array {
  if (nativeFromBase64 !== undefined && text.indexOf('-') < 0 && text.indexOf('_') < 0) {
    try {
      return nativeFromBase64.fromBase64(text);
    } catch {
      // The portable decoder names the problem.
    }
  }
  if (hostBuffer !== undefined) {
    const size = base64DecodedLength(text);
    const b = hostBuffer.from(text, 'base64');
    if (b.length !== size) throw notBase64('malformed');
    return b;
  }
  return portableBase64Decode(text);
}

/** Checks `text` as {@link base64Decode} does, and returns how many bytes it holds. */
function base64DecodedLength(text: string): number {
  let chars = 0;
  let pad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const s = c < 128 ? SEXTET[c]! : -1;
    if (s >= 0) {
      if (pad > 0) throw notBase64(`a character after '=' at offset ${i}`);
      chars++;
    } else if (s === -3) pad++;
    else if (s === -1) throw notBase64(`character ${JSON.stringify(text[i])} at offset ${i}`);
  }
  const rest = chars % 4;
  if (rest === 1) throw notBase64('a final group of one character');
  if (pad > 0 && (rest === 0 || rest + pad !== 4)) throw notBase64('wrong padding');
  return Math.floor((chars * 3) / 4);
}

/** {@link base64Decode} on web standards only. */
export function portableBase64Decode(text: string): Uint8Array {
  const out = new Uint8Array(base64DecodedLength(text));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const s = SEXTET[text.charCodeAt(i)]!;
    if (s < 0) continue; // whitespace and padding, checked above
    acc = (acc << 6) | s;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}
