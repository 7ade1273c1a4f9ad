/**
 * The gate skips the TypeScript formatter for files over its size limit (the
 * formatter costs about 1 s per MB). That is only sound because the built-in
 * templates already write those files formatted: here a large real contract is
 * rendered, gated once with formatting forced on for every file and once with it
 * off for every file, and the results must be byte-identical.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateFiles } from '../../src/emit/format-gate.js';
import { renderFiles } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { CORPUS } from '../golden/cases.js';
import { testOptions } from './helpers.js';

describe('built-in templates write formatted code', () => {
  it.each([
    ['salesforce partner', 'large/salesforce/partner_v58.wsdl'],
    ['currency convertor', 'asmx/webservicex_CurrencyConvertor.wsdl'],
  ])('formatting %s changes nothing', async (_name, rel) => {
    const wsdl = path.join(CORPUS, rel);
    const raw = renderFiles(await loadModel(wsdl), testOptions(rel), { wsdlText: readFileSync(wsdl, 'utf8') });
    const big = raw.filter((f) => f.path === 'types.ts' || f.path === 'schema.ts');
    expect(big.map((f) => f.path).sort()).toEqual(['schema.ts', 'types.ts']);
    const formatted = gateFiles(big, { formatLimitBytes: Number.POSITIVE_INFINITY });
    const unformatted = gateFiles(big, { formatLimitBytes: 0 });
    for (let i = 0; i < big.length; i++) {
      expect(unformatted[i]?.content, big[i]?.path).toBe(formatted[i]?.content);
    }
  }, 60_000);
});
