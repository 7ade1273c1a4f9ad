/**
 * `wsdlc breaking` as a command: `--against-git`, `breaking.except` in the config,
 * `--format json`, and bad input (a located error and exit 1, never a crash).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';
import { contract, el, wrapper } from './contract.js';

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

const OLD = contract({
  schema: [wrapper('Echo', [el('a', 's:string')]), wrapper('EchoResponse', [el('r', 's:string')])],
});
const NEW = contract({
  schema: [wrapper('Echo', [el('a', 's:string'), el('b', 's:string')]), wrapper('EchoResponse', [el('r', 's:string')])],
});

function project(files: Record<string, string>): string {
  const dir = tempDir('wsdlc-breaking-cli-');
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('wsdlc breaking (command)', () => {
  it('--against-git compares with the same path at another commit', async () => {
    const dir = project({ 'wsdl/s.wsdl': OLD });
    const git = (...args: string[]): string =>
      execFileSync('git', args, {
        cwd: dir,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@t',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@t',
        },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'v1');
    writeFileSync(join(dir, 'wsdl/s.wsdl'), NEW);
    const run = await runCli(['breaking', 'wsdl/s.wsdl', '--against-git', 'HEAD'], dir, {});
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      'wsdl/s.wsdl:7:7: breaking (wire, source): request-required-element-added: S.Echo request > b: required element b was added\n' +
        'HEAD:wsdl/s.wsdl -> wsdl/s.wsdl: 1 breaking change(s) (1 wire, 1 source)\n',
    );
    expect(run.code).toBe(1);
    const bad = await runCli(['breaking', 'wsdl/s.wsdl', '--against-git', 'no-such-ref'], dir, {});
    expect(bad.stderr).toContain('"no-such-ref" is not a commit');
    expect(bad.code).toBe(1);
  });

  it('breaking.except in the config switches a rule, or a class, off', async () => {
    const dir = project({ 'old.wsdl': OLD, 'new.wsdl': NEW });
    const withExcept = (except: string[]): void =>
      writeFileSync(
        join(dir, 'wsdlc.config.json'),
        JSON.stringify({ contracts: [{ wsdl: 'new.wsdl', output: 'gen' }], breaking: { except } }),
      );
    withExcept(['request-required-element-added']);
    expect((await runCli(['breaking', 'old.wsdl', 'new.wsdl'], dir, {})).code).toBe(0);
    withExcept(['wire']);
    const sourceOnly = await runCli(['breaking', 'old.wsdl', 'new.wsdl'], dir, {});
    expect(sourceOnly.code).toBe(1);
    expect(sourceOnly.stdout).toContain('breaking (source): request-required-element-added');
    withExcept(['wire', 'source']);
    expect((await runCli(['breaking', 'old.wsdl', 'new.wsdl'], dir, {})).code).toBe(0);
    withExcept(['no-such-rule']);
    const bad = await runCli(['breaking', 'old.wsdl', 'new.wsdl'], dir, {});
    expect(bad.stderr).toContain('wsdlc.config.json:1:');
    expect(bad.stderr).toContain('unknown breaking rule "no-such-rule"');
    expect(bad.code).toBe(2);
  });

  it('--format json lists the changes with their classes and locations', async () => {
    const dir = project({ 'old.wsdl': OLD, 'new.wsdl': NEW });
    const run = await runCli(['breaking', 'old.wsdl', 'new.wsdl', '--format', 'json'], dir, {});
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({
      schema: 'wsdlc-diagnostics/1',
      command: 'breaking',
      ok: false,
      exitCode: 1,
      breaking: true,
    });
    expect(doc.changes).toEqual([
      {
        rule: 'request-required-element-added',
        breaking: true,
        classes: ['wire', 'source'],
        message: 'required element b was added',
        path: 'S.Echo request > b',
        location: { file: 'new.wsdl', line: 7, column: 7 },
        side: 'new',
      },
    ]);
    expect(doc.diagnostics).toEqual([
      {
        severity: 'error',
        rule: 'request-required-element-added',
        message: 'S.Echo request > b: required element b was added [wire, source]',
        file: 'new.wsdl',
        line: 7,
        column: 7,
      },
    ]);
  });

  it('a broken contract gives a located error, not a crash', async () => {
    const dir = project({ 'old.wsdl': OLD, 'new.wsdl': NEW.replace('type="s:string"', 'type="s:strin"') });
    const run = await runCli(['breaking', 'old.wsdl', 'new.wsdl'], dir, {});
    expect(run.stderr).toMatch(/^new\.wsdl:6:7: error: "strin" is not an XML Schema built-in type/);
    expect(run.code).toBe(1);
    const usage = await runCli(['breaking', 'old.wsdl'], dir, {});
    expect(usage.code).toBe(2);
  });
});
