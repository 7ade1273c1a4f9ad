/**
 * `generate --watch`: a change to the contract's imported schema, a template or the
 * config regenerates; a contract error is reported with its location and leaves the
 * output as it was; watching goes on after it. (The emitter is the CLI tests' fake,
 * which depends on the model, the options and the templates' header.hbs.)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { contract, el, wrapper } from '../breaking/contract.js';
import { cleanup, fakeEmit, snapshotTree, tempDir } from '../cli/helpers.js';

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

async function until(what: string, cond: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const TYPES = (extra: string): string =>
  `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t">\n  <xs:complexType name="Thing"><xs:sequence><xs:element name="x" type="xs:string"/>${extra}</xs:sequence></xs:complexType>\n</xs:schema>\n`;

describe('wsdlc generate --watch', () => {
  it('regenerates on changes to imported documents, templates and the config; errors keep the output', async () => {
    const cwd = tempDir('wsdlc-watch-');
    dirs.push(cwd);
    mkdirSync(join(cwd, 'wsdl'));
    mkdirSync(join(cwd, 'tpl'));
    writeFileSync(
      join(cwd, 'wsdl/s.wsdl'),
      contract({
        schema: [
          '<s:include schemaLocation="types.xsd"/>',
          wrapper('Echo', [el('a', 'tns:Thing')]),
          wrapper('EchoResponse', [el('r', 's:string')]),
        ],
      }),
    );
    writeFileSync(join(cwd, 'wsdl/types.xsd'), TYPES(''));
    writeFileSync(join(cwd, 'tpl/header.hbs'), '// v1 {{sourceLabel}}\n');
    const config = (client: boolean): void =>
      writeFileSync(
        join(cwd, 'wsdlc.config.json'),
        JSON.stringify({ contracts: [{ wsdl: 'wsdl/s.wsdl', output: 'gen', templates: 'tpl', client }] }),
      );
    config(true);

    let out = '';
    let err = '';
    const stop = new AbortController();
    const runs = (): number => out.split('watching ').length - 1;
    const done = main(
      ['generate', '--watch'],
      { stdout: (t) => void (out += t), stderr: (t) => void (err += t), cwd, env: {}, stderrIsTTY: false },
      { emit: fakeEmit, watchSignal: stop.signal },
    );
    try {
      await until('the first run', () => runs() === 1);
      expect(readFileSync(join(cwd, 'gen/index.ts'), 'utf8')).toMatch(/^\/\/ v1 /);
      expect(out).toContain('gen: 7 created, 0 changed, 0 deleted, 0 unchanged');

      // An imported schema changes: a new run.
      writeFileSync(join(cwd, 'wsdl/types.xsd'), TYPES('<xs:element name="y" type="xs:int"/>'));
      await until('a run after the schema changed', () => runs() === 2);

      // A broken schema: a located error, the output untouched, still watching.
      const good = snapshotTree(join(cwd, 'gen'));
      writeFileSync(join(cwd, 'wsdl/types.xsd'), TYPES('<xs:element name="y" type="xs:nosuch"/>'));
      await until('the error run', () => runs() === 3);
      expect(err).toMatch(/wsdl\/types\.xsd:2:\d+: error: "nosuch" is not an XML Schema built-in type/);
      expect(err).toContain('generation failed; the output folders were left as they were');
      expect(snapshotTree(join(cwd, 'gen'))).toEqual(good);

      // Fixed again, then a template change shows in the output.
      writeFileSync(join(cwd, 'wsdl/types.xsd'), TYPES(''));
      await until('the run after the fix', () => runs() === 4);
      writeFileSync(join(cwd, 'tpl/header.hbs'), '// v2 {{sourceLabel}}\n');
      await until('the run after the template changed', () => runs() === 5);
      expect(readFileSync(join(cwd, 'gen/index.ts'), 'utf8')).toMatch(/^\/\/ v2 /);

      // The config changes: the client is no longer generated.
      config(false);
      await until('the run after the config changed', () => runs() === 6);
      expect(Object.keys(snapshotTree(join(cwd, 'gen')))).not.toContain('client.ts');
    } finally {
      stop.abort();
    }
    expect(await done).toBe(0);
  });
});
