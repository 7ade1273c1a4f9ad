/**
 * Issue 19: a large corpus contract (Salesforce partner) compiles with zero
 * errors under every configuration of the table and the strictest row
 * (the import-style rows are checked on Auth). A file of its own so
 * vitest checks it in parallel with the Auth matrix.
 */
import { describe, expect, it } from 'vitest';
import { addTree, checkTree } from './compile-host.js';
import { MATRIX } from './configs.js';
import { output, SALESFORCE_PARTNER } from './matrix-cases.js';

describe.each(MATRIX.filter((c) => c.core))('Salesforce partner output under $name', (config) => {
  it('compiles with zero errors', { timeout: 120_000 }, async () => {
    const files = await output(SALESFORCE_PARTNER, config.style);
    const dir = addTree(`salesforce-${MATRIX.indexOf(config)}`, files, config.packageType);
    // The runtime copy under this configuration is Auth's, checked in full by compile-auth.
    expect(checkTree(dir, config.options, { checkRuntime: false })).toEqual([]);
  });
});
