/**
 * Hex (RFC 4648 §8; XML Schema's hexBinary) both ways. Fast paths:
 * `Uint8Array.prototype.toHex` (Bun, Deno, workerd), then Node's `Buffer`.
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { asHostBuffer, hostBuffer, nativeBase64, nativeFromBase64 } from './host.js';

const HEX_DIGITS = '0123456789abcdef';

/** The hex text of `bytes`, lower case (XML Schema's hexBinary allows either case; callers may upper it). */
export function hexEncode(bytes: Uint8Array): string {
  if (nativeBase64 !== undefined) return nativeBase64.toHex.call(bytes);
  if (hostBuffer !== undefined) return asHostBuffer(hostBuffer, bytes).toString('hex');
  return portableHexEncode(bytes);
}

/** {@link hexEncode} on web standards only. */
export function portableHexEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX_DIGITS[bytes[i]! >> 4]! + HEX_DIGITS[bytes[i]! & 15]!;
  return out;
}

const HEX_TEXT = /^(?:[0-9A-Fa-f]{2})*$/;

/**
 * The bytes of hex `text` (either case, no whitespace).
 * @throws RangeError when `text` has an odd length or a character that is not a hex digit.
 */
export function hexDecode(text: string): Uint8Array {
  if (!HEX_TEXT.test(text)) throw new RangeError('Not hex: an odd length or a character that is not a hex digit');
  if (nativeFromBase64 !== undefined) return nativeFromBase64.fromHex(text);
  if (hostBuffer !== undefined) return hostBuffer.from(text, 'hex');
  return portableHexDecode(text);
}

/** {@link hexDecode} on web standards only (after its check). */
export function portableHexDecode(text: string): Uint8Array {
  const out = new Uint8Array(text.length >> 1);
  for (let i = 0; i < out.length; i++)
    out[i] = (nibble(text.charCodeAt(2 * i)) << 4) | nibble(text.charCodeAt(2 * i + 1));
  return out;
}

function nibble(c: number): number {
  if (c <= 0x39) return c - 0x30;
  return (c | 0x20) - 0x57;
}
