/**
 * One runtime per project: a config with several contracts writes the runtime
 * once, and every contract folder imports it by a relative path, so the classes
 * users catch (SoapFault, SoapFaultError) are the same across contracts. With
 * `"runtime": "package"` the contracts import the installed runtime package
 * (`@wsdlc/runtime`) instead, and with `"package:<name>"` the package named.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_PACKAGE } from '../../src/config/types.js';
import { runtimeSpecifier } from '../../src/emit/runtime-imports.js';
import { check, generate } from '../../src/generate/generate.js';
import { RUNTIME_MODULE_PATHS, type RuntimeModule } from '../../src/names/runtime-symbols.js';
import { WsdlcError } from '../../src/util/errors.js';
import { strictOptions } from '../emit/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = path.join(ROOT, 'test/tmp/shared-runtime');

/** Every file under `dir`, relative, POSIX separators. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** A project folder with two contracts and the given config `runtime`. */
function project(name: string, runtime?: string): string {
  const dir = path.join(TMP, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'wsdl'), { recursive: true });
  copyFileSync(path.join(ROOT, 'wsdl/auth.wsdl'), path.join(dir, 'wsdl/auth.wsdl'));
  copyFileSync(path.join(ROOT, 'test/emit/fixtures/nillable-response.wsdl'), path.join(dir, 'wsdl/other.wsdl'));
  const config = {
    contracts: [
      { wsdl: 'wsdl/auth.wsdl', output: 'generated/auth' },
      { wsdl: 'wsdl/other.wsdl', output: 'generated/other', client: false },
    ],
    ...(runtime !== undefined ? { runtime } : {}),
  };
  writeFileSync(path.join(dir, 'wsdlc.config.json'), JSON.stringify(config));
  return dir;
}

const FAULT = `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>
<faultcode>soap:Server</faultcode><faultstring>Session store unavailable</faultstring>
</soap:Fault></soap:Body></soap:Envelope>`;

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('a config with several contracts', () => {
  it("writes one runtime that both contracts import; a fault from one is instanceof the other's classes", async () => {
    const dir = project('default');
    const result = await generate({ cwd: dir });
    expect(result.contracts.map((c) => c.output)).toEqual(['generated/auth', 'generated/other', 'generated/runtime']);

    // Exactly one copy of the runtime on disk, with the client and the server sides (auth has both).
    const all = filesUnder(path.join(dir, 'generated'));
    expect(all.filter((f) => f.endsWith('wire/descriptor-data.ts'))).toEqual(['runtime/wire/descriptor-data.ts']);
    expect(all.filter((f) => /(^|\/)runtime\//.test(f) && !f.startsWith('runtime/'))).toEqual([]);
    expect(all).toContain('runtime/client/index.ts');
    expect(all).toContain('runtime/server/index.ts');
    expect(readFileSync(path.join(dir, 'generated/auth/client.ts'), 'utf8')).toContain(
      "from '../runtime/client/index.js'",
    );

    // A fault raised through auth's client is the SoapFault/SoapFaultError that other's module exports.
    const auth = await import(path.join(dir, 'generated/auth/index.ts'));
    const other = await import(path.join(dir, 'generated/other/index.ts'));
    const client = new auth.AuthClient({
      endpoint: 'http://127.0.0.1:9/ecomm/Auth.asmx',
      transport: async () => ({ status: 500, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: FAULT }),
    });
    const err: unknown = await client.login({ Username: 'u', Password: 'p' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(other.SoapFaultError);
    expect(err).toBeInstanceOf(other.SoapFault);
    expect((err as { reason: string }).reason).toBe('Session store unavailable');

    // check sees the runtime folder like any output: up to date now, stale after an edit.
    expect((await check({ cwd: dir })).upToDate).toBe(true);
    writeFileSync(path.join(dir, 'generated/runtime/index.ts'), '// edited\n');
    const stale = await check({ cwd: dir });
    expect(stale.upToDate).toBe(false);
    expect(
      stale.contracts.find((c) => c.output === 'generated/runtime')?.changes.some((f) => f.action !== 'unchanged'),
    ).toBe(true);
  });

  it('honours a "runtime" folder of the config and stays byte-for-byte deterministic', async () => {
    const dir = project('folder', 'lib/wsdlc-runtime');
    await generate({ cwd: dir });
    const first = filesUnder(path.join(dir, 'lib/wsdlc-runtime'));
    expect(first).toContain('index.ts');
    expect(readFileSync(path.join(dir, 'generated/other/server.ts'), 'utf8')).toContain(
      "from '../../lib/wsdlc-runtime/server/index.js'",
    );
    const again = await generate({ cwd: dir });
    expect(again.contracts.every((c) => c.changes.every((f) => f.action === 'unchanged'))).toBe(true);
  });

  it('imports @wsdlc/runtime with "runtime": "package" and writes no runtime', async () => {
    const dir = project('package', 'package');
    await generate({ cwd: dir });
    const all = filesUnder(path.join(dir, 'generated'));
    expect(all.filter((f) => f.includes('runtime/'))).toEqual([]);
    expect(readFileSync(path.join(dir, 'generated/auth/client.ts'), 'utf8')).toContain("from '@wsdlc/runtime/client'");
    expect(readFileSync(path.join(dir, 'generated/auth/schema.ts'), 'utf8')).toContain("from '@wsdlc/runtime'");
    expect(readFileSync(path.join(dir, 'generated/other/server.ts'), 'utf8')).toContain("from '@wsdlc/runtime/server'");
    expect(all.map((f) => readFileSync(path.join(dir, 'generated', f), 'utf8')).join('\n')).not.toContain(
      "'wsdlc/runtime",
    );
  });

  it('keeps the old specifier when the config names it: "runtime": "package:wsdlc/runtime"', async () => {
    const dir = project('package-old', 'package:wsdlc/runtime');
    await generate({ cwd: dir });
    expect(filesUnder(path.join(dir, 'generated')).filter((f) => f.includes('runtime/'))).toEqual([]);
    const client = readFileSync(path.join(dir, 'generated/auth/client.ts'), 'utf8');
    expect(client).toContain("from 'wsdlc/runtime/client'");
    expect(client).not.toContain('@wsdlc/runtime');
    expect(readFileSync(path.join(dir, 'generated/auth/schema.ts'), 'utf8')).toContain("from 'wsdlc/runtime'");

    // As a project with wsdlc installed: the output compiles under strict flags against wsdlc's
    // declarations, and runs on the same runtime as code importing @wsdlc/runtime.
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(ROOT, path.join(dir, 'node_modules/wsdlc'), 'dir');
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const sources = filesUnder(path.join(dir, 'generated/auth')).map((f) => path.join(dir, 'generated/auth', f));
    const program = ts.createProgram(sources, strictOptions());
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual(
      [],
    );
    const auth = await import(path.join(dir, 'generated/auth/index.ts'));
    const runtime = await import('@wsdlc/runtime');
    expect(auth.SoapFault).toBe(runtime.SoapFault);
  });

  it('refuses "package:" with no package name after it, naming the config line', async () => {
    for (const bad of ['package:', 'package:../x', "package:x'y", 'package:Upper', 'package:/abs']) {
      const dir = project('package-bad', bad);
      const err: unknown = await generate({ cwd: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WsdlcError);
      const [d] = (err as WsdlcError).diagnostics;
      expect(d?.message).toContain('must name an npm package after "package:"');
      expect(d?.location?.file).toContain('wsdlc.config.json');
      expect(d?.location?.line).toBe(1);
    }
  });

  it('wsdlc/runtime is @wsdlc/runtime: one SoapFault class, one registry of optional modules', () => {
    // Code importing the runtime under both names (an app moving from one to the other, a library
    // generated with the old specifier) must get one runtime, or `instanceof` and registration fail.
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        [
          "await import('wsdlc/runtime/wire/mtom');",
          "const { attachmentSupport } = await import('@wsdlc/runtime/wire/attachments');",
          "const a = await import('wsdlc/runtime'); const b = await import('@wsdlc/runtime');",
          "const c = await import('wsdlc/runtime/client'); const d = await import('@wsdlc/runtime/client');",
          'console.log(a.SoapFault === b.SoapFault, c.ServiceClient === d.ServiceClient, attachmentSupport.codec !== undefined);',
        ].join(' '),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('true true true');
  });

  it('every runtime entry point generated code imports is exported by @wsdlc/runtime and by wsdlc/runtime', () => {
    // Resolved as an app resolves them: @wsdlc/runtime is the workspace package (its dist/ built by
    // `npm run build`), wsdlc/runtime the compiler's own exports (the package's self-reference).
    const specifiers = (Object.keys(RUNTIME_MODULE_PATHS) as RuntimeModule[]).flatMap((m) => [
      runtimeSpecifier(m, RUNTIME_PACKAGE),
      runtimeSpecifier(m, 'wsdlc/runtime'),
    ]);
    expect(specifiers).toContain('@wsdlc/runtime/wire/mtom');
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `for (const s of ${JSON.stringify(specifiers)}) console.log(s, Object.keys(await import(s)).length > 0);`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out.trim().split('\n')).toEqual(specifiers.map((s) => `${s} true`));
  });
});
