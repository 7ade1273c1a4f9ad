/**
 * `--format json|sarif|github` on validate, check, generate and breaking. SARIF
 * output is validated against the SARIF 2.1.0 JSON schema (rtm.5, as shipped in
 * the npm package @microsoft/jest-sarif 1.0.0-beta.0 at lib/schemas/, MIT, copied
 * here unchanged) with Ajv's draft-04 validator. One of its patterns (language codes) is not
 * valid with the regex `u` flag, so Ajv compiles patterns without it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv-draft-04';
import { afterAll, describe, expect, it } from 'vitest';
import { renderGithub } from '../../src/cli/formats.js';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';
import { contract, el, wrapper } from '../breaking/contract.js';

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

const schema = JSON.parse(readFileSync(new URL('./sarif-2.1.0-rtm.5.json', import.meta.url), 'utf8'));
// ajv-draft-04 is CommonJS: its class is the default export's `default`.
const Ajv = AjvModule.default;
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
const validateSarif = ajv.compile(schema);

function expectValidSarif(text: string): { runs: { results: unknown[] }[] } {
  const log = JSON.parse(text);
  const ok = validateSarif(log);
  expect(validateSarif.errors ?? [], 'SARIF schema errors').toEqual([]);
  expect(ok).toBe(true);
  return log;
}

const GOOD = contract({
  schema: [wrapper('Echo', [el('a', 's:string')]), wrapper('EchoResponse', [el('r', 's:string')])],
});
const BAD = GOOD.replace('name="a" type="s:string"', 'name="a" type="s:strin"');
const CHANGED = GOOD.replace(
  'name="a" type="s:string"/>',
  'name="a" type="s:string"/><s:element name="b" type="s:int"/>',
);

function project(files: Record<string, string>): string {
  const dir = tempDir('wsdlc-formats-');
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('--format', () => {
  it('validate --format json: the documented document, exit code as in human mode', async () => {
    const dir = project({ 'bad.wsdl': BAD });
    const run = await runCli(['validate', 'bad.wsdl', '--format', 'json'], dir, {});
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      schema: 'wsdlc-diagnostics/1',
      command: 'validate',
      ok: false,
      exitCode: 1,
      contract: 'bad.wsdl',
      diagnostics: [
        {
          severity: 'error',
          rule: 'contract-error',
          message:
            '"strin" is not an XML Schema built-in type (did you mean {http://www.w3.org/2001/XMLSchema}string?)',
          file: 'bad.wsdl',
          line: 6,
          column: 7,
        },
      ],
    });
  });

  it('validate --format sarif: valid SARIF 2.1.0 located on the WSDL line', async () => {
    const dir = project({ 'bad.wsdl': BAD });
    const run = await runCli(['validate', 'bad.wsdl', '--format', 'sarif'], dir, {});
    expect(run.code).toBe(1);
    const log = expectValidSarif(run.stdout);
    expect(log.runs[0]?.results).toEqual([
      {
        ruleId: 'contract-error',
        ruleIndex: 0,
        level: 'error',
        message: {
          text: '"strin" is not an XML Schema built-in type (did you mean {http://www.w3.org/2001/XMLSchema}string?)',
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'bad.wsdl', uriBaseId: '%SRCROOT%' },
              region: { startLine: 6, startColumn: 7 },
            },
          },
        ],
      },
    ]);
  });

  it('a file that cannot be read is still reported in the format (no location)', async () => {
    const dir = project({});
    const run = await runCli(['validate', 'missing.wsdl', '--format', 'sarif'], dir, {});
    expect(run.code).toBe(1);
    const log = expectValidSarif(run.stdout);
    expect(log.runs[0]?.results).toHaveLength(1);
  });

  it('breaking --format sarif and github', async () => {
    const dir = project({ 'old.wsdl': GOOD, 'new.wsdl': CHANGED });
    const sarif = await runCli(['breaking', 'old.wsdl', 'new.wsdl', '--all', '--format', 'sarif'], dir, {});
    expect(sarif.code).toBe(1);
    const log = expectValidSarif(sarif.stdout);
    expect(log.runs[0]?.results).toHaveLength(1);
    const gh = await runCli(['breaking', 'old.wsdl', 'new.wsdl', '--format', 'github'], dir, {});
    expect(gh.stdout).toBe(
      '::error file=new.wsdl,line=6,col=44,title=wsdlc request-required-element-added::S.Echo request > b: required element b was added [wire, source]\n',
    );
    expect(gh.code).toBe(1);
  });

  it('check --format sarif lists stale files; generate --format json lists what was written', async () => {
    const dir = project({ 's.wsdl': GOOD });
    const stale = await runCli(['check', 's.wsdl', '-o', 'gen', '--format', 'sarif'], dir);
    expect(stale.code).toBe(1);
    const log = expectValidSarif(stale.stdout);
    expect(log.runs[0]?.results.length).toBeGreaterThan(0);
    const gen = await runCli(['generate', 's.wsdl', '-o', 'gen', '--format', 'json'], dir);
    expect(gen.code).toBe(0);
    const doc = JSON.parse(gen.stdout);
    expect(doc).toMatchObject({ schema: 'wsdlc-diagnostics/1', command: 'generate', ok: true, diagnostics: [] });
    expect(doc.contracts[0].files.map((f: { action: string }) => f.action)).toContain('create');
    const fresh = await runCli(['check', 's.wsdl', '-o', 'gen', '--format', 'json'], dir);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ ok: true, upToDate: true, diagnostics: [] });
  });

  it('github annotations escape what the workflow-command syntax reserves', () => {
    const out = renderGithub({
      command: 'validate',
      exitCode: 1,
      rules: [],
      toolVersion: '0',
      cwd: '/x',
      findings: [
        {
          severity: 'warning',
          rule: 'contract-warning',
          message: '100% sure\nline two',
          location: { file: 'a,b:c.wsdl', line: 3, column: 4 },
        },
        { severity: 'note', rule: 'operation-added', message: 'fine' },
      ],
    });
    expect(out).toBe(
      '::warning file=a%2Cb%3Ac.wsdl,line=3,col=4,title=wsdlc contract-warning::100%25 sure%0Aline two\n' +
        '::notice title=wsdlc operation-added::fine\n',
    );
  });
});
