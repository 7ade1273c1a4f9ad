/**
 * The loader: reads a WSDL 1.1 document and everything it imports or includes
 * (WSDL 1.1 §2.1.1 `wsdl:import`; XML Schema Part 1 §4.2 `xsd:include`,
 * `xsd:redefine`, `xsd:import`), each document once, cycles allowed.
 */
import * as path from 'node:path';
import { attr } from '../runtime/xml/xml-parse.js';
import type { Diagnostic, SourceLocation } from '../util/diagnostics.js';
import { userError, WsdlcError } from '../util/errors.js';
import { displayNameOf, isHttpUrl } from './display-name.js';
import { parseDocument } from './parse-document.js';
import { readSource, ReadFailure, type RawSource } from './read-source.js';
import { findReferences, type DocumentReference } from './references.js';
import { resolveLocation, resolveMainSource } from './resolve-location.js';
import { limitConcurrency, type Limiter } from './limit-concurrency.js';
import { isSkippedWellKnownImport } from './well-known.js';
import type { LoadedSet, LoadOptions, SourceDocument } from './types.js';

export type { LoadedSet, LoadOptions, SourceDocument } from './types.js';
export { decodeXmlBytes, type DecodedText } from './decode.js';

/** Default bound on the number of documents of one contract. */
export const DEFAULT_MAX_DOCUMENTS = 500;

/** Most documents read at the same time (files or http requests). */
const MAX_CONCURRENT_READS = 8;

/** Why a document is being loaded: the reference that reached it. */
interface Via {
  readonly ref: DocumentReference;
  readonly from: SourceDocument;
}

/** One load: shared state of the walk over the import graph. */
class LoadRun {
  private readonly fetches = new Map<string, Promise<RawSource>>();
  private readonly seen = new Set<string>();
  private readonly limit: Limiter = limitConcurrency(MAX_CONCURRENT_READS);
  readonly documents: SourceDocument[] = [];
  /** Lenient mode: imports that could not be read, as located warnings. */
  readonly skipped: Diagnostic[] = [];
  /** Lenient mode: unbound conventional prefixes and misnamed `location` attributes read anyway, as located warnings. */
  readonly recovered: Diagnostic[] = [];

  constructor(
    private readonly cwd: string,
    private readonly fetchFn: typeof fetch | undefined,
    private readonly maxDocuments: number,
    private readonly lenient = false,
  ) {}

  /** Lenient mode: records an unreadable import as a warning (the import is skipped); strict mode throws. */
  private unreadable(message: string, via: Via): void {
    if (!this.lenient) throw userError(message, this.locate(via));
    this.skipped.push({
      severity: 'warning',
      message: `${message} (lenient: the import is skipped; what it declares is undefined)`,
      location: this.locate(via),
    });
  }

  /**
   * What to do when a document could not be fetched over the network: copy the contract and
   * its imports once with `wsdlc vendor` (the main document is a URL), or keep a local copy of
   * the import (it is a file).
   */
  private offlineHint(failed: string): string {
    const main = this.documents[0]?.url ?? failed;
    return isHttpUrl(main)
      ? `; to build without the network, copy the contract and its imports once with \`wsdlc vendor ${main} -o <folder>\` and generate from the copy`
      : '; to build without the network, save the document beside the contract and point the import at the copy';
  }

  /** Starts reading a document early so independent imports load concurrently. */
  private prefetch(identity: string): Promise<RawSource> {
    let p = this.fetches.get(identity);
    if (!p) {
      p = this.limit(() => readSource(identity, this.fetchFn));
      // The walk awaits every started read unless it stops on an earlier error.
      p.catch(() => undefined);
      this.fetches.set(identity, p);
    }
    return p;
  }

  private locate(via: Via): SourceLocation {
    return { file: via.from.displayName, line: via.ref.element.line, column: via.ref.element.column };
  }

  /** Loads `identity` (if not yet loaded) and, depth first, everything it refers to. */
  async visit(identity: string, via: Via | undefined): Promise<void> {
    if (this.seen.has(identity)) return;
    this.seen.add(identity);
    const displayName = displayNameOf(identity, this.cwd);
    let raw: RawSource;
    try {
      raw = await this.prefetch(identity);
    } catch (err) {
      if (!(err instanceof ReadFailure)) throw err;
      const offline = isHttpUrl(identity) && err.reason.startsWith('fetch failed') ? this.offlineHint(identity) : '';
      if (!via) throw userError(`cannot read ${displayName}: ${err.reason}${offline}`);
      this.unreadable(
        `cannot load ${via.ref.kind} "${via.ref.location}" (${displayName}): ${err.reason}${offline}`,
        via,
      );
      return;
    }
    const parsed = parseDocument(raw.bytes, displayName, this.lenient);
    this.recovered.push(...parsed.recovered);
    const chameleon =
      via?.ref.includingNamespace !== undefined &&
      parsed.kind === 'xsd' &&
      attr(parsed.root, 'targetNamespace') === undefined
        ? via.ref.includingNamespace
        : undefined;
    const doc: SourceDocument = {
      url: identity,
      displayName,
      kind: parsed.kind,
      root: parsed.root,
      text: parsed.text,
      ...(chameleon !== undefined ? { chameleonNamespace: chameleon } : {}),
    };
    this.documents.push(doc);

    const targets: { identity: string; via: Via }[] = [];
    for (const ref of findReferences(parsed.root, chameleon, { lenient: this.lenient })) {
      const next: Via = { ref, from: doc };
      if (ref.fromLocationAttribute) {
        this.recovered.push({
          severity: 'warning',
          message: `${ref.kind} has no schemaLocation attribute, but a "location" attribute (lenient: "${ref.location}" is followed as its schemaLocation)`,
          location: this.locate(next),
        });
      }
      const resolved = resolveLocation(ref.location, raw.base);
      if (!resolved.ok) {
        this.unreadable(`cannot load ${ref.kind} "${ref.location}": ${resolved.reason}`, next);
        continue;
      }
      if (isSkippedWellKnownImport(ref, resolved.identity)) continue;
      if (!this.fetches.has(resolved.identity)) {
        if (this.fetches.size >= this.maxDocuments) {
          throw userError(
            `too many documents: more than ${this.maxDocuments} are reached by imports and includes (maxDocuments)`,
            this.locate(next),
          );
        }
        this.prefetch(resolved.identity);
      }
      targets.push({ identity: resolved.identity, via: next });
    }
    for (const t of targets) await this.visit(t.identity, t.via);
  }

  /** Registers the main document's read. */
  start(identity: string): void {
    this.prefetch(identity);
  }
}

/**
 * Loads a contract: the main WSDL (a path or an http(s) URL) and every document
 * reachable through `wsdl:import/@location` and `xsd:import|include|redefine/@schemaLocation`,
 * resolved relative to the referring document, each loaded once. Lenient mode also reads
 * unbound conventional prefixes (recover-prefixes.ts) and schema imports/includes that
 * say `location` instead of `schemaLocation`, each recovery a located warning (`recovered`).
 *
 * @param source path (relative to `options.cwd`), `file:` URL or http(s) URL
 * @param options working directory, fetch implementation, document bound
 * @returns the documents, main first, then in the order first reached (depth first)
 * @throws WsdlcError with `file:line:column` for unreadable documents, bad encodings,
 *   XML that is not well-formed, DOCTYPEs and unexpected roots
 */
export async function loadDocuments(source: string, options: LoadOptions = {}): Promise<LoadedSet> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const fetchFn = options.fetch ?? (typeof globalThis.fetch === 'function' ? globalThis.fetch : undefined);
  const maxDocuments = Math.max(1, options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS);
  let mainIdentity: string;
  try {
    mainIdentity = resolveMainSource(source, cwd);
  } catch {
    throw userError(`cannot read ${source}: not a valid path or URL`);
  }
  const run = new LoadRun(cwd, fetchFn, maxDocuments, options.lenient === true);
  run.start(mainIdentity);
  await run.visit(mainIdentity, undefined);
  const main = run.documents[0];
  if (!main) throw new WsdlcError({ severity: 'error', message: `cannot read ${source}` });
  return {
    main,
    documents: run.documents,
    ...(run.skipped.length > 0 ? { skipped: run.skipped } : {}),
    ...(run.recovered.length > 0 ? { recovered: run.recovered } : {}),
  };
}
