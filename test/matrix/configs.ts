/**
 * The user configurations generated code must compile under (issue 19): the
 * rows of the table, one stricter-than-all row, and the import styles
 * (`importExtension`, `typeImports`) paired with the configurations they are for.
 */
import ts from 'typescript';

/** How generated imports are written (the `importExtension` / `typeImports` options). */
export interface ImportStyle {
  readonly importExtension: 'js' | 'none' | 'ts';
  readonly typeImports: 'inline' | 'separate';
}

/** One user configuration of the matrix. */
export interface MatrixConfig {
  /** Row name (test title). */
  readonly name: string;
  /** Compiler options on top of `strict`, `noEmit`, `skipLibCheck`. */
  readonly options: ts.CompilerOptions;
  /** The `type` field of the package.json beside the output (decides ESM/CJS under NodeNext). */
  readonly packageType: 'module' | 'commonjs';
  /** How the output's imports are written for this row. */
  readonly style: ImportStyle;
  /** A row of the table or the strictest row (the large contract is checked under these). */
  readonly core: boolean;
}

/** Today's output: `.js` specifiers, inline `type` modifiers. */
export const DEFAULT_STYLE: ImportStyle = { importExtension: 'js', typeImports: 'inline' };

const NODENEXT: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
};

const STRICTER: ts.CompilerOptions = {
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noPropertyAccessFromIndexSignature: true,
};

/** Every flag of the rows at once, plus the rest of `@tsconfig/strictest`, at the lowest target. */
const STRICTEST: ts.CompilerOptions = {
  ...NODENEXT,
  ...STRICTER,
  target: ts.ScriptTarget.ES2020,
  erasableSyntaxOnly: true,
  isolatedDeclarations: true,
  declaration: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
  useUnknownInCatchVariables: true,
  forceConsistentCasingInFileNames: true,
};

/** The matrix: the nine rows, the strictest row, and the import-style variants. */
export const MATRIX: readonly MatrixConfig[] = [
  { name: 'nodenext, es2022', options: NODENEXT, packageType: 'module', style: DEFAULT_STYLE, core: true },
  {
    name: 'nodenext + exactOptionalPropertyTypes, noUncheckedIndexedAccess, noImplicitOverride, noPropertyAccessFromIndexSignature',
    options: { ...NODENEXT, ...STRICTER },
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'nodenext + erasableSyntaxOnly',
    options: { ...NODENEXT, erasableSyntaxOnly: true },
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'nodenext + isolatedDeclarations, declaration',
    options: { ...NODENEXT, isolatedDeclarations: true, declaration: true },
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'nodenext, es2020',
    options: { ...NODENEXT, target: ts.ScriptTarget.ES2020 },
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'commonjs, node10, es2020',
    options: {
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2020,
    },
    packageType: 'commonjs',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'commonjs, es2022, esModuleInterop',
    options: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    packageType: 'commonjs',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'esnext, bundler',
    options: {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
    },
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'preserve, bundler, verbatimModuleSyntax',
    options: {
      module: ts.ModuleKind.Preserve,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    name: 'strictest (every flag above, @tsconfig/strictest, es2020)',
    options: STRICTEST,
    packageType: 'module',
    style: DEFAULT_STYLE,
    core: true,
  },
  {
    // verbatimModuleSyntax forbids ESM syntax in a CommonJS file: such a project cannot use it.
    name: 'nodenext in a CommonJS package, strictest but verbatimModuleSyntax',
    options: { ...STRICTEST, verbatimModuleSyntax: false },
    packageType: 'commonjs',
    style: DEFAULT_STYLE,
    core: false,
  },
  {
    name: 'importExtension none: esnext, bundler, strictest',
    options: { ...STRICTEST, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
    packageType: 'module',
    style: { importExtension: 'none', typeImports: 'separate' },
    core: false,
  },
  {
    name: 'importExtension none: commonjs, node10, es2020',
    options: {
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2020,
    },
    packageType: 'commonjs',
    style: { importExtension: 'none', typeImports: 'inline' },
    core: false,
  },
  {
    name: 'importExtension ts: nodenext, allowImportingTsExtensions, strictest',
    options: { ...STRICTEST, allowImportingTsExtensions: true, declaration: false, isolatedDeclarations: false },
    packageType: 'module',
    style: { importExtension: 'ts', typeImports: 'separate' },
    core: false,
  },
];
