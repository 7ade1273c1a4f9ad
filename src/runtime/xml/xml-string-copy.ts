/**
 * Strings that hold nothing of the text they were read from. In V8 a substring of 13
 * characters or more (`text.slice`, what the scanner makes of each text run) is a view of
 * the whole string it was cut from, and a concatenation is a tree of its parts until it
 * is read: a decoded value that keeps one such string keeps the whole message alive (50 MB
 * for a 50 MB answer, issue 31). {@link ownString} makes a flat copy cheaply: one
 * concatenation and one flattening (a memory copy), where a round trip through bytes or
 * JSON costs several times more for a short string; on other engines it is a plain, correct
 * concatenation. {@link compactString} also makes it one byte per character where it can.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { latin1Decode, latin1Encode } from '../bytes/index.js';

/** Below this length V8 copies a substring instead of making a view of its parent (SlicedString::kMinLength). */
const SLICE_MIN = 13;

/** Where the character read to flatten a string is stored, so that no compiler drops the read. */
const read = { code: 0 };

/**
 * `s` made flat: a string built by concatenation (`a + b`, `+=`) becomes one flat copy of
 * its parts, which it then no longer holds. A substring stays a view of its parent: use
 * {@link ownString} for those.
 */
export function flattened(s: string): string {
  // Reading a character of a concatenation flattens it in place (V8 String::Flatten).
  if (s.length > 0) read.code = s.charCodeAt(0);
  return s;
}

/** A copy of `s` that holds nothing of a longer string it may be a substring or concatenation of. */
export function ownString(s: string): string {
  if (s.length < SLICE_MIN) return s;
  return flattened(s.slice(0, 1) + s.slice(1));
}

/**
 * A fresh flat copy of `s`, which V8 stores with one byte per character when every character
 * is below U+0100, as it stores string literals: a substring of a document holding any
 * character above U+00FF takes two bytes per character, and comparing a two-byte string with
 * a one-byte one (a name of the descriptors) goes character by character. Through bytes, which
 * costs more than {@link ownString} for a short string but less for a long one.
 */
export function compactString(s: string): string {
  // A JSON round trip makes a fresh string on any host, lone surrogates included (ES2019 well-formed stringify).
  return /[^\x00-\xff]/.test(s) ? (JSON.parse(JSON.stringify(s)) as string) : latin1Decode(latin1Encode(s));
}
