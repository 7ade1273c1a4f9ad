/**
 * Command-line flags shared by several commands, and their translation into the
 * API's options (the CLI only maps flags to options; the API does the work).
 */
import { Option, type Command } from 'commander';
import { IMPORT_EXTENSIONS, RUNTIME_FORMATS, TS_NOCHECK_SCOPES, TYPE_IMPORT_STYLES } from '../emit/import-style.js';
import { isRuntimeFeature, RUNTIME_FEATURE_NAMES, type RuntimeFeature } from '../emit/runtime-features.js';
import type {
  ImportExtension,
  RuntimeFormat,
  TsNocheckScope,
  TypeImportStyle,
  TypeMappingOptions,
} from '../emit/types.js';
import { parseBindingList, usage, type ContractOverrides } from '../config/options.js';
import type { Verbosity } from './log.js';
import { didYouMean } from '../util/suggest.js';

/** Flags every command accepts. */
export interface CommonFlags {
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  readonly debug?: boolean;
}

/** Flags of `generate` and `check`. */
export interface ContractFlags extends CommonFlags {
  readonly output?: string;
  readonly config?: string;
  readonly client?: boolean;
  readonly server?: boolean;
  readonly clientOnly?: boolean;
  readonly serverOnly?: boolean;
  readonly bindings?: string;
  readonly long?: TypeMappingOptions['long'];
  readonly decimal?: TypeMappingOptions['decimal'];
  readonly dateTime?: TypeMappingOptions['dateTime'];
  readonly templates?: string;
  readonly lenient?: boolean;
  readonly importExtension?: ImportExtension;
  readonly typeImports?: TypeImportStyle;
  readonly runtimeFormat?: RuntimeFormat;
  readonly tsNocheck?: TsNocheckScope;
  readonly runtimeFeatures?: string;
}

/** Adds --quiet, --verbose and --debug. */
export function addCommonFlags(cmd: Command): Command {
  return cmd
    .option('-q, --quiet', 'print only errors and the command result')
    .option('--verbose', 'print every file and step')
    .option('--debug', 'print stack traces for internal errors');
}

/** Adds the flags that select contracts and generation options. */
export function addContractFlags(cmd: Command): Command {
  return cmd
    .option('-o, --output <dir>', 'output folder (required with a WSDL argument)')
    .option('-c, --config <file>', 'config file (default: wsdlc.config.json in this folder or above)')
    .option('--client', 'emit the typed client (default)')
    .option('--no-client', 'do not emit the client')
    .option('--server', 'emit the server stubs (default)')
    .option('--no-server', 'do not emit the server stubs')
    .option('--client-only', 'emit only the client (same as --no-server)')
    .option('--server-only', 'emit only the server stubs (same as --no-client)')
    .option('--bindings <list>', 'only these bindings, comma-separated: soap11,soap12,httpGet,httpPost')
    .addOption(
      new Option('--long <mapping>', 'TypeScript type for xsd:long/integer').choices(['number', 'bigint', 'string']),
    )
    .addOption(new Option('--decimal <mapping>', 'TypeScript type for xsd:decimal').choices(['number', 'string']))
    .addOption(new Option('--date-time <mapping>', 'TypeScript type for xsd:dateTime').choices(['date', 'string']))
    .option('--templates <dir>', 'folder of *.hbs templates overriding the built-in ones')
    .option(
      '--lenient',
      'turn undefined or misplaced references, missing parts and unreadable imports into warnings; what they affect becomes unknown or is left out',
    )
    .addOption(
      new Option(
        '--import-extension <ext>',
        'extension of relative imports: js (./client.js, default), none (./client), ts (./client.ts)',
      ).choices(IMPORT_EXTENSIONS),
    )
    .addOption(
      new Option(
        '--type-imports <style>',
        'type-only imports: inline (import { a, type B }, default) or separate (import type { B })',
      ).choices(TYPE_IMPORT_STYLES),
    )
    .addOption(
      new Option(
        '--runtime-format <format>',
        'runtime copy: ts (TypeScript sources, default) or js (compiled .js with .d.ts: less work for your tsc)',
      ).choices(RUNTIME_FORMATS),
    )
    .addOption(
      new Option(
        '--ts-nocheck <scope>',
        'which .ts files start with // @ts-nocheck, so your tsc does not re-check them: declarations (the runtime copy, types.ts, schema.ts, wsdl.ts; default), runtime, all, none',
      ).choices(TS_NOCHECK_SCOPES),
    )
    .option(
      '--runtime-features <list>',
      `optional runtime modules to write besides what the contract needs, comma-separated: ${RUNTIME_FEATURE_NAMES.join(', ')}`,
    );
}

/** The verbosity the flags ask for. */
export function verbosityOf(flags: CommonFlags): Verbosity {
  return flags.quiet ? 'quiet' : flags.verbose ? 'verbose' : 'normal';
}

/**
 * A path flag's value that is another flag (`-o --dry-run`): commander takes the
 * next word as the value, so a forgotten value would silently swallow the flag
 * after it (and a dry run would write a folder named `--dry-run`).
 * @throws WsdlcError (usage, exit 2)
 */
export function checkFlagValues(flags: ContractFlags & { readonly scaffold?: string }): void {
  const paths: [string, string | undefined][] = [
    ['-o, --output', flags.output],
    ['-c, --config', flags.config],
    ['--templates', flags.templates],
    ['--scaffold', flags.scaffold],
    ['--bindings', flags.bindings],
    ['--runtime-features', flags.runtimeFeatures],
  ];
  for (const [name, value] of paths) {
    if (value?.startsWith('-')) {
      usage(
        `option ${name} needs a value, got the flag "${value}" (for a path that starts with "-", write ./${value})`,
      );
    }
  }
  if (flags.clientOnly && flags.serverOnly) usage('--client-only and --server-only cannot be used together');
  if (flags.quiet && flags.verbose) usage('--quiet and --verbose cannot be used together');
}

/** Translates contract flags into API overrides (only what was given). */
export function overridesOf(flags: ContractFlags): ContractOverrides {
  checkFlagValues(flags);
  let client = flags.client;
  let server = flags.server;
  if (flags.clientOnly) {
    client = true;
    server = false;
  }
  if (flags.serverOnly) {
    server = true;
    client = false;
  }
  const types: { -readonly [K in keyof TypeMappingOptions]?: TypeMappingOptions[K] } = {};
  if (flags.long) types.long = flags.long;
  if (flags.decimal) types.decimal = flags.decimal;
  if (flags.dateTime) types.dateTime = flags.dateTime;
  return {
    ...(client !== undefined ? { client } : {}),
    ...(server !== undefined ? { server } : {}),
    ...(flags.bindings !== undefined ? { bindings: parseBindingList(flags.bindings) } : {}),
    ...(Object.keys(types).length > 0 ? { types } : {}),
    ...(flags.templates !== undefined ? { templates: flags.templates } : {}),
    ...(flags.lenient === true ? { lenient: true } : {}),
    ...(flags.importExtension !== undefined ? { importExtension: flags.importExtension } : {}),
    ...(flags.typeImports !== undefined ? { typeImports: flags.typeImports } : {}),
    ...(flags.runtimeFormat !== undefined ? { runtimeFormat: flags.runtimeFormat } : {}),
    ...(flags.tsNocheck !== undefined ? { tsNocheck: flags.tsNocheck } : {}),
    ...(flags.runtimeFeatures !== undefined ? { runtimeFeatures: parseFeatureList(flags.runtimeFeatures) } : {}),
  };
}

/**
 * `--runtime-features cookies,ws-security` as a list.
 * @throws WsdlcError (usage, exit 2) naming an unknown feature
 */
function parseFeatureList(list: string): RuntimeFeature[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const n of names) {
    if (!isRuntimeFeature(n)) {
      const near = didYouMean(n, RUNTIME_FEATURE_NAMES);
      usage(
        `--runtime-features: unknown runtime feature "${n}"${near || ` (expected one of ${RUNTIME_FEATURE_NAMES.join(', ')})`}`,
      );
    }
  }
  return names as RuntimeFeature[];
}
