/** `wsdlc generate [wsdl] -o <dir>`: generate code for one contract or every contract of the config. */
import type { Command } from 'commander';
import { generate } from '../../generate/generate.js';
import { addCommonFlags, addContractFlags, overridesOf, verbosityOf, type ContractFlags } from '../flags.js';
import { CliLog } from '../log.js';
import { printGenerated } from '../report.js';
import type { OutputFormat } from '../formats.js';
import { addFormatFlag, findingOf, runMachine } from '../machine.js';
import { contractsJson } from '../report.js';
import { type ContractSelection, usage } from '../../config/options.js';
import type { GenerateResult } from '../../generate/generate.js';
import type { LoadFn } from '../../generate/pipeline.js';
import { WsdlcError } from '../../util/errors.js';
import type { CommandContext } from './context.js';

interface GenerateFlags extends ContractFlags {
  readonly scaffold?: string;
  readonly dryRun?: boolean;
  readonly clean?: boolean;
  readonly force?: boolean;
  readonly format: OutputFormat;
  readonly watch?: boolean;
  readonly verify?: boolean;
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
    .option('--force', 'overwrite files in the output folder that wsdlc did not generate')
    .option('--watch', 'regenerate when a contract, an imported document, a template or the config changes')
    .option('--verify', 'parse every generated file with the TypeScript compiler (user templates always are)');
  addFormatFlag(cmd);
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth --client-only --bindings soap12
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth --scaffold src/auth-service.ts
  $ wsdlc generate                 # every contract of wsdlc.config.json
  $ wsdlc generate --dry-run       # what would change
  $ wsdlc generate --watch         # regenerate on every change (Ctrl+C stops)`,
  );
  cmd.action(async (wsdl: string | undefined, flags: GenerateFlags) => {
    const log = new CliLog(ctx.io, verbosityOf(flags));
    const selection = {
      ...(wsdl !== undefined ? { wsdl } : {}),
      ...(flags.output !== undefined ? { output: flags.output } : {}),
      ...(flags.config !== undefined ? { config: flags.config } : {}),
      ...(flags.scaffold !== undefined ? { scaffold: flags.scaffold } : {}),
      ...overridesOf(flags),
      cwd: ctx.io.cwd,
    };
    const { watchSignal: _signal, ...deps } = ctx.deps;
    const run = (load?: LoadFn) =>
      generate({
        ...selection,
        dryRun: flags.dryRun === true,
        clean: flags.clean === true,
        force: flags.force === true,
        verify: flags.verify === true,
        ...deps,
        ...(load ? { load } : {}),
      });
    if (flags.watch) {
      if (flags.format !== 'human') usage('--watch prints human output only; drop --format');
      if (flags.dryRun) usage('--watch and --dry-run cannot be used together');
      await watchCommand(ctx, log, selection, run);
      return;
    }
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

/**
 * `generate --watch`: runs until Ctrl+C (or `ctx.deps.watchSignal` in tests), printing each
 * run's result, or its located errors, and going on watching either way.
 */
async function watchCommand(
  ctx: CommandContext,
  log: CliLog,
  selection: ContractSelection,
  run: (load?: LoadFn) => Promise<GenerateResult>,
): Promise<void> {
  const { watchGenerate } = await import('../../generate/watch.js');
  const stop = new AbortController();
  const onSigint = (): void => stop.abort();
  const external = ctx.deps.watchSignal;
  if (external) external.addEventListener('abort', onSigint, { once: true });
  else process.once('SIGINT', onSigint);
  let failed = false;
  try {
    await watchGenerate({
      signal: stop.signal,
      selection,
      generate: (load) => run(load),
      ...(ctx.deps.load ? { load: ctx.deps.load } : {}),
      onRun: (outcome, watched) => {
        if (outcome.ok) {
          failed = false;
          for (const r of outcome.result.contracts) printGenerated(log, r, false);
        } else if (outcome.error instanceof WsdlcError) {
          failed = true;
          for (const d of outcome.error.diagnostics) log.diagnostic(d);
          if (outcome.error.hint !== undefined) log.error(outcome.error.hint);
          log.error('error: generation failed; the output folders were left as they were');
        } else {
          throw outcome.error;
        }
        log.info(`watching ${watched.length} file(s) and folder(s) for changes (Ctrl+C to stop)`);
        for (const w of watched) log.detail(`  ${w}`);
      },
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  ctx.exitCode = failed ? 1 : 0;
}
