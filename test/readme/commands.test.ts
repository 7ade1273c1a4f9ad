/**
 * The README's two commands stay true: the first generates the Auth contract on a fresh
 * clone (wsdlc.config.json lists it, package.json gives the `wsdlc` bin); the second
 * installs every Debian package `.ci/run` installs when missing, sets up the Node 22 run-mode
 * tests and runs `npm test`, as CI does.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, ROOT } from './markdown.js';

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

describe('README: the two commands', () => {
  const commands = codeBlocks('README.md')
    .filter((b) => b.lang === 'sh')
    .slice(0, 2)
    .map((b) => b.code);

  it('generates the Auth contract with the first', () => {
    expect(commands[0]).toBe('npm ci && npx wsdlc generate');
    const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string> };
    expect(pkg.bin['wsdlc']).toBe('bin/wsdlc.js');
    const config = JSON.parse(read('wsdlc.config.json')) as { contracts: { wsdl: string; output: string }[] };
    expect(config.contracts).toContainEqual({ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth' });
  });

  it('installs what CI installs and runs the tests with the second', () => {
    const test = commands[1] ?? '';
    const apt = /apt-get install -y ([\w\s-]+?) &&/.exec(test)?.[1]?.split(/\s+/) ?? [];
    const ci = [...read('.ci/run').matchAll(/missing\+=\(([\w-]+)\)/g)].map((m) => m[1]!);
    expect(new Set(apt)).toEqual(new Set(ci));
    expect(test).toMatch(
      /^apt-get update && apt-get install -y [\w\s-]+ && npm ci && npm ci --prefix test\/matrix\/node22 && npm test$/,
    );
    expect(existsSync(path.join(ROOT, 'test/matrix/node22/package-lock.json'))).toBe(true);
    expect(read('.ci/run')).toContain('npm ci --prefix test/matrix/node22');
  });
});
