/**
 * Every `.wsdl` of the shared corpus (../shared/corpus beside the repo) either
 * loads into a model or fails with a located WsdlcError (`file:line:column:`):
 * no crash, no hang. Each outcome is recorded in expectations.json so that a
 * regression shows; `UPDATE_EXPECTATIONS=1 npx vitest run test/corpus` refreshes it.
 * Each failing contract must be explained in genuine-failures.md.
 * Network access is disabled: http(s) imports fail like an unreachable host.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../src/model/index.js';
import { WsdlcError } from '../../src/util/errors.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpus = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));
/** This repository's additions (SOURCES.tsv there), keyed `local/...`. */
const local = fileURLToPath(new URL('./local', import.meta.url));
const expectationsFile = fileURLToPath(new URL('./expectations.json', import.meta.url));
const genuineFailuresFile = fileURLToPath(new URL('./genuine-failures.md', import.meta.url));
const update = process.env.UPDATE_EXPECTATIONS === '1';

/** The recorded outcome of one contract. */
type Outcome =
  | {
      ok: true;
      services: number;
      operations: number;
      complexTypes: number;
      simpleTypes: number;
      elements: number;
      warnings: number;
    }
  | { ok: false; error: string };

function wsdlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...wsdlFiles(p));
    else if (entry.name.endsWith('.wsdl')) out.push(p);
  }
  return out;
}

const offlineFetch: typeof fetch = () => Promise.reject(new Error('network access disabled in the corpus test'));

const expected: Record<string, Outcome> = existsSync(expectationsFile)
  ? (JSON.parse(readFileSync(expectationsFile, 'utf8')) as Record<string, Outcome>)
  : {};
const actual: Record<string, Outcome> = {};

async function outcomeOf(file: string): Promise<Outcome> {
  try {
    const m = await loadModel(path.relative(repo, file), { cwd: repo, fetch: offlineFetch });
    return {
      ok: true,
      services: m.services.length,
      operations: m.operations.length,
      complexTypes: m.schema.complexTypes.length,
      simpleTypes: m.schema.simpleTypes.length,
      elements: m.schema.elements.length,
      warnings: m.warnings.length,
    };
  } catch (err) {
    if (!(err instanceof WsdlcError)) throw err;
    const first = err.message.split('\n')[0] ?? '';
    // A user error names the file, line and column of the problem.
    expect(first).toMatch(/^[^\s:][^:]*:\d+:\d+: \S/);
    expect(err.diagnostics.every((d) => d.location !== undefined)).toBe(true);
    return { ok: false, error: first };
  }
}

describe('shared corpus', () => {
  const files = [
    ...wsdlFiles(corpus).map((file) => ({ file, rel: path.relative(corpus, file).split(path.sep).join('/') })),
    ...wsdlFiles(local).map((file) => ({ file, rel: `local/${path.relative(local, file).split(path.sep).join('/')}` })),
  ];

  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.rel.startsWith('local/'))).toBe(true);
  });

  for (const { file, rel } of files) {
    it(rel, async () => {
      const outcome = await outcomeOf(file);
      actual[rel] = outcome;
      if (!update) expect(outcome).toEqual(expected[rel]);
    });
  }

  it('explains every failing contract in genuine-failures.md, and lists no other', () => {
    const listed = new Set<string>();
    for (const line of readFileSync(genuineFailuresFile, 'utf8').split('\n')) {
      const m = /^- `([^`]+)` — \S/.exec(line);
      if (m?.[1]) listed.add(m[1].replace(/^NSS\//, 'node-soap-samples/request-response-samples/'));
    }
    const failing = Object.keys(expected)
      .filter((k) => expected[k]?.ok === false)
      .sort();
    expect([...listed].sort()).toEqual(failing);
  });

  afterAll(() => {
    if (update) {
      const sorted = Object.fromEntries(
        Object.keys(actual)
          .sort()
          .map((k) => [k, actual[k]]),
      );
      writeFileSync(expectationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
    }
  });
});
