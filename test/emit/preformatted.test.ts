/**
 * The gate skips the language service (import organiser and formatter) for the
 * output of built-in templates, and for any output over its size limit: it costs
 * a few hundred ms to start and about 1 s per MB. That is only sound because the
 * built-in templates already write formatted code with exact, sorted imports:
 * here real contracts are rendered, gated once with the full gate and once
 * parse-only, and every file must be byte-identical.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateFiles } from '../../src/emit/format-gate.js';
import { renderFiles } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { CORPUS } from '../golden/cases.js';
import { ROOT, testOptions } from './helpers.js';

describe('built-in templates write formatted code', () => {
  it.each([
    ['auth', 'wsdl/auth.wsdl'],
    ['salesforce partner', 'large/salesforce/partner_v58.wsdl'],
    ['currency convertor', 'asmx/webservicex_CurrencyConvertor.wsdl'],
    ['chinese weather', 'asmx/webxml_WeatherWebService.wsdl'],
    ['zeep soap', 'zeep/soap.wsdl'],
  ])(
    'formatting %s changes nothing',
    async (_name, rel) => {
      const wsdl = rel.startsWith('wsdl/') ? path.join(ROOT, rel) : path.join(CORPUS, rel);
      const raw = renderFiles(await loadModel(wsdl), testOptions(rel), { wsdlText: readFileSync(wsdl, 'utf8') });
      // As if a user template had written them: the full gate must not change a byte.
      const big = raw.filter((f) => f.format).map((f) => ({ ...f, preformatted: false }));
      expect(big.map((f) => f.path).sort()).toEqual([
        'client.ts',
        'index.ts',
        'schema.ts',
        'server.ts',
        'types.ts',
        'wsdl.ts',
      ]);
      const formatted = await gateFiles(big, { formatLimitBytes: Number.POSITIVE_INFINITY });
      const unformatted = await gateFiles(big, { formatLimitBytes: 0 });
      for (let i = 0; i < big.length; i++) {
        expect(unformatted[i]?.content, big[i]?.path).toBe(formatted[i]?.content);
      }
    },
    60_000,
  );
});
