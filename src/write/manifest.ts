/**
 * The output manifest `.wsdlc-manifest.json`: which files of an output folder
 * wsdlc generated, with their sha256. Regeneration deletes files it made that are
 * no longer generated and refuses to overwrite files it did not make.
 * The manifest is deterministic: sorted paths, no timestamps.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../util/diagnostics.js';
import { WsdlcError } from '../util/errors.js';
import { checkOutputPath } from './paths.js';

/** The manifest's file name inside each output folder. */
export const MANIFEST_NAME = '.wsdlc-manifest.json';

/** The manifest's content. */
export interface Manifest {
  readonly generator: 'wsdlc';
  readonly manifestVersion: 1;
  /** Generated file path (POSIX, relative to the output folder) -> sha256 hex of its content. */
  readonly files: Readonly<Record<string, string>>;
  /**
   * Present when the contract was generated in lenient mode (`--lenient`): what
   * lenient mode replaced, each `file:line:column: message` (file relative to the
   * main WSDL's folder), in the order found.
   */
  readonly lenient?: { readonly replaced: readonly string[] };
}

/** What lenient mode replaced, as recorded in the manifest (see {@link Manifest.lenient}). */
export interface LenientRecord {
  readonly replaced: readonly Diagnostic[];
}

function formatReplaced(d: Diagnostic): string {
  const at = d.location ? `${d.location.file}:${d.location.line}:${d.location.column}: ` : '';
  return `${at}${d.message}`;
}

/** sha256 of a UTF-8 string, hex. */
export function sha256(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** Builds the manifest text for generated files (sorted, stable, ending in a newline). */
export function renderManifest(files: readonly { path: string; content: string }[], lenient?: LenientRecord): string {
  const entries = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const record: Record<string, string> = {};
  for (const f of entries) record[f.path] = sha256(f.content);
  const manifest: Manifest = {
    generator: 'wsdlc',
    manifestVersion: 1,
    files: record,
    ...(lenient ? { lenient: { replaced: lenient.replaced.map(formatReplaced) } } : {}),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Parses a manifest read from disk. Every listed path is checked like emitter
 * output (a tampered manifest must not make wsdlc delete outside its folder).
 * @param displayName how errors name the manifest file
 * @throws WsdlcError when the manifest is not valid
 */
export function parseManifest(text: string, displayName: string): Manifest {
  const invalid = (why: string): never => {
    throw new WsdlcError({
      severity: 'error',
      message: `${displayName}: invalid wsdlc manifest (${why}); delete it and regenerate with --force`,
    });
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return invalid('not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return invalid('not an object');
  const rec = data as Record<string, unknown>;
  if (rec['generator'] !== 'wsdlc') return invalid('missing "generator": "wsdlc"');
  const files = rec['files'];
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return invalid('missing "files"');
  const out: Record<string, string> = {};
  for (const [path, hash] of Object.entries(files as Record<string, unknown>)) {
    if (typeof hash !== 'string') return invalid(`hash of ${path} is not a string`);
    out[checkOutputPath(path, displayName)] = hash;
  }
  return { generator: 'wsdlc', manifestVersion: 1, files: out };
}
