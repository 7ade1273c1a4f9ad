/**
 * One runtime per project: a config with several contracts writes the runtime
 * once, and every contract folder imports it by a relative path, so the classes
 * users catch (SoapFault, SoapFaultError) are the same across contracts. With
 * `"runtime": "package"` the contracts import the installed wsdlc instead.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, generate } from '../../src/generate/generate.js';

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

  it('imports the installed package with "runtime": "package" and writes no runtime', async () => {
    const dir = project('package', 'package');
    await generate({ cwd: dir });
    const all = filesUnder(path.join(dir, 'generated'));
    expect(all.filter((f) => f.includes('runtime/'))).toEqual([]);
    expect(readFileSync(path.join(dir, 'generated/auth/client.ts'), 'utf8')).toContain("from 'wsdlc/runtime/client'");
    expect(readFileSync(path.join(dir, 'generated/auth/schema.ts'), 'utf8')).toContain("from 'wsdlc/runtime'");
    // The package exports those entry points (resolved here by the package's self-reference).
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const r = await import('wsdlc/runtime'); const c = await import('wsdlc/runtime/client'); const s = await import('wsdlc/runtime/server'); console.log(typeof r.SchemaData, typeof c.ServiceClient, typeof s.createServiceHandler);",
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function function function');
  });
});
