/** Template overrides, the ts-morph gate, and emit options (client/server/bindings). */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { gateFiles, GeneratedSyntaxError } from '../../src/emit/format-gate.js';
import { loadModel } from '../../src/model/index.js';
import { BUILTIN_TEMPLATES_DIR, TEMPLATE_NAMES } from '../../src/emit/templates.js';
import { WsdlcError } from '../../src/util/errors.js';
import { ROOT, schemaText, testOptions } from './helpers.js';
import { buildFixtureModel, el, xsd } from './model-fixture.js';

const TMP = path.join(ROOT, 'test/tmp/templates-test');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const model = buildFixtureModel([{ name: 'Ping', input: [el('text', xsd('string'))], result: xsd('string') }]);

describe('template override', () => {
  it('uses a same-named template from templatesDir instead of the built-in', async () => {
    mkdirSync(TMP, { recursive: true });
    writeFileSync(path.join(TMP, 'index.hbs'), "{{header}}\nexport const CUSTOM = 'custom';\n");
    const files = await emitFiles(model, testOptions('fixture.wsdl', { templatesDir: TMP }), {});
    const index = files.find((f) => f.path === 'index.ts')?.content ?? '';
    expect(index).toContain("export const CUSTOM = 'custom';");
    // Other templates stay built-in.
    expect(files.find((f) => f.path === 'client.ts')?.content).toContain('export class SvcClient');
  });

  it('the built-in templates, rendered as user templates (plain options, full gate), give the same files', async () => {
    const dir = path.join(TMP, 'copies');
    mkdirSync(dir, { recursive: true });
    for (const name of TEMPLATE_NAMES)
      copyFileSync(path.join(BUILTIN_TEMPLATES_DIR, `${name}.hbs`), path.join(dir, `${name}.hbs`));
    const auth = await loadModel(path.join(ROOT, 'wsdl/auth.wsdl'));
    const builtin = await emitFiles(auth, testOptions('auth.wsdl'), {});
    const copied = await emitFiles(auth, testOptions('auth.wsdl', { templatesDir: dir }), {});
    expect(copied.map((f) => f.path)).toEqual(builtin.map((f) => f.path));
    for (const [i, f] of builtin.entries()) expect(copied[i]?.content, f.path).toBe(f.content);
  });

  it("a schema template written before the modules' marks still loads the optional modules (codecImports)", async () => {
    // The built-in schema.hbs of 25 Nov: optional modules imported for their side effects only.
    const dir = path.join(TMP, 'old-schema');
    mkdirSync(dir, { recursive: true });
    const current = readFileSync(path.join(BUILTIN_TEMPLATES_DIR, 'schema.hbs'), 'utf8');
    const old = current
      .replace('{{/each}}\n', "{{/each}}\n{{#each codecImports}}\nimport '{{this}}';\n{{/each}}\n")
      .replace('{{#if modulesLiteral}}, {{modulesLiteral}}{{/if}}', '');
    expect(old).not.toBe(current);
    writeFileSync(path.join(dir, 'schema.hbs'), old);
    const files = await emitFiles(
      await loadModel(path.join(ROOT, 'test/fixtures/mtom/Files.wsdl')),
      testOptions('Files.wsdl', { templatesDir: dir }),
      {},
    );
    const schema = files.find((f) => f.path === 'schema.ts')?.content ?? '';
    expect(schema).toContain("import './runtime/wire/mtom.js';");
    expect(files.map((f) => f.path)).toContain('runtime/wire/mtom.ts');
  });

  it('reports a template that uses an unknown field as a user error', async () => {
    mkdirSync(TMP, { recursive: true });
    writeFileSync(path.join(TMP, 'wsdl.hbs'), '{{header}}\n{{nosuchfield}}\n');
    await expect(emitFiles(model, testOptions('fixture.wsdl', { templatesDir: TMP }), {})).rejects.toBeInstanceOf(
      WsdlcError,
    );
  });
});

describe('the ts-morph gate', () => {
  it('formats with 2-space indent, organises imports and ends with one newline', async () => {
    const [out] = await gateFiles([
      {
        path: 'a.ts',
        content:
          "import { b, a } from './x.js';\nimport { unused } from './y.js';\nexport function f() {\n        return a + b;\n}\n\n\n",
        format: true,
      },
    ]);
    expect(out?.content).toBe("import { a, b } from './x.js';\nexport function f() {\n  return a + b;\n}\n");
  });

  it('fails with an internal error naming file:line:column on a syntax error', async () => {
    const bad = { path: 'bad.ts', content: 'export const x = ;\n', format: true };
    await expect(gateFiles([bad])).rejects.toThrow(GeneratedSyntaxError);
    await expect(gateFiles([bad])).rejects.toThrow(/bad\.ts:1:18: Expression expected/);
    // The parse-only path (built-in templates) rejects the same way.
    await expect(gateFiles([{ ...bad, preformatted: true }])).rejects.toThrow(/bad\.ts:1:18: Expression expected/);
    await expect(
      gateFiles(
        [
          { ...bad, path: 'late.ts' },
          { path: 'ok.ts', content: 'export {};\n', format: true },
        ],
        { formatLimitBytes: 0 },
      ),
    ).rejects.toThrow(/late\.ts:1:18/);
  });

  it("parses built-in templates' files only when asked to verify; user templates' files always", async () => {
    const bad = { path: 'bad.ts', content: 'export const x = ;\n', format: true };
    // Plain generation trusts the built-in templates (the test suite parses their output).
    const [passed] = await gateFiles([{ ...bad, preformatted: true }], { verify: false });
    expect(passed?.content).toBe(bad.content);
    await expect(gateFiles([{ ...bad, preformatted: true }], { verify: true })).rejects.toThrow(GeneratedSyntaxError);
    // A user template's file is parsed either way.
    await expect(gateFiles([{ ...bad, preformatted: false }], { verify: false })).rejects.toThrow(WsdlcError);
  });

  it('plain generation loads no TypeScript compiler; verify does', () => {
    const out = path.join(TMP, 'plain');
    const script = (verify: boolean): string => `
      import { createRequire, syncBuiltinESMExports } from 'node:module';
      const require = createRequire(import.meta.url);
      // Count worker threads (the gate parses in one): patch the constructor every importer sees.
      const threads = require('node:worker_threads');
      let workers = 0;
      const Original = threads.Worker;
      threads.Worker = class extends Original { constructor(...a) { super(...a); workers++; } };
      syncBuiltinESMExports();
      const { generate } = await import(${JSON.stringify(path.join(ROOT, 'dist/index.js'))});
      await generate({ wsdl: ${JSON.stringify(path.join(ROOT, 'wsdl/auth.wsdl'))}, output: ${JSON.stringify(out)}, verify: ${verify}, force: true });
      const loaded = Object.keys(require.cache).filter((k) => /node_modules[\\/](typescript|ts-morph)[\\/]/.test(k));
      console.log(JSON.stringify({ loaded: loaded.length, workers }));
    `;
    const run = (verify: boolean): { loaded: number; workers: number } =>
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script(verify)], { encoding: 'utf8' }).trim(),
      ) as { loaded: number; workers: number };
    expect(run(false)).toEqual({ loaded: 0, workers: 0 });
    // The same probe sees the compiler's worker when asked to verify.
    expect(run(true).workers).toBe(1);
    expect(existsSync(path.join(out, 'schema.ts'))).toBe(true);
  });
});

describe('emit options', () => {
  it('leaves out client.ts / server.ts when not wanted', async () => {
    const files = await emitFiles(model, testOptions('fixture.wsdl', { client: false }), {});
    expect(files.map((f) => f.path)).not.toContain('client.ts');
    expect(files.find((f) => f.path === 'index.ts')?.content).not.toContain('./client.js');
    const serverless = await emitFiles(model, testOptions('fixture.wsdl', { server: false }), {});
    expect(serverless.map((f) => f.path)).not.toContain('server.ts');
  });

  it('restricts bindings and the binding union to the selected kinds', async () => {
    const auth = await loadModel(path.join(ROOT, 'wsdl/auth.wsdl'));
    const files = await emitFiles(auth, testOptions('wsdl/auth.wsdl', { bindings: ['soap12', 'httpGet'] }), {});
    const client = files.find((f) => f.path === 'client.ts')?.content ?? '';
    expect(client).toContain("export type AuthBinding = 'soap12' | 'httpGet';");
    expect(client).toContain("new ServiceClient(AuthDescriptor, options, 'soap12')");
    const schema = schemaText(files.find((f) => f.path === 'schema.ts')?.content ?? '');
    expect(schema).not.toMatch(/^\s*soap11:/m);
    expect(schema).not.toMatch(/^\s*httpPost:/m);
    expect(schema).toMatch(/^\s*httpGet:/m);
  });
});
