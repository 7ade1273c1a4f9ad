/**
 * `wsdlc vendor <url> -o <dir>`: downloads a WSDL and every document it imports or
 * includes (transitively: `wsdl:import`, `xsd:import|include|redefine`, nothing else),
 * writes them as files of one folder with those references rewritten to the local
 * file names, and records each source URL and the SHA-256 of the bytes fetched in a
 * lock file. Generating from the vendored copy then needs no network.
 *
 * Bounded: http(s) only (redirects included), a document count, a per-document and a
 * total byte limit, a timeout per fetch; file names are reduced to plain names, so
 * nothing is written outside the output folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { isHttpUrl } from '../load/display-name.js';
import { parseDocument } from '../load/parse-document.js';
import { findReferences } from '../load/references.js';
import { resolveLocation } from '../load/resolve-location.js';
import { isSkippedWellKnownImport } from '../load/well-known.js';
import { userError, WsdlcError } from '../util/errors.js';
import type { Diagnostic } from '../util/diagnostics.js';
import { FetchFailure, fetchBounded } from './fetch.js';
import { claimName, isSafeName, preferredName } from './local-names.js';
import { diffLocks, LOCK_FILE, type LockedDocument, readLock, type UpstreamChange, type VendorLock } from './lock.js';
import { declareUtf8, rewriteReferences } from './rewrite.js';

export { LOCK_FILE, type UpstreamChange, type VendorLock } from './lock.js';

/** Options of {@link vendor}. */
export interface VendorOptions {
  /** The WSDL's http(s) URL. */
  readonly url: string;
  /** The output folder (relative to `cwd`). */
  readonly output: string;
  readonly cwd?: string;
  /** Only report what changed upstream; write nothing. */
  readonly check?: boolean;
  /** Most documents (default 200). */
  readonly maxDocuments?: number;
  /** Largest document in bytes (default 16 MiB). */
  readonly maxBytes?: number;
  /** Most bytes in all (default 128 MiB). */
  readonly maxTotalBytes?: number;
  /** Per-fetch timeout in ms (default 30 s). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /**
   * Read the documents as `wsdlc generate --lenient` does: unbound conventional prefixes (`xsd:`,
   * `soap:`) and a `location=` written for `schemaLocation=` on a schema import, include or
   * redefine are recovered, each a located warning, so a served contract with such defects can be
   * vendored (its files are written as fetched: generate from them with `--lenient` too).
   */
  readonly lenient?: boolean;
}

/** What {@link vendor} did. */
export interface VendorResult {
  /** The output folder, absolute. */
  readonly output: string;
  /** The main document's local file, absolute. */
  readonly main: string;
  readonly lock: VendorLock;
  /** Per document: added, changed, removed or unchanged since the previous lock. */
  readonly changes: readonly UpstreamChange[];
  /** Whether files were written (false with `check`). */
  readonly written: boolean;
  /** The defects recovered with `lenient`, located in the documents as fetched (by URL). */
  readonly warnings: readonly Diagnostic[];
}

interface Doc {
  readonly url: string;
  readonly finalUrl: string;
  readonly bytes: Uint8Array;
  readonly kind: 'wsdl' | 'xsd';
  readonly text: string;
  /** Each reference as written -> the URL it resolves to. */
  readonly refs: Map<string, string>;
}

/** Fetches the documents breadth first, each URL once (loops end there). */
async function fetchAll(
  o: Required<Omit<VendorOptions, 'cwd' | 'check'>>,
): Promise<{ docs: Doc[]; byUrl: Map<string, Doc>; warnings: Diagnostic[] }> {
  const warnings: Diagnostic[] = [];
  const docs: Doc[] = [];
  const byUrl = new Map<string, Doc>();
  const queued = new Set<string>([o.url]);
  const queue: { url: string; from?: { file: string; line: number; column: number } }[] = [{ url: o.url }];
  let total = 0;
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    let fetched: Awaited<ReturnType<typeof fetchBounded>>;
    try {
      fetched = await fetchBounded(next.url, o.fetch, o.maxBytes, o.timeoutMs);
    } catch (err) {
      if (!(err instanceof FetchFailure)) throw err;
      throw userError(`cannot vendor ${next.url}: ${err.message}`, next.from);
    }
    const already = byUrl.get(fetched.finalUrl);
    if (already) {
      byUrl.set(next.url, already); // a redirect to a document fetched before
      continue;
    }
    total += fetched.bytes.byteLength;
    if (total > o.maxTotalBytes) {
      throw userError(`the documents exceed ${o.maxTotalBytes} bytes in all (see --max-total-bytes)`, next.from);
    }
    const parsed = parseDocument(fetched.bytes, next.url, o.lenient);
    warnings.push(...parsed.recovered);
    const refs = new Map<string, string>();
    for (const ref of findReferences(parsed.root, undefined, { lenient: o.lenient })) {
      const at = { file: next.url, line: ref.element.line, column: ref.element.column };
      if (ref.fromLocationAttribute) {
        warnings.push({
          severity: 'warning',
          message: `${ref.kind} has no schemaLocation attribute, but a "location" attribute (lenient: "${ref.location}" is followed as its schemaLocation)`,
          location: at,
        });
      }
      const resolved = resolveLocation(ref.location, fetched.finalUrl);
      if (!resolved.ok) throw userError(`cannot vendor ${ref.kind} "${ref.location}": ${resolved.reason}`, at);
      if (isSkippedWellKnownImport(ref, resolved.identity)) continue;
      if (!isHttpUrl(resolved.identity)) {
        throw userError(`cannot vendor ${ref.kind} "${ref.location}": only http and https URLs are vendored`, at);
      }
      refs.set(ref.location, resolved.identity);
      if (!queued.has(resolved.identity)) {
        if (queued.size >= o.maxDocuments) {
          throw userError(`more than ${o.maxDocuments} documents are imported (see --max-documents)`, at);
        }
        queued.add(resolved.identity);
        queue.push({ url: resolved.identity, from: at });
      }
    }
    const doc: Doc = {
      url: next.url,
      finalUrl: fetched.finalUrl,
      bytes: fetched.bytes,
      kind: parsed.kind,
      text: parsed.text,
      refs,
    };
    docs.push(doc);
    byUrl.set(next.url, doc);
    byUrl.set(fetched.finalUrl, doc);
  }
  return { docs, byUrl, warnings };
}

/** Writes `data` to `file` through a temporary file and a rename (never half-written). */
function writeAtomic(file: string, data: Uint8Array | string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Vendors a remote contract.
 * @throws WsdlcError for a bad URL, a fetch failure, a limit reached or a document
 *   that is not a WSDL or schema (located at the reference that led to it)
 */
export async function vendor(options: VendorOptions): Promise<VendorResult> {
  if (!isHttpUrl(options.url))
    throw new WsdlcError({ severity: 'error', message: `vendor needs an http(s) URL, got "${options.url}"` }, 2);
  const fetchFn = options.fetch ?? globalThis.fetch;
  const out = path.resolve(options.cwd ?? process.cwd(), options.output);
  const lockPath = path.join(out, LOCK_FILE);
  const before = readLock(lockPath);
  const { docs, byUrl, warnings } = await fetchAll({
    url: options.url,
    output: options.output,
    fetch: fetchFn,
    maxDocuments: options.maxDocuments ?? 200,
    maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
    maxTotalBytes: options.maxTotalBytes ?? 128 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 30_000,
    lenient: options.lenient === true,
  });

  // Names: the previous lock's for the same URL (stable across runs), else derived from the URL.
  const taken = new Set<string>([LOCK_FILE.toLowerCase()]);
  const names = new Map<Doc, string>();
  const previous = new Map((before?.documents ?? []).map((d) => [d.url, d.file]));
  for (const d of docs) {
    const prev = previous.get(d.url);
    if (prev && isSafeName(prev) && !taken.has(prev.toLowerCase())) {
      taken.add(prev.toLowerCase());
      names.set(d, prev);
    }
  }
  for (const d of docs) if (!names.has(d)) names.set(d, claimName(preferredName(d.finalUrl, d.kind), taken));

  const files = new Map<string, Uint8Array | string>();
  const locked: LockedDocument[] = [];
  for (const d of docs) {
    const local = new Map<string, string>();
    for (const [written, url] of d.refs) {
      const target = byUrl.get(url);
      const name = target ? names.get(target) : undefined;
      if (name) local.set(written, name);
    }
    const { text, count } = rewriteReferences(d.text, local);
    const name = names.get(d) ?? '';
    files.set(name, count > 0 ? declareUtf8(text) : d.bytes);
    locked.push({
      url: d.url,
      ...(d.finalUrl !== d.url ? { redirectedTo: d.finalUrl } : {}),
      file: name,
      sha256: createHash('sha256').update(d.bytes).digest('hex'),
      bytes: d.bytes.byteLength,
    });
  }
  const mainDoc = docs[0];
  const lock: VendorLock = {
    lockVersion: 1,
    source: options.url,
    main: mainDoc ? (names.get(mainDoc) ?? '') : '',
    documents: locked,
  };
  const changes = diffLocks(before, locked);
  if (!options.check) {
    mkdirSync(out, { recursive: true });
    for (const [name, data] of files) {
      const file = path.join(out, name);
      if (path.dirname(file) !== out || !isSafeName(name)) throw new Error(`unsafe vendored file name ${name}`);
      writeAtomic(file, data);
    }
    for (const c of changes) {
      if (c.kind === 'removed' && isSafeName(c.file) && !files.has(c.file))
        rmSync(path.join(out, c.file), { force: true });
    }
    writeAtomic(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  }
  return { output: out, main: path.join(out, lock.main), lock, changes, written: !options.check, warnings };
}
