/** `wsdlc breaking <old> <new>` / `wsdlc breaking <new> --against-git <ref>`: report changes that break clients or code. */
import type { Command } from 'commander';
import { BREAKING_RULES } from '../../breaking/rules.js';
import type { BreakingReport, Change } from '../../breaking/types.js';
import { findConfigFile, loadConfig } from '../../config/load.js';
import { usage } from '../../config/options.js';
import { formatLocation } from '../../util/diagnostics.js';
import { addCommonFlags, type CommonFlags, verbosityOf } from '../flags.js';
import type { Finding } from '../formats.js';
import { CliLog } from '../log.js';
import { addFormatFlag, runMachine } from '../machine.js';
import type { OutputFormat } from '../formats.js';
import type { CommandContext } from './context.js';

interface BreakingFlags extends CommonFlags {
  readonly againstGit?: string;
  readonly all?: boolean;
  readonly config?: string;
  readonly format: OutputFormat;
}

/** A change as a finding: breaking ones are errors, compatible ones notes. */
function findingOf(c: Change): Finding {
  const cls = c.classes.length > 0 ? ` [${c.classes.join(', ')}]` : '';
  return {
    severity: c.breaking ? 'error' : 'note',
    rule: c.rule,
    message: `${c.path}: ${c.message}${cls}`,
    ...(c.location ? { location: c.location } : {}),
  };
}

/** The `except` list of the config, when there is one. */
function configExcept(flags: BreakingFlags, cwd: string): readonly string[] {
  const file = flags.config ?? findConfigFile(cwd);
  if (file === undefined) return [];
  return loadConfig(file, cwd).config.breaking?.except ?? [];
}

function printHuman(log: CliLog, report: BreakingReport): void {
  for (const c of report.changes) {
    const where = c.location ? `${formatLocation(c.location)}: ` : '';
    const level = c.breaking ? `breaking (${c.classes.join(', ')})` : 'compatible';
    log.result(`${where}${level}: ${c.rule}: ${c.path}: ${c.message}`);
  }
  const count = (k: string): number => report.changes.filter((c) => c.classes.includes(k as 'wire')).length;
  const broken = report.changes.filter((c) => c.breaking).length;
  const compatible = report.changes.length - broken;
  log.info(
    `${report.old} -> ${report.new}: ${broken} breaking change(s) (${count('wire')} wire, ${count('source')} source)` +
      (compatible > 0 ? `, ${compatible} compatible` : ''),
  );
}

/** Registers `breaking`. */
export function registerBreaking(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('breaking')
    .description('report changes between two versions of a contract that break existing clients or code')
    .argument('<old>', 'the deployed contract (file or http(s) URL); with --against-git, the contract to check')
    .argument('[new]', 'the new version (file or http(s) URL)')
    .option('--against-git <ref>', 'compare the contract with the same path at this git commit, branch or tag')
    .option('--all', 'also list compatible changes')
    .option('-c, --config <file>', 'config file whose "breaking.except" switches rules off');
  addFormatFlag(cmd);
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc breaking old/auth.wsdl wsdl/auth.wsdl
  $ wsdlc breaking wsdl/auth.wsdl --against-git main
  $ wsdlc breaking https://example.com/Service.asmx?WSDL wsdl/service.wsdl --format sarif > breaking.sarif

Classes: wire (a deployed client of the old contract fails against the new one),
source (regenerated TypeScript no longer compiles against existing code).
Rules: ${BREAKING_RULES.map((r) => r.id).join(', ')}.

Exit codes: 0 nothing breaks, 1 something breaks (or a contract has errors), 2 usage error.`,
  );
  cmd.action(async (first: string, second: string | undefined, flags: BreakingFlags) => {
    if (flags.againstGit !== undefined && second !== undefined)
      usage('--against-git takes one contract (the new version), not two');
    if (flags.againstGit === undefined && second === undefined)
      usage('breaking needs the old and the new contract, or one contract and --against-git <ref>');
    if (flags.againstGit?.startsWith('-')) usage(`option --against-git needs a git ref, got "${flags.againstGit}"`);
    const run = async (): Promise<BreakingReport> => {
      const { breaking } = await import('../../breaking/sources.js');
      const except = configExcept(flags, ctx.io.cwd);
      return breaking({
        ...(second !== undefined ? { old: first, new: second } : { new: first }),
        ...(flags.againstGit !== undefined ? { againstGit: flags.againstGit } : {}),
        except,
        all: flags.all === true,
        cwd: ctx.io.cwd,
      });
    };
    if (flags.format !== 'human') {
      await runMachine(
        ctx,
        'breaking',
        flags.format,
        async () => {
          const report = await run();
          return {
            exitCode: report.breaking ? 1 : 0,
            findings: report.changes.map(findingOf),
            extra: { old: report.old, new: report.new, breaking: report.breaking, changes: report.changes },
          };
        },
        BREAKING_RULES.map((r) => ({ id: r.id, description: r.description })),
      );
      return;
    }
    const report = await run();
    printHuman(new CliLog(ctx.io, verbosityOf(flags)), report);
    ctx.exitCode = report.breaking ? 1 : 0;
  });
}
