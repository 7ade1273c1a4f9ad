/**
 * `--import-extension` / `--type-imports` and their config keys (issue 19):
 * they reach the emitter through the CLI and the config file, `check` uses
 * them too, and bad values are usage errors naming the place.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, cleanup, runCli, tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));

function project(contract: Record<string, unknown> = {}): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(join(dir, 'wsdl'));
  copyFileSync(join(ROOT, 'wsdl/auth.wsdl'), join(dir, 'wsdl/auth.wsdl'));
  const config = { contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth', ...contract }] };
  writeFileSync(join(dir, 'wsdlc.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

const read = (dir: string, file: string): string => readFileSync(join(dir, 'generated/auth', file), 'utf8');

describe('import style options', () => {
  it('by default: .js specifiers and inline type modifiers (the output of before)', async () => {
    const dir = project();
    expect((await runCli(['generate'], dir, {})).code).toBe(0);
    expect(read(dir, 'server.ts')).toMatch(
      /import \{\n {2}createImplementationFetchHandler,\n {2}createImplementationHandler,[^}]*type HandlerOptions,[^}]*\} from '\.\/runtime\/server\/index\.js';/,
    );
    expect(read(dir, 'runtime/index.ts')).toContain("from './xml/xml-parse.js';");
  });

  it('--import-extension none --type-imports separate rewrites generated files and the runtime copy', async () => {
    const dir = project();
    const r = await runCli(['generate', '--import-extension', 'none', '--type-imports', 'separate'], dir, {});
    expect(r.code).toBe(0);
    const server = read(dir, 'server.ts');
    expect(server).toContain(
      "import { createImplementationFetchHandler, createImplementationHandler } from './runtime/server/index';",
    );
    expect(server).toMatch(
      /import type \{\n {2}FetchHandler,\n {2}FetchRequestContext,\n {2}HandlerOptions,\n {2}OperationContext,\n {2}RequestContext,\n {2}ServiceHandler,\n\} from '\.\/runtime\/server\/index';/,
    );
    expect(read(dir, 'index.ts')).toContain("export type * from './types';");
    const runtimeIndex = read(dir, 'runtime/index.ts');
    expect(runtimeIndex).toContain("export { parseXml, XmlParseError } from './xml/xml-parse';");
    expect(runtimeIndex).toContain("export type { XmlAttribute, XmlElement } from './xml/xml-parse';");
    for (const file of ['client.ts', 'server.ts', 'index.ts', 'runtime/client/client.ts', 'runtime/server/server.ts']) {
      expect(read(dir, file), file).not.toMatch(/from '\.{1,2}\/[^']*\.js'/);
      expect(read(dir, file), file).not.toMatch(/[{,]\s*type \w/);
    }
    // `check` regenerates with the same flags and finds the output up to date.
    const check = await runCli(['check', '--import-extension', 'none', '--type-imports', 'separate'], dir, {});
    expect(check.code).toBe(0);
    expect((await runCli(['check'], dir, {})).code).toBe(1);
  });

  it('"importExtension": "ts" in the config writes .ts specifiers', async () => {
    const dir = project({ importExtension: 'ts' });
    expect((await runCli(['generate'], dir, {})).code).toBe(0);
    expect(read(dir, 'client.ts')).toContain("from './runtime/client/index.ts';");
    expect(read(dir, 'runtime/client/client.ts')).toContain("from '../wire/codec.ts';");
  });

  it('bad values are usage errors naming the flag or the config line', async () => {
    const dir = project({ importExtension: 'mjs', typeImports: true });
    const r = await runCli(['generate'], dir, {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/wsdlc\.config\.json:6:\d+: error: "importExtension" must be one of "js", "none", "ts"/);
    expect(r.stderr).toMatch(/wsdlc\.config\.json:7:\d+: error: "typeImports" must be one of "inline", "separate"/);
    const flag = await runCli(['generate', '--import-extension', 'cjs'], project(), {});
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--import-extension/);
  });
});
