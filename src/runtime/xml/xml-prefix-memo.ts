/**
 * The starts of recent documents, to skip re-reading them (see {@link XmlPrefixMemo}).
 * The scanner (xml-scan.ts) calls the memo it is given at most twice a document (to
 * resume, or to record); the code that records and restores a start lives here, so a
 * bundle whose code never creates a memo (a browser client: wire/envelope-memos.ts
 * creates them, and only Node, Bun and Deno load it) leaves it out.
 *
 * Ships with generated code (no imports beyond the parser's own files).
 */
import {
  flatCopy,
  keptElementParts,
  type KeptElementParts,
  memoCapacity,
  type MutableElement,
} from './xml-memo-copy.js';
import type { NamespaceScope } from './xml-scan-scope.js';
import type { XmlElement } from './xml-tree.js';

/**
 * The state of a scan that a memo records and restores: the scanner's own fields
 * (XmlScanner in xml-scan.ts), read and set only at the start of a document.
 */
export interface PrefixScanState {
  /** The document. */
  readonly text: string;
  /** The scan's node limit, and what is left of it. */
  readonly maxNodes: number;
  nodeBudget: number;
  /** In-scope namespace bindings. */
  readonly scope: NamespaceScope;
  /** Open elements, their qualified names and the binding-stack mark when they opened. */
  readonly stack: MutableElement[];
  readonly qnames: string[];
  readonly undoMarks: number[];
  /** The root element, once open. */
  rootElement: MutableElement | undefined;
}

/** One element as the memo keeps it (rebuilt as a fresh object on every resume). */
interface MemoElement extends KeptElementParts {
  readonly qname: string;
}

/** The scanner's state just after the start tag of the root's first open child. */
interface MemoEntry {
  /** The document up to there (a flat copy: never a slice that keeps a whole request alive). */
  readonly text: string;
  readonly root: MemoElement;
  /** The root's text runs before that child. */
  readonly rootTexts: readonly string[];
  readonly child: MemoElement;
  readonly undoMarks: readonly number[];
  /**
   * The namespace declarations of the root then the child, as prefix, URI, prefix, URI...:
   * bound again in that order, they give the scope the scan had (within one element the
   * prefixes differ, so their order does not change what each shadows).
   */
  readonly bindings: readonly string[];
  /** Nodes the scanner counts for the document up to there (the root, the child, their attributes, the root's text runs). */
  readonly nodes: number;
}

/** Longest document start a memo keeps. */
const MAX_MEMO_PREFIX = 2048;

/**
 * The starts of recent documents, to skip re-reading them. SOAP messages from one
 * peer begin with the same bytes every time (XML declaration, `Envelope` with its
 * namespace declarations, `Body`): that start is most of the scanning work for a
 * small message. The scanner records its state after the start tag of the root's
 * first open child; a later document that begins with exactly the same text (an
 * exact string comparison, so nothing can be smuggled in) resumes from a fresh
 * copy of that state, and is otherwise scanned as usual. Scanning is
 * deterministic from the start of the text, so the tree and every error are the
 * same as without the memo (a start with more nodes than a scan may still
 * spend is scanned, so that the scanner reports it where it does without the
 * memo). Holds at most `capacity` starts of up to 2048 characters each.
 */
export class XmlPrefixMemo {
  private readonly entries: MemoEntry[] = [];
  private next = 0;
  /** How many documents resumed from an entry (for tests and diagnostics). */
  hits = 0;
  readonly capacity: number;

  /**
   * @param capacity how many different document starts to keep (default 4)
   * @throws RangeError when `capacity` is not a positive integer
   */
  constructor(capacity = 4) {
    this.capacity = memoCapacity('XmlPrefixMemo', capacity);
  }

  /**
   * Restores into `s` (a scan that has read nothing yet) a fresh copy of the state of
   * the entry whose text starts `s.text` and whose nodes fit in `s.nodeBudget`; returns
   * where to go on scanning, or -1 when no entry fits (scan from the start).
   */
  resume(s: PrefixScanState): number {
    const entry = this.find(s.text, s.nodeBudget);
    if (entry === undefined) return -1;
    const root = freshElement(entry.root, entry.rootTexts.slice(), undefined);
    const child = freshElement(entry.child, [], root);
    root.children.push(child);
    s.rootElement = root;
    s.stack.push(root, child);
    s.qnames.push(entry.root.qname, entry.child.qname);
    for (const m of entry.undoMarks) s.undoMarks.push(m);
    const b = entry.bindings;
    for (let k = 0; k < b.length; k += 2) s.scope.bind(b[k]!, b[k + 1]!);
    // What the scan of the start would have spent (find() checked that it fits).
    s.nodeBudget -= entry.nodes;
    return entry.text.length;
  }

  /** The entry whose text starts `text` and whose nodes fit in `nodeBudget`, if any. */
  private find(text: string, nodeBudget: number): MemoEntry | undefined {
    const entries = this.entries;
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k]!;
      // Equality of a slice, not startsWith: V8 compares equal-length flat strings several times faster.
      const n = e.text.length;
      if (text.length >= n && text.slice(0, n) === e.text) {
        if (e.nodes > nodeBudget) return undefined;
        this.hits++;
        return e;
      }
    }
    return undefined;
  }

  /**
   * Keeps the state of `s` just after the start tag of the root's first open child
   * (`i` is just after it), replacing the oldest entry when full; keeps nothing for a
   * long start, an inexact node count or an element before that child.
   */
  record(s: PrefixScanState, i: number): void {
    // The node count is exact only under a safe integer limit.
    if (i > MAX_MEMO_PREFIX || !Number.isSafeInteger(s.maxNodes)) return;
    const root = s.stack[0]!;
    const child = s.stack[1]!;
    const rootTexts: string[] = [];
    for (let k = 0; k < root.children.length - 1; k++) {
      const c = root.children[k]!;
      if (typeof c !== 'string') return; // an empty element before it: not worth a memo
      rootTexts.push(flatCopy(c));
    }
    const kept = memoElement(root, s.qnames[0]!);
    const keptChild = memoElement(child, s.qnames[1]!);
    const bindings: string[] = [];
    for (const el of [kept, keptChild]) for (const p in el.nsDecls) bindings.push(p, el.nsDecls[p]!);
    const entry: MemoEntry = {
      text: flatCopy(s.text.slice(0, i)),
      root: kept,
      rootTexts,
      child: keptChild,
      undoMarks: s.undoMarks.slice(),
      bindings,
      nodes: s.maxNodes - s.nodeBudget,
    };
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else {
      this.entries[this.next] = entry;
      this.next = (this.next + 1) % this.capacity;
    }
  }
}

/** What the memo keeps of an element (see xml-memo-copy.ts), with its qualified name. */
function memoElement(el: MutableElement, qname: string): MemoElement {
  return Object.freeze({ ...keptElementParts(el), qname: flatCopy(qname) });
}

/** A new element object from a memo entry (same property order as the scanner's openElement, so the same hidden class). */
function freshElement(
  m: MemoElement,
  children: (XmlElement | string)[],
  parent: XmlElement | undefined,
): MutableElement {
  return {
    ns: m.ns,
    name: m.name,
    prefix: m.prefix,
    attrs: m.attrs.slice(),
    nsDecls: m.nsDecls,
    children,
    parent,
    line: 0,
    column: 0,
  };
}
