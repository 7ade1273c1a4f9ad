/**
 * Machine-readable output of `generate`, `check`, `validate` and `breaking`
 * (`--format json|sarif|github`). Every command reduces its result to a list of
 * {@link Finding}s; each format renders that list:
 *
 * - `json`: wsdlc's own stable schema (`"schema": "wsdlc-diagnostics/1"`, documented in docs/changing-contracts.md).
 * - `sarif`: SARIF 2.1.0 (OASIS Standard, 27 March 2020) with one run, the rules used and
 *   one result per finding, located on the WSDL/XSD line, for code-scanning dashboards.
 * - `github`: GitHub Actions workflow commands (`::error file=...,line=...,col=...::message`),
 *   which the runner shows as annotations on the lines of the pull request.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SourceLocation } from '../util/diagnostics.js';

/** The output formats. */
export const FORMATS = ['human', 'json', 'sarif', 'github'] as const;
export type OutputFormat = (typeof FORMATS)[number];

/** One problem or note, in any command. */
export interface Finding {
  readonly severity: 'error' | 'warning' | 'note';
  /** A stable id: a breaking rule, or `contract-error`, `contract-warning`, `stale-output`. */
  readonly rule: string;
  readonly message: string;
  readonly location?: SourceLocation;
}

/** A rule as SARIF's `tool.driver.rules` lists it. */
export interface RuleInfo {
  readonly id: string;
  readonly description: string;
}

/** The rules of the non-breaking commands. */
export const DIAGNOSTIC_RULES: readonly RuleInfo[] = [
  { id: 'contract-error', description: 'The contract (WSDL, XSD) or the config has an error' },
  { id: 'contract-warning', description: 'The contract uses something wsdlc supports only in part' },
  { id: 'stale-output', description: 'Checked-in generated code differs from what the contract generates' },
];

/** Everything a renderer needs. */
export interface FormatInput {
  readonly command: 'generate' | 'check' | 'validate' | 'breaking';
  readonly exitCode: number;
  readonly findings: readonly Finding[];
  readonly rules: readonly RuleInfo[];
  readonly toolVersion: string;
  /** The working directory: relative locations are relative to it. */
  readonly cwd: string;
  /** Command-specific members added to the JSON object (e.g. `changes`, `contracts`). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** wsdlc's JSON document. */
export function renderJson(input: FormatInput): string {
  const doc = {
    schema: 'wsdlc-diagnostics/1',
    command: input.command,
    ok: input.exitCode === 0,
    exitCode: input.exitCode,
    diagnostics: input.findings.map((f) => ({
      severity: f.severity,
      rule: f.rule,
      message: f.message,
      ...(f.location ? { file: f.location.file, line: f.location.line, column: f.location.column } : {}),
    })),
    ...input.extra,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const isUrl = (f: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(f);

/** A SARIF 2.1.0 log (§3.13 sarifLog, §3.14 run, §3.27 result). */
export function renderSarif(input: FormatInput): string {
  const used = new Set(input.findings.map((f) => f.rule));
  const rules = input.rules.filter((r) => used.has(r.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = input.findings.map((f) => {
    const ruleIndex = index.get(f.rule);
    const loc = f.location;
    return {
      ruleId: f.rule,
      ...(ruleIndex !== undefined ? { ruleIndex } : {}),
      level: f.severity,
      message: { text: f.message },
      ...(loc
        ? {
            locations: [
              {
                physicalLocation: {
                  artifactLocation: isUrl(loc.file)
                    ? { uri: loc.file }
                    : { uri: encodeURI(loc.file.split(path.sep).join('/')), uriBaseId: '%SRCROOT%' },
                  region: { startLine: Math.max(1, loc.line), startColumn: Math.max(1, loc.column) },
                },
              },
            ],
          }
        : {}),
    };
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'wsdlc',
            version: input.toolVersion,
            rules: rules.map((r) => ({ id: r.id, shortDescription: { text: r.description } })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(input.cwd + path.sep).href } },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** Escapes workflow-command data (the message): `%`, CR, LF. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow-command property value: data escapes plus `:` and `,`. */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub Actions annotations, one line per finding. */
export function renderGithub(input: FormatInput): string {
  return input.findings
    .map((f) => {
      const cmd = f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'notice';
      const props = [`title=${escapeProperty(`wsdlc ${f.rule}`)}`];
      if (f.location && !isUrl(f.location.file)) {
        props.unshift(`file=${escapeProperty(f.location.file)}`, `line=${f.location.line}`, `col=${f.location.column}`);
      }
      const where = f.location && isUrl(f.location.file) ? ` (${f.location.file}:${f.location.line})` : '';
      return `::${cmd} ${props.join(',')}::${escapeData(f.message + where)}\n`;
    })
    .join('');
}

/** Renders in a machine format. */
export function render(format: Exclude<OutputFormat, 'human'>, input: FormatInput): string {
  return format === 'json' ? renderJson(input) : format === 'sarif' ? renderSarif(input) : renderGithub(input);
}
