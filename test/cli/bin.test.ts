/**
 * The built CLI as a user runs it: `node bin/wsdlc.js ...` after `npm run build`,
 * from a folder outside the repository (templates and runtime are found relative
 * to the package, not the working directory), with the real loader and emitter.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, snapshotTree, tempDir } from './helpers.js';

const BIN = join(ROOT, 'bin/wsdlc.js');
let dir = '';

function wsdlc(args: string[], cwd = dir): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  // Same as `npm run build` (the package's `prepare`).
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  dir = tempDir();
  mkdirSync(join(dir, 'wsdl'));
  writeFileSync(join(dir, 'package.json'), '{}\n');
  copyFileSync(join(ROOT, 'wsdl/auth.wsdl'), join(dir, 'wsdl/auth.wsdl'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('node bin/wsdlc.js', () => {
  it('--version and --help work from any folder', () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const v = wsdlc(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(version);
    const h = wsdlc(['generate', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('Usage: wsdlc generate');
  });

  it('exits 2 on a bad flag', () => {
    const r = wsdlc(['generate', '--nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--nope'");
  });

  it('generates the Auth contract, then check passes; the output is identical on a second run', () => {
    const g = wsdlc(['generate', 'wsdl/auth.wsdl', '-o', 'generated/auth']);
    expect(g.stderr).toBe('');
    expect(g.code).toBe(0);
    const first = snapshotTree(join(dir, 'generated/auth'));
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['.wsdlc-manifest.json', 'client.ts', 'index.ts', 'server.ts']));
    expect(first['client.ts']).toContain('wsdl/auth.wsdl');
    const c = wsdlc(['check', 'wsdl/auth.wsdl', '-o', 'generated/auth']);
    expect(c.code).toBe(0);
    rmSync(join(dir, 'generated'), { recursive: true });
    expect(wsdlc(['generate', join(dir, 'wsdl/auth.wsdl'), '-o', join(dir, 'generated/auth')], ROOT).code).toBe(0);
    const second = snapshotTree(join(dir, 'generated/auth'));
    expect(second).toEqual(first);
  });

  it('exits quietly when the reader closes the pipe early (wsdlc inspect ... | head)', async () => {
    // A large model (megabytes of JSON) so the output cannot fit in the pipe before we close it.
    const big = join(ROOT, '../shared/corpus/large/salesforce/partner_v58.wsdl');
    const child = spawn(process.execPath, [BIN, 'inspect', big, '--json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Read one chunk, then close our end: the CLI's next write meets EPIPE.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });
});
