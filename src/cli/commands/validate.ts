/** `wsdlc validate <wsdl>`: load and model only; report every problem as `file:line:column: severity: message`. */
import type { Command } from 'commander';
import { formatDiagnostic } from '../../util/errors.js';
import { addCommonFlags, verbosityOf, type CommonFlags } from '../flags.js';
import { CliLog } from '../log.js';
import type { Diagnostic } from '../../model/types.js';
import { WsdlcError } from '../../util/errors.js';
import type { LoadFn } from '../../generate/pipeline.js';
import type { OutputFormat } from '../formats.js';
import { addFormatFlag, findingOf, runMachine } from '../machine.js';
import type { CommandContext } from './context.js';
import { lenientHint } from '../../generate/lenient-hint.js';

/** Validation through an injected loader (tests): its warnings, or the errors it throws. */
async function validateWith(load: LoadFn, wsdl: string, cwd: string, lenient: boolean): Promise<Diagnostic[]> {
  try {
    return [...(await load(wsdl, { cwd, ...(lenient ? { lenient } : {}) })).model.warnings];
  } catch (err) {
    if (err instanceof WsdlcError) return [...err.diagnostics];
    throw err;
  }
}

/** Registers `validate`. */
export function registerValidate(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('validate')
    .description('check a WSDL and its schemas; list every error and warning')
    .argument('<wsdl>', 'WSDL file or http(s) URL')
    .option('--lenient', 'report what lenient generation would replace as warnings instead of errors');
  addFormatFlag(cmd);
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc validate wsdl/auth.wsdl
  $ wsdlc validate https://example.com/Service.asmx?WSDL

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error.`,
  );
  cmd.action(
    async (wsdl: string, flags: CommonFlags & { readonly format: OutputFormat; readonly lenient?: boolean }) => {
      const lenient = flags.lenient === true;
      const log = new CliLog(ctx.io, verbosityOf(flags));
      const runWith = (leniently: boolean): Promise<Diagnostic[]> =>
        ctx.deps.load
          ? validateWith(ctx.deps.load, wsdl, ctx.io.cwd, leniently)
          : // Loaded on demand: the API barrel pulls in every command's modules (breaking, vendor, watch).
            import('../../index.js').then(({ validate }) =>
              validate(wsdl, { cwd: ctx.io.cwd, ...(leniently ? { lenient: true } : {}) }),
            );
      const run = (): Promise<Diagnostic[]> => runWith(lenient);
      if (flags.format !== 'human') {
        await runMachine(ctx, 'validate', flags.format, async () => {
          const diagnostics = await run();
          return {
            exitCode: diagnostics.some((d) => d.severity === 'error') ? 1 : 0,
            findings: diagnostics.map(findingOf),
            extra: { contract: wsdl },
          };
        });
        return;
      }
      const diagnostics = await run();
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = diagnostics.length - errors;
      for (const d of diagnostics) {
        if (d.severity === 'warning' && verbosityOf(flags) === 'quiet') continue;
        log.result(formatDiagnostic(d));
      }
      log.info(`${wsdl}: ${errors} error(s), ${warnings} warning(s)`);
      if (errors > 0 && !lenient) {
        // The refusal's last line says whether lenient mode would generate the contract (a second, lenient pass).
        const leniently = await runWith(true);
        if (!leniently.some((d) => d.severity === 'error'))
          log.error(lenientHint(errors, leniently.length, '`--lenient`'));
      }
      ctx.exitCode = errors > 0 ? 1 : 0;
    },
  );
}
