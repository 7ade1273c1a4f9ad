/**
 * Shared state of one model build: where each document's locations point to,
 * the diagnostics collected so far, and QName resolution with error reporting.
 */
import path from 'node:path';
import { conventionalNamespace } from '../load/conventional-prefixes.js';
import type { SourceDocument, LoadedSet } from '../load/types.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr, resolveQName } from '../runtime/xml/xml-parse.js';
import type { Diagnostic, QName, SourceLocation } from './types.js';
import { normalizeXsdNamespace } from './namespaces.js';

/** Collects errors and warnings; the builder throws once with every error at the end. */
export class DiagnosticSink {
  /** Errors, in the order found. */
  readonly errors: Diagnostic[] = [];
  /** Warnings, in the order found. */
  readonly warnings: Diagnostic[] = [];

  /** Records an error at `location`. */
  error(message: string, location?: SourceLocation): void {
    this.errors.push(location ? { severity: 'error', message, location } : { severity: 'error', message });
  }

  /** Records a warning at `location`. */
  warning(message: string, location?: SourceLocation): void {
    this.warnings.push(location ? { severity: 'warning', message, location } : { severity: 'warning', message });
  }
}

/** The model-relative file name of a document: relative to the main document's folder when possible. */
export function modelFileName(doc: SourceDocument, main: SourceDocument): string {
  const isUrl = (u: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(u);
  if (!isUrl(doc.url) && !isUrl(main.url)) {
    const rel = path.relative(path.dirname(main.url), doc.url);
    return rel.split(path.sep).join('/');
  }
  if (isUrl(doc.url) && isUrl(main.url)) {
    try {
      const a = new URL(doc.url);
      const b = new URL(main.url);
      if (a.origin === b.origin) return path.posix.relative(path.posix.dirname(b.pathname), a.pathname) + a.search;
    } catch {
      // fall through to the absolute form
    }
  }
  return doc.url;
}

/** Options of one model build. */
export interface BuildOptions {
  /**
   * Lenient mode (`--lenient`): undefined or misplaced references, missing parts
   * and unresolvable imports become warnings, and what they affected is replaced
   * (a type by `xsd:anyType`, i.e. `unknown`; an operation, header or port that
   * cannot be built is left out). Strict (the default) refuses the contract.
   */
  readonly lenient?: boolean;
}

/** State shared by every stage of one build. */
export class BuildContext {
  /** Diagnostics found so far. */
  readonly sink = new DiagnosticSink();
  /** Whether recoverable reference errors become warnings (see {@link BuildOptions.lenient}). */
  readonly lenient: boolean;
  /**
   * In lenient mode, the warnings that stand for errors strict mode would have
   * reported, in the order found, located like the model (file relative to the
   * main document's folder, so the record does not depend on the working directory).
   */
  readonly replaced: Diagnostic[] = [];
  private readonly fileNames = new Map<SourceDocument, string>();
  private readonly displayNames = new Map<string, string>();

  constructor(
    readonly loaded: LoadedSet,
    options: BuildOptions = {},
  ) {
    this.lenient = options.lenient === true;
    for (const doc of loaded.documents) {
      const file = modelFileName(doc, loaded.main);
      this.fileNames.set(doc, file);
      this.displayNames.set(file, doc.displayName);
    }
  }

  /** Turns a diagnostic location (display name) into a model location (file relative to the main document's folder). */
  modelFromDiag(loc: SourceLocation): SourceLocation {
    for (const [file, display] of this.displayNames) if (display === loc.file) return { ...loc, file };
    return loc;
  }

  /** Turns a model location back into a diagnostic location (display name instead of model-relative file). */
  diagFromModel(loc: SourceLocation): SourceLocation {
    return { file: this.displayNames.get(loc.file) ?? loc.file, line: loc.line, column: loc.column };
  }

  /** The location stored in the model for `el` of `doc` (file relative to the main document's folder). */
  modelLoc(doc: SourceDocument, el: XmlElement): SourceLocation {
    return { file: this.fileNames.get(doc) ?? modelFileName(doc, this.loaded.main), line: el.line, column: el.column };
  }

  /** The location used in diagnostics for `el` of `doc` (the loader's display name). */
  diagLoc(doc: SourceDocument, el: XmlElement): SourceLocation {
    return { file: doc.displayName, line: el.line, column: el.column };
  }

  /** Records an error located at `el`. */
  error(doc: SourceDocument, el: XmlElement, message: string): void {
    this.sink.error(message, this.diagLoc(doc, el));
  }

  /**
   * Records a reference problem that lenient mode can work around: an error in
   * strict mode; in lenient mode a warning saying what replaces the broken part
   * (`replacement`, e.g. "typed xsd:anyType"), also listed in {@link replaced}.
   * Callers substitute the replacement only when this returns `true` (lenient).
   */
  unresolved(doc: SourceDocument, el: XmlElement, message: string, replacement: string): boolean {
    if (!this.lenient) {
      this.error(doc, el, message);
      return false;
    }
    const d: Diagnostic = {
      severity: 'warning',
      message: `${message} (lenient: ${replacement})`,
      location: this.diagLoc(doc, el),
    };
    this.sink.warnings.push(d);
    this.replaced.push({ ...d, location: this.modelLoc(doc, el) });
    return true;
  }

  /** Records a warning located at `el`. */
  warning(doc: SourceDocument, el: XmlElement, message: string): void {
    this.sink.warning(message, this.diagLoc(doc, el));
  }

  /**
   * Resolves a QName-valued attribute of `el` (XML Namespaces §6, as used by
   * WSDL 1.1 §2.1 and XML Schema Part 1 §3.15.3). Records an error and returns
   * `undefined` when the prefix is unbound. `chameleonNs` replaces the empty
   * namespace (XML Schema Part 1 §4.2.1 chameleon include).
   */
  qnameAttr(doc: SourceDocument, el: XmlElement, name: string, chameleonNs?: string): QName | undefined {
    const value = attr(el, name);
    return value === undefined ? undefined : this.qnameAttrValue(doc, el, name, value, chameleonNs);
  }

  /** {@link BuildContext.qnameAttr} for the attribute's value `value`, already read. */
  qnameAttrValue(
    doc: SourceDocument,
    el: XmlElement,
    name: string,
    value: string,
    chameleonNs?: string,
  ): QName | undefined {
    // The common case without building the error message's text (qnameValue's fast path).
    const q = resolveQName(el, value);
    if (q !== undefined && q.name !== '') {
      return { ns: q.ns === '' && chameleonNs !== undefined ? chameleonNs : normalizeXsdNamespace(q.ns), name: q.name };
    }
    return this.qnameValue(doc, el, value, `${name}="${value}"`, chameleonNs);
  }

  /** Resolves a QName written in `el`'s scope; `what` names it in the error message. */
  qnameValue(
    doc: SourceDocument,
    el: XmlElement,
    value: string,
    what: string,
    chameleonNs?: string,
  ): QName | undefined {
    const q = resolveQName(el, value);
    if (!q || q.name === '') {
      const trimmed = value.trim();
      const prefix = trimmed.includes(':') ? trimmed.slice(0, trimmed.indexOf(':')) : '';
      const conventional = q ? undefined : conventionalNamespace(prefix);
      const local = trimmed.slice(prefix.length + 1);
      if (this.lenient && conventional !== undefined && local !== '') {
        // Lenient mode: an undeclared `xs:`/`xsd:`/`s:` ... read with its conventional namespace.
        this.unresolved(doc, el, `unbound namespace prefix "${prefix}" in ${what}`, `read as ${conventional}`);
        return { ns: normalizeXsdNamespace(conventional), name: local };
      }
      this.unresolved(
        doc,
        el,
        q ? `empty name in ${what}` : `unbound namespace prefix "${prefix}" in ${what}`,
        'the reference is ignored',
      );
      return undefined;
    }
    const ns = q.ns === '' && chameleonNs !== undefined ? chameleonNs : normalizeXsdNamespace(q.ns);
    return { ns, name: q.name };
  }
}
