/**
 * The contracts of the compile matrix, generated once per import style and
 * shared by the tests of one file.
 */
import path from 'node:path';
import type { GeneratedFile } from '../../src/emit/index.js';
import type { RuntimeFormat } from '../../src/emit/types.js';
import { generate } from '../emit/helpers.js';
import { CORPUS } from '../golden/cases.js';
import type { ImportStyle } from './configs.js';

/** A contract of the matrix. */
export interface MatrixContract {
  readonly name: string;
  readonly wsdl: string;
  readonly label: string;
}

/** The reference contract. */
export const AUTH: MatrixContract = { name: 'auth', wsdl: 'wsdl/auth.wsdl', label: 'wsdl/auth.wsdl' };

/** A large real contract: Salesforce's partner WSDL (v58, 0.6 MB, 333 complex types, 63 operations). */
export const SALESFORCE_PARTNER: MatrixContract = {
  name: 'salesforce-partner',
  wsdl: path.join(CORPUS, 'large/salesforce/partner_v58.wsdl'),
  label: 'corpus/large/salesforce/partner_v58.wsdl',
};

const cache = new Map<string, Promise<GeneratedFile[]>>();

/** The output of `contract` in `style` with the runtime in `runtimeFormat` (generated once per process). */
export function output(
  contract: MatrixContract,
  style: ImportStyle,
  runtimeFormat: RuntimeFormat = 'ts',
): Promise<GeneratedFile[]> {
  const key = `${contract.name}|${style.importExtension}|${style.typeImports}|${runtimeFormat}`;
  let files = cache.get(key);
  if (files === undefined) {
    files = generate(contract.wsdl, contract.label, { ...style, runtimeFormat });
    cache.set(key, files);
  }
  return files;
}
