/**
 * Joining byte chunks (a body read in pieces, a multipart message written in parts).
 *
 * Ships with generated code: imports only sibling byte modules.
 */
import { hostBuffer } from './host.js';

/** One `Uint8Array` holding `chunks` in order; `totalLength` when the caller has counted it. */
export function concatBytes(chunks: readonly Uint8Array[], totalLength?: number): Uint8Array {
  if (chunks.length === 1 && (totalLength === undefined || totalLength === chunks[0]!.length)) return chunks[0]!;
  // Node's Buffer.concat skips zero-filling the new memory.
  if (hostBuffer !== undefined) return hostBuffer.concat(chunks, totalLength);
  let size = totalLength;
  if (size === undefined) {
    size = 0;
    for (const c of chunks) size += c.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    if (at + c.length > size) {
      out.set(c.subarray(0, size - at), at);
      break;
    }
    out.set(c, at);
    at += c.length;
  }
  return out;
}
