/**
 * The generated output compiles under `strict` + NodeNext + noUncheckedIndexedAccess,
 * and contains no `any` (found as AnyKeyword nodes with ts-morph, not by grep).
 */
import path from 'node:path';
import { Project, SyntaxKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { compileTree, generate, ROOT } from '../emit/helpers.js';
import { CORPUS, GOLDEN_CASES } from './cases.js';

const CASES = [
  ...GOLDEN_CASES,
  { name: 'hostile', wsdl: 'test/emit/fixtures/hostile.wsdl', label: 'test/emit/fixtures/hostile.wsdl' },
  { name: 'global-weather', wsdl: path.join(CORPUS, 'asmx/webservicex_GlobalWeather.wsdl'), label: 'corpus/asmx/webservicex_GlobalWeather.wsdl' },
];

describe('the compile check', () => {
  it('reports a type error when there is one', () => {
    const errors = compileTree(path.join(ROOT, 'test/tmp/compile/broken'), [
      { path: 'index.ts', content: 'export const n: number = "not a number";\n' },
    ]);
    expect(errors.join('\n')).toMatch(/not assignable to type 'number'/);
  });
});

describe.each(CASES)('generated $name', ({ name, wsdl, label }) => {
  it('compiles with tsc --strict (NodeNext, noUncheckedIndexedAccess)', async () => {
    const files = await generate(wsdl, label);
    // The runtime copy is checked in full once (with Auth); the others' runtimes are the same modules.
    const errors = compileTree(path.join(ROOT, 'test/tmp/compile', name), files, { checkRuntime: name === 'auth' });
    expect(errors).toEqual([]);
  });

  it('has no `any` type anywhere (AnyKeyword nodes)', async () => {
    const files = await generate(wsdl, label);
    const project = new Project({ useInMemoryFileSystem: true });
    const found: string[] = [];
    for (const f of files) {
      const sf = project.createSourceFile(`/g/${f.path}`, f.content);
      sf.forEachDescendant((node) => {
        if (node.getKind() === SyntaxKind.AnyKeyword) found.push(`${f.path}:${node.getStartLineNumber()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
