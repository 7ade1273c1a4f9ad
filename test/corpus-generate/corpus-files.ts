/**
 * Shared helpers of the corpus generation tests and bench/corpus.ts: the list
 * of corpus contracts that build a model (test/corpus/expectations.json says
 * which), loading them offline, emitting them, and type-checking many
 * generated trees in one TypeScript program.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DEFAULT_TYPE_MAPPING, emitFiles, type EmitOptions, type GeneratedFile } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import type { WsdlModel } from '../../src/model/types.js';
import { strictOptions } from '../emit/helpers.js';
import { formatDiagnostics, programDiagnostics, resolveThroughLinks } from '../support/type-check.js';

/** The repository root. */
export const REPO = path.resolve(import.meta.dirname, '../..');
/** The shared corpus beside the repository. */
export const CORPUS = path.resolve(REPO, '../shared/corpus');

/**
 * The file of a corpus contract: `local/...` names this repository's own
 * additions (test/corpus/local, see its SOURCES.tsv), anything else the shared corpus.
 */
export function corpusFile(rel: string): string {
  return rel.startsWith('local/') ? path.join(REPO, 'test/corpus', rel) : path.join(CORPUS, rel);
}

/** The recorded loader/model outcome of one corpus contract (test/corpus/expectations.json). */
export type Expectation =
  | { readonly ok: true; readonly operations: number }
  | { readonly ok: false; readonly error: string };

/** Every corpus contract and its recorded outcome, by path relative to the corpus root, sorted. */
export function corpusExpectations(): ReadonlyArray<readonly [string, Expectation]> {
  const file = path.join(REPO, 'test/corpus/expectations.json');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Expectation>;
  return Object.keys(parsed)
    .sort()
    .map((k) => [k, parsed[k]!] as const);
}

/** The corpus contracts that build a model (`ok: true`), relative to the corpus root. */
export function buildingContracts(): string[] {
  return corpusExpectations()
    .filter(([, e]) => e.ok)
    .map(([k]) => k);
}

const offlineFetch: typeof fetch = () => Promise.reject(new Error('network access disabled in the corpus tests'));

/** Loads a corpus contract (path relative to the corpus root) with network access disabled. */
export function loadCorpusModel(rel: string): Promise<WsdlModel> {
  return loadModel(path.relative(REPO, corpusFile(rel)), { cwd: REPO, fetch: offlineFetch });
}

/** Fixed emit options for corpus generation (client and server, default type mapping). */
export function corpusEmitOptions(rel: string): EmitOptions {
  return {
    client: true,
    server: true,
    types: DEFAULT_TYPE_MAPPING,
    sourceLabel: `corpus/${rel}`,
    toolVersion: '0.0.0-test',
    // The runtime copies are type-checked too (no `// @ts-nocheck`): with each contract's own closure.
    tsNocheck: 'none',
  };
}

/** Loads and emits one corpus contract. */
export async function generateCorpusContract(rel: string): Promise<GeneratedFile[]> {
  const model = await loadCorpusModel(rel);
  return emitFiles(model, corpusEmitOptions(rel), { wsdlText: readFileSync(corpusFile(rel), 'utf8') });
}

/** A folder name for a contract: its corpus path with separators and dots made safe. */
export function folderName(rel: string): string {
  return rel.replace(/\.wsdl$/, '').replace(/[^A-Za-z0-9_-]+/g, '_');
}

/**
 * Type-checks every root file in one program (the generated trees must already
 * be on disk, under a folder with a `{"type":"module"}` package.json). Returns
 * the diagnostics as `file:line: message`, file relative to `base`.
 *
 * A tree's `runtime` folder may be a symbolic link to one shared copy: module
 * resolution follows links to the real path (resolveThroughLinks), so the
 * shared runtime is parsed and checked once.
 */
export function typeCheck(base: string, rootFiles: readonly string[]): string[] {
  const options = strictOptions();
  const host = ts.createCompilerHost(options);
  resolveThroughLinks(host, options);
  const program = ts.createProgram({ rootNames: rootFiles, options, host });
  return formatDiagnostics(programDiagnostics(program), base);
}
