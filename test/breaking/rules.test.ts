/**
 * Every breaking rule against a minimal old/new pair: the exact report, the exit
 * code, and that the rule table has no rule without a test.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BREAKING_RULES } from '../../src/breaking/rules.js';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';
import { CASES } from './cases.js';
import { contract } from './contract.js';

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

describe('wsdlc breaking: one case per rule', () => {
  it('has a case for every rule', () => {
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(BREAKING_RULES.map((r) => r.id)));
  });

  for (const c of CASES) {
    it(c.rule, async () => {
      const dir = tempDir('wsdlc-breaking-');
      dirs.push(dir);
      writeFileSync(join(dir, 'old.wsdl'), contract(c.old));
      writeFileSync(join(dir, 'new.wsdl'), contract(c.new));
      const run = await runCli(['breaking', 'old.wsdl', 'new.wsdl', '--all'], dir, {});
      const lines = run.stdout
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('old.wsdl -> '));
      expect(lines).toEqual(c.expected);
      expect(lines.some((l) => l.includes(`: ${c.rule}: `))).toBe(true);
      const breaks = c.expected.some((l) => l.includes(': breaking ('));
      expect(run.code).toBe(breaks ? 1 : 0);
      // Without --all, compatible changes are not listed.
      const quiet = await runCli(['breaking', 'old.wsdl', 'new.wsdl'], dir, {});
      expect(quiet.stdout.split('\n').filter((l) => l.includes(': compatible: '))).toEqual([]);
    });
  }
});
