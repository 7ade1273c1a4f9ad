/**
 * The shape of `wsdlc.config.json`: the contracts of a project, each with its
 * output folder and options, so `wsdlc generate` / `wsdlc check` with no
 * arguments do the whole project.
 *
 * ```json
 * {
 *   "contracts": [
 *     { "wsdl": "wsdl/auth.wsdl", "output": "generated/auth", "bindings": ["soap11", "soap12"],
 *       "types": { "long": "bigint" }, "client": true, "server": true,
 *       "templates": "templates-override", "scaffold": "src/service/auth.ts",
 *       "importExtension": "js", "typeImports": "inline", "runtimeFormat": "ts",
 *       "runtimeFeatures": ["cookies", "ws-security"], "docs": "docs/auth-api" }
 *   ],
 *   "runtime": "generated/runtime"
 * }
 * ```
 * Relative paths are resolved against the folder holding the config file.
 */
import type { BindingKind } from '../model/types.js';
import type { RuntimeFeature } from '../emit/runtime-features.js';
import type {
  ImportExtension,
  RuntimeFormat,
  TsNocheckScope,
  TypeImportStyle,
  TypeMappingOptions,
} from '../emit/types.js';

/** The file name searched for from the working directory upward. */
export const CONFIG_FILE_NAME = 'wsdlc.config.json';

/**
 * The per-contract choices, shared by config entries and by callers (CLI flags
 * or the API), whose values override the config's. Paths are relative to the
 * config file's folder in a config, and to the working directory from a caller.
 */
export interface ContractChoices {
  /** Emit the client (default true). */
  readonly client?: boolean;
  /** Emit the server stubs (default true). */
  readonly server?: boolean;
  /** Only these bindings (default: all the contract declares). */
  readonly bindings?: readonly BindingKind[];
  /** Type mapping choices; omitted fields take the defaults. */
  readonly types?: Partial<TypeMappingOptions>;
  /** A folder of `*.hbs` templates overriding the built-in ones. */
  readonly templates?: string;
  /** A starter implementation file to create (and extend with new operations). */
  readonly scaffold?: string;
  /**
   * Lenient mode (default false): undefined or misplaced references, missing
   * parts and unreadable imports become warnings and what they affect becomes
   * `unknown` or is left out; the output manifest records it.
   */
  readonly lenient?: boolean;
  /** Extension of relative imports in the output: `js` (default), `none` or `ts`. */
  readonly importExtension?: ImportExtension;
  /** Type-only imports: `inline` (default, `import { a, type B }`) or `separate` (`import type { B }`). */
  readonly typeImports?: TypeImportStyle;
  /**
   * The runtime copy's format: `ts` (default: the runtime's TypeScript sources)
   * or `js` (compiled `.js` modules with `.d.ts` declarations: the project's
   * compiler then skips them under `skipLibCheck`; see docs/fitting-your-project.md for builds
   * that must copy the `.js` files). Contracts sharing one runtime folder must agree.
   */
  readonly runtimeFormat?: RuntimeFormat;
  /**
   * Which generated `.ts` files start with `// @ts-nocheck` (the project's
   * compiler then does not re-check them): `declarations` (default: the runtime
   * copy, types.ts, schema.ts and wsdl.ts), `runtime`, `all` or `none`.
   * Contracts sharing one runtime folder must agree on `none` or not.
   */
  readonly tsNocheck?: TsNocheckScope;
  /**
   * Optional runtime modules to write besides those the generated code imports
   * (default none: the output's runtime is what its contract needs); `all` writes
   * the whole runtime. See src/emit/runtime-features.ts and docs/fitting-your-project.md.
   */
  readonly runtimeFeatures?: readonly RuntimeFeature[];
}

/** One contract entry of the config file, as written (paths relative to the config's folder). */
export interface ContractConfig extends ContractChoices {
  /** The WSDL: a path relative to the config file, or an http(s) URL. */
  readonly wsdl: string;
  /** The output folder, relative to the config file. */
  readonly output: string;
  /**
   * A folder for the contract's documentation pages (`wsdlc docs`: HTML service and
   * operation pages and a Markdown page per service), relative to the config file.
   * `wsdlc generate` writes it with the code and `wsdlc check` compares it.
   */
  readonly docs?: string;
}

/** `breaking` in the config: what `wsdlc breaking` does not report (like `buf breaking`'s `except`). */
export interface BreakingConfig {
  /** Rule ids (e.g. `request-type-narrowed`) or classes (`wire`, `source`) to switch off. */
  readonly except?: readonly string[];
}

/** The whole config file. */
export interface WsdlcConfig {
  readonly contracts: readonly ContractConfig[];
  readonly breaking?: BreakingConfig;
  /**
   * Where the contracts' runtime lives: a folder (relative to the config file)
   * written once and imported by every contract folder by a relative path, or
   * `"package"`: import it from the installed runtime package (`@wsdlc/runtime`,
   * see {@link RUNTIME_PACKAGE}) and write no copy, or `"package:<name>"`: import
   * it from the package `<name>` (`"package:wsdlc/runtime"`: the compiler's own
   * exports, what `"package"` meant before `@wsdlc/runtime`). Default: with several
   * contracts, `runtime/` beside their output folders (the folder holding them
   * all); with one, its own `runtime/` copy.
   */
  readonly runtime?: string;
}

/** The package generated code imports the runtime from with `"runtime": "package"`: the runtime alone, no dependencies. */
export const RUNTIME_PACKAGE = '@wsdlc/runtime';

/** The prefix of `"runtime": "package:<name>"`, naming the package to import the runtime from. */
export const RUNTIME_PACKAGE_PREFIX = 'package:';

/**
 * What `package:` may name: an npm package name, scoped or not, with an optional
 * subpath (`@wsdlc/runtime`, `wsdlc/runtime`, `my-runtime`), in the characters npm
 * allows in a name. The name is written into generated imports, so nothing else
 * (no quote, no `..`, no leading `.` or `/`) gets through.
 */
const PACKAGE_SPECIFIER =
  /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;

/**
 * The package a config's `runtime` value imports the runtime from: `@wsdlc/runtime`
 * for `"package"`, `<name>` for `"package:<name>"` with a valid name, `null` for
 * `"package:"` with an invalid one, `undefined` for a folder (or no value).
 */
export function runtimePackage(runtime: string | undefined): string | null | undefined {
  if (runtime === 'package') return RUNTIME_PACKAGE;
  if (runtime === undefined || !runtime.startsWith(RUNTIME_PACKAGE_PREFIX)) return undefined;
  const name = runtime.slice(RUNTIME_PACKAGE_PREFIX.length);
  return PACKAGE_SPECIFIER.test(name) ? name : null;
}

/** A config file read and validated, with where it came from. */
export interface LoadedConfig {
  /** Absolute path of the config file. */
  readonly file: string;
  /** Absolute folder of the config file: the base of every relative path in it. */
  readonly baseDir: string;
  readonly config: WsdlcConfig;
}

/** Every binding kind name accepted in configs and `--bindings`. */
export const BINDING_KINDS: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];
