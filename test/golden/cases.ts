import path from 'node:path';

/** The shared corpus beside the repository (`../shared/corpus`). */
export const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus');

/** The contracts whose generated output is kept as golden files under test/golden/<name>/. */
export interface GoldenCase {
  /** Folder name under test/golden. */
  readonly name: string;
  /** WSDL path, relative to the repo root or absolute. */
  readonly wsdl: string;
  /** Label written in file headers (machine-independent). */
  readonly label: string;
}

/** Auth, two ASMX services of the corpus, and the ordered-groups fixture. */
export const GOLDEN_CASES: readonly GoldenCase[] = [
  { name: 'auth', wsdl: 'wsdl/auth.wsdl', label: 'wsdl/auth.wsdl' },
  {
    name: 'currency-convertor',
    wsdl: path.join(CORPUS, 'asmx/webservicex_CurrencyConvertor.wsdl'),
    label: 'corpus/asmx/webservicex_CurrencyConvertor.wsdl',
  },
  { name: 'cdyne-weather', wsdl: path.join(CORPUS, 'asmx/cdyne_Weather.wsdl'), label: 'corpus/asmx/cdyne_Weather.wsdl' },
  // Ordered repeated groups and mixed content (issue 16, item 4).
  { name: 'ordered', wsdl: 'test/emit/fixtures/ordered.wsdl', label: 'test/emit/fixtures/ordered.wsdl' },
];
