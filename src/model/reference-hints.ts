/**
 * Hints appended to "undefined X" errors so that a reader sees at once why a
 * reference does not resolve: a near-miss spelling (`normalizedStringElement`
 * for `normalizedstringElement`), the name declared in another namespace, the
 * name declared as another kind of component (an element where a type is
 * needed), or no schema at all loaded for the namespace (a missing or
 * mismatched import).
 */
import type { QName } from './types.js';
import { qdisplay } from './qname-key.js';

/** Components of one kind, as candidates for a hint. */
export interface HintCandidates {
  /** How the kind is named in messages, e.g. `element`, `type`, `message`. */
  readonly label: string;
  readonly names: Iterable<QName>;
}

/** What {@link referenceHint} looks at. */
export interface HintQuery {
  /** The reference that did not resolve. */
  readonly missing: QName;
  /** Components of the kind the reference needs. */
  readonly sameKind: HintCandidates;
  /** Components of other kinds that a confused author may have meant. */
  readonly otherKinds?: readonly HintCandidates[];
  /**
   * Namespaces that have any component of this family loaded (schemas for schema
   * components, definitions for WSDL components). When `missing.ns` is not among
   * them, the hint says so, followed by `namespaceNotes` for that namespace.
   */
  readonly loadedNamespaces?: ReadonlySet<string>;
  /** Extra explanations per namespace (e.g. an import whose targetNamespace differs). */
  readonly namespaceNotes?: ReadonlyMap<string, readonly string[]>;
}

/** Edit distance between two strings (Levenshtein), giving up above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length] ?? limit + 1;
}

/** The closest name in the same namespace: a case-only difference, else a small edit distance. */
function nearMiss(missing: QName, names: Iterable<QName>): QName | undefined {
  const lower = missing.name.toLowerCase();
  const limit = Math.min(2, Math.max(1, Math.floor(missing.name.length / 5)));
  let best: QName | undefined;
  let bestDistance = limit + 1;
  for (const n of names) {
    if (n.ns !== missing.ns || n.name === missing.name) continue;
    if (n.name.toLowerCase() === lower) return n;
    const d = editDistance(missing.name, n.name, limit);
    if (d < bestDistance) {
      best = n;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * A parenthesised hint for an unresolved reference (with a leading space), or
 * `''` when nothing useful can be said.
 */
export function referenceHint(q: HintQuery): string {
  const notes = q.namespaceNotes?.get(q.missing.ns) ?? [];
  const base = baseHint(q);
  if (notes.length === 0 || base.includes(notes[0] ?? '')) return base;
  // A namespace an import was expected to deliver: say why it did not.
  return base === '' ? ` (${notes.join('; ')})` : `${base.slice(0, -1)}; ${notes.join('; ')})`;
}

function baseHint(q: HintQuery): string {
  const { missing, sameKind } = q;
  for (const other of q.otherKinds ?? []) {
    for (const n of other.names) {
      if (n.ns === missing.ns && n.name === missing.name) {
        return ` (${qdisplay(missing)} is declared as ${article(other.label)} ${other.label}, not as ${article(sameKind.label)} ${sameKind.label})`;
      }
    }
  }
  const near = nearMiss(missing, sameKind.names);
  if (near) return ` (did you mean ${qdisplay(near)}?)`;
  const elsewhere: string[] = [];
  for (const n of sameKind.names) {
    if (n.name === missing.name && n.ns !== missing.ns)
      elsewhere.push(n.ns === '' ? 'no namespace' : `namespace "${n.ns}"`);
  }
  if (elsewhere.length > 0) {
    return ` (${article(sameKind.label)} ${sameKind.label} named "${missing.name}" exists in ${elsewhere.slice(0, 3).join(', ')})`;
  }
  if (q.loadedNamespaces && !q.loadedNamespaces.has(missing.ns)) {
    const notes = q.namespaceNotes?.get(missing.ns) ?? [];
    const what = missing.ns === '' ? 'no namespace' : `namespace "${missing.ns}"`;
    return ` (nothing is declared in ${what}${notes.length > 0 ? `: ${notes.join('; ')}` : ': is an import or include missing?'})`;
  }
  return '';
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
