/**
 * Leaves (issue 31): elements with no attributes whose content is plain text or nothing
 * (`<sf:Name>Acme</sf:Name>`, `<sf:Fax/>`: the fields of a record), which a scan with a
 * sink reads whole and tells in one call ({@link LeafSink.leaf}) instead of an open and a
 * close, with no element, children array or attributes array made. Most elements of a
 * large answer are such fields, so this is most of its scan.
 *
 * The names of the leaves read are kept (bounded), each in strings of its own (the same
 * string objects for every leaf of a name, which the decoder's plans adopt), with the
 * name that came after it last: the records of an answer repeat one order of fields, so
 * most leaves are read by one match of the guessed name's expression (a name guessed is
 * known to be well-formed: it was read in full when first seen), with no substring made
 * but the text's.
 *
 * Only text with no reference, no carriage return, no "]" and no character at or above
 * the surrogates is read here (what it is is then the characters as they are, XML 1.0
 * §2.4, §2.11); any other element is left to the scanner, which reads it as usual, and
 * so is an element that would reach a limit: the scan's outcome (tree, values, errors)
 * is the same either way.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { ASCII_CLASS as SHARED_ASCII_CLASS, C_TEXT_SPECIAL as SHARED_C_TEXT_SPECIAL } from './xml-scan-chars.js';
import type { NamespaceScope } from './xml-scan-scope.js';
import { compactString } from './xml-string-copy.js';
import type { XmlElement } from './xml-tree.js';

// Module-local aliases: V8 folds same-module constants into hot loops more readily than imported bindings.
const ASCII_CLASS: Uint8Array = SHARED_ASCII_CLASS;
const C_TEXT_SPECIAL: number = SHARED_C_TEXT_SPECIAL;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;

/** What a leaf is told to. */
export interface LeafSink {
  /**
   * A leaf, child of `parent` (an element open in the scan): its namespace, local name,
   * prefix and text (`''` for none: `<a></a>`, `<a/>`).
   */
  leaf(parent: XmlElement, ns: string, name: string, prefix: string, text: string): void;
}

/** What a {@link LeafReader} reads of the scan (xml-scan.ts `XmlScanner`). */
export interface LeafScanState {
  readonly text: string;
  /** The open elements (the leaf's parent is the last). */
  readonly stack: readonly XmlElement[];
  readonly maxDepth: number;
  readonly scope: NamespaceScope;
  /** Nodes still accepted (a leaf is one, its text another). */
  nodeBudget: number;
}

/** A name leaves were read with, in strings of its own. */
interface LeafName {
  readonly qname: string;
  readonly prefix: string;
  readonly local: string;
  /** Whether it has a prefix. */
  readonly prefixed: boolean;
  /** The name of the leaf read after one of this name, last time. */
  next: LeafName | undefined;
  /**
   * A whole leaf of this name with its text ({@link leafPattern}), made the first time the
   * name is guessed right: none for names that are never guessed right (making one costs as
   * much as reading some dozens of leaves).
   */
  pattern: RegExp | undefined;
}

/**
 * A sticky expression matching a whole leaf named `qname` with plain text: `<qname>`, the
 * characters {@link LeafReader} reads as plain text (TAB, LF, U+0020 to U+D7FF but "&", "<"
 * and "]"), `</qname>`. One call of the engine's compiled matcher reads the leaf, where a
 * loop of JavaScript reads it character by character (slow until the engine has compiled it:
 * the first large answer of a process).
 */
function leafPattern(qname: string): RegExp {
  // Name characters (XML 1.0 §2.3) that mean something in an expression: "." only; escaped all the same.
  const q = qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<${q}>[\\t\\n\\x20-\\x25\\x27-\\x3b\\x3d-\\x5c\\x5e-\\ud7ff]*</${q}>`, 'y');
}

/** Most names kept: in a document of more names, the elements of the others are left to the scanner. */
const MAX_NAMES = 1024;

/** Reads the leaves of one scan, for one sink (see the module comment). */
export class LeafReader {
  private readonly sink: LeafSink;
  private readonly names = new Map<string, LeafName>();
  /** The name of the leaf read last. */
  private last: LeafName | undefined = undefined;
  /** The prefix whose namespace was looked up last, that namespace, the scope and its version then. */
  private prefix = '';
  private ns = '';
  private scope: NamespaceScope | undefined = undefined;
  private version = -1;

  constructor(sink: LeafSink) {
    this.sink = sink;
  }

  /**
   * At the "<" (`start`) of a start tag: when the element's name is the one that came after
   * the last leaf's last time and it is a leaf, reads it; returns the index after it, or -1,
   * having done nothing.
   */
  readGuessed(s: LeafScanState, start: number): number {
    const guess = this.last?.next;
    if (guess === undefined) return -1;
    const text = s.text;
    const qname = guess.qname;
    const pattern = guess.pattern;
    if (pattern !== undefined) {
      pattern.lastIndex = start;
      if (pattern.test(text)) {
        const end = pattern.lastIndex;
        return this.tell(s, guess, start + qname.length + 2, end - qname.length - 3, end);
      }
    }
    const e = start + 1 + qname.length;
    const c = text.charCodeAt(e);
    if (c === SLASH)
      return text.charCodeAt(e + 1) === GT && text.startsWith(qname, start + 1)
        ? this.tell(s, guess, e + 2, e + 2, e + 2)
        : -1;
    // With a pattern, what it did not match is no leaf of this name.
    if (c !== GT || pattern !== undefined || !text.startsWith(qname, start + 1)) return -1;
    const end = this.read(s, start, guess, e + 1, false);
    if (end >= 0) guess.pattern = leafPattern(qname);
    return end;
  }

  /**
   * After a start tag with no attributes, `<qname>` (or `<qname/>` when `empty`) at `start`,
   * ending at `i` (`colon`: -1, or the prefix's length): reads the element when it is a leaf;
   * returns the index after it, or -1, having done nothing.
   */
  readNamed(s: LeafScanState, start: number, qname: string, colon: number, i: number, empty: boolean): number {
    let name = this.names.get(qname);
    if (name === undefined) {
      if (this.names.size >= MAX_NAMES) return -1;
      // Flat copies, in one byte per character when they can be (compared with the descriptors' names).
      const own = compactString(qname);
      name = {
        qname: own,
        prefix: colon < 0 ? '' : compactString(qname.slice(0, colon)),
        local: colon < 0 ? own : compactString(qname.slice(colon + 1)),
        prefixed: colon >= 0,
        next: undefined,
        pattern: undefined,
      };
      this.names.set(own, name);
    }
    return this.read(s, start, name, i, empty);
  }

  private read(s: LeafScanState, start: number, name: LeafName, i: number, empty: boolean): number {
    const text = s.text;
    let j = i;
    let end = i;
    if (!empty) {
      // Plain characters up to "<" (NaN, past the end, stops it too).
      for (;;) {
        const c = text.charCodeAt(j);
        if (c < 128 ? (ASCII_CLASS[c]! & C_TEXT_SPECIAL) === 0 : c < 0xd800) j++;
        else break;
      }
      end = j + 2 + name.qname.length;
      if (text.charCodeAt(end) !== GT || text.charCodeAt(j + 1) !== SLASH || text.charCodeAt(j) !== LT) return -1;
      // The end tag's name against the start tag's, both in the text (cheaper than startsWith on short names).
      const from = start + 1 - (j + 2);
      for (let k = j + 2; k < end; k++) if (text.charCodeAt(k) !== text.charCodeAt(k + from)) return -1;
      end++;
    }
    return this.tell(s, name, i, j, end);
  }

  /**
   * A leaf named `name` whose text (plain: checked) is from `i` to `j` and which ends at `end`:
   * told to the sink unless it is not in the root, would reach a limit or has an unbound prefix.
   * Returns `end`, or -1 having done nothing.
   */
  private tell(s: LeafScanState, name: LeafName, i: number, j: number, end: number): number {
    const stack = s.stack;
    if (stack.length === 0 || stack.length >= s.maxDepth || s.nodeBudget < 2) return -1;
    const text = s.text;
    const scope = s.scope;
    let ns: string | undefined;
    if (!name.prefixed) ns = scope.defaultNs;
    else if (name.prefix === this.prefix && scope.version === this.version && scope === this.scope) ns = this.ns;
    else {
      // Unbound (and so "xmlns", which cannot be declared): the scanner reports it.
      ns = scope.lookup(name.prefix);
      if (ns === undefined) return -1;
      this.prefix = name.prefix;
      this.ns = ns;
      this.scope = scope;
      this.version = scope.version;
    }
    // The element and its text run, as the scanner counts them (two at most: checked above).
    s.nodeBudget -= j > i ? 2 : 1;
    const last = this.last;
    if (last !== undefined && last.next !== name) last.next = name;
    this.last = name;
    this.sink.leaf(stack[stack.length - 1]!, ns, name.local, name.prefix, j > i ? text.slice(i, j) : '');
    return end;
  }
}
