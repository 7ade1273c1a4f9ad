/**
 * ISO-8859-1 ("latin1"), byte for byte: byte 0x80 is U+0080, as in Node's `Buffer`
 * and HTTP/1.1 header text (RFC 9110 §5.5). Not WHATWG's `TextDecoder('latin1')`,
 * which is windows-1252 (0x80 reads as U+20AC).
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { asHostBuffer, hostBuffer } from './host.js';

/** windows-1252's decoder where the host has one: exact ISO-8859-1 for bytes outside 0x80..0x9F. */
let cp1252: InstanceType<typeof TextDecoder> | null | undefined;

/** The text of `bytes[start, end)`, one character per byte (U+0000..U+00FF). */
export function latin1Decode(bytes: Uint8Array, start = 0, end: number = bytes.length): string {
  if (hostBuffer !== undefined) {
    return asHostBuffer(hostBuffer, bytes).toString('latin1', start, end);
  }
  return portableLatin1Decode(bytes, start, end);
}

/** {@link latin1Decode} on web standards only. */
export function portableLatin1Decode(bytes: Uint8Array, start = 0, end: number = bytes.length): string {
  const view = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  if (cp1252 === undefined) {
    try {
      cp1252 = new TextDecoder('windows-1252');
    } catch {
      cp1252 = null;
    }
  }
  if (cp1252 !== null && !hasC1(view)) return cp1252.decode(view);
  let text = '';
  for (let i = 0; i < view.length; i += 8192) {
    text += String.fromCharCode.apply(null, view.subarray(i, i + 8192) as unknown as number[]);
  }
  return text;
}

/** Whether any byte is in 0x80..0x9F, where windows-1252 and ISO-8859-1 differ. */
function hasC1(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x80 && b <= 0x9f) return true;
  }
  return false;
}

/** One byte per character of `text`: its code unit's low 8 bits (callers pass U+0000..U+00FF; so does Node's `Buffer`). */
export function latin1Encode(text: string): Uint8Array {
  if (hostBuffer !== undefined) return hostBuffer.from(text, 'latin1');
  return portableLatin1Encode(text);
}

/** {@link latin1Encode} on web standards only. */
export function portableLatin1Encode(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
