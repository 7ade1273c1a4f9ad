/** `wsdlc check [wsdl] -o <dir>`: exit 1 when generated output is stale; writes nothing. */
import type { Command } from 'commander';
import { check } from '../../generate/generate.js';
import { addCommonFlags, addContractFlags, overridesOf, verbosityOf, type ContractFlags } from '../flags.js';
import { CliLog } from '../log.js';
import { printChecked } from '../report.js';
import type { OutputFormat } from '../formats.js';
import { addFormatFlag, findingOf, runMachine } from '../machine.js';
import { contractsJson } from '../report.js';
import type { CommandContext } from './context.js';

/** Flags of `check` that `generate` does not take or that only change how the result is printed. */
const REPORT_ONLY = new Set(['--format', '-q', '--quiet', '--verbose', '--debug']);

/**
 * The `generate` command that brings stale output up to date: the `check` command as it was
 * run, with `generate` in its place and the reporting flags left out (`wsdlc generate` when
 * the arguments are unknown).
 */
export function regenerateCommand(argv: readonly string[] | undefined): string {
  if (argv === undefined) return 'wsdlc generate';
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === 'check' && !words.includes('generate')) words.push('generate');
    else if (a === '--format') i++;
    else if (!REPORT_ONLY.has(a) && !a.startsWith('--format='))
      words.push(/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  }
  return ['wsdlc', ...words].join(' ');
}

/** Registers `check`. */
export function registerCheck(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('check')
    .description('verify generated output is up to date (writes nothing; exits 1 listing stale files)')
    .argument('[wsdl]', 'WSDL file or http(s) URL; omit to use wsdlc.config.json');
  addContractFlags(cmd);
  addFormatFlag(cmd);
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc check                                    # every contract of wsdlc.config.json (CI)
  $ wsdlc check wsdl/auth.wsdl -o generated/auth

Exit codes: 0 up to date, 1 stale output or contract problem, 2 usage error.`,
  );
  cmd.action(async (wsdl: string | undefined, flags: ContractFlags & { readonly format: OutputFormat }) => {
    const log = new CliLog(ctx.io, verbosityOf(flags));
    const run = () =>
      check({
        ...(wsdl !== undefined ? { wsdl } : {}),
        ...(flags.output !== undefined ? { output: flags.output } : {}),
        ...(flags.config !== undefined ? { config: flags.config } : {}),
        ...overridesOf(flags),
        cwd: ctx.io.cwd,
        ...ctx.deps,
      });
    if (flags.format !== 'human') {
      await runMachine(ctx, 'check', flags.format, async () => {
        const result = await run();
        const findings = result.contracts.flatMap((r) => [
          ...r.warnings.map(findingOf),
          ...r.changes
            .filter((c) => c.action !== 'unchanged')
            .map((c) => ({
              severity: 'error' as const,
              rule: 'stale-output',
              message: `${r.output}/${c.path} ${c.action === 'create' ? 'is missing' : c.action === 'change' ? 'is out of date' : 'is no longer generated'}; run \`${regenerateCommand(ctx.argv)}\``,
              location: { file: `${r.output}/${c.path}`, line: 1, column: 1 },
            })),
        ]);
        return {
          exitCode: result.upToDate ? 0 : 1,
          findings,
          extra: { upToDate: result.upToDate, contracts: contractsJson(result.contracts) },
        };
      });
      return;
    }
    const result = await run();
    let stale = 0;
    for (const r of result.contracts) stale += printChecked(log, r);
    if (!result.upToDate)
      log.error(`error: ${stale} generated file(s) out of date; run \`${regenerateCommand(ctx.argv)}\``);
    ctx.exitCode = result.upToDate ? 0 : 1;
  });
}
