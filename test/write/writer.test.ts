import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitPlan } from '../../src/write/commit.js';
import { nodeFs, type WriterFs } from '../../src/write/fs.js';
import { MANIFEST_NAME } from '../../src/write/manifest.js';
import { checkOutputPath } from '../../src/write/paths.js';
import { isUpToDate, planOutput, refuseConflicts } from '../../src/write/plan.js';
import { WsdlcError } from '../../src/util/errors.js';
import { cleanup, snapshotTree, tempDir } from '../cli/helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));

function outDir(): string {
  const d = tempDir();
  dirs.push(d);
  return join(d, 'out');
}

const V1 = [
  { path: 'index.ts', content: 'export const a = 1;\n' },
  { path: 'runtime/codec.ts', content: 'export const codec = 1;\n' },
  { path: 'runtime/deep/x.ts', content: 'export const x = 1;\n' },
];

async function write(
  out: string,
  files: { path: string; content: string }[],
  opts: { clean?: boolean; fs?: WriterFs } = {},
) {
  const plan = await planOutput(out, files, opts);
  refuseConflicts(plan, dirname(out));
  return { plan, result: await commitPlan(plan, opts.fs ?? nodeFs) };
}

describe('output paths', () => {
  it.each([
    '/etc/passwd',
    '../x.ts',
    'a/../../x.ts',
    'a/./b.ts',
    'C:/x.ts',
    'C:\\x.ts',
    'a\\b.ts',
    '',
    'a//b.ts',
    'x\0.ts',
  ])('rejects %j', (p) => {
    expect(() => checkOutputPath(p, 'emitter')).toThrow(WsdlcError);
  });
  it('accepts nested relative paths', () => {
    expect(checkOutputPath('runtime/codec.ts', 'emitter')).toBe('runtime/codec.ts');
  });
  it('refuses an emitter path escaping the folder before writing anything', async () => {
    const out = outDir();
    await expect(planOutput(out, [{ path: '../evil.ts', content: 'x' }])).rejects.toThrow(/unsafe output path/);
    expect(existsSync(dirname(out)) && readdirSync(dirname(out))).toEqual([]);
  });
  it('refuses a tampered manifest listing a path outside the folder', async () => {
    const out = outDir();
    await write(out, V1);
    const victim = join(dirname(out), 'victim.txt');
    writeFileSync(victim, 'keep me');
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { files: Record<string, string> };
    manifest.files['../victim.txt'] = 'x';
    writeFileSync(join(out, MANIFEST_NAME), JSON.stringify(manifest));
    await expect(planOutput(out, V1)).rejects.toThrow(/unsafe output path "\.\.\/victim\.txt"/);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
  });
});

describe('planning and writing', () => {
  it('creates files and a sorted manifest with sha256 hashes', async () => {
    const out = outDir();
    const { plan, result } = await write(out, V1);
    expect(result.written).toBe(true);
    expect(plan.changes.map((c) => `${c.action} ${c.path}`)).toEqual([
      `create ${MANIFEST_NAME}`,
      'create index.ts',
      'create runtime/codec.ts',
      'create runtime/deep/x.ts',
    ]);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { files: Record<string, string> };
    expect(Object.keys(manifest.files)).toEqual(['index.ts', 'runtime/codec.ts', 'runtime/deep/x.ts']);
    expect(manifest.files['index.ts']).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(out, 'runtime/codec.ts'), 'utf8')).toBe('export const codec = 1;\n');
  });

  it('leaves an up-to-date folder untouched', async () => {
    const out = outDir();
    await write(out, V1);
    const before = statSync(join(out, 'index.ts')).mtimeMs;
    const { plan, result } = await write(out, V1);
    expect(isUpToDate(plan)).toBe(true);
    expect(result.written).toBe(false);
    expect(statSync(join(out, 'index.ts')).mtimeMs).toBe(before);
  });

  it('changes, deletes stale generated files, prunes emptied folders and keeps user files', async () => {
    const out = outDir();
    await write(out, V1);
    writeFileSync(join(out, 'NOTES.md'), 'mine');
    mkdirSync(join(out, 'custom'));
    writeFileSync(join(out, 'custom/ext.ts'), 'mine too');
    const v2 = [{ path: 'index.ts', content: 'export const a = 2;\n' }, V1[1]!];
    const { plan } = await write(out, v2);
    expect(plan.changes.filter((c) => c.action !== 'unchanged').map((c) => `${c.action} ${c.path}`)).toEqual([
      `change ${MANIFEST_NAME}`,
      'change index.ts',
      'delete runtime/deep/x.ts',
    ]);
    expect(snapshotTree(out)).toEqual({
      [MANIFEST_NAME]: expect.any(String),
      'NOTES.md': 'mine',
      'custom/ext.ts': 'mine too',
      'index.ts': 'export const a = 2;\n',
      'runtime/codec.ts': 'export const codec = 1;\n',
    });
    expect(existsSync(join(out, 'runtime/deep'))).toBe(false);
  });

  it('refuses to overwrite a file it did not generate, unless forced', async () => {
    const out = outDir();
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'index.ts'), '// my own file\n');
    const plan = await planOutput(out, V1);
    expect(plan.conflicts).toEqual(['index.ts']);
    expect(() => refuseConflicts(plan, dirname(out))).toThrow(/out\/index\.ts: exists and was not generated by wsdlc/);
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toBe('// my own file\n');
    await commitPlan(plan); // what --force does
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('reports generated files edited by hand', async () => {
    const out = outDir();
    await write(out, V1);
    writeFileSync(join(out, 'index.ts'), 'edited');
    const plan = await planOutput(out, V1);
    expect(plan.edited).toEqual(['index.ts']);
    expect(plan.changes.find((c) => c.path === 'index.ts')?.action).toBe('change');
  });

  it('--clean rewrites every file and drops all previously generated ones', async () => {
    const out = outDir();
    await write(out, V1);
    writeFileSync(join(out, 'user.txt'), 'mine');
    const { result } = await write(out, V1, { clean: true });
    expect(result.written).toBe(true);
    expect(Object.keys(snapshotTree(out)).sort()).toEqual([
      MANIFEST_NAME,
      'index.ts',
      'runtime/codec.ts',
      'runtime/deep/x.ts',
      'user.txt',
    ]);
  });
});

describe('symbolic links in the output folder', () => {
  it('refuses a folder that is a link (generated files would land outside the output folder)', async () => {
    const out = outDir();
    const outside = join(dirname(out), 'outside');
    mkdirSync(outside);
    mkdirSync(out);
    symlinkSync(outside, join(out, 'runtime'));
    const err = await write(out, V1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsdlcError);
    expect((err as Error).message).toMatch(
      /output folder .*runtime is a symbolic link: wsdlc does not write generated files through links/,
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(out)).toEqual(['runtime']);
  });

  it('refuses a file it did not make where a generated folder goes, with a clear error', async () => {
    const out = outDir();
    mkdirSync(out);
    writeFileSync(join(out, 'runtime'), 'mine');
    const err = await write(out, V1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsdlcError);
    expect((err as Error).message).toMatch(
      /output .*runtime is a file that wsdlc did not make, where it needs a folder/,
    );
    expect(readFileSync(join(out, 'runtime'), 'utf8')).toBe('mine');
  });

  it('replaces a file it made by a folder when the output changes shape', async () => {
    const out = outDir();
    await write(out, [{ path: 'runtime', content: 'old\n' }]);
    await write(out, V1);
    expect(readFileSync(join(out, 'runtime/codec.ts'), 'utf8')).toBe('export const codec = 1;\n');
  });

  it('replaces a generated file that is a link instead of writing through it', async () => {
    const out = outDir();
    await write(out, V1);
    const outside = join(dirname(out), 'target.ts');
    writeFileSync(outside, 'not yours\n');
    rmSync(join(out, 'index.ts'));
    symlinkSync(outside, join(out, 'index.ts'));
    await write(
      out,
      V1.map((f) => ({ ...f, content: `${f.content}// v2\n` })),
    );
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
    expect(lstatSync(join(out, 'index.ts')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toBe('export const a = 1;\n// v2\n');
  });
});

describe('atomic writes', () => {
  /** The real fs, except that call number `afterCalls + 1` of `failOn` throws. */
  function failingFs(failOn: keyof WriterFs, afterCalls: number): WriterFs {
    let calls = 0;
    return {
      ...nodeFs,
      [failOn]: async (...args: unknown[]) => {
        if (++calls === afterCalls + 1)
          throw Object.assign(new Error(`injected ${failOn} failure`), { code: 'EIO', syscall: failOn });
        return (nodeFs[failOn] as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    } as WriterFs;
  }

  it('a write failing midway leaves the previous output intact and no temp folder', async () => {
    const out = outDir();
    await write(out, V1);
    writeFileSync(join(out, 'user.txt'), 'mine');
    const before = snapshotTree(out);
    const v2 = V1.map((f) => ({ ...f, content: `${f.content}// v2\n` }));
    await expect(write(out, v2, { fs: failingFs('writeFile', 2) })).rejects.toThrow(/injected writeFile failure/);
    expect(snapshotTree(out)).toEqual(before);
    expect(readdirSync(dirname(out))).toEqual(['out']);
  });

  it('with many files written side by side, a failing write still leaves the previous output intact and no temp folder', async () => {
    const out = outDir();
    const many = Array.from({ length: 60 }, (_, k) => ({
      path: `dir${k % 4}/f${k}.ts`,
      content: `export const v${k} = 1;\n`,
    }));
    await write(out, many);
    const before = snapshotTree(out);
    const v2 = many.map((f) => ({ ...f, content: `${f.content}// v2\n` }));
    // Writes run 16 at a time: the 31st fails while others are still in flight.
    await expect(write(out, v2, { fs: failingFs('writeFile', 30) })).rejects.toThrow(/injected writeFile failure/);
    expect(snapshotTree(out)).toEqual(before);
    expect(readdirSync(dirname(out))).toEqual(['out']);
    // And without the failure, every file lands.
    await write(out, v2);
    expect(readFileSync(join(out, 'dir3/f59.ts'), 'utf8')).toBe('export const v59 = 1;\n// v2\n');
  });

  it('a failing swap restores the previous folder', async () => {
    const out = outDir();
    await write(out, V1);
    const before = snapshotTree(out);
    const v2 = V1.map((f) => ({ ...f, content: `${f.content}// v2\n` }));
    await expect(write(out, v2, { fs: failingFs('rename', 1) })).rejects.toThrow(/injected rename failure/);
    expect(snapshotTree(out)).toEqual(before);
    expect(readdirSync(dirname(out))).toEqual(['out']);
  });

  it('a failure on first generation leaves no output folder at all', async () => {
    const out = outDir();
    await expect(write(out, V1, { fs: failingFs('writeFile', 1) })).rejects.toThrow(/injected/);
    expect(readdirSync(dirname(out))).toEqual([]);
  });
});
