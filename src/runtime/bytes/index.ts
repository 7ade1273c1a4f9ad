/**
 * Byte work for the whole runtime, on web standards with fast paths where the host
 * offers them: the one place that knows about Node's `Buffer`. The bottom floor of
 * the runtime: imports nothing outside this folder.
 */
export { base64Decode, base64Encode } from './base64.js';
export { concatBytes } from './concat.js';
export { type DigestAlgorithm, digest, digestSync, webDigest } from './digest.js';
export { constantTimeEqual } from './equal.js';
export { hexDecode, hexEncode } from './hex.js';
export { hostName, nodeBuiltin } from './host.js';
export { latin1Decode, latin1Encode } from './latin1.js';
export { randomBytes, randomUuid } from './random.js';
export { indexOfBytes } from './search.js';
export { bodyByteLength, isUtf8, utf8ByteLength, utf8Decode, utf8DecodeStrict, utf8Encode } from './utf8.js';
