/** `wsdlc inspect <wsdl> [--json]`: print the operation model, as text or JSON. */
import type { Command } from 'commander';
import { addCommonFlags, type CommonFlags } from '../flags.js';
import type { CommandContext } from './context.js';

interface InspectFlags extends CommonFlags {
  readonly json?: boolean;
}

/** Registers `inspect`. */
export function registerInspect(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('inspect')
    .description('print the services, bindings and operations a WSDL describes')
    .argument('<wsdl>', 'WSDL file or http(s) URL')
    .option('--json', 'print the whole operation model as JSON');
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc inspect wsdl/auth.wsdl
  $ wsdlc inspect wsdl/auth.wsdl --json > auth.model.json`,
  );
  cmd.action(async (wsdl: string, flags: InspectFlags) => {
    const model = ctx.deps.load
      ? (await ctx.deps.load(wsdl, { cwd: ctx.io.cwd })).model
      : await (await import('../../model/index.js')).loadModel(wsdl, { cwd: ctx.io.cwd });
    if (flags.json) {
      ctx.io.stdout(`${JSON.stringify(model, null, 2)}\n`);
    } else {
      const { summarizeModel } = await import('../../model/index.js');
      const text = summarizeModel(model);
      ctx.io.stdout(text.endsWith('\n') ? text : `${text}\n`);
    }
    ctx.exitCode = 0;
  });
}
