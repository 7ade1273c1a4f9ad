/** Map keys and display forms for qualified names. */
import type { QName } from './types.js';

/**
 * The keys made so far, by namespace and local name. A contract names the same
 * types over and over (NetSuite: 1,501 complex types, tens of thousands of
 * references), and a generation runs briefly, mostly unoptimised: handing back
 * the key already made spares building, flattening and hashing a new string
 * for every lookup. Started afresh beyond {@link MAX_KEYS} (a long-lived process).
 */
let keys = new Map<string, Map<string, string>>();
let keyCount = 0;
const MAX_KEYS = 100_000;

/** A string key for a QName, in Clark notation: `{ns}name`. */
export function qkey(q: QName): string {
  let byName = keys.get(q.ns);
  if (byName === undefined) {
    byName = new Map();
    keys.set(q.ns, byName);
  }
  let key = byName.get(q.name);
  if (key === undefined) {
    key = `{${q.ns}}${q.name}`;
    if (++keyCount > MAX_KEYS) {
      keys = new Map([[q.ns, (byName = new Map())]]);
      keyCount = 1;
    }
    byName.set(q.name, key);
  }
  return key;
}

/** A QName for messages: `{ns}name`, or just `name` when in no namespace. */
export function qdisplay(q: QName): string {
  return q.ns === '' ? q.name : `{${q.ns}}${q.name}`;
}
