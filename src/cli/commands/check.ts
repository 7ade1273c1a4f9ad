/** `wsdlc check [wsdl] -o <dir>`: exit 1 when generated output is stale; writes nothing. */
import type { Command } from 'commander';
import { check } from '../../generate/generate.js';
import { addCommonFlags, addContractFlags, overridesOf, verbosityOf, type ContractFlags } from '../flags.js';
import { CliLog } from '../log.js';
import { printChecked } from '../report.js';
import type { CommandContext } from './context.js';

/** Registers `check`. */
export function registerCheck(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('check')
    .description('verify generated output is up to date (writes nothing; exits 1 listing stale files)')
    .argument('[wsdl]', 'WSDL file or http(s) URL; omit to use wsdlc.config.json');
  addContractFlags(cmd);
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc check                                    # every contract of wsdlc.config.json (CI)
  $ wsdlc check wsdl/auth.wsdl -o generated/auth

Exit codes: 0 up to date, 1 stale output or contract problem, 2 usage error.`,
  );
  cmd.action(async (wsdl: string | undefined, flags: ContractFlags) => {
    const log = new CliLog(ctx.io, verbosityOf(flags));
    const result = await check({
      ...(wsdl !== undefined ? { wsdl } : {}),
      ...(flags.output !== undefined ? { output: flags.output } : {}),
      ...(flags.config !== undefined ? { config: flags.config } : {}),
      ...overridesOf(flags),
      cwd: ctx.io.cwd,
      ...ctx.deps,
    });
    let stale = 0;
    for (const r of result.contracts) stale += printChecked(log, r);
    if (!result.upToDate) log.error(`error: ${stale} generated file(s) out of date; run \`wsdlc generate\``);
    ctx.exitCode = result.upToDate ? 0 : 1;
  });
}
