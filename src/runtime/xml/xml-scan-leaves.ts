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
 * Only text with no reference but the predefined entities' (`&amp;`..., XML 1.0 §4.6,
 * replaced as the scanner replaces them), no carriage return, no "]" and no character at
 * or above the surrogates is read here (what it is is then the characters as they are,
 * XML 1.0 §2.4, §2.11); any other element is left to the scanner, which reads it as usual,
 * and so is an element that would reach a limit: the scan's outcome (tree, values, errors)
 * is the same either way.
 *
 * Runs: the leaves a parent held side by side (a record's fields) are kept as a
 * {@link LeafRun} once there are {@link MIN_RUN} of them, and the next parents' leaves
 * from any name of the run on are read by one match of the run's expression and told in
 * one call ({@link LeafSink.leafRun}); a run's field may be nil (`<sf:Fax xsi:nil="true"/>`), for
 * a sink that reads nil leaves. The first large answer of a process is read before
 * the engine has compiled the scanner: a match reads a record's fields in the engine's
 * compiled matcher, where reading them one by one runs a few hundred bytecodes per field
 * (issue 31: the first 1 MB Salesforce partner answer of a process in 39 ms instead of 55).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { keepLayout } from './keep-layout.js';
import { ASCII_CLASS as SHARED_ASCII_CLASS, C_TEXT_SPECIAL as SHARED_C_TEXT_SPECIAL } from './xml-scan-chars.js';
import { XSI_NS } from './namespaces.js';
import type { NamespaceScope } from './xml-scan-scope.js';
import { compactString } from './xml-string-copy.js';
import { StartTagMemo } from './xml-scan-tag-memo.js';
import type { XmlElement } from './xml-tree.js';

// Module-local aliases: V8 folds same-module constants into hot loops more readily than imported bindings.
const ASCII_CLASS: Uint8Array = SHARED_ASCII_CLASS;
const C_TEXT_SPECIAL: number = SHARED_C_TEXT_SPECIAL;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const AMP = 0x26;
const SPACE = 0x20;

/** What a leaf is told to. */
export interface LeafSink {
  /**
   * A leaf, child of `parent` (an element open in the scan): its namespace, local name,
   * prefix and text (`''` for none: `<a></a>`, `<a/>`).
   */
  leaf(parent: XmlElement, ns: string, name: string, prefix: string, text: string): void;
  /**
   * Optional: the leaves of one match of `run`, children of `parent`, in document order: leaf
   * `k` of the run is there when `match[2 * k + 1] !== undefined`, which is then its text
   * (references replaced), or when `match[2 * k + 2] !== undefined`, which is then the prefix of
   * its `xsi:nil="true"` (a nil leaf, as {@link leafNil} tells one; only for a sink that has
   * `leafNil`); its namespace, local name and prefix are the run's `nss[k]`, `locals[k]`,
   * `prefixes[k]`. Without it, each is told to {@link leaf} or {@link leafNil}.
   */
  leafRun?(parent: XmlElement, run: LeafRun, match: RegExpExecArray): void;
  /**
   * Optional: an empty element whose one attribute is `xsi:nil="true"` (`<sf:Fax xsi:nil="true"/>`,
   * the empty fields of a record), the attribute's prefix `nilPrefix` bound to the XML Schema
   * instance namespace. Without it, such an element is left to the scanner.
   */
  leafNil?(parent: XmlElement, ns: string, name: string, prefix: string, nilPrefix: string): void;
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
  /** The run this name was last seen in ({@link LeafRun}), and its first place there. */
  run: LeafRun | undefined;
  runAt: number;
}

/**
 * The leaves one parent held side by side, by name in their order (see the module
 * comment): a sticky expression matching them from any of them on, each optional, so that
 * one match reads the leaves of a record that holds the same fields or fewer in that order.
 */
export class LeafRun {
  /** Local names, prefixes and namespaces of the run's leaves (`nss` as bound where it was matched last). */
  readonly locals: readonly string[];
  readonly prefixes: readonly string[];
  readonly nss: string[];
  /** The names, as the reader keeps them. */
  readonly names: readonly LeafName[];
  /**
   * Leaf `k`: `(?:<qname>(text)</qname>|<qname (prefix):nil="true"/>)?`, its text group
   * `2k + 1` and its nil group `2k + 2` (an empty element written `<qname/>`, or a nil leaf
   * written another way, ends a match); made when the run is first tried (a run that is never
   * tried costs no expression).
   */
  private compiled: RegExp | undefined = undefined;
  /** Whether a match reads nil leaves (the sink reads them: `LeafSink.leafNil`); else the nil groups match nothing. */
  readonly nils: boolean;
  /** The scope and its version `nss` was looked up in. */
  scope: NamespaceScope | undefined = undefined;
  version = -1;
  /** What the sink keeps about this run (codec-stream.ts: how a type's records take its leaves). */
  memo: unknown = undefined;

  constructor(names: readonly LeafName[], nils: boolean) {
    this.names = names;
    this.nils = nils;
    this.locals = names.map((n) => n.local);
    this.prefixes = names.map((n) => n.prefix);
    this.nss = names.map(() => '');
  }

  /** The run's expression (see {@link compiled}). */
  get pattern(): RegExp {
    if (this.compiled !== undefined) return this.compiled;
    let source = '';
    for (const n of this.names) {
      const q = escapeName(n.qname);
      const nil = this.nils ? `<${q} (${NIL_PREFIX}):nil="true"/>` : NO_NIL;
      source += `(?:<${q}>(${RUN_TEXT})</${q}>|${nil})?`;
    }
    this.compiled = new RegExp(source, 'y');
    return this.compiled;
  }

  /** Looks up the namespaces of the run's prefixes in `scope`; false when one is unbound (the scanner reports it). */
  bind(scope: NamespaceScope): boolean {
    if (scope === this.scope && scope.version === this.version) return true;
    const prefixes = this.prefixes;
    const nss = this.nss;
    for (let k = 0; k < prefixes.length; k++) {
      const ns = scope.lookup(prefixes[k]!);
      if (ns === undefined) return false;
      nss[k] = ns;
    }
    this.scope = scope;
    this.version = scope.version;
    return true;
  }
}

// The layout of runs outlives the decodes that make them (keep-layout.ts).
keepLayout(new LeafRun([], true));

/** Fewest leaves side by side that make a {@link LeafRun}. */
const MIN_RUN = 4;
/** Most leaves in a run: a parent of more makes a run of each so many (an expression of a few kilobytes). */
const MAX_RUN = 128;
/** Most runs one reader makes (a document whose parents each hold their leaves in another order makes no more). */
const MAX_RUNS = 64;

/** Text as {@link LeafReader} reads it: plain characters, and the predefined entity references (XML 1.0 §4.6). */
const PLAIN = '[\\t\\n\\x20-\\x25\\x27-\\x3b\\x3d-\\x5c\\x5e-\\ud7ff]';
const RUN_TEXT = `${PLAIN}*(?:&(?:amp|lt|gt|quot|apos);${PLAIN}*)*`;
const REFERENCE = /&(amp|lt|gt|quot|apos);/g;
/**
 * The prefix of a nil leaf's attribute in a run's expression (ASCII names only: a leaf of
 * another prefix ends the match, and is read as before); whether it is bound to the XML Schema
 * instance namespace is looked up after the match.
 */
const NIL_PREFIX = '[A-Za-z_][A-Za-z0-9._-]*';
/** A run's nil group where the sink reads no nil leaves: an alternative that never matches. */
const NO_NIL = '(?!)()';
/** The characters of a nil leaf besides its name and its attribute's prefix: `<`, ` `, `:nil="true"/>`. */
const NIL_LEAF_EXTRA = 15;
const REPLACEMENT: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function replacement(_ref: string, name: string): string {
  return REPLACEMENT[name]!;
}

/** A name's characters that mean something in an expression ("." only, of XML 1.0 §2.3's), escaped. */
function escapeName(qname: string): string {
  return qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The length of the predefined entity reference (XML 1.0 §4.6) at `j` ("&") of `text`, or 0 when there is none. */
function namedReference(text: string, j: number): number {
  switch (text.charCodeAt(j + 1)) {
    case 0x61: // a
      return text.startsWith('amp;', j + 1) ? 5 : text.startsWith('apos;', j + 1) ? 6 : 0;
    case 0x6c: // l
      return text.startsWith('lt;', j + 1) ? 4 : 0;
    case 0x67: // g
      return text.startsWith('gt;', j + 1) ? 4 : 0;
    case 0x71: // q
      return text.startsWith('quot;', j + 1) ? 6 : 0;
  }
  return 0;
}

/**
 * A sticky expression matching a whole leaf named `qname` with plain text: `<qname>`, the
 * characters {@link LeafReader} reads as plain text (TAB, LF, U+0020 to U+D7FF but "&", "<"
 * and "]") and predefined entity references, `</qname>`. One call of the engine's compiled matcher reads the leaf, where a
 * loop of JavaScript reads it character by character (slow until the engine has compiled it:
 * the first large answer of a process).
 */
function leafPattern(qname: string): RegExp {
  const q = escapeName(qname);
  return new RegExp(`<${q}>${RUN_TEXT}</${q}>`, 'y');
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
  /** The leaves read one by one side by side so far: their parent, names, and where the last one ended. */
  private runParent: XmlElement | undefined = undefined;
  private readonly runNames: LeafName[] = [];
  private runEnd = -1;
  /** Runs made ({@link MAX_RUNS}). */
  private runs = 0;
  /** The start tag with attributes read last (xml-scan-tag-memo.ts): the scanner opens the same tag again from it. */
  readonly tags: StartTagMemo = new StartTagMemo();

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
    // The guessed name's run, when the guess is right (a run is tried only where its first leaf is, or a nil one).
    const afterName = text.charCodeAt(start + 1 + qname.length);
    if (guess.run !== undefined && (afterName === GT || afterName === SPACE) && text.startsWith(qname, start + 1)) {
      const after = this.readRun(s, start, guess.run);
      if (after >= 0) return after;
    }
    const pattern = guess.pattern;
    if (pattern !== undefined) {
      pattern.lastIndex = start;
      if (pattern.test(text)) {
        const end = pattern.lastIndex;
        return this.tell(s, guess, start, start + qname.length + 2, end - qname.length - 3, end);
      }
    }
    const e = start + 1 + qname.length;
    const c = text.charCodeAt(e);
    if (c === SLASH)
      return text.charCodeAt(e + 1) === GT && text.startsWith(qname, start + 1)
        ? this.tell(s, guess, start, e + 2, e + 2, e + 2)
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
    const name = this.nameOf(qname, colon);
    return name === undefined ? -1 : this.read(s, start, name, i, empty);
  }

  /**
   * After an empty element's start tag `<qname a="value"/>` with one attribute `aq` (`acolon`: -1,
   * or its prefix's length), from `start` to `end`: when the attribute is `xsi:nil="true"` and the
   * sink reads such elements ({@link LeafSink.leafNil}), tells it; returns `end`, or -1 having done
   * nothing. The element and its attribute are two nodes, as the scanner counts them.
   */
  readNil(
    s: LeafScanState,
    start: number,
    qname: string,
    colon: number,
    aq: string,
    acolon: number,
    value: string,
    end: number,
  ): number {
    if (
      this.sink.leafNil === undefined ||
      value !== 'true' ||
      acolon < 0 ||
      aq.length !== acolon + 4 ||
      !aq.endsWith(':nil')
    )
      return -1;
    const nilPrefix = aq.slice(0, acolon);
    if (s.scope.lookup(nilPrefix) !== XSI_NS) return -1;
    const name = this.nameOf(qname, colon);
    return name === undefined ? -1 : this.tell(s, name, start, end, end, end, nilPrefix);
  }

  /** The name kept for `qname` (`colon`: -1, or its prefix's length), made the first time; `undefined` past {@link MAX_NAMES}. */
  private nameOf(qname: string, colon: number): LeafName | undefined {
    let name = this.names.get(qname);
    if (name === undefined) {
      if (this.names.size >= MAX_NAMES) return undefined;
      // Flat copies, in one byte per character when they can be (compared with the descriptors' names).
      const own = compactString(qname);
      name = {
        qname: own,
        prefix: colon < 0 ? '' : compactString(qname.slice(0, colon)),
        local: colon < 0 ? own : compactString(qname.slice(colon + 1)),
        prefixed: colon >= 0,
        next: undefined,
        pattern: undefined,
        run: undefined,
        runAt: 0,
      };
      this.names.set(own, name);
    }
    return name;
  }

  private read(s: LeafScanState, start: number, name: LeafName, i: number, empty: boolean): number {
    const text = s.text;
    let j = i;
    let end = i;
    if (!empty) {
      // Plain characters and predefined entity references up to "<" (NaN, past the end, stops it too).
      for (;;) {
        const c = text.charCodeAt(j);
        if (c < 128 ? (ASCII_CLASS[c]! & C_TEXT_SPECIAL) === 0 : c < 0xd800) j++;
        else if (c === AMP) {
          const r = namedReference(text, j);
          if (r === 0) break;
          j += r;
        } else break;
      }
      end = j + 2 + name.qname.length;
      if (text.charCodeAt(end) !== GT || text.charCodeAt(j + 1) !== SLASH || text.charCodeAt(j) !== LT) return -1;
      // The end tag's name against the start tag's, both in the text (cheaper than startsWith on short names).
      const from = start + 1 - (j + 2);
      for (let k = j + 2; k < end; k++) if (text.charCodeAt(k) !== text.charCodeAt(k + from)) return -1;
      end++;
    }
    return this.tell(s, name, start, i, j, end);
  }

  /**
   * A leaf named `name` at `start` whose text (checked) is from `i` to `j` and which ends at `end`
   * (with `nilPrefix`, an empty element with that `xsi:nil="true"`): told to the sink unless it is
   * not in the root, would reach a limit or has an unbound prefix. Returns `end`, or -1 having
   * done nothing.
   */
  private tell(
    s: LeafScanState,
    name: LeafName,
    start: number,
    i: number,
    j: number,
    end: number,
    nilPrefix?: string,
  ): number {
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
    // The element and its text run or nil attribute, as the scanner counts them (two at most: checked above).
    s.nodeBudget -= j > i || nilPrefix !== undefined ? 2 : 1;
    const last = this.last;
    if (last !== undefined && last.next !== name) last.next = name;
    this.last = name;
    const parent = stack[stack.length - 1]!;
    if (parent !== this.runParent || start !== this.runEnd) {
      this.endRun();
      this.runParent = parent;
    }
    this.runNames.push(name);
    this.runEnd = end;
    if (this.runNames.length === MAX_RUN) {
      this.endRun();
      this.runParent = parent;
    }
    if (nilPrefix !== undefined) {
      this.sink.leafNil!(parent, ns, name.local, name.prefix, nilPrefix);
      return end;
    }
    let value = j > i ? text.slice(i, j) : '';
    if (value.length > 0 && value.indexOf('&') >= 0) value = value.replace(REFERENCE, replacement);
    this.sink.leaf(parent, ns, name.local, name.prefix, value);
    return end;
  }

  /**
   * At the "<" (`start`) of a start tag: reads the leaves from there that one match of `run`
   * takes and tells them; returns the index after them, or -1 having done nothing (no leaf
   * of the run there, not in the root, a limit that could be reached, an unbound prefix).
   */
  private readRun(s: LeafScanState, start: number, run: LeafRun): number {
    const stack = s.stack;
    if (stack.length === 0 || stack.length >= s.maxDepth || !run.bind(s.scope)) return -1;
    const pattern = run.pattern;
    pattern.lastIndex = start;
    const match = pattern.exec(s.text);
    let end = pattern.lastIndex;
    if (match === null || end === start) return -1;
    // The leaves and their text runs or nil attributes, as the scanner counts them; the first and
    // last leaf; the nil attributes' prefixes bound to the XML Schema instance namespace; the texts
    // with a reference replaced (found from the match's next "&": where each leaf starts is known).
    const names = run.names;
    const whole = match[0];
    let amp = whole.indexOf('&');
    let at = 0;
    let nodes = 0;
    let first = -1;
    let lastAt = -1;
    let xsi = '';
    for (let k = 0; k < names.length; k++) {
      const t = match[2 * k + 1];
      if (t === undefined) {
        const nilPrefix = match[2 * k + 2];
        if (nilPrefix === undefined) continue;
        if (nilPrefix !== xsi) {
          if (s.scope.lookup(nilPrefix) !== XSI_NS) {
            // Another namespace's "nil" is an attribute like any other: the match ends before it, and the
            // scanner reads it (giving up the whole match would have the next leaves try it again, each).
            if (first < 0) return -1;
            for (let g = 2 * k + 1; g < match.length; g++) (match as (string | undefined)[])[g] = undefined;
            end = start + at;
            break;
          }
          xsi = nilPrefix;
        }
        nodes += 2;
        if (first < 0) first = k;
        lastAt = k;
        at += names[k]!.qname.length + nilPrefix.length + NIL_LEAF_EXTRA;
        continue;
      }
      nodes += t === '' ? 1 : 2;
      if (first < 0) first = k;
      lastAt = k;
      // <qname>, the text, </qname>.
      const qlength = names[k]!.qname.length;
      const textEnd = at + qlength + 2 + t.length;
      if (amp >= 0 && amp < textEnd) {
        match[2 * k + 1] = t.replace(REFERENCE, replacement);
        amp = whole.indexOf('&', textEnd);
      }
      at = textEnd + qlength + 3;
    }
    if (s.nodeBudget < nodes + 2) return -1;
    s.nodeBudget -= nodes;
    const last = this.last;
    if (last !== undefined && last.next !== names[first]) last.next = names[first];
    this.last = names[lastAt];
    const parent = stack[stack.length - 1]!;
    this.endRun();
    this.runParent = parent;
    this.runEnd = end;
    const sink = this.sink;
    if (sink.leafRun !== undefined) sink.leafRun(parent, run, match);
    else
      for (let k = first; k <= lastAt; k++) {
        const t = match[2 * k + 1];
        if (t !== undefined) sink.leaf(parent, run.nss[k]!, run.locals[k]!, run.prefixes[k]!, t);
        else if (match[2 * k + 2] !== undefined)
          sink.leafNil!(parent, run.nss[k]!, run.locals[k]!, run.prefixes[k]!, match[2 * k + 2]!);
      }
    return end;
  }

  /** The leaves read one by one side by side have ended: a {@link LeafRun} when there were enough, and new. */
  private endRun(): void {
    const names = this.runNames;
    if (names.length >= MIN_RUN) names.length = untilThirdOfAName(names);
    if (names.length >= MIN_RUN && this.runs < MAX_RUNS && !inOneRun(names)) {
      const run = new LeafRun(names.slice(), this.sink.leafNil !== undefined);
      this.runs++;
      // Backwards: a name the run holds twice (Salesforce's two <sf:Id>) keeps its first place.
      for (let k = names.length - 1; k >= 0; k--) {
        names[k]!.run = run;
        names[k]!.runAt = k;
      }
    }
    names.length = 0;
    this.runParent = undefined;
  }
}

/**
 * How many of `names` come before a name's third time. A run holds a name at most twice
 * (Salesforce's two `<sf:Id>`): where a group of a name matches an element of that name that is
 * no leaf, it reads the element's text before giving up, so an array's run of many groups of one
 * name would read a long text once per group.
 */
function untilThirdOfAName(names: readonly LeafName[]): number {
  const seen = new Map<LeafName, number>();
  for (let k = 0; k < names.length; k++) {
    const times = (seen.get(names[k]!) ?? 0) + 1;
    if (times > 2) return k;
    seen.set(names[k]!, times);
  }
  return names.length;
}

/** Whether `names` are leaves of one run already, in its order. */
function inOneRun(names: readonly LeafName[]): boolean {
  const run = names[0]!.run;
  if (run === undefined) return false;
  const known = run.names;
  let at = names[0]!.runAt;
  for (const name of names) {
    while (at < known.length && known[at] !== name) at++;
    if (at === known.length) return false;
    at++;
  }
  return true;
}
