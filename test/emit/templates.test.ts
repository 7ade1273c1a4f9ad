/** Template overrides, the ts-morph gate, and emit options (client/server/bindings). */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { gateFiles, GeneratedSyntaxError } from '../../src/emit/format-gate.js';
import { loadModel } from '../../src/model/index.js';
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
