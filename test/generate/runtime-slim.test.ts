/**
 * Issue 15: an output carries only the runtime it uses. The Auth output gets no
 * optional module and its runtime compiles alone; a contract that needs an optional
 * codec (DataSet, SOAP-encoded arrays) gets it without asking, and round-trips with
 * it; `--runtime-features` writes the optional modules asked for and they work;
 * `wsdlc check` sees a runtime file missing or stale; an unknown feature is a usage error.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_FEATURES } from '../../src/emit/runtime-features.js';
import { check, generate } from '../../src/generate/generate.js';
import { runCli } from '../cli/helpers.js';
import { compileTree, generate as emitContract, writeTree } from '../emit/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = path.join(ROOT, 'test/tmp/runtime-slim');

/** Every file under `dir`, relative, POSIX separators. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** A project folder with the Auth contract and the given contract options. */
function project(name: string, options: object = {}): string {
  const dir = path.join(TMP, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'wsdl'), { recursive: true });
  writeFileSync(path.join(dir, 'wsdl/auth.wsdl'), readFileSync(path.join(ROOT, 'wsdl/auth.wsdl')));
  writeFileSync(
    path.join(dir, 'wsdlc.config.json'),
    JSON.stringify({ contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'out', ...options }] }),
  );
  return dir;
}

const OPTIONAL: string[] = [
  ...Object.values(RUNTIME_FEATURES).flat(),
  // What only contracts with such values need.
  'wire/soap-array.ts',
  'wire/mime-message.ts',
  'wire/multipart.ts',
  'wire/xop.ts',
];

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the runtime an output gets', () => {
  it('the checked-in Auth output has no optional module, and its runtime compiles alone under strict flags', () => {
    const runtimeDir = path.join(ROOT, 'generated/auth/runtime');
    const files = filesUnder(runtimeDir);
    expect(files.filter((f) => OPTIONAL.includes(f))).toEqual([]);
    // The runtime alone (no generated file beside it): every import it makes resolves, and it type-checks.
    const errors = compileTree(
      path.join(TMP, 'auth-runtime-alone'),
      files.map((f) => ({ path: f, content: readFileSync(path.join(runtimeDir, f), 'utf8') })),
      { checkRuntime: true },
    );
    expect(errors).toEqual([]);
  });

  it('a client-only Auth output has no optional module at all, and no server folder', async () => {
    const files = (await emitContract('wsdl/auth.wsdl', 'auth.wsdl', { server: false })).map((f) => f.path);
    expect(files.filter((f) => OPTIONAL.includes(f.slice('runtime/'.length)))).toEqual([]);
    expect(files.filter((f) => f.startsWith('runtime/server/'))).toEqual([]);
  });

  it('a contract with SOAP-encoded arrays gets soap-array.ts without asking; one without does not', async () => {
    const files = await emitContract('test/emit/fixtures/encoded-arrays/arrays.wsdl', 'arrays.wsdl');
    expect(files.map((f) => f.path)).toContain('runtime/wire/soap-array.ts');
    expect(files.find((f) => f.path === 'schema.ts')?.content).toContain(
      "import { soapArrayModule } from './runtime/wire/soap-array.js';",
    );
    expect(files.map((f) => f.path)).not.toContain('runtime/wire/dataset.ts');
    expect(compileTree(path.join(TMP, 'arrays'), files, { checkRuntime: true })).toEqual([]);
  });

  it('a contract with an ASMX DataSet gets dataset.ts, imported by schema.ts so the codec has it', async () => {
    const files = await emitContract('test/fixtures/dataset/CustomerService.wsdl', 'CustomerService.wsdl');
    expect(files.map((f) => f.path)).toContain('runtime/wire/dataset.ts');
    expect(files.find((f) => f.path === 'schema.ts')?.content).toContain(
      "import { dataSetModule } from './runtime/wire/dataset.js';",
    );
    expect(files.map((f) => f.path)).not.toContain('runtime/wire/soap-array.ts');
    expect(compileTree(path.join(TMP, 'dataset'), files, { checkRuntime: true })).toEqual([]);
  });

  it('a contract with binary values gets the MTOM/SwA module, imported by schema.ts; Auth does not', async () => {
    const files = await emitContract('test/fixtures/mtom/Files.wsdl', 'Files.wsdl');
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['runtime/wire/mtom.ts', 'runtime/wire/xop.ts', 'runtime/wire/mime-message.ts']),
    );
    const schema = files.find((f) => f.path === 'schema.ts')?.content ?? '';
    expect(schema).toContain("import { mtomModule } from './runtime/wire/mtom.js';");
    expect(schema).toMatch(/new SchemaData\('.*', \[mtomModule\]\);/);
    expect(compileTree(path.join(TMP, 'mtom'), files, { checkRuntime: true })).toEqual([]);
  });

  it('a bundler told the project has no side effects keeps the optional module schema.ts needs', async () => {
    // esbuild drops an import made for its side effects only when package.json says
    // "sideEffects": false; schema.ts imports the module's mark by name and uses it.
    const dir = path.join(TMP, 'side-effects');
    rmSync(dir, { recursive: true, force: true });
    const out = path.join(dir, 'out');
    writeTree(out, await emitContract('test/fixtures/mtom/Files.wsdl', 'Files.wsdl'));
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "sideEffects": false }\n');
    writeFileSync(
      path.join(dir, 'main.ts'),
      [
        "import * as contract from './out/index.js';",
        "import { attachmentSupport } from './out/runtime/wire/attachments.js';",
        'const used = Object.keys(contract).length > 0;',
        'console.log(JSON.stringify({ used, codec: attachmentSupport.codec !== undefined }));',
        '',
      ].join('\n'),
    );
    const bundle = path.join(dir, 'bundle.mjs');
    const result = await build({
      entryPoints: [path.join(dir, 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const printed = execFileSync(process.execPath, [bundle], { encoding: 'utf8' });
    expect(JSON.parse(printed)).toEqual({ used: true, codec: true });
    const auth = await emitContract('wsdl/auth.wsdl', 'auth.wsdl');
    expect(auth.find((f) => f.path === 'schema.ts')?.content).not.toContain('mtom');
    expect(auth.map((f) => f.path)).not.toContain('runtime/wire/mtom.ts');
  });

  it('--runtime-features mtom gives the Auth output MTOM: once imported, the client sends an XOP package', async () => {
    const dir = project('mtom-feature');
    const res = await runCli(['generate', '--runtime-features', 'mtom,in-memory'], dir, {});
    expect(res.code).toBe(0);
    expect(filesUnder(path.join(dir, 'out/runtime'))).toEqual(
      expect.arrayContaining(['wire/mtom.ts', 'wire/multipart.ts', 'wire/xop.ts', 'wire/mime-message.ts']),
    );
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const out = path.join(dir, 'out');
    const gen = await import(path.join(out, 'index.ts'));
    const { inMemoryTransport } = await import(path.join(out, 'runtime/client/transport-memory.ts'));
    await import(path.join(out, 'runtime/wire/mtom.ts'));
    const seen: unknown[] = [];
    const handler = gen.createAuthHandler({
      async login(input: { Username: string }, ctx: { mtom?: boolean }) {
        seen.push(ctx.mtom);
        return { ServiceTicket: `t-${input.Username}` };
      },
      async logout() {
        return {};
      },
    });
    const client = new gen.AuthClient({ transport: inMemoryTransport(handler), mtom: true });
    const meta: { mtom?: boolean } = {};
    expect(await client.login({ Username: 'a', Password: 'b' }, { meta })).toEqual({ ServiceTicket: 't-a' });
    // The request went as MTOM, and the server answered in kind.
    expect(seen).toEqual([true]);
    expect(meta.mtom).toBe(true);
  });

  it('--runtime-features writes the modules asked for (and what they import); they work with the client', async () => {
    const dir = project('features');
    const res = await runCli(['generate', '--runtime-features', 'cookies,in-memory,ws-security'], dir, {});
    expect(res.code).toBe(0);
    const files = filesUnder(path.join(dir, 'out/runtime'));
    expect(files).toEqual(
      expect.arrayContaining(['client/cookies.ts', 'client/transport-memory.ts', 'wire/ws-security.ts']),
    );
    expect(files).not.toContain('client/proxy.ts');
    // The fetch transport is no longer optional: it is the default transport off Node.
    expect(files).toContain('client/transport-fetch.ts');
    // The opted-in modules work with the output's client and server: a WS-Security header checked by the
    // server, through the in-memory transport, with the cookie jar wrapping it.
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const out = path.join(dir, 'out');
    const gen = await import(path.join(out, 'index.ts'));
    const { inMemoryTransport } = await import(path.join(out, 'runtime/client/transport-memory.ts'));
    const { CookieJar, withCookies } = await import(path.join(out, 'runtime/client/cookies.ts'));
    const { wsSecurityHeader } = await import(path.join(out, 'runtime/wire/ws-security.ts'));
    const seen: string[] = [];
    const handler = gen.createAuthHandler(
      {
        async login(input: { Username: string }, ctx: { wsSecurity?: { username: string } }) {
          seen.push(ctx.wsSecurity?.username ?? '-');
          return { ServiceTicket: `t-${input.Username}` };
        },
        async logout() {
          return {};
        },
      },
      { wsSecurity: { password: (u: string) => (u === 'alice' ? 'pw' : undefined) } },
    );
    const jar = new CookieJar();
    const client = new gen.AuthClient({
      transport: withCookies(inMemoryTransport(handler), jar),
      soapHeaderXml: wsSecurityHeader({ username: 'alice', password: 'pw' }),
    });
    expect(await client.login({ Username: 'a', Password: 'b' })).toEqual({ ServiceTicket: 't-a' });
    expect(seen).toEqual(['alice']);
  });

  it('"runtimeFeatures" in the config works like the flag; "all" writes the whole runtime', async () => {
    const dir = project('config-all', { runtimeFeatures: ['all'] });
    await generate({ cwd: dir });
    const all = (readdirSync(path.join(ROOT, 'src/runtime'), { recursive: true }) as string[])
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort();
    expect(filesUnder(path.join(dir, 'out/runtime'))).toEqual(all);
  });

  it('an unknown feature is a usage error naming it and the one meant, or the known ones', async () => {
    const dir = project('unknown');
    const res = await runCli(['generate', '--runtime-features', 'cookies,mtomm'], dir, {});
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/unknown runtime feature "mtomm" \(did you mean "mtom"\?\)/);
    const far = await runCli(['generate', '--runtime-features', 'soap'], dir, {});
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/unknown runtime feature "soap" \(expected one of .*cookies.*ws-security/);
    writeFileSync(
      path.join(dir, 'wsdlc.config.json'),
      JSON.stringify({ contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'out', runtimeFeatures: ['proxi'] }] }),
    );
    const bad = await runCli(['generate'], dir, {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown runtime feature "proxi"/);
  });

  it('check sees a missing or stale runtime file, and a feature module dropped from the options as extra', async () => {
    const dir = project('check', { runtimeFeatures: ['cookies'] });
    await generate({ cwd: dir });
    expect((await check({ cwd: dir })).upToDate).toBe(true);
    unlinkSync(path.join(dir, 'out/runtime/wire/codec.ts'));
    expect((await check({ cwd: dir })).upToDate).toBe(false);
    await generate({ cwd: dir });
    writeFileSync(path.join(dir, 'out/runtime/client/cookies.ts'), '// edited\n');
    expect((await check({ cwd: dir })).upToDate).toBe(false);
    await generate({ cwd: dir });
    expect((await check({ cwd: dir })).upToDate).toBe(true);
    // Without the feature, the module on disk is no longer part of the output.
    writeFileSync(
      path.join(dir, 'wsdlc.config.json'),
      JSON.stringify({ contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'out' }] }),
    );
    expect((await check({ cwd: dir })).upToDate).toBe(false);
    await generate({ cwd: dir });
    expect(filesUnder(path.join(dir, 'out/runtime'))).not.toContain('client/cookies.ts');
  });
});
