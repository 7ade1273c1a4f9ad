/**
 * Property test of the names pass (issue 16, item 2): contracts built from
 * names chosen to collide (see adversarial-contract.ts) always generate, and
 * the output compiles under `tsc --strict`. Each run draws CASES contracts from
 * fixed seeds (reproducible; `ADVERSARIAL_SEED=<n>` starts elsewhere), writes
 * them under test/tmp/adversarial/, and type-checks all trees in one program
 * with one shared runtime copy (as the corpus generation test does).
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitFiles, type GeneratedFile } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { typeCheck } from '../corpus-generate/corpus-files.js';
import { prng } from '../support/decode-compare.js';
import { adversarialContract } from './adversarial-contract.js';
import { compileTree, generate, ROOT, testOptions, writeTree } from './helpers.js';

const CASES = 40;
const FIRST_SEED = Number(process.env.ADVERSARIAL_SEED ?? 1);
const BASE = path.join(ROOT, 'test/tmp/adversarial');

describe('adversarial names', () => {
  it(`${CASES} contracts with colliding names generate code that compiles under tsc --strict`, async () => {
    rmSync(BASE, { recursive: true, force: true });
    mkdirSync(BASE, { recursive: true });
    writeFileSync(path.join(BASE, 'package.json'), '{ "type": "module" }\n');
    const roots: string[] = [];
    const failures: string[] = [];
    let runtime: GeneratedFile[] | undefined;
    for (let i = 0; i < CASES; i++) {
      const seed = FIRST_SEED + i;
      const dir = path.join(BASE, `seed-${seed}`);
      mkdirSync(dir, { recursive: true });
      const wsdl = path.join(dir, 'contract.wsdl');
      const text = adversarialContract(prng(seed));
      writeFileSync(wsdl, text);
      let files: GeneratedFile[];
      try {
        files = await emitFiles(await loadModel(wsdl), testOptions(`seed-${seed}`), { wsdlText: text });
      } catch (err) {
        failures.push(`seed ${seed}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      runtime ??= files.filter((f) => f.path.startsWith('runtime/'));
      const out = path.join(dir, 'out');
      writeTree(
        out,
        files.filter((f) => !f.path.startsWith('runtime/')),
      );
      symlinkSync(path.join(BASE, '_runtime'), path.join(out, 'runtime'), 'dir');
      for (const f of files)
        if (f.path.endsWith('.ts') && !f.path.startsWith('runtime/')) roots.push(path.join(out, f.path));
    }
    expect(failures).toEqual([]);
    writeTree(
      path.join(BASE, '_runtime'),
      (runtime ?? []).map((f) => ({ path: f.path.slice('runtime/'.length), content: f.content })),
    );
    const errors = typeCheck(BASE, roots);
    expect(errors.slice(0, 30)).toEqual([]);
    expect(roots.length).toBeGreaterThanOrEqual(CASES * 5);
  }, 240_000);

  it('resolves the patterns of issue 16: rpc part vs type by case, ArrayOfX in two namespaces, element and type of one name in two schemas', async () => {
    const files = await generate('test/emit/fixtures/colliding-names.wsdl', 'colliding-names');
    const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
    const declared = [...types.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1] ?? '');
    expect(new Set(declared).size).toBe(declared.length);
    // Both ArrayOfItem types, both Thing types, TestOutput and the operation output types coexist.
    expect(declared).toEqual(expect.arrayContaining(['ArrayOfItem', 'ArrayOfItem2', 'Thing', 'Thing2', 'TestOutput']));
    expect(declared.filter((n) => /^TestOutput\d*$/.test(n)).length).toBeGreaterThanOrEqual(3);
    expect(compileTree(path.join(BASE, 'colliding-names'), files)).toEqual([]);
  }, 60_000);
});
