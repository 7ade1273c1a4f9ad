/**
 * Validation of `wsdlc.config.json` text: JSON syntax, then every field, with
 * each problem reported as `file:line:column: message` (the key's position).
 * All problems are collected before failing. Errors are usage errors (exit 2).
 */
import type { Diagnostic } from '../util/diagnostics.js';
import { WsdlcError } from '../util/errors.js';
import { closestName, didYouMean } from '../util/suggest.js';
import { locateJson, offsetToPosition, type JsonPath } from './json-locate.js';
import { BREAKING_RULES, isRuleSelector } from '../breaking/rules.js';
import { IMPORT_EXTENSIONS, RUNTIME_FORMATS, TS_NOCHECK_SCOPES, TYPE_IMPORT_STYLES } from '../emit/import-style.js';
import { isRuntimeFeature, RUNTIME_FEATURE_NAMES, type RuntimeFeature } from '../emit/runtime-features.js';
import {
  BINDING_KINDS,
  RUNTIME_PACKAGE,
  runtimePackage,
  type BreakingConfig,
  type ContractConfig,
  type WsdlcConfig,
} from './types.js';

const CONTRACT_KEYS = new Set([
  'wsdl',
  'output',
  'client',
  'server',
  'bindings',
  'types',
  'templates',
  'scaffold',
  'lenient',
  'importExtension',
  'typeImports',
  'runtimeFormat',
  'tsNocheck',
  'runtimeFeatures',
  'docs',
]);
const ROOT_KEYS = ['contracts', 'runtime', 'breaking'];

/** Keys users carry over from command-line flags, with what the config says instead. */
const CONTRACT_KEY_HINTS: Readonly<Record<string, string>> = {
  clientonly: 'a client-only contract is "server": false',
  serveronly: 'a server-only contract is "client": false',
  long: 'type mappings go in "types": { "long": "bigint" }',
  decimal: 'type mappings go in "types": { "decimal": "string" }',
  datetime: 'type mappings go in "types": { "dateTime": "string" }',
  out: 'did you mean "output"?',
  outdir: 'did you mean "output"?',
  outputdir: 'did you mean "output"?',
  features: 'did you mean "runtimeFeatures"?',
};

/**
 * The message for an unknown key: what it most likely meant, else the keys there are.
 * @param known the valid keys where it stands
 * @param hints fixes for keys users are known to write (by lower-case name without `-`/`_`)
 */
function unknownKey(key: string, known: readonly string[], hints: Readonly<Record<string, string>> = {}): string {
  const hint = hints[key.toLowerCase().replace(/[-_]/g, '')];
  if (hint !== undefined) return `unknown key "${key}": ${hint}`;
  const near = closestName(key, known);
  if (near !== undefined) return `unknown key "${key}": did you mean "${near}"?`;
  return `unknown key "${key}" (expected one of ${known.map((k) => `"${k}"`).join(', ')})`;
}

const TYPE_CHOICES: Readonly<Record<string, readonly string[]>> = {
  long: ['number', 'bigint', 'string'],
  decimal: ['number', 'string'],
  dateTime: ['date', 'string'],
};

/**
 * Parses and validates config text.
 * @param text the file's content
 * @param displayName how errors name the file
 * @throws WsdlcError (exit code 2) listing every problem found
 */
export function parseConfig(text: string, displayName: string): WsdlcConfig {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const m = /position (\d+)/.exec(message);
    const at = offsetToPosition(text, m?.[1] !== undefined ? Number(m[1]) : 0);
    throw new WsdlcError(
      { severity: 'error', message: `invalid JSON: ${message}`, location: { file: displayName, ...at } },
      2,
    );
  }
  const positions = locateJson(text);
  const problems: Diagnostic[] = [];
  const report = (path: JsonPath, message: string): void => {
    problems.push({ severity: 'error', message, location: { file: displayName, ...positions.get(path) } });
  };
  const config = checkRoot(data, report);
  if (problems.length > 0 || config === undefined) throw new WsdlcError(problems, 2);
  return config;
}

type Report = (path: JsonPath, message: string) => void;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkRoot(data: unknown, report: Report): WsdlcConfig | undefined {
  if (!isRecord(data)) {
    report([], 'the config must be a JSON object with a "contracts" array');
    return undefined;
  }
  for (const key of Object.keys(data)) {
    if (key !== 'contracts' && key !== 'runtime' && key !== '$schema' && key !== 'breaking') {
      const message = CONTRACT_KEYS.has(key)
        ? `unknown key "${key}" here: contract settings go in an entry of "contracts", e.g. { "contracts": [{ "wsdl": "service.wsdl", "output": "generated/service" }] }`
        : unknownKey(key, ROOT_KEYS);
      report([key], message);
    }
  }
  const runtime = data['runtime'];
  if (runtime !== undefined && (typeof runtime !== 'string' || runtime.trim() === '')) {
    report(['runtime'], '"runtime" must be a folder (relative to the config file), "package" or "package:<name>"');
  } else if (runtimePackage(runtime as string | undefined) === null) {
    report(
      ['runtime'],
      `"runtime": "${runtime}" must name an npm package after "package:" (e.g. "package:${RUNTIME_PACKAGE}"): lowercase letters, digits, "-", ".", "_", "~", an optional @scope and subpath`,
    );
  }
  const list = data['contracts'];
  if (!Array.isArray(list)) {
    report(list === undefined ? [] : ['contracts'], '"contracts" must be an array of contract entries');
    return undefined;
  }
  if (list.length === 0) report(['contracts'], '"contracts" is empty: list at least one contract');
  const contracts: ContractConfig[] = [];
  const outputs = new Map<string, number>();
  list.forEach((entry: unknown, index) => {
    const c = checkContract(entry, ['contracts', index], report);
    if (!c) return;
    const prev = outputs.get(c.output);
    if (prev !== undefined) {
      report(['contracts', index, 'output'], `output "${c.output}" is already used by contracts[${prev}]`);
    }
    outputs.set(c.output, index);
    contracts.push(c);
  });
  const breaking = checkBreaking(data['breaking'], report);
  return {
    contracts,
    ...(typeof runtime === 'string' && runtime.trim() !== '' ? { runtime } : {}),
    ...(breaking ? { breaking } : {}),
  };
}

/** `"breaking": { "except": ["wire" | "source" | rule id, ...] }`. */
function checkBreaking(data: unknown, report: Report): BreakingConfig | undefined {
  if (data === undefined) return undefined;
  if (!isRecord(data)) {
    report(['breaking'], '"breaking" must be an object like { "except": ["request-type-narrowed"] }');
    return undefined;
  }
  for (const key of Object.keys(data)) {
    if (key !== 'except') report(['breaking', key], unknownKey(key, ['except']));
  }
  const list = data['except'];
  if (list === undefined) return {};
  if (!Array.isArray(list)) {
    report(['breaking', 'except'], '"breaking.except" must be an array of rule ids, "wire" or "source"');
    return undefined;
  }
  const except: string[] = [];
  list.forEach((v: unknown, i) => {
    if (typeof v === 'string' && isRuleSelector(v)) except.push(v);
    else
      report(
        ['breaking', 'except', i],
        `unknown breaking rule ${JSON.stringify(v)}${typeof v === 'string' ? didYouMean(v, ['wire', 'source', ...BREAKING_RULES.map((r) => r.id)]) : ''} (see \`wsdlc breaking --help\`)`,
      );
  });
  return { except };
}

function checkContract(entry: unknown, at: (string | number)[], report: Report): ContractConfig | undefined {
  if (!isRecord(entry)) {
    report(at, 'a contract entry must be an object with "wsdl" and "output"');
    return undefined;
  }
  let ok = true;
  const fail = (key: string, message: string): void => {
    ok = false;
    report([...at, key], message);
  };
  for (const key of Object.keys(entry)) {
    if (!CONTRACT_KEYS.has(key)) fail(key, unknownKey(key, [...CONTRACT_KEYS], CONTRACT_KEY_HINTS));
  }
  const str = (key: string, required: boolean): string | undefined => {
    const v = entry[key];
    if (v === undefined) {
      if (required) {
        ok = false;
        report(at, `missing "${key}"`);
      }
      return undefined;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      fail(key, `"${key}" must be a non-empty string`);
      return undefined;
    }
    return v;
  };
  const bool = (key: string): boolean | undefined => {
    const v = entry[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') {
      fail(key, `"${key}" must be true or false`);
      return undefined;
    }
    return v;
  };
  const wsdl = str('wsdl', true);
  const output = str('output', true);
  const docs = str('docs', false);
  const templates = str('templates', false);
  const scaffold = str('scaffold', false);
  const client = bool('client');
  const server = bool('server');
  const lenient = bool('lenient');
  const choice = <T extends string>(key: string, choices: readonly T[]): T | undefined => {
    const v = entry[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
      fail(key, `"${key}" must be one of ${choices.map((c) => `"${c}"`).join(', ')}`);
      return undefined;
    }
    return v as T;
  };
  const importExtension = choice('importExtension', IMPORT_EXTENSIONS);
  const typeImports = choice('typeImports', TYPE_IMPORT_STYLES);
  const runtimeFormat = choice('runtimeFormat', RUNTIME_FORMATS);
  const tsNocheck = choice('tsNocheck', TS_NOCHECK_SCOPES);
  let runtimeFeatures: RuntimeFeature[] | undefined;
  const rawFeatures = entry['runtimeFeatures'];
  if (rawFeatures !== undefined) {
    if (!Array.isArray(rawFeatures)) {
      fail('runtimeFeatures', `"runtimeFeatures" must be an array of ${RUNTIME_FEATURE_NAMES.join(', ')}`);
    } else {
      runtimeFeatures = rawFeatures.filter((f: unknown, i): f is RuntimeFeature => {
        if (typeof f === 'string' && isRuntimeFeature(f)) return true;
        ok = false;
        report(
          [...at, 'runtimeFeatures', i],
          typeof f === 'string' && closestName(f, RUNTIME_FEATURE_NAMES) !== undefined
            ? `unknown runtime feature ${JSON.stringify(f)}${didYouMean(f, RUNTIME_FEATURE_NAMES)}`
            : `unknown runtime feature ${JSON.stringify(f)} (expected one of ${RUNTIME_FEATURE_NAMES.join(', ')})`,
        );
        return false;
      });
    }
  }
  if (client === false && server === false) fail('server', '"client" and "server" are both false: nothing to generate');
  let bindings: ContractConfig['bindings'];
  const rawBindings = entry['bindings'];
  if (rawBindings !== undefined) {
    if (!Array.isArray(rawBindings) || rawBindings.length === 0) {
      fail('bindings', `"bindings" must be a non-empty array of ${BINDING_KINDS.join(', ')}`);
    } else {
      const list = rawBindings.filter((b: unknown, i): b is (typeof BINDING_KINDS)[number] => {
        if (typeof b === 'string' && (BINDING_KINDS as readonly string[]).includes(b)) return true;
        ok = false;
        report(
          [...at, 'bindings', i],
          typeof b === 'string' && closestName(b, BINDING_KINDS) !== undefined
            ? `unknown binding ${JSON.stringify(b)}${didYouMean(b, BINDING_KINDS)}`
            : `unknown binding ${JSON.stringify(b)} (expected one of ${BINDING_KINDS.join(', ')})`,
        );
        return false;
      });
      bindings = list;
    }
  }
  let types: ContractConfig['types'];
  const rawTypes = entry['types'];
  if (rawTypes !== undefined) {
    if (!isRecord(rawTypes)) {
      fail('types', '"types" must be an object like { "long": "bigint", "decimal": "string", "dateTime": "date" }');
    } else {
      const t: Record<string, string> = {};
      for (const [key, v] of Object.entries(rawTypes)) {
        const choices = TYPE_CHOICES[key];
        if (!choices) {
          ok = false;
          report(
            [...at, 'types', key],
            `unknown type mapping "${key}"${didYouMean(key, Object.keys(TYPE_CHOICES)) || ' (expected long, decimal or dateTime)'}`,
          );
        } else if (typeof v !== 'string' || !choices.includes(v)) {
          ok = false;
          report([...at, 'types', key], `"types.${key}" must be one of ${choices.join(', ')}`);
        } else {
          t[key] = v;
        }
      }
      types = t as ContractConfig['types'];
    }
  }
  if (!ok || wsdl === undefined || output === undefined) return undefined;
  return {
    wsdl,
    output,
    ...(docs !== undefined ? { docs } : {}),
    ...(client !== undefined ? { client } : {}),
    ...(server !== undefined ? { server } : {}),
    ...(bindings ? { bindings } : {}),
    ...(types ? { types } : {}),
    ...(templates !== undefined ? { templates } : {}),
    ...(scaffold !== undefined ? { scaffold } : {}),
    ...(lenient !== undefined ? { lenient } : {}),
    ...(importExtension !== undefined ? { importExtension } : {}),
    ...(typeImports !== undefined ? { typeImports } : {}),
    ...(runtimeFormat !== undefined ? { runtimeFormat } : {}),
    ...(tsNocheck !== undefined ? { tsNocheck } : {}),
    ...(runtimeFeatures !== undefined ? { runtimeFeatures } : {}),
  };
}
