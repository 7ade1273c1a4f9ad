/**
 * The qualified names the scanner (xml-scan.ts) has met, so that a name read again is
 * not sliced again: a document of many elements uses a few names (a 50 MB answer of
 * records: a million elements, forty names), and three fresh strings per element
 * (qualified name, prefix, local name) were a large share of what a scan allocates.
 *
 * One table for the process, keyed by a hash of the name's characters; an entry is used
 * only when its qualified name equals the text exactly (so the table changes no result),
 * and a hash collision just replaces an entry. The strings are internalized ({@link internal}:
 * flat, so a slice cannot keep its document alive, and compared by pointer) for names of at
 * most {@link MAX_CACHED_NAME} characters.
 *
 * Ships with generated code: imports only sibling runtime files.
 */

/** A qualified name (Namespaces in XML 1.0 §4 [7]) as the scanner reads it. */
export interface ScannedName {
  readonly qname: string;
  /** The prefix (`''` when none). */
  readonly prefix: string;
  /** The local part. */
  readonly local: string;
  /** Offset of the ":" in `qname`, -1 when none. */
  readonly colon: number;
  /** Whether the entry is in the table (and may be linked from others by {@link next}). */
  readonly cached: boolean;
  /**
   * The name of the start tag that followed one of this name last time (a guess the scanner
   * checks against the text: a record's fields come in the same order every time).
   */
  next: ScannedName | undefined;
  /** For a namespace declaration (`xmlns`, `xmlns:p`): the namespace name it declared last time, internalized. */
  uri: string | undefined;
}

/** Longest name kept in the table. */
export const MAX_CACHED_NAME = 64;

/** Slots of the table (a power of two). */
const SIZE = 1024;

const table: (ScannedName | undefined)[] = new Array<ScannedName | undefined>(SIZE).fill(undefined);

/**
 * `s` as V8 keeps property names: one string per content for the process (so `===` between
 * two such strings, or with a string literal of generated code, is a pointer comparison,
 * and a Map keyed by literals finds it without comparing characters), a flat copy that
 * keeps no document alive. Other engines get an equal string.
 */
export function internal(s: string): string {
  const hit = internals.get(s);
  if (hit !== undefined) return hit;
  const k = Object.keys({ [s]: 0 })[0] ?? s;
  if (internals.size < MAX_INTERNALS && k.length <= MAX_CACHED_INTERNAL) internals.set(k, k);
  return k;
}

/**
 * Strings {@link internal} has made, so that the next request to make one costs a Map lookup
 * (making one is several times slower: a small document's few namespace declarations
 * doubled its scan). Bounded in count and length.
 */
const internals = new Map<string, string>();
const MAX_INTERNALS = 1024;
const MAX_CACHED_INTERNAL = 512;

/**
 * Whether `s` is written in `text` at `at`: a loop that V8 inlines, several times faster
 * than `startsWith` on a long text for the short names of markup.
 */
export function textHas(text: string, at: number, s: string): boolean {
  const n = s.length;
  for (let k = 0; k < n; k++) if (text.charCodeAt(at + k) !== s.charCodeAt(k)) return false;
  return true;
}

/**
 * The entry for the name `text[start, end)` with hash `hash` and ":" at `colon` (an
 * offset in the text, -1 when none), made and kept if it is not in the table.
 */
export function scannedName(text: string, start: number, end: number, colon: number, hash: number): ScannedName {
  const slot = hash & (SIZE - 1);
  const hit = table[slot];
  if (hit !== undefined && hit.qname.length === end - start && textHas(text, start, hit.qname)) return hit;
  const keep = end - start <= MAX_CACHED_NAME;
  const qname = keep ? internal(text.slice(start, end)) : text.slice(start, end);
  const at = colon < 0 ? -1 : colon - start;
  const local = at < 0 ? qname : qname.slice(at + 1);
  const entry: ScannedName = {
    qname,
    prefix: at < 0 ? '' : keep ? internal(qname.slice(0, at)) : qname.slice(0, at),
    local: keep ? internal(local) : local,
    colon: at,
    cached: keep,
    next: undefined,
    uri: undefined,
  };
  if (keep) table[slot] = entry;
  return entry;
}
