/**
 * What the loader produces: every document of a contract, parsed, with enough
 * provenance for located errors. Consumed by the model builder (src/model).
 */
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import type { Diagnostic } from '../util/diagnostics.js';

/** One loaded WSDL or XSD document. */
export interface SourceDocument {
  /** Absolute file path or absolute http(s) URL: the identity used to load each document once. */
  readonly url: string;
  /** How messages name it: a path relative to the working directory, or the URL. */
  readonly displayName: string;
  /** `wsdl` when the root is `wsdl:definitions`, `xsd` when it is `xsd:schema`. */
  readonly kind: 'wsdl' | 'xsd';
  /** The root element, parsed with positions. */
  readonly root: XmlElement;
  /**
   * For a schema brought in by `xsd:include` that has no targetNamespace
   * (a "chameleon" include, XML Schema Part 1 §4.2.1): the including schema's namespace.
   */
  readonly chameleonNamespace?: string;
  /** The original text (UTF-16 and Latin-1 inputs already decoded). Kept so `?wsdl` can serve it. */
  readonly text: string;
}

/** The documents of one contract. */
export interface LoadedSet {
  /** The document the user named. */
  readonly main: SourceDocument;
  /** All documents, main first, then in the order they were first reached. */
  readonly documents: readonly SourceDocument[];
  /** Lenient mode: the imports and includes that could not be read, each a located warning (they were skipped). */
  readonly skipped?: readonly Diagnostic[];
  /**
   * Lenient mode: what was read although strict mode refuses it (an unbound conventional
   * prefix such as `xsd`, an `xsd:include location=`), each a located warning.
   */
  readonly recovered?: readonly Diagnostic[];
}

/** Options for {@link loadDocuments}. */
export interface LoadOptions {
  /** Base for relative paths and display names; default `process.cwd()`. */
  readonly cwd?: string;
  /** Fetch used for http(s) URLs (injectable for tests); default the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Upper bound on documents loaded for one contract (guards against runaway imports). Default 500. */
  readonly maxDocuments?: number;
  /**
   * Lenient mode (`--lenient`): an import or include that cannot be read (missing
   * file, unreachable URL, bad location) is skipped with a located warning instead
   * of failing the load; the model builder then treats what it declared as undefined.
   * It also reads unbound conventional prefixes (`xsd`, `soap`, ... with their usual
   * namespace) and follows `location` on a schema import or include that lacks
   * `schemaLocation`, each with a located warning (see {@link LoadedSet.recovered}).
   */
  readonly lenient?: boolean;
}
