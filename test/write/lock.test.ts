/**
 * One writer per output folder: overlapping `generate` runs are serialised by a
 * lock file beside the folder (src/write/lock.ts), so each leaves a complete,
 * consistent output; a lock left by a dead process is taken over.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/generate/generate.js';
import { lockOutput, lockPathOf } from '../../src/write/lock.js';
import { MANIFEST_NAME } from '../../src/write/manifest.js';
import { ROOT, cleanup, fakeEmit, snapshotTree, tempDir } from '../cli/helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));

function project(): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(join(dir, 'wsdl'));
  copyFileSync(join(ROOT, 'test/scaffold/fixtures/auth-v1.wsdl'), join(dir, 'wsdl/auth.wsdl'));
  return dir;
}

describe('output lock', () => {
  it('overlapping generate runs into one folder each finish with a complete, consistent output', async () => {
    const dir = project();
    const out = join(dir, 'out');
    const runs = Array.from({ length: 6 }, (_, k) =>
      generate({
        wsdl: 'wsdl/auth.wsdl',
        output: 'out',
        cwd: dir,
        emit: fakeEmit,
        ...(k % 2 === 0 ? { client: false } : { server: false }),
      }),
    );
    const results = await Promise.all(runs);
    expect(results.every((r) => r.contracts.length === 1)).toBe(true);
    // Whatever run came last, the folder is exactly what its manifest says: every listed file is there.
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { files: Record<string, string> };
    const tree = snapshotTree(out);
    for (const file of Object.keys(manifest.files)) expect(tree[file], file).toBeDefined();
    expect(Object.keys(tree).sort()).toEqual([...Object.keys(manifest.files), MANIFEST_NAME].sort());
    expect(existsSync(lockPathOf(out))).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = project();
    const out = join(dir, 'out');
    // A process id far above any this machine hands out.
    writeFileSync(lockPathOf(out), '4194000\n');
    const r = await generate({ wsdl: 'wsdl/auth.wsdl', output: 'out', cwd: dir, emit: fakeEmit });
    expect(r.contracts[0]?.changes.length).toBeGreaterThan(0);
    expect(existsSync(join(out, MANIFEST_NAME))).toBe(true);
    expect(existsSync(lockPathOf(out))).toBe(false);
  });

  it('waits for a live holder, and names it when it keeps the folder too long', async () => {
    const dir = project();
    const out = join(dir, 'out');
    const release = await lockOutput(out);
    await expect(lockOutput(out, 100)).rejects.toThrow(
      `output ${out} is being written by another wsdlc (process ${process.pid}); if none is running, delete ${lockPathOf(out)}`,
    );
    const waiting = lockOutput(out, 5_000);
    setTimeout(() => void release(), 50);
    const releaseSecond = await waiting;
    await releaseSecond();
    expect(existsSync(lockPathOf(out))).toBe(false);
  });
});
