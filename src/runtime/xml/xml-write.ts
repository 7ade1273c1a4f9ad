/**
 * Streaming XML writer: builds the document as a string (no DOM), escapes text
 * and attribute values, refuses characters XML 1.0 does not allow (XML 1.0 §2.2
 * `Char`) and manages namespace declarations (Namespaces in XML 1.0 §3, §6).
 *
 * Prefix policy (stable, predictable output):
 * - a namespace bound in scope is reused (the innermost binding wins);
 * - an element in an unbound namespace declares it as the default namespace on
 *   itself (`<Login xmlns="urn:auth">`, as ASP.NET does) unless a preferred
 *   prefix was registered with {@link XmlWriter.preferPrefix};
 * - an element in no namespace under a non-empty default namespace writes `xmlns=""`;
 * - attributes in a namespace always need a prefix: the registered one, or
 *   `ns1`, `ns2`, ... in order of first use.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { keepLayout } from './keep-layout.js';
import { XML_NS, XSD_NS, XSI_NS } from './namespaces.js';

export { XML_NS, XSD_NS, XSI_NS } from './namespaces.js';
import type { XmlElement } from './xml-parse.js';

/** A character XML 1.0 does not allow (XML 1.0 §2.2), including unpaired surrogates. */
const INVALID_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** Anything in text that needs work: markup characters, CR, or a possibly invalid character. */
const TEXT_SPECIAL = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** Anything in an attribute value that needs work. */
const ATTR_SPECIAL = /[&<>"\t\n\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const TEXT_REPLACE = /[&<>\r]/g;
const ATTR_REPLACE = /[&<>"\t\n\r]/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};
const entityOf = (c: string): string => ENTITIES[c]!;

/** Thrown for text XML 1.0 cannot represent, and for misuse of the writer. */
export class XmlWriteError extends Error {
  override readonly name = 'XmlWriteError';
}

function checkChars(s: string): void {
  const m = INVALID_CHAR.exec(s);
  if (m) {
    const cp = m[0].codePointAt(0)!;
    throw new XmlWriteError(
      `character U+${cp.toString(16).toUpperCase().padStart(4, '0')} at index ${m.index} is not allowed in XML 1.0`,
    );
  }
}

const INVALID_CHARS = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * `s` with every character XML 1.0 cannot hold (XML 1.0 §2.2: C0 controls other
 * than TAB, LF and CR, unpaired surrogates, U+FFFE, U+FFFF) written as the visible
 * text `\uXXXX`. For human-readable text that may quote hostile input (fault
 * reasons, error messages), so that writing it can never fail.
 */
export function xmlSafeText(s: string): string {
  if (!TEXT_SPECIAL.test(s)) return s;
  return s.replace(INVALID_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/**
 * Escapes character data: `&`, `<`, `>` and CR (`&#xD;`, so a CR survives
 * end-of-line normalisation, XML 1.0 §2.11).
 * @throws XmlWriteError for characters not allowed in XML 1.0.
 */
export function escapeText(s: string): string {
  if (!TEXT_SPECIAL.test(s)) return s;
  checkChars(s);
  return s.replace(TEXT_REPLACE, entityOf);
}

/**
 * Escapes an attribute value for a double-quoted attribute: also `"`, TAB, LF
 * and CR as character references, so attribute-value normalisation
 * (XML 1.0 §3.3.3) gives back the original value.
 * @throws XmlWriteError for characters not allowed in XML 1.0.
 */
export function escapeAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
  checkChars(s);
  return s.replace(ATTR_REPLACE, entityOf);
}

/** The preset preferred prefixes of every writer. */
const DEFAULT_PREFERRED: ReadonlyMap<string, string> = new Map([
  [XSI_NS, 'xsi'],
  [XSD_NS, 'xsd'],
]);

/** A frozen copy of a writer's state ({@link XmlWriter.snapshot}). */
export interface XmlWriterSnapshot {
  readonly out: string;
  readonly tagOpen: boolean;
  readonly stack: readonly Readonly<OpenElement>[];
  readonly scopePrefixes: readonly string[];
  readonly scopeUris: readonly string[];
  readonly generated: number;
}

interface OpenElement {
  /** The qualified name as written in the start tag. */
  readonly tag: string;
  /** Number of bindings this element pushed on the scope stack. */
  bindings: number;
}

/**
 * Writes an XML document or fragment into a string.
 *
 * ```ts
 * const w = new XmlWriter();
 * w.start('urn:auth', 'Login'); w.start('urn:auth', 'Username'); w.text('alice'); w.end(); w.end();
 * w.toString(); // <Login xmlns="urn:auth"><Username>alice</Username></Login>
 * ```
 */
export class XmlWriter {
  private out = '';
  /** Whether the last start tag is still open (attributes and declarations may follow). */
  private tagOpen = false;
  private stack: OpenElement[] = [];
  /** In-scope bindings, innermost last: prefix (`''` = default) and URI. */
  private scopePrefixes: string[] = [];
  private scopeUris: string[] = [];
  /** Preferred prefixes by namespace; `xsi` and `xsd` are preset (shared until {@link preferPrefix} copies it). */
  private preferred: ReadonlyMap<string, string> = DEFAULT_PREFERRED;
  private ownPreferred = false;
  private generated = 0;

  /** Starts the output with an XML declaration `<?xml version="1.0" encoding="utf-8"?>` (XML 1.0 §2.8). */
  declaration(): this {
    this.out += '<?xml version="1.0" encoding="utf-8"?>';
    return this;
  }

  /**
   * Registers the prefix to use when `ns` must be declared (instead of making
   * it the default namespace, or of a generated `nsN` prefix for attributes).
   */
  preferPrefix(prefix: string, ns: string): this {
    const own = this.ownPreferred ? (this.preferred as Map<string, string>) : new Map(this.preferred);
    own.set(ns, prefix);
    this.preferred = own;
    this.ownPreferred = true;
    return this;
  }

  /** The URI bound to `prefix` in the current scope (`undefined` when unbound). */
  lookupUri(prefix: string): string | undefined {
    if (prefix === 'xml') return XML_NS;
    for (let i = this.scopePrefixes.length - 1; i >= 0; i--) {
      if (this.scopePrefixes[i] === prefix) return this.scopeUris[i];
    }
    return prefix === '' ? '' : undefined;
  }

  /** A prefix currently bound to `ns` (`''` for the default namespace), or `undefined`. */
  lookupPrefix(ns: string, allowDefault = true): string | undefined {
    if (ns === XML_NS) return 'xml';
    for (let i = this.scopeUris.length - 1; i >= 0; i--) {
      if (this.scopeUris[i] !== ns) continue;
      const p = this.scopePrefixes[i]!;
      if (p === '' && !allowDefault) continue;
      // The binding must not be shadowed by an inner rebinding of the same prefix.
      if (this.lookupUri(p) === ns) return p;
    }
    return undefined;
  }

  /**
   * Declares `xmlns:prefix="ns"` (or `xmlns="ns"` for prefix `''`) on the open
   * start tag. Does nothing when the binding is already in scope.
   */
  declare(prefix: string, ns: string): this {
    if (!this.tagOpen) throw new XmlWriteError('namespace declarations must follow start()');
    if (prefix === 'xml' || prefix === 'xmlns') return this;
    if (this.lookupUri(prefix) === ns) return this;
    this.bind(prefix, ns);
    return this;
  }

  private bind(prefix: string, ns: string): void {
    if (prefix !== '' && ns === '')
      throw new XmlWriteError(`prefix "${prefix}" cannot be bound to the empty namespace`);
    this.out += prefix === '' ? ` xmlns="${escapeAttr(ns)}"` : ` xmlns:${prefix}="${escapeAttr(ns)}"`;
    this.scopePrefixes.push(prefix);
    this.scopeUris.push(ns);
    this.stack[this.stack.length - 1]!.bindings++;
  }

  /**
   * A prefix for `ns` usable in an attribute name or QName content of the open
   * element, declaring it when needed. Never the default namespace unless `ns` is `''`.
   */
  prefixFor(ns: string): string {
    if (ns === '') return '';
    const bound = this.lookupPrefix(ns, false);
    if (bound !== undefined) return bound;
    if (!this.tagOpen) throw new XmlWriteError(`namespace ${ns} must be declared on a start tag`);
    let p = this.preferred.get(ns);
    if (p === undefined || p === '' || this.lookupUri(p) !== undefined) {
      do p = `ns${++this.generated}`;
      while (this.lookupUri(p) !== undefined);
    }
    this.bind(p, ns);
    return p;
  }

  private closeStartTag(): void {
    if (this.tagOpen) {
      this.out += '>';
      this.tagOpen = false;
    }
  }

  /**
   * Opens an element in namespace `ns` (`''` for none). `prefix`, when given,
   * is the prefix wanted for it (declared if not bound that way).
   */
  start(ns: string, name: string, prefix?: string): this {
    this.closeStartTag();
    let tag: string;
    let declare: string | undefined;
    if (prefix !== undefined && prefix !== '' && ns !== '') {
      tag = `${prefix}:${name}`;
      if (this.lookupUri(prefix) !== ns) declare = prefix;
    } else if (this.lookupUri('') === ns) {
      tag = name;
    } else if (ns === '') {
      tag = name;
      declare = '';
    } else {
      const p = this.lookupPrefix(ns) ?? this.preferred.get(ns);
      if (p === undefined || p === '') {
        tag = name;
        declare = '';
      } else {
        tag = `${p}:${name}`;
        if (this.lookupUri(p) !== ns) declare = p;
      }
    }
    this.out += `<${tag}`;
    this.stack.push({ tag, bindings: 0 });
    this.tagOpen = true;
    if (declare !== undefined) this.bind(declare, ns);
    return this;
  }

  /** Adds an attribute to the open start tag. `ns` `''` for an unqualified attribute. */
  attr(ns: string, name: string, value: string): this {
    if (!this.tagOpen) throw new XmlWriteError(`attribute ${name} must follow start()`);
    const p = ns === '' ? '' : this.prefixFor(ns);
    this.out += p === '' ? ` ${name}="${escapeAttr(value)}"` : ` ${p}:${name}="${escapeAttr(value)}"`;
    return this;
  }

  /** Writes character data (escaped). */
  text(value: string): this {
    if (this.stack.length === 0) throw new XmlWriteError('text outside the root element');
    this.closeStartTag();
    this.out += escapeText(value);
    return this;
  }

  /** Writes `prefix:name` for a QName value, declaring the namespace on the open start tag when needed. */
  qnameText(ns: string, name: string): string {
    const p = this.prefixFor(ns);
    return p === '' ? name : `${p}:${name}`;
  }

  /** Closes the innermost open element (`<x/>` when it has no content). */
  end(): this {
    const el = this.stack.pop();
    if (!el) throw new XmlWriteError('end() without an open element');
    if (this.tagOpen) {
      this.out += '/>';
      this.tagOpen = false;
    } else {
      this.out += `</${el.tag}>`;
    }
    // pop(), not `length -=`: setting an array's length is a slow runtime call in V8.
    for (let k = el.bindings; k > 0; k--) {
      this.scopePrefixes.pop();
      this.scopeUris.pop();
    }
    return this;
  }

  /** Writes a parsed element (and its subtree) again, keeping its prefixes where possible. */
  element(el: XmlElement): this {
    this.start(el.ns, el.name, el.prefix === '' ? undefined : el.prefix);
    // QNames in xsi:type values below may use prefixes the source declared on an ancestor (the Envelope, say):
    // declare those here, or the copy would carry unbound prefixes.
    for (const [prefix, uri] of ancestorBindingsUsed(el)) if (this.lookupUri(prefix) !== uri) this.declare(prefix, uri);
    this.copyContent(el);
    return this.end();
  }

  /** Writes a parsed element below one being copied (its ancestors' bindings are already declared). */
  private copyElement(el: XmlElement): void {
    this.start(el.ns, el.name, el.prefix === '' ? undefined : el.prefix);
    this.copyContent(el);
    this.end();
  }

  /**
   * Writes the namespace declarations, attributes and children of a parsed
   * element into the open start tag (its own name is replaced by the open one).
   */
  copyContent(el: XmlElement): this {
    // Re-declare the original bindings so QNames in content (xsi:type values) still resolve.
    for (const p in el.nsDecls) {
      if (p === '') continue;
      if (this.lookupUri(p) !== el.nsDecls[p]) this.declare(p, el.nsDecls[p]!);
    }
    for (const a of el.attrs) {
      if (a.ns !== '' && a.prefix !== '' && a.ns !== XML_NS && this.lookupUri(a.prefix) !== a.ns)
        this.declare(a.prefix, a.ns);
      this.attr(a.ns, a.name, a.value);
    }
    for (const c of el.children) {
      if (typeof c === 'string') this.text(c);
      else this.copyElement(c);
    }
    return this;
  }

  /** Appends already-serialised, trusted markup verbatim (closing any open start tag). */
  raw(markup: string): this {
    this.closeStartTag();
    this.out += markup;
    return this;
  }

  /**
   * The writer's state, to start other writers from it with {@link XmlWriter.resume}
   * (e.g. an envelope's constant start, written once). Not for writers with
   * {@link preferPrefix} registrations (they are not part of a snapshot).
   */
  snapshot(): XmlWriterSnapshot {
    if (this.ownPreferred) throw new XmlWriteError('snapshot() of a writer with preferred prefixes');
    return Object.freeze({
      out: this.out,
      tagOpen: this.tagOpen,
      stack: Object.freeze(this.stack.map((e) => Object.freeze({ ...e }))),
      scopePrefixes: Object.freeze([...this.scopePrefixes]),
      scopeUris: Object.freeze([...this.scopeUris]),
      generated: this.generated,
    });
  }

  /** A new writer in the state `snap` was taken in (the same output as writing those calls again). */
  static resume(snap: XmlWriterSnapshot): XmlWriter {
    const w = new XmlWriter();
    w.out = snap.out;
    w.tagOpen = snap.tagOpen;
    // Entries are only ever changed while they are the open start tag (bind() counts on the innermost one),
    // so the frozen entries of the snapshot are shared, except that one when the snapshot ends in an open tag.
    // Spread, not slice(): slice() of a frozen array takes a slow path in V8 (~1 µs for three entries).
    const stack = [...snap.stack];
    if (snap.tagOpen && stack.length > 0) {
      const top = stack[stack.length - 1]!;
      stack[stack.length - 1] = { tag: top.tag, bindings: top.bindings };
    }
    w.stack = stack;
    w.scopePrefixes = [...snap.scopePrefixes];
    w.scopeUris = [...snap.scopeUris];
    w.generated = snap.generated;
    return w;
  }

  /** Depth of open elements. */
  get depth(): number {
    return this.stack.length;
  }

  /** The document written so far. Throws if elements are still open. */
  toString(): string {
    if (this.stack.length > 0)
      throw new XmlWriteError(`element <${this.stack[this.stack.length - 1]!.tag}> is not closed`);
    return this.out;
  }
}

// The layouts of a writer and of its open elements outlive the documents it writes (keep-layout.ts).
keepLayout(new XmlWriter().start('', 'layout'));

/**
 * The bindings, declared on ancestors of `root` (or on `root`), of the prefixes
 * that `xsi:type` values in `root`'s subtree use and the subtree does not
 * declare itself.
 */
function ancestorBindingsUsed(root: XmlElement): Map<string, string> {
  const used = new Map<string, string>();
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    for (const a of e.attrs) {
      if (a.ns !== XSI_NS || a.name !== 'type') continue;
      const colon = a.value.indexOf(':');
      const prefix = colon < 0 ? '' : a.value.slice(0, colon).trim();
      if (prefix === '' || prefix === 'xml' || used.has(prefix) || declaredBelow(e, root, prefix)) continue;
      for (let p: XmlElement | undefined = root; p; p = p.parent) {
        const uri = p.nsDecls[prefix];
        if (uri !== undefined) {
          used.set(prefix, uri);
          break;
        }
      }
    }
    for (const c of e.children) if (typeof c !== 'string') stack.push(c);
  }
  return used;
}

/** Whether `prefix` is declared on `e` or an ancestor of it up to, not including, `root`. */
function declaredBelow(e: XmlElement, root: XmlElement, prefix: string): boolean {
  for (let p: XmlElement | undefined = e; p && p !== root; p = p.parent)
    if (p.nsDecls[prefix] !== undefined) return true;
  return false;
}
