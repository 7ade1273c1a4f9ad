/**
 * The runtime ships by role: a contract generated for one side gets the shared
 * runtime (bytes/, xml/, wire/, index.ts) and that side's folders only, and compiles as it is.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTree, generate, ROOT } from './helpers.js';

const AUTH = 'wsdl/auth.wsdl';

function runtimeFolders(paths: readonly string[]): string[] {
  return [
    ...new Set(paths.filter((p) => p.startsWith('runtime/')).map((p) => p.split('/').slice(1, -1).join('/') || '.')),
  ].sort();
}

describe('runtime by role', () => {
  it('client and server: every runtime folder', async () => {
    const files = await generate(AUTH, AUTH);
    expect(runtimeFolders(files.map((f) => f.path))).toEqual([
      '.',
      'bytes',
      'client',
      'server',
      'server/pages',
      'wire',
      'xml',
    ]);
  });

  it.each([
    { side: 'client only', extra: { client: true, server: false }, absent: 'server', present: ['client'] },
    {
      side: 'server only',
      extra: { client: false, server: true },
      absent: 'client',
      present: ['server', 'server/pages'],
    },
  ])('$side: no $absent files, and the output compiles', async ({ extra, absent, present }) => {
    const files = await generate(AUTH, AUTH, extra);
    const paths = files.map((f) => f.path);
    expect(runtimeFolders(paths)).toEqual(['.', 'bytes', ...present, 'wire', 'xml'].sort());
    expect(paths.filter((p) => p.startsWith(`runtime/${absent}/`) || p === `${absent}.ts`)).toEqual([]);
    // No generated file mentions the absent side's folder.
    expect(files.filter((f) => f.content.includes(`./runtime/${absent}/`)).map((f) => f.path)).toEqual([]);
    expect(
      compileTree(path.join(ROOT, 'test/tmp/runtime-roles', `without-${absent}`), files, { checkRuntime: true }),
    ).toEqual([]);
  });
});
