/**
 * A strict, namespace-aware XML 1.0 scanner that builds the element tree of
 * xml-parse.ts in one pass over the UTF-16 code units of a string.
 *
 * Spec references: Extensible Markup Language (XML) 1.0 (Fifth Edition) and
 * Namespaces in XML 1.0 (Third Edition). What it accepts is the document production
 * (§2.1 [1]) without a DTD: a DOCTYPE is refused outright, so only the five
 * predefined entities exist (§4.6) and there is no attribute defaulting or typing
 * (every attribute is CDATA, §3.3.3).
 *
 * Errors are raised as {@link XmlScanFailure} with the UTF-16 offset of the offending
 * character; xml-parse.ts turns that into a line and column only when a document fails,
 * so the fast path never counts lines. With `positions` the scanner tracks lines
 * incrementally (a linear pass, done lazily up to each start tag).
 */
import { XML_NS, XMLNS_NS } from './namespaces.js';
import type { XmlAttribute, XmlElement } from './xml-tree.js';
import {
  ASCII_CLASS as SHARED_ASCII_CLASS,
  C_ATTR_SPECIAL as SHARED_C_ATTR_SPECIAL,
  C_NAME as SHARED_C_NAME,
  C_NAME_START as SHARED_C_NAME_START,
  C_SPACE as SHARED_C_SPACE,
  C_TEXT_SPECIAL as SHARED_C_TEXT_SPECIAL,
  codePointLabel,
  isLowSurrogate,
  isNameHighSurrogate,
  isNonAsciiNameChar,
  isNonAsciiNameStart,
  isXmlCharCodePoint,
} from './xml-scan-chars.js';
import { NamespaceScope } from './xml-scan-scope.js';
import type { ShapeRecording, XmlShapeMemo } from './xml-shape-memo.js';
import type { MutableElement } from './xml-memo-copy.js';
import type { PrefixScanState, XmlPrefixMemo } from './xml-prefix-memo.js';
import { keepLayout } from './keep-layout.js';
import type { LeafReader, LeafScanState } from './xml-scan-leaves.js';

/** The message for a refused DOCTYPE (SOAP 1.1 §3, SOAP 1.2 Part 1 §5: no DTD in a message). */
export const DOCTYPE_MESSAGE = 'DOCTYPE declarations are not allowed (no DTDs, no entity declarations)';

/** Which of the scanner's limits a document reached: `maxNodes` or `maxDepth` (see {@link ScanOptions}). */
export type XmlLimit = 'maxNodes' | 'maxDepth';

/** A well-formedness or namespace error at a UTF-16 offset of the scanned text, or a limit reached there. */
export class XmlScanFailure {
  /** What is wrong. */
  readonly message: string;
  /** UTF-16 offset of the offending character (the text length at end of input). */
  readonly offset: number;
  /** The limit the document reached, when it is not an error of the document itself. */
  readonly limit: XmlLimit | undefined;

  constructor(message: string, offset: number, limit?: XmlLimit) {
    this.message = message;
    this.offset = offset;
    this.limit = limit;
  }
}

/** Options of {@link scanXml}. */
export interface ScanOptions {
  /** Record 1-based line and column of each start tag. */
  readonly positions: boolean;
  /** Deepest element nesting accepted. */
  readonly maxDepth: number;
  /**
   * Most nodes accepted: elements, attributes (namespace declarations included)
   * and text runs. Bounds the memory of the tree, which is several times the
   * size of the text (default: no limit).
   */
  readonly maxNodes?: number | undefined;
  /** Resume documents that start like an earlier one (see {@link XmlPrefixMemo}); ignored with `positions`. */
  readonly memo?: XmlPrefixMemo | undefined;
  /** Build documents that repeat an earlier one's markup from its shape (see {@link XmlShapeMemo}); ignored with `positions`. */
  readonly shapes?: XmlShapeMemo | undefined;
  /** The caller matched the text against `shapes` and none matched: only record its shape. */
  readonly shapesMissed?: boolean | undefined;
  /**
   * Receives each element as it opens and closes (see {@link XmlScanSink}); memos are not used.
   * The tree holds only the elements the sink keeps.
   */
  readonly sink?: XmlScanSink | undefined;
}

/**
 * What a scan tells as it reads: each element when its start tag has been read and when
 * it closes. With a sink, an element is appended to its parent's `children` only when
 * {@link XmlScanSink.open} says so; text runs are always appended, so an element's text is
 * in its `children` when it closes. A decoder that builds values from these calls needs no
 * tree of the parts it reads (issue 31); what it throws ends the scan and reaches the caller.
 */
export interface XmlScanSink {
  /**
   * `el` has opened (its attributes and declarations read, `children` empty; the root
   * when `el.parent` is `undefined`). Returns whether to append it to its parent's `children`.
   */
  open(el: XmlElement): boolean;
  /** `el` has closed: its `children` are complete. */
  close(el: XmlElement): void;
  /**
   * Optional: reads the elements with no attributes and plain text or nothing (the fields
   * of a record) whole, telling each to its sink in one call instead of {@link open} and
   * {@link close}, with no element made (xml-scan-leaves.ts). Not used with `positions`.
   */
  readonly leaves?: LeafReader | undefined;
}

/** The usual XML declarations, accepted without re-reading them (same outcome as {@link XmlScanner.xmlDecl}). */
const COMMON_DECL_UTF8 = '<?xml version="1.0" encoding="utf-8"?>';
const COMMON_DECL_UTF8_UPPER = '<?xml version="1.0" encoding="UTF-8"?>';

// Module-local aliases: V8 folds same-module constants into hot loops more readily than imported bindings.
const ASCII_CLASS: Uint8Array = SHARED_ASCII_CLASS;
const C_ATTR_SPECIAL: number = SHARED_C_ATTR_SPECIAL;
const C_NAME: number = SHARED_C_NAME;
const C_NAME_START: number = SHARED_C_NAME_START;
const C_SPACE: number = SHARED_C_SPACE;
const C_TEXT_SPECIAL: number = SHARED_C_TEXT_SPECIAL;

const NO_DECLS: Readonly<Record<string, string>> = Object.freeze({});

/** Linear duplicate checks switch from pairwise comparison to a Set above this many attributes. */
const PAIRWISE_LIMIT = 12;

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const QUOT = 0x22;
const APOS = 0x27;
const RBRACKET = 0x5d;
const CR = 0x0d;
const LF = 0x0a;
const COLON = 0x3a;
const HASH = 0x23;
const SEMICOLON = 0x3b;

/**
 * Where counting the lines of a text stands: how far it has been read (`scanned`), the
 * 1-based line there, the offset that line starts at, and the low surrogates read on
 * it (a surrogate pair is one character, so one column).
 */
interface LineCount {
  scanned: number;
  line: number;
  lineStart: number;
  trailing: number;
}

/** A count at the start of `text`: a byte order mark is not part of the document's characters. */
function linesFromStart(text: string): LineCount {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { scanned: start, line: 1, lineStart: start, trailing: 0 };
}

/** Reads `text` on from `count.scanned` up to `offset`, counting lines. Line ends are LF, CR LF and CR (XML 1.0 §2.11). */
function countLines(text: string, count: LineCount, offset: number): void {
  let line = count.line;
  let lineStart = count.lineStart;
  let trailing = count.trailing;
  for (let k = count.scanned; k < offset; k++) {
    const c = text.charCodeAt(k);
    if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) {
      line++;
      lineStart = k + 1;
      trailing = 0;
    } else if (c >= 0xdc00 && c <= 0xdfff && k > lineStart) {
      const prev = text.charCodeAt(k - 1);
      if (prev >= 0xd800 && prev <= 0xdbff) trailing++;
    }
  }
  count.line = line;
  count.lineStart = lineStart;
  count.trailing = trailing;
  count.scanned = offset;
}

/**
 * 1-based line and column (in characters, a surrogate pair counting once, a
 * leading byte order mark not counted) of a UTF-16 offset. Line ends are LF,
 * CR LF and CR (XML 1.0 §2.11).
 */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const count = linesFromStart(text);
  countLines(text, count, Math.min(offset, text.length));
  return { line: count.line, column: offset - count.lineStart - count.trailing + 1 };
}

/**
 * Scans a complete document and returns its root element.
 * @throws XmlScanFailure when the document is not well-formed, is not
 *   namespace-well-formed, declares a DOCTYPE or nests deeper than `maxDepth`.
 */
export function scanXml(text: string, options: ScanOptions): XmlElement {
  const shapes = options.positions || options.sink !== undefined ? undefined : options.shapes;
  // Before a scanner is made: a document built from its shape needs none.
  if (shapes !== undefined) return shapes.parse(text, options, options.maxNodes ?? NO_NODE_LIMIT, scanRecording);
  return new XmlScanner(text, options, undefined).document();
}

/** Scans `text`, recording its shape into `recordInto` when given (see {@link XmlShapeMemo.parse}). */
function scanRecording(text: string, options: ScanOptions, recordInto: XmlShapeMemo | undefined): XmlElement {
  return new XmlScanner(text, options, recordInto).document();
}

/** "No limit" on nodes: a billion, far beyond any text a JS string holds, and a small integer (not a boxed double). */
const NO_NODE_LIMIT = 1_000_000_000;

/** The scanner. Its fields of {@link PrefixScanState} are read and set by the memo it resumes from or records into. */
class XmlScanner implements PrefixScanState, LeafScanState {
  readonly text: string;
  private readonly n: number;
  readonly maxDepth: number;
  readonly maxNodes: number;
  /** Nodes still accepted (see {@link ScanOptions.maxNodes}). */
  nodeBudget: number;

  /** In-scope namespace bindings. */
  readonly scope = new NamespaceScope();

  /** Open elements, their qualified names and the binding-stack mark when they opened. */
  readonly stack: MutableElement[] = [];
  readonly qnames: string[] = [];
  readonly undoMarks: number[] = [];

  /** Attributes of the start tag being read (reused). */
  private readonly aQName: string[] = [];
  private readonly aColon: number[] = [];
  private readonly aValue: string[] = [];
  private readonly aOffset: number[] = [];

  /** Result slots of helpers that return two things (avoids allocating tuples). */
  private colon = -1;
  private colons = 0;
  private value = '';

  /** Incremental line tracking, with `positions` only. */
  private readonly lines: LineCount | undefined;

  /** The memo to resume from and record into (never with positions). */
  private readonly memo: XmlPrefixMemo | undefined;
  /** Whether this scan still has to record its start in the memo. */
  private recording = false;
  /** The shape memo this scan records its document into, if any. */
  private readonly shapes: XmlShapeMemo | undefined;
  /** The text runs of this scan, when it records its shape. */
  private readonly shapeRuns: ShapeRecording | undefined;
  /** Told of each element (see {@link XmlScanSink}). */
  private readonly sink: XmlScanSink | undefined;
  /** The sink's reader of leaves ({@link XmlScanSink.leaves}), when the scan has no positions. */
  private readonly leaves: LeafReader | undefined;

  /** @param recordInto the shape memo to record the document into (a recording scan reads the whole text: no resumed start). */
  constructor(text: string, options: ScanOptions, recordInto: XmlShapeMemo | undefined) {
    this.text = text;
    this.n = text.length;
    this.sink = options.sink;
    this.leaves = options.positions ? undefined : options.sink?.leaves;
    this.memo = options.positions || options.maxDepth < 2 || options.sink !== undefined ? undefined : options.memo;
    this.shapes = recordInto;
    this.shapeRuns = recordInto === undefined ? undefined : { starts: [], ends: [], owners: [], abandoned: false };
    this.lines = options.positions ? linesFromStart(text) : undefined;
    this.maxDepth = options.maxDepth;
    this.maxNodes = this.nodeBudget = options.maxNodes ?? NO_NODE_LIMIT;
  }

  private fail(message: string, offset: number): never {
    throw new XmlScanFailure(message, offset);
  }

  /** Spends `n` nodes of the budget, failing at `offset` when it runs out. */
  private spend(n: number, offset: number): void {
    if ((this.nodeBudget -= n) < 0)
      throw new XmlScanFailure(
        `more than ${this.maxNodes} XML nodes (elements, attributes and text)`,
        offset,
        'maxNodes',
      );
  }

  /** document ::= prolog element Misc* (§2.1 [1]); prolog ::= XMLDecl? Misc* (no doctypedecl here). */
  document(): XmlElement {
    const text = this.text;
    let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    let root: MutableElement | undefined;
    const memo = this.memo;
    // A recording scan reads the whole text, so that it counts every node of the shape.
    const resumed = memo !== undefined && this.shapeRuns === undefined ? memo.resume(this) : -1;
    if (resumed >= 0) {
      i = this.contentLoop(resumed);
      root = this.rootElement;
    } else {
      this.recording = memo !== undefined;
      if (text.startsWith('<?xml', i) && !this.continuesName(i + 5)) {
        i =
          text.startsWith(COMMON_DECL_UTF8, i) || text.startsWith(COMMON_DECL_UTF8_UPPER, i)
            ? i + COMMON_DECL_UTF8.length
            : this.xmlDecl(i);
      }
    }
    for (;;) {
      i = this.skipSpace(i);
      if (i >= this.n) {
        if (!root) this.fail('document has no root element', i);
        if (this.shapeRuns !== undefined && !this.shapeRuns.abandoned)
          this.shapes!.record(text, root, this.maxNodes - this.nodeBudget, this.shapeRuns);
        return root;
      }
      if (text.charCodeAt(i) !== LT) {
        this.fail(root ? 'text after the root element' : 'text before the root element', i);
      }
      const c = text.charCodeAt(i + 1);
      if (c === QUESTION) i = this.pi(i);
      else if (c === BANG) {
        if (text.startsWith('<!--', i)) i = this.comment(i);
        else this.badMarkupDecl(i, 'outside the root element');
      } else if (root || c === SLASH) {
        this.fail(
          !root
            ? 'close tag before the root element'
            : c === SLASH
              ? 'close tag after the root element'
              : 'only one root element is allowed',
          i,
        );
      } else {
        i = this.content(i);
        root = this.rootElement;
      }
    }
  }

  rootElement: MutableElement | undefined = undefined;

  /** `<!` that is neither a comment nor (in content) a CDATA section. */
  private badMarkupDecl(i: number, where: string): never {
    if (this.text.startsWith('<!DOCTYPE', i)) this.fail(DOCTYPE_MESSAGE, i);
    if (this.text.startsWith('<![CDATA[', i)) this.fail(`CDATA section ${where}`, i);
    this.fail(
      `invalid markup "<!" ${where} (expected a comment${where === 'in content' ? ' or CDATA section' : ''})`,
      i,
    );
  }

  /** Whether the character at `i` could continue a Name (so `<?xml` at `i - 5` is a longer PI target). */
  private continuesName(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return c < 128 ? (ASCII_CLASS[c]! & C_NAME) !== 0 : c >= 128 && (isNonAsciiNameChar(c) || isNameHighSurrogate(c));
  }

  /** S: returns the index of the first non-space character. */
  private skipSpace(i: number): number {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c < 128 && (ASCII_CLASS[c]! & C_SPACE) !== 0) i++;
      else return i;
    }
  }

  /**
   * XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>' (§2.8 [23]), only at the start.
   * The text is already decoded, so the encoding name is checked for syntax only.
   */
  private xmlDecl(start: number): number {
    const text = this.text;
    let i = start + 5;
    let j = this.skipSpace(i);
    if (j === i || !text.startsWith('version', j)) this.fail('XML declaration: "version" expected', j);
    i = this.declValue(j + 7);
    const version = this.value;
    if (!isVersionNum(version)) this.fail(`XML declaration: unsupported version "${version}"`, j);
    j = this.skipSpace(i);
    if (j > i && text.startsWith('encoding', j)) {
      i = this.declValue(j + 8);
      if (!isEncName(this.value)) this.fail(`XML declaration: invalid encoding name "${this.value}"`, j);
      j = this.skipSpace(i);
    }
    if (j > i && text.startsWith('standalone', j)) {
      i = this.declValue(j + 10);
      if (this.value !== 'yes' && this.value !== 'no')
        this.fail('XML declaration: standalone must be "yes" or "no"', j);
      j = this.skipSpace(i);
    }
    if (text.charCodeAt(j) !== QUESTION || text.charCodeAt(j + 1) !== GT) {
      this.fail(
        'XML declaration: expected "?>" (pseudo-attributes are version, encoding, standalone, in that order)',
        j,
      );
    }
    return j + 2;
  }

  /** Eq ("'" value "'" | '"' value '"') of a pseudo-attribute; sets `value`. */
  private declValue(i: number): number {
    const text = this.text;
    i = this.skipSpace(i);
    if (text.charCodeAt(i) !== EQUALS) this.fail('XML declaration: "=" expected', i);
    i = this.skipSpace(i + 1);
    const q = text.charCodeAt(i);
    if (q !== QUOT && q !== APOS) this.fail('XML declaration: quoted value expected', i);
    const s = i + 1;
    let k = s;
    for (; k < this.n; k++) {
      const c = text.charCodeAt(k);
      if (c === q) break;
      if (c === LT || c === GT) this.fail('XML declaration: unterminated value', k);
    }
    if (k >= this.n) this.fail('XML declaration: unterminated value', k);
    this.value = text.slice(s, k);
    return k + 1;
  }

  /** PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>' (§2.6 [16]). */
  private pi(start: number): number {
    const text = this.text;
    const ts = start + 2;
    const te = this.name(ts, 'processing instruction target');
    if (this.colon >= 0)
      this.fail('processing instruction targets may not contain ":" (Namespaces in XML 1.0 §7)', this.colon);
    if (te - ts === 3) {
      const target = text.slice(ts, te);
      if (target === 'xml') this.fail('the XML declaration is allowed only at the very start of the document', start);
      if (target.toLowerCase() === 'xml') this.fail(`processing instruction target "${target}" is reserved`, ts);
    }
    if (text.charCodeAt(te) === QUESTION && text.charCodeAt(te + 1) === GT) return te + 2;
    const c = text.charCodeAt(te);
    if (!(c < 128 && (ASCII_CLASS[c]! & C_SPACE) !== 0)) {
      this.fail(
        te >= this.n
          ? 'unterminated processing instruction'
          : 'white space expected after the processing instruction target',
        te,
      );
    }
    const end = text.indexOf('?>', te);
    if (end < 0) this.fail('unterminated processing instruction', start);
    this.checkChars(te, end);
    return end + 2;
  }

  /** Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->' (§2.5 [15]). */
  private comment(start: number): number {
    const text = this.text;
    const s = start + 4;
    const end = text.indexOf('--', s);
    if (end < 0) this.fail('unterminated comment', start);
    if (text.charCodeAt(end + 2) !== GT) this.fail('"--" is not allowed inside a comment', end);
    this.checkChars(s, end);
    return end + 3;
  }

  /** CDSect (§2.7 [18]); returns the index after "]]>", sets `value` to the (line-end normalised) content. */
  private cdata(start: number): number {
    const s = start + 9;
    const end = this.text.indexOf(']]>', s);
    if (end < 0) this.fail('unterminated CDATA section', start);
    this.value = this.charData(s, end);
    return end + 3;
  }

  /** Validates that [s, e) holds only XML Chars (§2.2). */
  private checkChars(s: number, e: number): void {
    const text = this.text;
    for (let k = s; k < e; k++) {
      const c = text.charCodeAt(k);
      if (c < 0x20) {
        if ((ASCII_CLASS[c]! & C_SPACE) === 0) this.badChar(k);
      } else if (c >= 0xd800) {
        if (c <= 0xdbff) {
          if (!isLowSurrogate(text.charCodeAt(k + 1))) this.badChar(k);
          k++;
        } else if (c <= 0xdfff || c >= 0xfffe) this.badChar(k);
      }
    }
  }

  /** Validates [s, e) and returns it with line ends normalised to LF (§2.11). */
  private charData(s: number, e: number): string {
    const text = this.text;
    let out = '';
    let from = s;
    for (let k = s; k < e; k++) {
      const c = text.charCodeAt(k);
      if (c < 0x20) {
        if (c === CR) {
          out += `${text.slice(from, k)}\n`;
          if (text.charCodeAt(k + 1) === LF) k++;
          from = k + 1;
        } else if (c !== LF && c !== 0x09) this.badChar(k);
      } else if (c >= 0xd800) {
        if (c <= 0xdbff) {
          if (!isLowSurrogate(text.charCodeAt(k + 1))) this.badChar(k);
          k++;
        } else if (c <= 0xdfff || c >= 0xfffe) this.badChar(k);
      }
    }
    return from === s ? text.slice(s, e) : out + text.slice(from, e);
  }

  private badChar(k: number): never {
    const c = this.text.charCodeAt(k);
    if (c >= 0xd800 && c <= 0xdfff) this.fail(`unpaired surrogate ${codePointLabel(c)} (not an XML character)`, k);
    this.fail(`character ${codePointLabel(c)} is not allowed in XML (XML 1.0 §2.2)`, k);
  }

  /**
   * Name (§2.3 [5]) starting at `i`; returns its end and sets `colon` to the offset
   * of its first ':' (-1 if none).
   */
  private name(i: number, what: string): number {
    const text = this.text;
    let c = text.charCodeAt(i);
    let j: number;
    this.colon = -1;
    this.colons = 0;
    if (c < 128 && (ASCII_CLASS[c]! & C_NAME_START) !== 0) {
      if (c === COLON) {
        this.colon = i;
        this.colons = 1;
      }
      j = i + 1;
    } else if (isNameHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      j = i + 2;
    } else if (c >= 128 && (c < 0xd800 || c > 0xdfff) && isNonAsciiNameStart(c)) {
      j = i + 1;
    } else {
      this.fail(
        i >= this.n
          ? `unexpected end of document: ${what} expected`
          : `invalid ${what}: ${describeChar(c)} cannot start a name`,
        i,
      );
    }
    for (;;) {
      c = text.charCodeAt(j);
      if (c < 128) {
        if ((ASCII_CLASS[c]! & C_NAME) === 0) return j;
        if (c === COLON && this.colons++ === 0) this.colon = j;
        j++;
      } else if (c < 0xd800 || c >= 0xe000) {
        if (!isNonAsciiNameChar(c)) return j;
        j++;
      } else if (isNameHighSurrogate(c) && isLowSurrogate(text.charCodeAt(j + 1))) {
        j += 2;
      } else {
        return j; // NaN (end of input) or a surrogate not allowed in names
      }
    }
  }

  /** A Name that must also be a QName (Namespaces in XML 1.0 §4 [7]); sets `colon`. */
  private qname(i: number, what: string): number {
    const end = this.name(i, what);
    const colon = this.colon;
    if (colon >= 0) {
      if (colon === i || colon === end - 1 || this.colons > 1) {
        this.fail(
          `invalid ${what} "${this.text.slice(i, end)}": a qualified name has at most one ":" with a name on either side`,
          i,
        );
      }
    }
    return end;
  }

  /**
   * The root element and everything inside it (§3 [39] element, [43] content),
   * iteratively so that depth costs no stack. `i` is at the root's "<".
   * Returns the index after the root's end.
   */
  private content(i: number): number {
    return this.contentLoop(this.startTag(i));
  }

  /** The content loop of {@link content}, from just after a start tag (or a resumed start). */
  private contentLoop(i: number): number {
    const text = this.text;
    const stack = this.stack;
    while (stack.length > 0) {
      i = this.charDataRun(i);
      // text[i] === '<'
      const c = text.charCodeAt(i + 1);
      if (c === SLASH) i = this.endTag(i);
      else if (c === BANG) {
        if (text.startsWith('<!--', i)) i = this.comment(i);
        else if (text.startsWith('<![CDATA[', i)) {
          this.spend(1, i);
          i = this.cdata(i);
          stack[stack.length - 1]!.children.push(this.value);
          // A CDATA section would be literal text of the shape: values in it are not kept.
          if (this.shapeRuns !== undefined) this.shapeRuns.abandoned = true;
        } else this.badMarkupDecl(i, 'in content');
      } else if (c === QUESTION) i = this.pi(i);
      else {
        i = this.startTag(i);
        if (this.recording && stack.length === 2) {
          // The state after the root's first open child's start tag.
          this.recording = false;
          this.memo!.record(this, i);
        }
      }
    }
    return i;
  }

  /**
   * Character data up to the next "<" (§2.4 [14]) with references expanded (§4.1)
   * and line ends normalised (§2.11). Appends a non-empty run to the current element.
   */
  private charDataRun(i: number): number {
    const text = this.text;
    const start = i;
    let from = i;
    let out = '';
    let built = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        if ((ASCII_CLASS[c]! & C_TEXT_SPECIAL) === 0) {
          i++;
          continue;
        }
        if (c === LT) break;
        if (c === AMP) {
          out += text.slice(from, i);
          i = this.reference(i);
          out += this.value;
          from = i;
          built = true;
        } else if (c === RBRACKET) {
          if (text.charCodeAt(i + 1) === RBRACKET && text.charCodeAt(i + 2) === GT) {
            this.fail('"]]>" is not allowed in character data (escape ">" as &gt;)', i);
          }
          i++;
        } else if (c === CR) {
          out += `${text.slice(from, i)}\n`;
          i += text.charCodeAt(i + 1) === LF ? 2 : 1;
          from = i;
          built = true;
        } else this.badChar(i);
      } else if (c < 0xd800) {
        i++;
      } else if (c >= 0xd800) {
        if (c <= 0xdbff) {
          if (!isLowSurrogate(text.charCodeAt(i + 1))) this.badChar(i);
          i += 2;
        } else if (c <= 0xdfff || c >= 0xfffe) this.badChar(i);
        else i++;
      } else {
        const open = this.qnames[this.qnames.length - 1]!;
        this.fail(`unexpected end of document: element <${open}> is not closed`, i);
      }
    }
    const run = built ? out + text.slice(from, i) : text.slice(from, i);
    if (run.length > 0) {
      this.spend(1, from);
      const owner = this.stack[this.stack.length - 1]!;
      owner.children.push(run);
      const runs = this.shapeRuns;
      if (runs !== undefined) {
        runs.starts.push(start);
        runs.ends.push(i);
        runs.owners.push(owner);
      }
    }
    return i;
  }

  /**
   * Reference ::= EntityRef | CharRef (§4.1 [67]); `i` at "&". Sets `value` to the
   * replacement text and returns the index after ";". Only the predefined entities
   * exist (§4.6); character references must denote a Char (§2.2, WFC: Legal Character).
   */
  private reference(i: number): number {
    const text = this.text;
    let j = i + 1;
    if (text.charCodeAt(j) === HASH) {
      j++;
      const hex = text.charCodeAt(j) === 0x78; // 'x'
      if (hex) j++;
      const ds = j;
      let cp = 0;
      for (;;) {
        const c = text.charCodeAt(j);
        let d: number;
        if (c >= 0x30 && c <= 0x39) d = c - 0x30;
        else if (hex && c >= 0x61 && c <= 0x66) d = c - 0x57;
        else if (hex && c >= 0x41 && c <= 0x46) d = c - 0x37;
        else break;
        cp = cp > 0x10ffff ? cp : cp * (hex ? 16 : 10) + d;
        j++;
      }
      if (j === ds || text.charCodeAt(j) !== SEMICOLON) {
        this.fail(`malformed character reference (expected ${hex ? '&#xHEX;' : '&#DIGITS;'})`, i);
      }
      if (!isXmlCharCodePoint(cp)) {
        this.fail(`character reference ${text.slice(i, j + 1)} does not denote an XML character (XML 1.0 §2.2)`, i);
      }
      this.value = String.fromCodePoint(cp);
      return j + 1;
    }
    const c = text.charCodeAt(j);
    // biome-ignore lint/suspicious/noSelfCompare: c !== c is the cheapest test for NaN (past the end of the text).
    if (!(c < 128 ? (ASCII_CLASS[c]! & C_NAME_START) !== 0 : c === c)) {
      this.fail('"&" must start an entity or character reference (escape it as &amp;)', i);
    }
    const e = this.name(j, 'entity name');
    if (text.charCodeAt(e) !== SEMICOLON)
      this.fail('entity reference not terminated by ";" (escape a literal "&" as &amp;)', i);
    const name = text.slice(j, e);
    switch (name) {
      case 'lt':
        this.value = '<';
        break;
      case 'gt':
        this.value = '>';
        break;
      case 'amp':
        this.value = '&';
        break;
      case 'quot':
        this.value = '"';
        break;
      case 'apos':
        this.value = "'";
        break;
      default:
        this.fail(
          `undefined entity &${name}; (only &lt; &gt; &amp; &quot; &apos; and character references are allowed; there is no DTD)`,
          i,
        );
    }
    return e + 1;
  }

  /**
   * AttValue (§3.1 [10]) after its opening quote `q`: references expanded, each
   * white-space character replaced by a space (§3.3.3; CR LF counts once, §2.11),
   * "<" refused. Sets `value`; returns the index after the closing quote.
   */
  private attValue(i: number, q: number): number {
    const text = this.text;
    let from = i;
    let out = '';
    let built = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        if ((ASCII_CLASS[c]! & C_ATTR_SPECIAL) === 0) {
          i++;
          continue;
        }
        if (c === q) break;
        if (c === QUOT || c === APOS) {
          i++;
        } else if (c === AMP) {
          out += text.slice(from, i);
          i = this.reference(i);
          out += this.value;
          from = i;
          built = true;
        } else if (c === LT) {
          this.fail('"<" is not allowed in attribute values (escape it as &lt;)', i);
        } else if (c === 0x09 || c === LF || c === CR) {
          out += `${text.slice(from, i)} `;
          i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
          from = i;
          built = true;
        } else this.badChar(i);
      } else if (c < 0xd800) {
        i++;
      } else if (c >= 0xd800) {
        if (c <= 0xdbff) {
          if (!isLowSurrogate(text.charCodeAt(i + 1))) this.badChar(i);
          i += 2;
        } else if (c <= 0xdfff || c >= 0xfffe) this.badChar(i);
        else i++;
      } else {
        this.fail('unexpected end of document in an attribute value', i);
      }
    }
    this.value = built ? out + text.slice(from, i) : text.slice(from, i);
    return i + 1;
  }

  /**
   * STag / EmptyElemTag (§3.1 [40], [44]) at `start` ("<"): reads the attributes,
   * applies namespace declarations (Namespaces in XML 1.0 §3, §5), builds the element.
   */
  private startTag(start: number): number {
    const leaves = this.leaves;
    if (leaves !== undefined) {
      const after = leaves.readGuessed(this, start);
      if (after >= 0) return after;
      const tag = leaves.tags.repeated(this, start);
      if (tag !== undefined)
        return this.openElement(start, tag.qname, tag.colon, tag.count, 0, false, start + tag.tag.length, tag.attrs);
    }
    const text = this.text;
    const ns0 = start + 1;
    let i = this.qname(ns0, 'element name');
    const colon = this.colon;
    const qname = text.slice(ns0, i);
    const aQName = this.aQName;
    const aColon = this.aColon;
    const aValue = this.aValue;
    const aOffset = this.aOffset;
    let count = 0;
    let selfClosing = false;
    let declCount = 0;
    for (;;) {
      let c = text.charCodeAt(i);
      if (c === GT) {
        i++;
        break;
      }
      if (c === SLASH) {
        if (text.charCodeAt(i + 1) !== GT) this.fail('"/" in a start tag must be followed by ">"', i);
        i += 2;
        selfClosing = true;
        break;
      }
      if (!(c < 128 && (ASCII_CLASS[c]! & C_SPACE) !== 0)) {
        if (i >= this.n) this.fail(`unexpected end of document in start tag <${qname}>`, i);
        this.fail(
          count === 0 && i === ns0 + qname.length
            ? `invalid character ${describeChar(c)} in element name or start tag <${qname}>`
            : `white space, ">" or "/>" expected in start tag <${qname}>, found ${describeChar(c)}`,
          i,
        );
      }
      i = this.skipSpace(i + 1);
      c = text.charCodeAt(i);
      if (c === GT || c === SLASH) continue;
      // Attribute ::= Name Eq AttValue (§3.1 [41])
      const as = i;
      i = this.qname(i, 'attribute name');
      const acolon = this.colon;
      const aq = text.slice(as, i);
      i = this.skipSpace(i);
      if (text.charCodeAt(i) !== EQUALS) this.fail(`"=" expected after attribute name "${aq}"`, i);
      i = this.skipSpace(i + 1);
      const q = text.charCodeAt(i);
      if (q !== QUOT && q !== APOS) this.fail('attribute value must be quoted', i);
      i = this.attValue(i + 1, q);
      aQName[count] = aq;
      aColon[count] = acolon < 0 ? -1 : acolon - as;
      aValue[count] = this.value;
      aOffset[count] = as;
      if (aq.charCodeAt(0) === 0x78 && (aq === 'xmlns' || (acolon - as === 5 && aq.startsWith('xmlns:')))) declCount++;
      count++;
    }
    // The prefix's length in the name, or -1.
    const nameColon = colon < 0 ? -1 : colon - ns0;
    if (leaves !== undefined) {
      let after = -1;
      if (count === 0) after = leaves.readNamed(this, start, qname, nameColon, i, selfClosing);
      else if (count === 1 && selfClosing && declCount === 0)
        after = leaves.readNil(this, start, qname, nameColon, aQName[0]!, aColon[0]!, aValue[0]!, i);
      if (after >= 0) return after;
    }
    return this.openElement(start, qname, nameColon, count, declCount, selfClosing, i);
  }

  /**
   * Opens the element of the start tag from `start` to `next` (`colon`: the prefix's length
   * in `qname`, or -1; `count` attributes, `declCount` of them namespace declarations) read
   * into the attribute slots; or, with `shared`, the same tag as one read before in the same
   * scope (xml-scan-tag-memo.ts), whose attributes those are.
   */
  private openElement(
    start: number,
    qname: string,
    colon: number,
    count: number,
    declCount: number,
    selfClosing: boolean,
    next: number,
    shared?: XmlAttribute[],
  ): number {
    const stack = this.stack;
    const depth = stack.length + 1;
    if (depth > this.maxDepth)
      throw new XmlScanFailure(`elements nested deeper than ${this.maxDepth} levels`, start, 'maxDepth');
    this.spend(1 + count, start);
    const scope = this.scope;
    const undoMark = scope.mark;
    let nsDecls: Readonly<Record<string, string>> = NO_DECLS;
    if (declCount > 0) nsDecls = this.declareNamespaces(count);
    if (count > 1 && shared === undefined) this.checkDuplicates(count);

    let prefix = '';
    let name = qname;
    let ns: string | undefined;
    if (colon < 0) {
      ns = scope.defaultNs;
    } else {
      prefix = qname.slice(0, colon);
      name = qname.slice(colon + 1);
      if (prefix === 'xmlns')
        this.fail('element names may not have the prefix "xmlns" (Namespaces in XML 1.0 §3)', start + 1);
      ns = scope.lookup(prefix);
      if (ns === undefined) this.fail(`unbound namespace prefix "${prefix}" in element name <${qname}>`, start + 1);
    }

    const attrs: XmlAttribute[] = shared ?? [];
    if (shared === undefined && count > declCount) {
      const aQName = this.aQName;
      const aColon = this.aColon;
      for (let k = 0; k < count; k++) {
        const aq = aQName[k]!;
        const ac = aColon[k]!;
        if (ac < 0) {
          if (aq === 'xmlns') continue;
          attrs.push({ ns: '', name: aq, prefix: '', value: this.aValue[k]! });
        } else {
          const ap = aq.slice(0, ac);
          if (ap === 'xmlns') continue;
          const uri = scope.lookup(ap);
          if (uri === undefined)
            this.fail(`unbound namespace prefix "${ap}" in attribute name "${aq}"`, this.aOffset[k]!);
          attrs.push({ ns: uri, name: aq.slice(ac + 1), prefix: ap, value: this.aValue[k]! });
        }
      }
    }

    let line = 0;
    let column = 0;
    const lines = this.lines;
    if (lines !== undefined) {
      countLines(this.text, lines, start);
      line = lines.line;
      column = start - lines.lineStart - lines.trailing + 1;
    }
    const parent = stack.length > 0 ? stack[stack.length - 1] : undefined;
    const el: MutableElement = { ns, name, prefix, attrs, nsDecls, children: [], parent, line, column };
    if (shared === undefined && declCount === 0 && count > 0 && !selfClosing)
      this.leaves?.tags.keep(this, start, next, qname, colon, count, attrs);
    const sink = this.sink;
    if (sink === undefined) {
      if (parent) parent.children.push(el);
      else this.rootElement = el;
    } else {
      if (sink.open(el) && parent) parent.children.push(el);
      if (!parent) this.rootElement = el;
    }
    if (selfClosing) {
      if (scope.mark > undoMark) scope.restore(undoMark);
      if (sink !== undefined) sink.close(el);
    } else {
      stack.push(el);
      this.qnames.push(qname);
      this.undoMarks.push(undoMark);
    }
    return next;
  }

  /** Applies the namespace declarations among the current attributes (Namespaces in XML 1.0 §3). */
  private declareNamespaces(count: number): Record<string, string> {
    const decls: Record<string, string> = {};
    const scope = this.scope;
    for (let k = 0; k < count; k++) {
      const aq = this.aQName[k]!;
      let prefix: string;
      if (aq === 'xmlns') prefix = '';
      else if (this.aColon[k] === 5 && aq.startsWith('xmlns:')) prefix = aq.slice(6);
      else continue;
      const at = this.aOffset[k]!;
      // Namespace names are compared as written; like saxes, surrounding white space is dropped.
      const raw = this.aValue[k]!;
      const uri =
        raw.length > 0 && (raw.charCodeAt(0) <= 0x20 || raw.charCodeAt(raw.length - 1) <= 0x20) ? raw.trim() : raw;
      if (prefix === 'xmlns') this.fail('the prefix "xmlns" must not be declared (Namespaces in XML 1.0 §3)', at);
      if (prefix === 'xml') {
        if (uri !== XML_NS) this.fail(`the prefix "xml" can only be bound to ${XML_NS}`, at);
      } else if (uri === XML_NS) {
        this.fail(`${XML_NS} can only be bound to the prefix "xml"`, at);
      }
      if (uri === XMLNS_NS) this.fail(`${XMLNS_NS} must not be declared (Namespaces in XML 1.0 §3)`, at);
      if (prefix !== '' && uri === '') {
        this.fail(`xmlns:${prefix}="" is not allowed: a prefix cannot be undeclared in Namespaces in XML 1.0 (§5)`, at);
      }
      scope.bind(prefix, uri);
      decls[prefix] = uri;
    }
    return decls;
  }

  /**
   * WFC: Unique Att Spec (§3.1) and Namespaces in XML 1.0 §6.3 (no two attributes
   * with the same expanded name). Pairwise for a few attributes, hashed for many.
   */
  private checkDuplicates(count: number): void {
    const aQName = this.aQName;
    if (count <= PAIRWISE_LIMIT) {
      for (let a = 1; a < count; a++) {
        const qa = aQName[a]!;
        for (let b = 0; b < a; b++) if (aQName[b] === qa) this.fail(`duplicate attribute "${qa}"`, this.aOffset[a]!);
      }
    } else {
      const seen = new Set<string>();
      for (let a = 0; a < count; a++) {
        const qa = aQName[a]!;
        if (seen.has(qa)) this.fail(`duplicate attribute "${qa}"`, this.aOffset[a]!);
        seen.add(qa);
      }
    }
    // Same expanded name under different prefixes: only prefixed attributes other than
    // xmlns:* declarations can collide (a default declaration `xmlns` has no colon, so
    // it must not be subtracted from the prefixed count).
    let prefixed = 0;
    for (let a = 0; a < count; a++) {
      const ac = this.aColon[a]!;
      if (ac >= 0 && !(ac === 5 && aQName[a]!.startsWith('xmlns:'))) prefixed++;
    }
    if (prefixed < 2) return;
    const seen = new Map<string, string>();
    for (let a = 0; a < count; a++) {
      const ac = this.aColon[a]!;
      if (ac < 0) continue;
      const aq = aQName[a]!;
      const prefix = aq.slice(0, ac);
      if (prefix === 'xmlns') continue;
      const uri = this.scope.lookup(prefix);
      if (uri === undefined) continue; // reported as unbound later
      const key = `${uri}\u0000${aq.slice(ac + 1)}`;
      const other = seen.get(key);
      if (other !== undefined) {
        this.fail(`duplicate attribute {${uri}}${aq.slice(ac + 1)} (written "${other}" and "${aq}")`, this.aOffset[a]!);
      }
      seen.set(key, aq);
    }
  }

  /** ETag ::= '</' Name S? '>' (§3.1 [42]); WFC: Element Type Match. */
  private endTag(start: number): number {
    const text = this.text;
    const s = start + 2;
    const qnames = this.qnames;
    const open = qnames[qnames.length - 1]!;
    // Fast path: the expected name followed by ">".
    if (text.charCodeAt(s + open.length) === GT && text.startsWith(open, s)) {
      qnames.pop();
      const el = this.stack.pop()!;
      const mark = this.undoMarks.pop()!;
      if (this.scope.mark > mark) this.scope.restore(mark);
      if (this.sink !== undefined) this.sink.close(el);
      return s + open.length + 1;
    }
    const e = this.name(s, 'element name in close tag');
    const j = this.skipSpace(e);
    if (text.charCodeAt(j) !== GT) {
      this.fail(
        j >= this.n
          ? 'unexpected end of document in close tag'
          : `">" expected at the end of close tag </${text.slice(s, e)}>`,
        j,
      );
    }
    if (e - s !== open.length || !text.startsWith(open, s)) {
      this.fail(`unexpected close tag </${text.slice(s, e)}>; expected </${open}>`, j);
    }
    qnames.pop();
    const el = this.stack.pop()!;
    const mark = this.undoMarks.pop()!;
    if (this.scope.mark > mark) this.scope.restore(mark);
    if (this.sink !== undefined) this.sink.close(el);
    return j + 1;
  }
}

// The scanner's layout outlives the scans (keep-layout.ts, which keeps an element and an attribute as it
// makes them): its optimised code with it.
keepLayout(new XmlScanner('', { positions: false, maxDepth: 2 }, undefined));

/** `"x"` or `U+0001` for messages. */
function describeChar(c: number): string {
  // biome-ignore lint/suspicious/noSelfCompare: NaN (past the end of the text).
  if (c !== c) return 'end of document';
  if (c > 0x20 && c < 0x7f) return `"${String.fromCharCode(c)}"`;
  return codePointLabel(c);
}

/** VersionNum ::= '1.' [0-9]+ (§2.8 [26]); 1.x documents are read by the 1.0 rules. */
function isVersionNum(s: string): boolean {
  if (s.length < 3 || !s.startsWith('1.')) return false;
  for (let k = 2; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')* (§4.3.3 [81]). */
function isEncName(s: string): boolean {
  if (s.length === 0) return false;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if (k === 0 ? !letter : !(letter || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x5f || c === 0x2d))
      return false;
  }
  return true;
}
