/**
 * Lenient mode, issue 30: this repository's contracts for the three loader repairs
 * (test/corpus/local/lenient: an XML declaration after a comment, undeclared WS-Policy
 * family prefixes, a root `definitions` in no namespace) are refused strictly at the
 * defect, and generated leniently into code that compiles under strict flags, each repair
 * a located warning that the manifest records.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel, validateContract } from '../../src/model/index.js';
import { cleanup, ROOT, runCli, tempDir } from '../cli/helpers.js';
import { compileTree, testOptions } from '../emit/helpers.js';

const LOCAL = 'test/corpus/local/lenient';

/** Each contract: the strict error, and the lenient warnings (`line:column message`, message cut at " ("). */
const CASES = [
  {
    file: 'declaration-after-comment.wsdl',
    strict: '8:1: not well-formed XML: the XML declaration is allowed only at the very start of the document',
    warnings: ['8:1 the XML declaration stands after comments or blank lines, where XML 1.0 §2.8 does not allow it'],
  },
  {
    file: 'policy-prefixes-unbound.wsdl',
    strict: '19:10: not well-formed XML: unbound namespace prefix "sp" in element name <sp:TransportBinding>',
    warnings: [
      '19:10 unbound prefix sp: read as http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702',
      '28:53 unbound prefix sp13: read as http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200802',
      '32:10 unbound prefix wsrmp: read as http://docs.oasis-open.org/ws-rx/wsrmp/200702',
      '33:10 unbound prefix wsam: read as http://www.w3.org/2007/05/addressing/metadata',
    ],
  },
  {
    file: 'definitions-no-namespace.wsdl',
    strict:
      '9:1: root element is <definitions> in no namespace; expected wsdl:definitions (http://schemas.xmlsoap.org/wsdl/), a WSDL 2.0 description (http://www.w3.org/ns/wsdl) or xsd:schema',
    warnings: ['9:1 root element <definitions> is in no namespace, but its content is WSDL 1.1'],
  },
] as const;

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

describe('lenient repairs of issue 30, on contracts written for them', () => {
  for (const c of CASES) {
    it(`${c.file}: refused strictly at the defect`, async () => {
      const diagnostics = await validateContract(`${LOCAL}/${c.file}`, { cwd: ROOT });
      expect(diagnostics.map((d) => `${d.location?.line}:${d.location?.column}: ${d.message}`)).toEqual([c.strict]);
    });
  }

  it('lenient mode generates each with its located warnings, and the outputs compile under strict flags', async () => {
    const all = [];
    for (const c of CASES) {
      const model = await loadModel(`${LOCAL}/${c.file}`, { cwd: ROOT, lenient: true });
      expect(
        model.warnings.map((w) => `${w.location?.line}:${w.location?.column} ${w.message.split(' (')[0]}`),
      ).toEqual(c.warnings);
      expect(model.lenient?.replaced.map((w) => w.location?.file)).toEqual(c.warnings.map(() => c.file));
      expect(model.operations).toHaveLength(1);
      const name = c.file.replace('.wsdl', '');
      const files = await emitFiles(model, testOptions(c.file), {});
      all.push(...files.map((f) => ({ ...f, path: `${name}/${f.path}` })));
      if (c.file === 'policy-prefixes-unbound.wsdl') {
        // sp:UsernameToken, read as WS-SecurityPolicy 1.2, asks for the WS-Security module.
        expect(model.declares?.wsSecurity).toBe(true);
      }
    }
    const dir = tempDir();
    dirs.push(dir);
    expect(compileTree(dir, all)).toEqual([]);
  }, 120_000);

  it('CLI: the manifest records the repairs', async () => {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'wsdl'));
    for (const c of CASES) copyFileSync(path.join(ROOT, LOCAL, c.file), path.join(dir, 'wsdl', c.file));
    for (const c of CASES) {
      const out = `out-${c.file.replace('.wsdl', '')}`;
      const gen = await runCli(['generate', `wsdl/${c.file}`, '-o', out, '--lenient'], dir);
      expect(gen.code).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(dir, out, '.wsdlc-manifest.json'), 'utf8')) as {
        lenient?: { replaced: string[] };
      };
      expect(manifest.lenient?.replaced.map((r) => r.split(' (')[0])).toEqual(
        c.warnings.map((w) => w.replace(/^(\d+:\d+) /, `${c.file}:$1: `)),
      );
    }
  }, 60_000);
});
