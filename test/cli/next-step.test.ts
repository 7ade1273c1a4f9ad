/**
 * Errors that name the next step: a strict refusal that lenient mode would repair says so
 * in its last line, with the switch that does it; a misspelt config key, feature or binding
 * names the one meant; `check` names the exact command that regenerates; a run with nothing
 * to generate says how to name a contract; a document that cannot be fetched says how to
 * build without the network. Only messages change: exit codes and outputs stay as they were.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { WsdlcError } from '../../src/util/errors.js';
import { closestName } from '../../src/util/suggest.js';
import { authConfig, authProject, cleanup, ROOT, runCli, tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));

const BROKEN = join(ROOT, 'test/fixtures/lenient/broken.wsdl');
const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

/** The project's Auth contract with its string type misspelt everywhere (10 places). */
function misspeltAuth(dir: string): string {
  const file = join(dir, 'wsdl/auth.wsdl');
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('type="s:string"', 'type="s:strin"'));
  return file;
}

describe('a strict refusal that --lenient would repair', () => {
  it('says so in its last line, with the number of problems and of warnings (generate, check, validate)', async () => {
    const dir = tempDir();
    dirs.push(dir);
    for (const argv of [
      ['generate', BROKEN, '-o', 'out'],
      ['check', BROKEN, '-o', 'out'],
      ['validate', BROKEN],
    ]) {
      const res = await runCli(argv, dir, {});
      expect(res.code, argv[0]).toBe(1);
      expect(lastLine(res.stderr), argv[0]).toBe('1 problem; `--lenient` generates this contract with 8 warnings');
    }
    const lenient = await runCli(['generate', BROKEN, '-o', 'out', '--lenient'], dir, {});
    expect(lenient.code).toBe(0);
    expect(lenient.stderr.match(/warning:/g)).toHaveLength(8);
  });

  it('names the config key for a contract of wsdlc.config.json', async () => {
    const dir = authProject(dirs, authConfig());
    misspeltAuth(dir);
    const res = await runCli(['generate'], dir, {});
    expect(res.code).toBe(1);
    expect(lastLine(res.stderr)).toMatch(
      /^10 problems; `--lenient` \(or `"lenient": true` in its config entry\) generates this contract with \d+ warnings$/,
    );
  });

  it('adds nothing when lenient mode would refuse the contract too', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(join(dir, 'bad.wsdl'), '<definitions');
    const res = await runCli(['generate', 'bad.wsdl', '-o', 'out'], dir, {});
    expect(res.code).toBe(1);
    expect(res.stderr).not.toContain('--lenient');
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('wsdlc.config.json: a misspelt key names the one meant', () => {
  it.each([
    [
      { contracts: [{ wsdl: 'a.wsdl', output: 'o', runtimeFeature: ['cookies'] }] },
      'unknown key "runtimeFeature": did you mean "runtimeFeatures"?',
    ],
    [
      { contracts: [{ wsdl: 'a.wsdl', output: 'o', clientOnly: true }] },
      'unknown key "clientOnly": a client-only contract is "server": false',
    ],
    [
      { contracts: [{ wsdl: 'a.wsdl', output: 'o', decimal: 'string' }] },
      'unknown key "decimal": type mappings go in "types": { "decimal": "string" }',
    ],
    [{ contracts: [{ wsdl: 'a.wsdl', output: 'o', outDir: 'x' }] }, 'unknown key "outDir": did you mean "output"?'],
    [{ contract: [] }, 'unknown key "contract": did you mean "contracts"?'],
    [{ wsdl: 'a.wsdl', contracts: [] }, 'unknown key "wsdl" here: contract settings go in an entry of "contracts"'],
    [
      { contracts: [{ wsdl: 'a.wsdl', output: 'o', types: { datetime: 'string' } }] },
      'unknown type mapping "datetime" (did you mean "dateTime"?)',
    ],
    [
      { contracts: [{ wsdl: 'a.wsdl', output: 'o', bindings: ['soap-12'] }] },
      'unknown binding "soap-12" (did you mean "soap12"?)',
    ],
    [
      { contracts: [{ wsdl: 'a.wsdl', output: 'o', runtimeFeatures: ['cookie'] }] },
      'unknown runtime feature "cookie" (did you mean "cookies"?)',
    ],
    [{ contracts: [], breaking: { except: ['wir'] } }, 'unknown breaking rule "wir" (did you mean "wire"?)'],
  ])('%j', async (config, message) => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(join(dir, 'wsdlc.config.json'), JSON.stringify(config));
    const res = await runCli(['generate'], dir, {});
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
  });

  it('lists the keys there are when none is close', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(
      join(dir, 'wsdlc.config.json'),
      JSON.stringify({ contracts: [{ wsdl: 'a.wsdl', output: 'o', zzz: 1 }] }),
    );
    const res = await runCli(['generate'], dir, {});
    expect(res.stderr).toContain('unknown key "zzz" (expected one of "wsdl", "output", "client"');
  });
});

describe('flags and commands', () => {
  it('a misspelt binding or feature on the command line names the one meant', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const binding = await runCli(['generate', BROKEN, '-o', 'o', '--bindings', 'soap11,http-get'], dir, {});
    expect(binding.code).toBe(2);
    expect(binding.stderr).toBe('error: unknown binding "http-get" (did you mean "httpGet"?)\n');
    const far = await runCli(['generate', BROKEN, '-o', 'o', '--bindings', 'soap13'], dir, {});
    expect(far.stderr).toBe('error: unknown binding "soap13" (expected soap11, soap12, httpGet, httpPost)\n');
    const feature = await runCli(['generate', BROKEN, '-o', 'o', '--runtime-features', 'cookie'], dir, {});
    expect(feature.stderr).toBe(
      'error: --runtime-features: unknown runtime feature "cookie" (did you mean "cookies"?)\n',
    );
  });

  it('with nothing to generate, says how to name a contract on the command line or in a config', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const res = await runCli(['generate'], dir, {});
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('`wsdlc generate service.wsdl -o generated/service`');
    expect(res.stderr).toContain('{ "contracts": [{ "wsdl": "service.wsdl", "output": "generated/service" }] }');
  });

  it('check names the generate command that brings the output up to date, with the same arguments', async () => {
    const dir = authProject(dirs, authConfig());
    const wsdl = join(dir, 'wsdl/auth.wsdl');
    expect((await runCli(['generate', wsdl, '-o', 'out', '--client-only', '-q'], dir, {})).code).toBe(0);
    const stale = await runCli(['check', wsdl, '-o', 'out', '--format', 'human', '-q'], dir, {});
    expect(stale.code).toBe(1);
    expect(lastLine(stale.stderr)).toMatch(
      /^error: \d+ generated file\(s\) out of date; run `wsdlc generate (.*) -o out`$/,
    );
    expect(lastLine(stale.stderr)).toContain(`\`wsdlc generate ${wsdl} -o out\``);
    // The command it names does bring the output up to date (here: the server half comes back).
    expect((await runCli(['generate', wsdl, '-o', 'out', '-q'], dir, {})).code).toBe(0);
    expect((await runCli(['check', wsdl, '-o', 'out'], dir, {})).code).toBe(0);
  });
});

describe('a document that cannot be fetched', () => {
  const offline: typeof fetch = async () => {
    throw new TypeError('fetch failed', { cause: new Error('network unreachable') });
  };

  it('imported by a local contract: says to keep a local copy of it', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const wsdl = `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t">
  <types><xs:schema targetNamespace="urn:t"><xs:import namespace="urn:x" schemaLocation="https://example.invalid/x.xsd"/></xs:schema></types>
</definitions>`;
    writeFileSync(join(dir, 'main.wsdl'), wsdl);
    const err = await loadDocuments('main.wsdl', { cwd: dir, fetch: offline }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsdlcError);
    expect((err as WsdlcError).message).toMatch(
      /network unreachable\); to build without the network, save the document beside the contract and point the import at the copy$/,
    );
  });

  it('when the contract itself is a URL: names the wsdlc vendor command', async () => {
    const err = await loadDocuments('https://example.invalid/S.svc?wsdl', { fetch: offline }).catch((e: unknown) => e);
    expect((err as WsdlcError).message).toContain(
      '`wsdlc vendor https://example.invalid/S.svc?wsdl -o <folder>` and generate from the copy',
    );
  });
});

describe('closestName', () => {
  it('finds a name equal but for case and separators, or within a couple of edits, and refuses ties', () => {
    expect(closestName('date-time', ['long', 'decimal', 'dateTime'])).toBe('dateTime');
    expect(closestName('runtimeFeature', ['runtimeFeatures', 'runtimeFormat'])).toBe('runtimeFeatures');
    expect(closestName('zzz', ['wsdl', 'output'])).toBeUndefined();
    expect(closestName('ab', ['ac', 'ad'])).toBeUndefined();
    expect(closestName('soap13', ['soap11', 'soap12', 'httpGet', 'httpPost'])).toBeUndefined();
  });
});
