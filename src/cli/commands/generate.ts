/** `wsdlc generate [wsdl] -o <dir>`: generate code for one contract or every contract of the config. */
import type { Command } from 'commander';
import { generate } from '../../generate/generate.js';
import { addCommonFlags, addContractFlags, overridesOf, verbosityOf, type ContractFlags } from '../flags.js';
import { CliLog } from '../log.js';
import { printGenerated } from '../report.js';
import type { OutputFormat } from '../formats.js';
import { addFormatFlag, findingOf, runMachine } from '../machine.js';
import { contractsJson } from '../report.js';
import type { CommandContext } from './context.js';

interface GenerateFlags extends ContractFlags {
  readonly scaffold?: string;
  readonly dryRun?: boolean;
  readonly clean?: boolean;
  readonly force?: boolean;
  readonly format: OutputFormat;
}

/** Registers `generate`. */
export function registerGenerate(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('generate')
    .alias('gen')
    .description('generate a typed client and server stubs from a WSDL (or every contract in wsdlc.config.json)')
    .argument('[wsdl]', 'WSDL file or http(s) URL; omit to use wsdlc.config.json');
  addContractFlags(cmd)
    .option('--scaffold <file>', 'create a starter implementation (or add methods for new operations to it)')
    .option('--dry-run', 'show what would be created, changed, deleted or left unchanged; write nothing')
    .option('--clean', 'remove previously generated files (per manifest) first')
    .option('--force', 'overwrite files in the output folder that wsdlc did not generate');
  addFormatFlag(cmd);
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth --client-only --bindings soap12
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth --scaffold src/auth-service.ts
  $ wsdlc generate                 # every contract of wsdlc.config.json
  $ wsdlc generate --dry-run       # what would change`,
  );
  cmd.action(async (wsdl: string | undefined, flags: GenerateFlags) => {
    const log = new CliLog(ctx.io, verbosityOf(flags));
    const run = () =>
      generate({
        ...(wsdl !== undefined ? { wsdl } : {}),
        ...(flags.output !== undefined ? { output: flags.output } : {}),
        ...(flags.config !== undefined ? { config: flags.config } : {}),
        ...(flags.scaffold !== undefined ? { scaffold: flags.scaffold } : {}),
        ...overridesOf(flags),
        cwd: ctx.io.cwd,
        dryRun: flags.dryRun === true,
        clean: flags.clean === true,
        force: flags.force === true,
        ...ctx.deps,
      });
    if (flags.format !== 'human') {
      await runMachine(ctx, 'generate', flags.format, async () => {
        const result = await run();
        return {
          exitCode: 0,
          findings: result.contracts.flatMap((r) => r.warnings.map(findingOf)),
          extra: { dryRun: result.dryRun, contracts: contractsJson(result.contracts) },
        };
      });
      return;
    }
    const result = await run();
    for (const r of result.contracts) printGenerated(log, r, result.dryRun);
    ctx.exitCode = 0;
  });
}
