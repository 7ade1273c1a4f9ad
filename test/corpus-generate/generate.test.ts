/**
 * Every corpus contract that builds a model (test/corpus/expectations.json,
 * `ok: true`) generates (client and server) and the whole output type-checks
 * under `tsc --strict` (NodeNext, noUncheckedIndexedAccess). The contracts that
 * do not build fail with a located error (test/corpus covers those).
 *
 * Speed: all trees are written under test/tmp/corpus-gen/<contract>/ and
 * checked in ONE TypeScript program. The runtime copies are identical in every
 * tree (checked below, header line aside), so each tree's `runtime` folder is a
 * symbolic link to one shared copy, and typeCheck() resolves imports through
 * links to the real path, so the runtime is checked once (about 1,000 files
 * instead of 12,000).
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../src/emit/index.js';
import {
  buildingContracts,
  corpusExpectations,
  folderName,
  generateCorpusContract,
  REPO,
  typeCheck,
} from './corpus-files.js';
import { writeTree } from '../emit/helpers.js';

const BASE = path.join(REPO, 'test/tmp/corpus-gen');
const SHARED_RUNTIME = path.join(BASE, '_runtime');

/** A runtime file without its first (header) line. */
function body(f: GeneratedFile): string {
  return f.content.slice(f.content.indexOf('\n') + 1);
}

const contracts = buildingContracts();
const generated = new Map<string, GeneratedFile[]>();
const failures = new Map<string, string>();
/** The union of the contracts' runtime files (each contract gets the modules it imports; a file is the same in all). */
let sharedRuntime: Map<string, string> | undefined;

describe('every corpus contract that builds a model generates strict TypeScript', () => {
  beforeAll(async () => {
    rmSync(BASE, { recursive: true, force: true });
    mkdirSync(BASE, { recursive: true });
    writeFileSync(path.join(BASE, 'package.json'), '{ "type": "module" }\n');
    for (const rel of contracts) {
      try {
        generated.set(rel, await generateCorpusContract(rel));
      } catch (err) {
        failures.set(rel, err instanceof Error ? (err.stack ?? err.message) : String(err));
      }
    }
  }, 120_000);

  it('covers the corpus: more than 100 contracts build, and the others are recorded as failing', () => {
    expect(contracts.length).toBeGreaterThan(100);
    expect(corpusExpectations().filter(([, e]) => !e.ok).length).toBeGreaterThan(0);
    expect(contracts).toContain('large/salesforce/enterprise.wsdl');
  });

  it('emits every contract without an error', () => {
    expect(Object.fromEntries(failures)).toEqual({});
    expect(generated.size).toBe(contracts.length);
  });

  it('emits a client, a server and a runtime for every contract, each runtime file the same in all', () => {
    for (const [rel, files] of generated) {
      const names = files.map((f) => f.path);
      expect(names, rel).toEqual(
        expect.arrayContaining(['index.ts', 'types.ts', 'schema.ts', 'client.ts', 'server.ts', 'wsdl.ts']),
      );
      const runtime = new Map(files.filter((f) => f.path.startsWith('runtime/')).map((f) => [f.path, body(f)]));
      expect(runtime.size, rel).toBeGreaterThan(5);
      sharedRuntime ??= new Map();
      for (const [name, text] of runtime) {
        const seen = sharedRuntime.get(name);
        if (seen === undefined) sharedRuntime.set(name, text);
        else expect(text, `${rel}: ${name}`).toBe(seen);
      }
    }
  });

  it('type-checks all generated trees with tsc --strict in one program', () => {
    expect(sharedRuntime).toBeDefined();
    const roots: string[] = [];
    // The union of the runtime files, with their header lines (bodies are checked equal above).
    const union = new Map<string, string>();
    for (const files of generated.values())
      for (const f of files)
        if (f.path.startsWith('runtime/') && !union.has(f.path)) union.set(f.path.slice('runtime/'.length), f.content);
    writeTree(
      SHARED_RUNTIME,
      [...union].map(([p, content]) => ({ path: p, content })),
    );
    for (const p of union.keys()) roots.push(path.join(SHARED_RUNTIME, p));
    for (const [rel, files] of generated) {
      const dir = path.join(BASE, folderName(rel));
      writeTree(
        dir,
        files.filter((f) => !f.path.startsWith('runtime/')),
      );
      symlinkSync(SHARED_RUNTIME, path.join(dir, 'runtime'), 'dir');
      for (const f of files)
        if (f.path.endsWith('.ts') && !f.path.startsWith('runtime/')) roots.push(path.join(dir, f.path));
    }
    const errors = typeCheck(BASE, roots);
    expect(errors.slice(0, 50)).toEqual([]);
    expect(roots.length).toBeGreaterThan(contracts.length * 6);
  }, 300_000); // about 10 s of CPU alone; generous, since CI machines may be slower and the corpus grows
});
