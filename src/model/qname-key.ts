/** Map keys and display forms for qualified names. */
import type { QName } from './types.js';

/** A string key for a QName, in Clark notation: `{ns}name`. */
export function qkey(q: QName): string {
  return `{${q.ns}}${q.name}`;
}

/** A QName for messages: `{ns}name`, or just `name` when in no namespace. */
export function qdisplay(q: QName): string {
  return q.ns === '' ? q.name : `{${q.ns}}${q.name}`;
}
