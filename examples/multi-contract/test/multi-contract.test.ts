/**
 * The multi-contract example as a user runs it: `npm run build` generates both contracts with
 * one shared runtime folder (no contract carries its own) and compiles them with the example's
 * own tsconfig; the compiled script serves both services from one server, calls them, and sees
 * one SoapFaultError class for both.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildExample, exec, ROOT } from '../../../test/support/example-build.js';

const EXAMPLE = path.join(ROOT, 'examples/multi-contract');
let dist = '';

beforeAll(async () => {
  dist = await buildExample('multi-contract');
}, 120_000);

describe('examples/multi-contract', () => {
  it('generates one runtime for both contracts', () => {
    const out = path.join(EXAMPLE, 'src/generated');
    expect(existsSync(path.join(out, 'runtime/index.ts'))).toBe(true);
    expect(existsSync(path.join(out, 'auth/runtime'))).toBe(false);
    expect(existsSync(path.join(out, 'quotes/runtime'))).toBe(false);
  });

  it('runs both services through one runtime', async () => {
    const { code, stdout, stderr } = await exec(process.execPath, [path.join(dist, 'main.js')], { cwd: EXAMPLE });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'logged in: ticket-alice-1',
      'AAPL 189.25 USD',
      'MSFT 402.10 USD',
      'same SoapFaultError class: true',
      'declared fault UnknownSymbol: XYZ',
      'second logout: Unknown or expired service ticket.',
      '',
    ]);
  });
});
