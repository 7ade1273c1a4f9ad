/**
 * The built CLI as a user runs it: `node bin/wsdlc.js ...` after `npm run build`,
 * from a folder outside the repository (templates and runtime are found relative
 * to the package, not the working directory), with the real loader and emitter.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, snapshotTree, tempDir } from './helpers.js';

const BIN = join(ROOT, 'bin/wsdlc.js');

/**
 * A temporary folder holding a copy of the launcher beside stand-ins for the compiled modules and
 * the ES bundle, whose `main` prints `modules` or `bundle`: which entry point ran.
 */
/** Overwrites four bytes in the middle of `file`, its header and length intact: damage V8 does not see without a checksum. */
function damageMiddle(file: string): void {
  const bytes = readFileSync(file);
  bytes.fill(0xff, bytes.length >> 1, (bytes.length >> 1) + 4);
  writeFileSync(file, bytes);
}

function launcherCopy(): string {
  const base = tempDir();
  mkdirSync(join(base, 'bin'));
  mkdirSync(join(base, 'dist/cli'), { recursive: true });
  mkdirSync(join(base, 'dist/emit'), { recursive: true });
  copyFileSync(BIN, join(base, 'bin/wsdlc.js'));
  const esm = (name: string): string =>
    `export async function main() { process.stdout.write(${JSON.stringify(name)}); return 0; }\n`;
  writeFileSync(join(base, 'dist/cli/main.js'), esm('modules'));
  writeFileSync(join(base, 'dist/emit/cli.bundle.js'), esm('bundle'));
  return base;
}
let dir = '';

function wsdlc(args: string[], cwd = dir): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The newest modification time (ms) of a file or of any file under a folder. */
function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

/**
 * Whether dist/ was built after every input of the build changed (as after `npm ci`, whose
 * `prepare` builds, or `npm test`, whose first step runs the built CLI): then the build is not
 * repeated here (about 15 s of CPU).
 */
function builtAfterSources(): boolean {
  const outputs = ['dist/emit/cli.bundle.js', 'dist/emit/cli.bundle.cjs', 'dist/emit/templates.precompiled.cjs'];
  if (!outputs.every((f) => existsSync(join(ROOT, f)))) return false;
  const inputs = ['src', 'templates', 'build', 'tsconfig.build.json', 'tsconfig.json', 'package.json'];
  const built = Math.min(...outputs.map((f) => statSync(join(ROOT, f)).mtimeMs));
  return inputs.every((f) => newest(join(ROOT, f)) < built);
}

beforeAll(() => {
  // Same as `npm run build` (the package's `prepare`): tsc, the templates' precompilation, the CLI bundle.
  if (!builtAfterSources()) buildCli();
  dir = tempDir();
  mkdirSync(join(dir, 'wsdl'));
  writeFileSync(join(dir, 'package.json'), '{}\n');
  copyFileSync(join(ROOT, 'wsdl/auth.wsdl'), join(dir, 'wsdl/auth.wsdl'));
}, 120_000);

function buildCli(): void {
  const build = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  const precompile = spawnSync(process.execPath, [join(ROOT, 'dist/emit/precompile-templates.js')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (precompile.status !== 0)
    throw new Error(`precompiling the templates failed:\n${precompile.stdout}${precompile.stderr}`);
  // And the CLI bundle, which bin/wsdlc.js runs from then on (it is newer than the modules tsc wrote).
  const bundle = spawnSync(process.execPath, [join(ROOT, 'build/bundle-cli.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`bundling the CLI failed:\n${bundle.stdout}${bundle.stderr}`);
}
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
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['.wsdlc-manifest.json', 'client.ts', 'index.ts', 'server.ts']),
    );
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
    const child = spawn(process.execPath, [BIN, 'inspect', big, '--json'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Read one chunk, then close our end: the CLI's next write meets EPIPE.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });
});

/**
 * What only the built package does: built-in templates rendered from the build's
 * precompiled module (Handlebars runtime only), the gate's parse on a worker
 * thread, and the TypeScript compiler loaded through a V8 code cache. Each must
 * give exactly the bytes the plain path (compiled templates, in-process parse,
 * no cache) gives.
 */
describe('the built generator: precompiled templates, worker gate, code cache', () => {
  /** Emits `wsdl` with the built modules in a child process; reports the files and which paths were taken. */
  function emitWithDist(
    wsdl: string,
    env: NodeJS.ProcessEnv = {},
  ): { files: { path: string; content: string }[]; inWorker: boolean; compilerLoaded: boolean } {
    const script = `
      import { createRequire } from 'node:module';
      import { readFileSync } from 'node:fs';
      const { loadModel } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))});
      const { emitFiles } = await import(${JSON.stringify(join(ROOT, 'dist/emit/index.js'))});
      const { startSyntaxChecker } = await import(${JSON.stringify(join(ROOT, 'dist/emit/syntax-check.js'))});
      const wsdl = ${JSON.stringify(wsdl)};
      const checker = startSyntaxChecker();
      const inWorker = checker.inWorker;
      const options = { client: true, server: true, types: { long: 'number', decimal: 'number', dateTime: 'date' }, sourceLabel: 'x.wsdl', toolVersion: '0.0.0-test' };
      const files = await emitFiles(await loadModel(wsdl), options, { wsdlText: readFileSync(wsdl, 'utf8'), syntaxChecker: checker });
      checker.close();
      const cache = createRequire(import.meta.url).cache;
      const compilerLoaded = Object.keys(cache).some((k) => /handlebars[\\\\/]dist[\\\\/]cjs[\\\\/]handlebars[\\\\/]compiler/.test(k));
      process.stdout.write(JSON.stringify({ files, inWorker, compilerLoaded }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, ...env },
    });
    if (r.status !== 0) throw new Error(`dist emit failed:\n${r.stderr}`);
    return JSON.parse(r.stdout) as {
      files: { path: string; content: string }[];
      inWorker: boolean;
      compilerLoaded: boolean;
    };
  }

  it.each([
    ['auth', join(ROOT, 'wsdl/auth.wsdl')],
    ['sf-partner', join(ROOT, '../shared/corpus/large/salesforce/partner_v58.wsdl')],
  ])(
    '%s: same bytes as the in-process path with compiled templates',
    async (_name, wsdl) => {
      const { DEFAULT_TYPE_MAPPING, emitFiles } = await import('../../src/emit/index.js');
      const { loadModel } = await import('../../src/index.js');
      const expected = await emitFiles(
        await loadModel(wsdl),
        { client: true, server: true, types: DEFAULT_TYPE_MAPPING, sourceLabel: 'x.wsdl', toolVersion: '0.0.0-test' },
        { wsdlText: readFileSync(wsdl, 'utf8') },
      );
      const cacheDir = tempDir();
      try {
        const built = emitWithDist(wsdl, { WSDLC_CACHE_DIR: cacheDir });
        expect(built.inWorker).toBe(true);
        expect(built.compilerLoaded).toBe(false);
        expect(built.files.map((f) => f.path)).toEqual(expected.map((f) => f.path));
        for (const [i, f] of built.files.entries()) expect(f.content, f.path).toBe(expected[i]?.content);
      } finally {
        rmSync(cacheDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('the worker gate reports syntax errors with file position, and falls back in process once closed', async () => {
    const { startSyntaxChecker } = (await import(
      join(ROOT, 'dist/emit/syntax-check.js')
    )) as typeof import('../../src/emit/syntax-check.js');
    const checker = startSyntaxChecker();
    try {
      expect(checker.inWorker).toBe(true);
      expect(await checker.check('ok.ts', 'export const x = 1;\n')).toBeUndefined();
      expect(await checker.check('bad.ts', 'export const x = 1;\nexport const y = ;\n')).toEqual({
        line: 2,
        column: 18,
        message: 'Expression expected.',
      });
    } finally {
      checker.close();
    }
    expect(checker.inWorker).toBe(false);
    expect(await checker.check('bad.ts', 'export const y = ;')).toMatchObject({ line: 1, column: 18 });
  }, 60_000);

  it('writes a code cache, uses it, replaces a corrupt one, and WSDLC_CACHE_DIR=off writes none', () => {
    const cacheDir = tempDir();
    try {
      const run = (env: NodeJS.ProcessEnv): string => {
        const r = spawnSync(process.execPath, [BIN, 'generate', 'wsdl/auth.wsdl', '-o', 'out', '--quiet', '--verify'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', ...env },
        });
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        return JSON.stringify(snapshotTree(join(dir, 'out')));
      };
      const first = run({ WSDLC_CACHE_DIR: cacheDir });
      const caches = readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));
      expect(caches).toHaveLength(1);
      const cacheFile = join(cacheDir, caches[0] ?? '');
      const size = statSync(cacheFile).size;
      expect(size).toBeGreaterThan(100_000);
      expect(run({ WSDLC_CACHE_DIR: cacheDir })).toBe(first);
      writeFileSync(cacheFile, 'not a code cache');
      expect(run({ WSDLC_CACHE_DIR: cacheDir })).toBe(first);
      expect(statSync(cacheFile).size).toBeGreaterThan(100_000);
      // Damage inside a cache whose header is intact: rejected by its checksum and rewritten, not a crash.
      damageMiddle(cacheFile);
      const damaged = readFileSync(cacheFile);
      expect(run({ WSDLC_CACHE_DIR: cacheDir })).toBe(first);
      expect(readFileSync(cacheFile).equals(damaged)).toBe(false);
      const off = tempDir();
      try {
        expect(run({ WSDLC_CACHE_DIR: 'off', TMPDIR: off })).toBe(first);
        expect(readdirSync(off)).toEqual([]);
      } finally {
        rmSync(off, { recursive: true, force: true });
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/**
 * The CLI bundle (build/bundle-cli.mjs): bin/wsdlc.js runs it when it is at least
 * as new as dist/cli/main.js, and it must behave as the modules it bundles.
 */
describe('the CLI bundle', () => {
  /** Runs the CLI from `entry` (the bundle or dist/cli/main.js) in a child process, in `cwd`. */
  function runEntry(entry: string, args: readonly string[], cwd: string): { code: number; stderr: string } {
    const script = `const { main } = await import(${JSON.stringify(join(ROOT, entry))}); process.exitCode = await main(${JSON.stringify(args)});`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' });
    return { code: r.status ?? -1, stderr: r.stderr };
  }

  it.each([
    ['auth', join(ROOT, 'wsdl/auth.wsdl')],
    ['sf-partner', join(ROOT, '../shared/corpus/large/salesforce/partner_v58.wsdl')],
  ])(
    '%s: the bundle writes the same files as the modules, and reports a bad contract the same way',
    (_name, wsdl) => {
      const base = tempDir();
      try {
        const viaBundle = runEntry('dist/emit/cli.bundle.js', ['generate', wsdl, '-o', 'b', '--quiet'], base);
        const viaModules = runEntry('dist/cli/main.js', ['generate', wsdl, '-o', 'm', '--quiet'], base);
        expect([viaBundle.code, viaModules.code]).toEqual([0, 0]);
        expect(snapshotTree(join(base, 'b'))).toEqual(snapshotTree(join(base, 'm')));
        // The CommonJS bundle through bin/wsdlc.js: once writing its code cache, once reading it.
        const env = { ...process.env, WSDLC_CACHE_DIR: join(base, 'cache') };
        for (const out of ['c1', 'c2']) {
          const r = spawnSync(process.execPath, [BIN, 'generate', wsdl, '-o', out, '--quiet'], { cwd: base, env });
          expect(r.status).toBe(0);
          expect(snapshotTree(join(base, out))).toEqual(snapshotTree(join(base, 'm')));
        }
        const cached = readdirSync(join(base, 'cache'));
        expect(cached).toEqual([expect.stringMatching(/^cli-[0-9a-f]+\.v8cache$/)]);
        // A cache damaged on disk (header intact) is rejected by its checksum and rewritten: no crash.
        damageMiddle(join(base, 'cache', cached[0] ?? ''));
        const r = spawnSync(process.execPath, [BIN, 'generate', wsdl, '-o', 'c3', '--quiet'], { cwd: base, env });
        expect(r.status).toBe(0);
        expect(snapshotTree(join(base, 'c3'))).toEqual(snapshotTree(join(base, 'm')));
        writeFileSync(join(base, 'bad.wsdl'), '<definitions xmlns="http://schemas.xmlsoap.org/wsdl/">\n  <oops>\n');
        const badBundle = runEntry('dist/emit/cli.bundle.js', ['generate', 'bad.wsdl', '-o', 'x'], base);
        const badModules = runEntry('dist/cli/main.js', ['generate', 'bad.wsdl', '-o', 'x'], base);
        expect(badBundle.code).toBe(1);
        expect(badBundle.stderr).toMatch(/bad\.wsdl:\d+:\d+: /);
        expect(badBundle).toEqual(badModules);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('bin/wsdlc.js runs the bundle only when it is at least as new as the compiled modules', () => {
    // A copy of the launcher beside stand-ins for the two entry points, which say which one ran.
    const base = launcherCopy();
    try {
      const run = (): string =>
        spawnSync(process.execPath, [join(base, 'bin/wsdlc.js'), '--version'], { encoding: 'utf8' }).stdout;
      const at = (file: string, seconds: number): void => utimesSync(join(base, file), seconds, seconds);
      at('dist/cli/main.js', 1_000_000);
      at('dist/emit/cli.bundle.js', 1_000_000);
      expect(run()).toBe('bundle');
      at('dist/cli/main.js', 1_000_001); // rebuilt by tsc alone: the bundle is stale
      expect(run()).toBe('modules');
      rmSync(join(base, 'dist/emit/cli.bundle.js'));
      expect(run()).toBe('modules');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('bin/wsdlc.js runs the CommonJS bundle in strict mode, as the ES modules it bundles run', () => {
    const base = launcherCopy();
    try {
      // After a banner line, as build/bundle-cli.mjs writes it, the bundle's own "use strict" is no directive.
      const probe = `var banner = 1;\n"use strict";\nexports.main = async () => { process.stdout.write(String((function () { return this; })() === undefined)); return 0; };\n`;
      writeFileSync(join(base, 'dist/emit/cli.bundle.cjs'), probe);
      const r = spawnSync(process.execPath, [join(base, 'bin/wsdlc.js'), 'check'], {
        encoding: 'utf8',
        env: { ...process.env, WSDLC_CACHE_DIR: 'off' },
      });
      expect(r.stdout).toBe('true');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('bin/wsdlc.js runs the CommonJS bundle through a V8 code cache named by its content, made once', () => {
    const base = launcherCopy();
    try {
      const cjs = (name: string): string =>
        `exports.main = async () => { process.stdout.write(${JSON.stringify(name)}); return 0; };\n`;
      writeFileSync(join(base, 'dist/emit/cli.bundle.cjs'), cjs('cjs'));
      const cache = join(base, 'cache');
      const run = (dir = cache, command = 'check'): string =>
        spawnSync(process.execPath, [join(base, 'bin/wsdlc.js'), command], {
          encoding: 'utf8',
          env: { ...process.env, WSDLC_CACHE_DIR: dir },
        }).stdout;
      const at = (file: string, seconds: number): void => utimesSync(join(base, file), seconds, seconds);
      const caches = (): string[] => readdirSync(cache);
      // Only a generation makes the cache: `--version` would fill it with a small part of the code.
      expect(run(cache, '--version')).toBe('cjs');
      expect(existsSync(cache)).toBe(false);
      expect(run()).toBe('cjs');
      const [first] = caches();
      expect(caches()).toEqual([expect.stringMatching(/^cli-[0-9a-f]+\.v8cache$/)]);
      utimesSync(join(cache, first as string), 1_000, 1_000);
      expect(run()).toBe('cjs');
      expect(statSync(join(cache, first as string)).mtimeMs).toBe(1_000_000); // accepted by V8, not rewritten
      writeFileSync(join(base, 'dist/emit/cli.bundle.cjs'), cjs('cjs2')); // a new build: a new cache replaces the old
      expect(run()).toBe('cjs2');
      expect(caches()).toHaveLength(1);
      expect(caches()).not.toEqual([first]);
      expect(run('off')).toBe('cjs2');
      at('dist/emit/cli.bundle.js', 1_000_000);
      at('dist/cli/main.js', 1_000_001);
      at('dist/emit/cli.bundle.cjs', 1_000_000); // rebuilt by tsc alone: both bundles are stale
      expect(run()).toBe('modules');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
