/**
 * Issue 19: the Auth output (generated code and runtime) compiles with zero
 * errors under every user configuration of the matrix (test/matrix/configs.ts),
 * checked with the TypeScript API on one shared in-memory host.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate } from '../emit/helpers.js';
import { addTree, checkTree } from './compile-host.js';
import { DEFAULT_STYLE, MATRIX } from './configs.js';
import { AUTH, output } from './matrix-cases.js';

describe('the matrix host', () => {
  it('finds a type error that only a lower target has (ES2020 lib: no Object.hasOwn)', () => {
    const dir = addTree(
      'probe-lib',
      [{ path: 'a.ts', content: "export const own = Object.hasOwn({}, 'a');\n" }],
      'module',
    );
    expect(checkTree(dir, { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 })).toEqual([]);
    expect(checkTree(dir, { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2020 }).join('\n')).toMatch(
      /TS2550/,
    );
  });

  it('resolves modules as the configuration says (extensionless imports fail under NodeNext: TS2834/TS2835)', async () => {
    const files = await output(AUTH, { importExtension: 'none', typeImports: 'inline' });
    const dir = addTree('probe-resolution', files, 'module');
    expect(checkTree(dir, { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 }).join('\n')).toMatch(
      /TS283[45]/,
    );
  });

  it('reads the output under a CommonJS package.json as CommonJS', async () => {
    const dir = addTree('probe-cjs', await output(AUTH, DEFAULT_STYLE), 'commonjs');
    const errors = checkTree(dir, { module: ts.ModuleKind.NodeNext, verbatimModuleSyntax: true });
    expect(errors.join('\n')).toMatch(/TS1287|TS1295/);
  });
});

describe('client-only and server-only Auth output under the strictest row', () => {
  const strictest = MATRIX.find((c) => c.name.startsWith('strictest'));
  it.each([
    ['client only', { client: true, server: false }],
    ['server only', { client: false, server: true }],
  ] as const)('%s compiles with zero errors', async (name, sides) => {
    if (strictest === undefined) throw new Error('no strictest row');
    const files = await generate(AUTH.wsdl, AUTH.label, sides);
    expect(files.some((f) => f.path === (sides.server === false ? 'server.ts' : 'client.ts'))).toBe(false);
    const dir = addTree(`auth-${name.replace(' ', '-')}`, files, strictest.packageType);
    expect(checkTree(dir, strictest.options)).toEqual([]);
  });
});

describe.each(MATRIX)('Auth output under $name', (config) => {
  it('compiles with zero errors', async () => {
    const dir = addTree(`auth-${MATRIX.indexOf(config)}`, await output(AUTH, config.style), config.packageType);
    expect(checkTree(dir, config.options)).toEqual([]);
  });
});

describe('Auth output with the runtime compiled (--runtime-format js)', () => {
  const rows = [MATRIX[0], MATRIX.find((c) => c.name.startsWith('strictest'))];
  it.each(rows.map((config) => [config?.name ?? '', config] as const))(
    'compiles with zero errors under %s, the runtime declarations checked too (no skipLibCheck)',
    async (_name, config) => {
      if (config === undefined) throw new Error('no such row');
      const files = await output(AUTH, config.style, 'js');
      const sources = files.filter((f) => f.path.startsWith('runtime/') && !f.path.endsWith('.d.ts'));
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.every((f) => f.path.endsWith('.js'))).toBe(true);
      const dir = addTree(`auth-js-${MATRIX.indexOf(config)}`, files, config.packageType);
      expect(checkTree(dir, { ...config.options, skipLibCheck: false })).toEqual([]);
    },
    120_000,
  );
});
