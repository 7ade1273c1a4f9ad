/**
 * Words a generated identifier must never be.
 *
 * - ECMAScript reserved words (ECMA-262 §12.7.2) and strict-mode reserved words
 *   (ECMA-262 §13.1.1: `implements`, `interface`, `let`, `package`, `private`,
 *   `protected`, `public`, `static`, `yield`), plus `await`, `arguments`, `eval`.
 * - TypeScript's predefined type names, which cannot name an interface or alias
 *   (`string`, `number`, `any`...), and contextual keywords that read badly as names.
 * - Globals the generated code refers to (`Date`, `Uint8Array`, `Promise`...),
 *   which a generated type must not shadow.
 * - Names the generated files import or declare themselves (runtime imports,
 *   `WSDL_TEXT`, `SCHEMA_TYPES`, template locals such as `impl`, `input`, `ctx`).
 *
 * The names pass appends `_` to a candidate that is in this set (see `src/names/identifier.ts`).
 */

import { RUNTIME_SYMBOL_NAMES } from './runtime-symbols.js';

/** ECMAScript and TypeScript keywords (reserved, strict-mode reserved and predefined type names). */
export const KEYWORDS: ReadonlySet<string> = new Set([
  // ECMA-262 reserved words
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  // strict-mode reserved words and restricted names
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'arguments',
  'eval',
  // TypeScript predefined types and contextual keywords
  'any',
  'unknown',
  'never',
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'object',
  'undefined',
  'as',
  'async',
  'declare',
  'from',
  'get',
  'set',
  'is',
  'keyof',
  'module',
  'namespace',
  'readonly',
  'require',
  'type',
  'infer',
  'satisfies',
  'asserts',
  'accessor',
  'out',
  'override',
  'abstract',
  'constructor',
  'global',
  'of',
  'unique',
  // not a keyword, but as a plain key it sets an object literal's prototype
  '__proto__',
]);

/** Global names generated code uses; a generated declaration must not shadow them. */
export const GLOBALS_USED: ReadonlySet<string> = new Set([
  'Array',
  'ReadonlyArray',
  'Record',
  'Readonly',
  'Partial',
  'Required',
  'Pick',
  'Omit',
  'Promise',
  'PromiseLike',
  'Date',
  'Uint8Array',
  'Object',
  'String',
  'Number',
  'Boolean',
  'BigInt',
  'Symbol',
  'Error',
  'TypeError',
  'Function',
  'Map',
  'Set',
  'JSON',
  'Math',
  'NaN',
  'Infinity',
  'globalThis',
  'AbortSignal',
  'URL',
  'URLSearchParams',
  'Buffer',
  'fetch',
  'Response',
  'Request',
  'Headers',
]);

/**
 * Names the generated files declare or import (runtime API, fixed constants,
 * template-local parameter names and type parameters).
 */
export const GENERATED_NAMES: ReadonlySet<string> = new Set([
  // runtime imports and re-exports (one table: runtime-symbols.ts)
  ...RUNTIME_SYMBOL_NAMES,
  // fixed declarations of generated files
  'WSDL_TEXT',
  'SCHEMA_TYPES',
  'SCHEMA_DATA',
  // template locals and type parameters
  'impl',
  'input',
  'options',
  'ctx',
  'Ctx',
  'client',
]);

/** Whether `name` must get a `_` suffix when used as a generated identifier. */
export function isReservedName(name: string): boolean {
  return KEYWORDS.has(name) || GLOBALS_USED.has(name) || GENERATED_NAMES.has(name);
}
