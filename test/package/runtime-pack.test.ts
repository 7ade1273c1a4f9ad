/**
 * The runtime package as an application gets it: `npm pack` of packages/runtime,
 * the tarball installed into an empty app in a temporary folder (outside this
 * repository, so nothing resolves from its node_modules) with npm offline and its
 * registry pointed at a closed port, a client and a server generated with
 * `"runtime": "package"`, compiled by tsc under strict flags against the packed
 * declarations, and run (the run-mode tests' smoke program: the server on
 * 127.0.0.1, called by the client over its four bindings, and a fault). The app's
 * node_modules holds the runtime package and nothing else.
 *
 * The tarball is packed with `--ignore-scripts`: its dist/ is the one
 * `npm run build` fills (build/runtime-package.mjs, the same tsc output as
 * dist/runtime, which the test checks), so the test does not compile the
 * runtime a second time; `npm pack` alone runs the package's own build
 * (`prepack`) first.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/generate/generate.js';
import { SMOKE_EXPECTED, smokeScript } from '../matrix/smoke-script.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE_DIR = path.join(ROOT, 'packages/runtime');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** The environment of a child npm: none of the npm_* settings of the `npm test` that may have started us. */
function npmEnv(cache: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  // No registry is reachable: a package the install would need from one fails it.
  return {
    ...env,
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
  };
}

/** Every file under `dir`, relative, POSIX separators. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'wsdlc-runtime-pack-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed @wsdlc/runtime in an app of its own', () => {
  it('installs offline with no other package, and runs a generated client against a generated server', {
    timeout: 180_000,
  }, async () => {
    const cache = path.join(work, 'npm-cache');
    const env = npmEnv(cache);

    // 1. The tarball: the package's manifest and its compiled dist/, nothing else.
    const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
      cwd: PACKAGE_DIR,
      env,
    });
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    const packedFiles = (info?.files ?? []).map((f) => f.path).sort();
    expect(packedFiles.filter((f) => !f.startsWith('dist/'))).toEqual(['README.md', 'package.json']);
    const compiled = filesUnder(path.join(ROOT, 'dist/runtime')).map((f) => `dist/${f}`);
    expect(packedFiles.filter((f) => f.startsWith('dist/'))).toEqual(compiled);
    expect(packedFiles).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/client/index.d.ts']));

    // 2. An empty app installs it offline, with no registry reachable.
    const app = path.join(work, 'app');
    mkdirSync(path.join(app, 'wsdl'), { recursive: true });
    writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    await run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(work, info?.filename ?? '')],
      { cwd: app, env },
    );
    expect(readdirSync(path.join(app, 'node_modules')).sort()).toEqual(['.package-lock.json', '@wsdlc']);
    expect(readdirSync(path.join(app, 'node_modules/@wsdlc'))).toEqual(['runtime']);
    const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages).sort()).toEqual(['', 'node_modules/@wsdlc/runtime']);

    // 3. Generated code importing the package, compiled by the user's tsc against the packed declarations.
    writeFileSync(path.join(app, 'wsdl/auth.wsdl'), readFileSync(path.join(ROOT, 'wsdl/auth.wsdl')));
    writeFileSync(
      path.join(app, 'wsdlc.config.json'),
      JSON.stringify({ contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'src/auth' }], runtime: 'package' }),
    );
    await generate({ cwd: app });
    expect(filesUnder(path.join(app, 'src/auth')).filter((f) => f.startsWith('runtime/'))).toEqual([]);
    expect(readFileSync(path.join(app, 'src/auth/client.ts'), 'utf8')).toContain("from '@wsdlc/runtime/client'");
    // The run-mode tests' smoke program: the server on 127.0.0.1, the client over the four bindings, a fault.
    writeFileSync(path.join(app, 'src/main.ts'), smokeScript('./auth/index.js'));
    writeFileSync(
      path.join(app, 'src/where.ts'),
      "console.log(import.meta.resolve('@wsdlc/runtime'), import.meta.resolve('@wsdlc/runtime/server'));\n",
    );
    writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          strict: true,
          skipLibCheck: true,
          outDir: 'out',
          rootDir: 'src',
          // Node's types for main.ts's node:http, from this repository: types only, nothing is run from there.
          typeRoots: [path.join(ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        include: ['src'],
      }),
    );
    await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: app });

    // 4. Run: the runtime resolves from the app's node_modules, and the program works.
    const where = await run(process.execPath, ['out/where.js'], { cwd: app });
    const dist = path.join(app, 'node_modules/@wsdlc/runtime/dist');
    expect(where.stdout.trim()).toBe(`file://${dist}/index.js file://${dist}/server/index.js`);
    const { stdout } = await run(process.execPath, ['out/main.js'], { cwd: app, timeout: 30_000 });
    expect(stdout.trim()).toBe(SMOKE_EXPECTED);
  });
});
