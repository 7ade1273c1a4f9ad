/**
 * Imports of the runtime, written from the one table of runtime symbols
 * (src/names/runtime-symbols.ts): a view model names the symbols it needs and gets,
 * per runtime entry point, the clause to paste after `import` (or `export`), with
 * `type` where the table says a symbol is a type. Templates never spell a runtime
 * name or path themselves.
 */
import {
  RUNTIME_MODULE_PATHS,
  RUNTIME_SYMBOLS,
  type RuntimeModule,
  type RuntimeSymbol,
} from '../names/runtime-symbols.js';
import { braces, ordinal } from './view-common.js';

/** A symbol to import, or a falsy value for one a file does not need. */
export type RuntimeImportEntry = RuntimeSymbol | false | undefined;

/** One import declaration of runtime symbols: `import {clause} from '{from}';`. */
export interface RuntimeImportView {
  /** `type { A, B }` or `{ a, type B }`. */
  readonly clause: string;
  /** The module specifier, e.g. `./runtime/client/index.js`. */
  readonly from: string;
}

/** One entry point's re-exports: `export {values} from '{from}';` and `export type {types} ...`. */
export interface RuntimeReexportView {
  /** `{ A, B }`, or `''` when no value is re-exported from this entry point. */
  readonly values: string;
  /** `{ C, D }`, or `''` when no type is re-exported from this entry point. */
  readonly types: string;
  readonly from: string;
}

/** Where generated files import the runtime from by default: their own copy in `runtime/`. */
export const DEFAULT_RUNTIME_BASE = './runtime';

/**
 * The specifier of a runtime entry point as generated files (at the output root)
 * import it, given where the runtime is (`base`): a folder relative to the output
 * folder (`./runtime`, the vendored copy; `../runtime`, a project's shared copy),
 * whose entry points are `index.js`, `client/index.js` and `server/index.js`; or a
 * package (`@wsdlc/runtime`, or `wsdlc/runtime`), whose entry points are the
 * package's exports `@wsdlc/runtime`, `@wsdlc/runtime/client` and
 * `@wsdlc/runtime/server`, and whose optional modules are `@wsdlc/runtime/<path>`
 * (`@wsdlc/runtime/wire/dataset`).
 */
export function runtimeSpecifier(module: RuntimeModule, base: string = DEFAULT_RUNTIME_BASE): string {
  if (!base.startsWith('.')) {
    if (module === 'shared') return base;
    return module === 'client' || module === 'server' ? `${base}/${module}` : `${base}/${RUNTIME_MODULE_PATHS[module]}`;
  }
  return `${base}/${RUNTIME_MODULE_PATHS[module]}.js`;
}

/** The needed symbols, grouped by entry point, in the import organiser's order of specifiers. */
function byModule(entries: readonly RuntimeImportEntry[], base: string): [string, RuntimeSymbol[]][] {
  const groups = new Map<string, RuntimeSymbol[]>();
  for (const e of new Set(entries)) {
    if (typeof e !== 'string') continue;
    const from = runtimeSpecifier(RUNTIME_SYMBOLS[e].module, base);
    const list = groups.get(from) ?? [];
    list.push(e);
    groups.set(from, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => ordinal(a, b))
    .map(([from, names]) => [from, names.sort(ordinal)] as [string, RuntimeSymbol[]]);
}

/**
 * The import declarations of `entries`, one per runtime entry point: `type { A, B }`
 * when every symbol is a type, else `{ a, type B }`, values first, then types, each
 * in ordinal order (the import organiser's order, so the gate finds nothing to
 * change), wrapped as {@link braces} wraps.
 */
export function runtimeImports(
  entries: readonly RuntimeImportEntry[],
  base: string = DEFAULT_RUNTIME_BASE,
): RuntimeImportView[] {
  return byModule(entries, base).map(([from, names]) => {
    const values = names.filter((n) => RUNTIME_SYMBOLS[n].kind === 'value');
    const types = names.filter((n) => RUNTIME_SYMBOLS[n].kind === 'type');
    const clause =
      values.length === 0 ? `type ${braces(types)}` : braces([...values, ...types.map((n) => `type ${n}`)]);
    return { clause, from };
  });
}

/** The re-exports of `entries`, one per runtime entry point, values and types apart, each on one line. */
export function runtimeReexports(
  entries: readonly RuntimeImportEntry[],
  base: string = DEFAULT_RUNTIME_BASE,
): RuntimeReexportView[] {
  return byModule(entries, base).map(([from, names]) => {
    const values = names.filter((n) => RUNTIME_SYMBOLS[n].kind === 'value');
    const types = names.filter((n) => RUNTIME_SYMBOLS[n].kind === 'type');
    return {
      values: values.length > 0 ? `{ ${values.join(', ')} }` : '',
      types: types.length > 0 ? `{ ${types.join(', ')} }` : '',
      from,
    };
  });
}
