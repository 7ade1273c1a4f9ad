import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadModel, validateContract } from '../../src/model/index.js';
import { WsdlcError } from '../../src/util/errors.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpus = '../shared/corpus';

describe('validateContract and loadModel', () => {
  it('returns warnings of a valid contract without throwing', async () => {
    const diags = await validateContract(`${corpus}/asmx/webservicex_GlobalWeather.wsdl`, { cwd: repo });
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({
      severity: 'warning',
      location: { file: `${corpus}/asmx/webservicex_GlobalWeather.wsdl`, line: 133, column: 3 },
    });
  });

  it('returns contract errors as diagnostics', async () => {
    const diags = await validateContract(`${corpus}/node-soap/missing_message_definition.wsdl`, { cwd: repo });
    expect(diags).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/undefined message/),
        location: expect.objectContaining({ line: 35, column: 13 }),
      }),
    ]);
  });

  it('returns loader errors as diagnostics', async () => {
    const diags = await validateContract('does/not/exist.wsdl', { cwd: repo });
    expect(diags.length).toBeGreaterThan(0);
    expect(diags[0]!.severity).toBe('error');
  });

  it('loadModel throws a WsdlcError for an invalid contract', async () => {
    await expect(
      loadModel(`${corpus}/node-soap/missing_message_definition.wsdl`, { cwd: repo }),
    ).rejects.toBeInstanceOf(WsdlcError);
  });
});
