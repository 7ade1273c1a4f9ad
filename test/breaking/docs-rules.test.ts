/** The manual's page on changing contracts documents every breaking rule, with the classes the code gives it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAKING_RULES } from '../../src/breaking/rules.js';

describe('docs/changing-contracts.md: breaking rules', () => {
  it('lists every rule with its classes', () => {
    const page = readFileSync(new URL('../../docs/changing-contracts.md', import.meta.url), 'utf8');
    for (const r of BREAKING_RULES) {
      const classes = r.classes.length > 0 ? r.classes.join(', ') : 'compatible';
      expect(page, r.id).toContain(`| \`${r.id}\` | ${classes} |`);
    }
  });
});
