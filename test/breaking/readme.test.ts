/** The README documents every breaking rule, with the classes the code gives it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAKING_RULES } from '../../src/breaking/rules.js';

describe('README: breaking rules', () => {
  it('lists every rule with its classes', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const r of BREAKING_RULES) {
      const classes = r.classes.length > 0 ? r.classes.join(', ') : 'compatible';
      expect(readme, r.id).toContain(`| \`${r.id}\` | ${classes} |`);
    }
  });
});
