/**
 * The contract between the emitter and the writer: generation produces a list of
 * files in memory; nothing touches the disk until the writer plans and commits them.
 */
import type { BindingKind } from '../model/types.js';
import type { RuntimeFeature } from './runtime-features.js';

/** A file the generator wants to exist, relative to the output folder. */
export interface GeneratedFile {
  /** POSIX-style relative path, e.g. `client.ts` or `runtime/xml-parse.ts`. Never absolute, never `..`. */
  readonly path: string;
  readonly content: string;
}

/** Mapping choices for XSD types with no exact TypeScript counterpart. */
export interface TypeMappingOptions {
  /** xsd:long, xsd:integer and kin: `number` (default, loses precision past 2^53), `bigint` or `string`. */
  readonly long: 'number' | 'bigint' | 'string';
  /** xsd:decimal: `number` (default) or `string` (lossless). */
  readonly decimal: 'number' | 'string';
  /** xsd:dateTime: `Date` (default) or `string` (as written). */
  readonly dateTime: 'date' | 'string';
}

/** The extension of relative module specifiers: `.js` (default), none, or `.ts`. */
export type ImportExtension = 'js' | 'none' | 'ts';

/** Type-only imports: inline `type` modifiers (default) or separate `import type` / `export type` statements. */
export type TypeImportStyle = 'inline' | 'separate';

/**
 * The format of the runtime copy: `ts` sources (default) or `js`, compiled
 * `.js` modules with `.d.ts` declarations (see runtime-files.ts).
 */
export type RuntimeFormat = 'ts' | 'js';

/**
 * Which generated `.ts` files start with `// @ts-nocheck`, so that the
 * project's compiler does not type-check them on every build (it still reads
 * their types where the project uses them): `declarations` (default: the
 * vendored runtime copy, which wsdlc's own tests check under strict settings,
 * as `skipLibCheck` skips a package's declarations, and the contract's files of
 * declarations and data, types.ts, schema.ts and wsdl.ts), `runtime` (the
 * runtime copy only), `all` (every generated file, like protoc-gen-es's
 * `ts_nocheck`) or `none` (every file checked).
 */
export type TsNocheckScope = 'declarations' | 'runtime' | 'all' | 'none';

/** Options of one generation. */
export interface EmitOptions {
  /** Emit the typed client (default true). */
  readonly client: boolean;
  /** Emit the server stubs (default true). */
  readonly server: boolean;
  /** Only these binding kinds (default: all the contract has). */
  readonly bindings?: readonly BindingKind[];
  readonly types: TypeMappingOptions;
  /** A folder whose `*.hbs` files override the built-in templates of the same name. */
  readonly templatesDir?: string;
  /** The contract as named in file headers: a relative POSIX path or a URL. */
  readonly sourceLabel: string;
  /** wsdlc's version, for file headers. */
  readonly toolVersion: string;
  /** Extension of relative imports: `js` (default, `./client.js`), `none` (`./client`) or `ts` (`./client.ts`). */
  readonly importExtension?: ImportExtension;
  /** Type-only imports: `inline` (default, `import { a, type B }`) or `separate` (`import type { B }`). */
  readonly typeImports?: TypeImportStyle;
  /** The runtime copy's format: `ts` (default) or `js` (`.js` + `.d.ts`); see {@link RuntimeFormat}. */
  readonly runtimeFormat?: RuntimeFormat;
  /** Which `.ts` files tell the project's compiler not to check them (default `declarations`); see {@link TsNocheckScope}. */
  readonly tsNocheck?: TsNocheckScope;
  /**
   * Optional runtime modules to write besides those the generated files import
   * (default none; `all`: the whole runtime); see runtime-features.ts.
   */
  readonly runtimeFeatures?: readonly RuntimeFeature[];
  /**
   * Where the generated files import the runtime from, when not from their own
   * copy: a folder relative to the output folder (`../runtime`: a project's one
   * shared copy, see {@link runtimeFiles}) or a package (`@wsdlc/runtime`, the
   * runtime package; `wsdlc/runtime`, the compiler's re-exports of it).
   * Set, no `runtime/` is written into the output.
   */
  readonly runtimeImport?: string;
}

/** Defaults for {@link EmitOptions} fields a caller may omit. */
export const DEFAULT_TYPE_MAPPING: TypeMappingOptions = { long: 'number', decimal: 'number', dateTime: 'date' };
