/**
 * Comparing secrets (passwords, digests) in time that does not depend on where
 * they differ, so a caller cannot learn a secret byte by byte from response times.
 *
 * Ships with generated code: imports only sibling byte modules.
 */

/** Whether `a` and `b` hold the same bytes; the time depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
