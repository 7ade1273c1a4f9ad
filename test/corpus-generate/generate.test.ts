/**
 * Every corpus contract that builds a model (test/corpus/expectations.json,
 * `ok: true`) generates (client and server) and the whole output type-checks
 * under `tsc --strict` (NodeNext, noUncheckedIndexedAccess). The contracts that
 * do not build fail with a located error (test/corpus covers those).
 *
 * Speed: all trees are written under test/tmp/corpus-gen/<contract>/ and
 * checked in ONE TypeScript program. The runtime copies are identical in every
 * tree (checked below, header line aside), so each tree's `runtime` folder is a
 * symbolic link to one shared copy: TypeScript resolves links to the real path
 * and checks the runtime once.
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
  writeTree,
} from './corpus-files.js';

const BASE = path.join(REPO, 'test/tmp/corpus-gen');
const SHARED_RUNTIME = path.join(BASE, '_runtime');

/** A runtime file without its first (header) line. */
function body(f: GeneratedFile): string {
  return f.content.slice(f.content.indexOf('\n') + 1);
}

const contracts = buildingContracts();
const generated = new Map<string, GeneratedFile[]>();
const failures = new Map<string, string>();
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

  it('emits a client, a server and the same runtime for every contract', () => {
    for (const [rel, files] of generated) {
      const names = files.map((f) => f.path);
      expect(names, rel).toEqual(
        expect.arrayContaining(['index.ts', 'types.ts', 'schema.ts', 'client.ts', 'server.ts', 'wsdl.ts']),
      );
      const runtime = new Map(files.filter((f) => f.path.startsWith('runtime/')).map((f) => [f.path, body(f)]));
      expect(runtime.size, rel).toBeGreaterThan(5);
      sharedRuntime ??= runtime;
      expect(runtime, rel).toEqual(sharedRuntime);
    }
  });

  it('type-checks all generated trees with tsc --strict in one program', () => {
    expect(sharedRuntime).toBeDefined();
    const roots: string[] = [];
    const first = generated.values().next().value;
    writeTree(
      SHARED_RUNTIME,
      (first ?? [])
        .filter((f) => f.path.startsWith('runtime/'))
        .map((f) => ({ path: f.path.slice('runtime/'.length), content: f.content })),
    );
    for (const f of first ?? [])
      if (f.path.startsWith('runtime/')) roots.push(path.join(SHARED_RUNTIME, f.path.slice('runtime/'.length)));
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
  }, 420_000); // about 90 s alone on 2 cores; generous, since CI machines may be slower and the corpus grows
});
