/**
 * UTF-8 (RFC 3629; WHATWG Encoding Standard §4 for replacement of invalid bytes):
 * encode, decode (replacing or refusing invalid bytes), validity and byte length,
 * on `TextEncoder`/`TextDecoder`, with Node's `Buffer` as the fast path where the
 * host has it. A byte order mark is kept as U+FEFF, as Node's `Buffer` does.
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { asHostBuffer, hostBuffer, nodeBuiltin } from './host.js';

const encoder = new TextEncoder();
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as in every encoder). */
export function utf8Encode(text: string): Uint8Array {
  return hostBuffer !== undefined ? hostBuffer.from(text, 'utf8') : encoder.encode(text);
}

/**
 * The text of UTF-8 `bytes[start, end)`; invalid sequences become U+FFFD (WHATWG
 * "maximal subparts"). Use {@link utf8DecodeStrict} where two byte strings must not
 * read as the same text.
 */
export function utf8Decode(bytes: Uint8Array, start = 0, end: number = bytes.length): string {
  if (hostBuffer !== undefined) {
    return asHostBuffer(hostBuffer, bytes).toString('utf8', start, end);
  }
  return portableUtf8Decode(bytes, start, end);
}

/** {@link utf8Decode} on web standards only. */
export function portableUtf8Decode(bytes: Uint8Array, start = 0, end: number = bytes.length): string {
  return lenient.decode(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
}

/**
 * The text of UTF-8 `bytes[start, end)`.
 * @throws TypeError when the bytes are not valid UTF-8.
 */
export function utf8DecodeStrict(bytes: Uint8Array, start = 0, end: number = bytes.length): string {
  if (hostBuffer !== undefined) {
    // Node's decoder is the faster one; U+FFFD in the text is the only sign of a replaced byte.
    const text = utf8Decode(bytes, start, end);
    if (!text.includes('\uFFFD') || isUtf8(bytes, start, end)) return text;
    throw new TypeError('The bytes are not valid UTF-8');
  }
  return fatal.decode(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
}

/** Node's `isUtf8` (node:buffer), looked up on first use; `null` when the host has none. */
let nodeIsUtf8: ((b: Uint8Array) => boolean) | null | undefined;

/** Whether `bytes[start, end)` is valid UTF-8 (no overlong forms, surrogates or code points above U+10FFFF). */
export function isUtf8(bytes: Uint8Array, start = 0, end: number = bytes.length): boolean {
  const view = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  if (nodeIsUtf8 === undefined) {
    const found = nodeBuiltin<{ isUtf8?: unknown }>('node:buffer')?.isUtf8;
    nodeIsUtf8 = typeof found === 'function' ? (found as (b: Uint8Array) => boolean) : null;
  }
  if (nodeIsUtf8 !== null) return nodeIsUtf8(view);
  return portableIsUtf8(view);
}

/** {@link isUtf8} on web standards only. */
export function portableIsUtf8(view: Uint8Array): boolean {
  try {
    fatal.decode(view);
    return true;
  } catch {
    return false;
  }
}

/** The number of bytes `text` takes in UTF-8 (a lone surrogate counts 3: it is written as U+FFFD). */
export function utf8ByteLength(text: string): number {
  if (hostBuffer !== undefined) return hostBuffer.byteLength(text, 'utf8');
  return portableUtf8ByteLength(text);
}

/** The number of bytes a body takes on the wire: a string's UTF-8 length ({@link utf8ByteLength}), or the bytes' own. */
export function bodyByteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? utf8ByteLength(body) : body.byteLength;
}

/** {@link utf8ByteLength} without `Buffer`: counts code units, allocates nothing. */
export function portableUtf8ByteLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 2; // a pair: two code units, four bytes
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}
