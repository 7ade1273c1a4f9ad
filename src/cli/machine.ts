/**
 * Runs a command's machine-readable variant (`--format json|sarif|github`): the
 * command produces findings, or throws a WsdlcError whose diagnostics become
 * findings; either way one document goes to standard output and the exit code
 * is the same as in human mode.
 */
import { Option, type Command } from 'commander';
import { toolVersion } from '../config/package-info.js';
import type { Diagnostic } from '../util/diagnostics.js';
import { WsdlcError } from '../util/errors.js';
import type { CommandContext } from './commands/context.js';
import {
  DIAGNOSTIC_RULES,
  FORMATS,
  type Finding,
  type FormatInput,
  type OutputFormat,
  render,
  type RuleInfo,
} from './formats.js';

/** Adds `--format <human|json|sarif|github>`. */
export function addFormatFlag(cmd: Command): Command {
  return cmd.addOption(
    new Option('--format <format>', 'output format: human (default), json, sarif (SARIF 2.1.0) or github (annotations)')
      .choices([...FORMATS])
      .default('human'),
  );
}

/** A diagnostic as a finding. */
export function findingOf(d: Diagnostic): Finding {
  return {
    severity: d.severity,
    rule: d.severity === 'error' ? 'contract-error' : 'contract-warning',
    message: d.message,
    ...(d.location ? { location: d.location } : {}),
  };
}

/** What a command produced in machine mode. */
export interface MachineResult {
  readonly exitCode: number;
  readonly findings: readonly Finding[];
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * Runs `body` and prints its result in `format`; contract and usage errors thrown by
 * `body` are printed in the same format (not as human text) with their exit code.
 */
export async function runMachine(
  ctx: CommandContext,
  command: FormatInput['command'],
  format: Exclude<OutputFormat, 'human'>,
  body: () => Promise<MachineResult>,
  rules: readonly RuleInfo[] = DIAGNOSTIC_RULES,
): Promise<void> {
  let result: MachineResult;
  try {
    result = await body();
  } catch (err) {
    if (!(err instanceof WsdlcError)) throw err;
    result = { exitCode: err.exitCode, findings: err.diagnostics.map(findingOf) };
  }
  ctx.io.stdout(
    render(format, {
      command,
      exitCode: result.exitCode,
      findings: result.findings,
      rules: [...rules, ...DIAGNOSTIC_RULES.filter((r) => !rules.includes(r))],
      toolVersion: toolVersion(),
      cwd: ctx.io.cwd,
      ...(result.extra ? { extra: result.extra } : {}),
    }),
  );
  ctx.exitCode = result.exitCode;
}
