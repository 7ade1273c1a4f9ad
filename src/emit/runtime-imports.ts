/**
 * Imports of the runtime, written from the one table of runtime symbols
 * (src/names/runtime-symbols.ts): a view model names the symbols it needs and gets
 * the clause to paste after `import` (or `export`), with `type` where the table says
 * a symbol is a type. Templates never spell a runtime name themselves.
 */
import { RUNTIME_SYMBOLS, type RuntimeSymbol } from '../names/runtime-symbols.js';
import { braces, ordinal } from './view-common.js';

/** A symbol to import, or a falsy value for one a file does not need. */
export type RuntimeImportEntry = RuntimeSymbol | false | undefined;

function needed(entries: readonly RuntimeImportEntry[]): RuntimeSymbol[] {
  return [...new Set(entries.filter((e): e is RuntimeSymbol => typeof e === 'string'))];
}

/**
 * The clause of an import of `entries` from the runtime: `type { A, B }` when every
 * symbol is a type, else `{ a, type B }`: values first, then types, each in ordinal
 * order (the import organiser's order, so the gate finds nothing to change), wrapped
 * as {@link braces} wraps; `''` when nothing is needed.
 */
export function runtimeImportClause(entries: readonly RuntimeImportEntry[]): string {
  const names = needed(entries).sort(ordinal);
  if (names.length === 0) return '';
  const values = names.filter((n) => RUNTIME_SYMBOLS[n] === 'value');
  const types = names.filter((n) => RUNTIME_SYMBOLS[n] === 'type');
  if (values.length === 0) return `type ${braces(types)}`;
  return braces([...values, ...types.map((n) => `type ${n}`)]);
}

/**
 * The re-exports of `entries` from the runtime, split as `export { values }` and
 * `export type { types }` clauses on one line each (`''` for an empty side).
 */
export function runtimeReexportClauses(entries: readonly RuntimeImportEntry[]): { values: string; types: string } {
  const names = needed(entries).sort(ordinal);
  const values = names.filter((n) => RUNTIME_SYMBOLS[n] === 'value');
  const types = names.filter((n) => RUNTIME_SYMBOLS[n] === 'type');
  return {
    values: values.length > 0 ? `{ ${values.join(', ')} }` : '',
    types: types.length > 0 ? `{ ${types.join(', ')} }` : '',
  };
}
