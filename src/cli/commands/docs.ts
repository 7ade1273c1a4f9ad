/** `wsdlc docs [wsdl] -o <dir>`: the service pages of a contract as HTML and Markdown files. */
import type { Command } from 'commander';
import { parseBindingList } from '../../config/options.js';
import { docs } from '../../generate/generate.js';
import { addCommonFlags, checkFlagValues, type ContractFlags, verbosityOf } from '../flags.js';
import { CliLog } from '../log.js';
import { printGenerated } from '../report.js';
import type { CommandContext } from './context.js';

interface DocsFlags extends ContractFlags {
  readonly dryRun?: boolean;
  readonly force?: boolean;
}

/** Registers `docs`. */
export function registerDocs(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('docs')
    .description(
      "write a contract's service pages as static HTML and Markdown: per service its page, a page per operation with the sample messages of every binding, and one Markdown page with endpoint tables",
    )
    .argument('[wsdl]', 'WSDL file or http(s) URL; omit to write the "docs" folders of wsdlc.config.json')
    .option('-o, --output <dir>', 'documentation folder (required with a WSDL argument)')
    .option('-c, --config <file>', 'config file (default: wsdlc.config.json in this folder or above)')
    .option('--bindings <list>', 'only these bindings, comma-separated: soap11,soap12,httpGet,httpPost')
    .option('--lenient', 'turn unresolvable references into warnings, as `generate --lenient` does')
    .option('--dry-run', 'show what would be created, changed, deleted or left unchanged; write nothing')
    .option('--force', 'overwrite files in the folder that wsdlc did not write');
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Examples:
  $ wsdlc docs wsdl/auth.wsdl -o docs/auth-api     # Auth.html, Auth/Login.html, Auth.md, ...
  $ wsdlc docs                                     # every "docs" folder of wsdlc.config.json

The pages have no test form (it needs the running service: see the generated server's pages, or wsdlc mock).
\`wsdlc generate\` writes the config's "docs" folders too, and \`wsdlc check\` compares them.`,
  );
  cmd.action(async (wsdl: string | undefined, flags: DocsFlags) => {
    checkFlagValues(flags);
    const log = new CliLog(ctx.io, verbosityOf(flags));
    const { watchSignal: _signal, ...deps } = ctx.deps;
    const result = await docs({
      ...(wsdl !== undefined ? { wsdl } : {}),
      ...(flags.output !== undefined ? { output: flags.output } : {}),
      ...(flags.config !== undefined ? { config: flags.config } : {}),
      ...(flags.bindings !== undefined ? { bindings: parseBindingList(flags.bindings) } : {}),
      ...(flags.lenient === true ? { lenient: true } : {}),
      cwd: ctx.io.cwd,
      dryRun: flags.dryRun === true,
      force: flags.force === true,
      ...deps,
    });
    for (const r of result.contracts) printGenerated(log, r, result.dryRun);
    ctx.exitCode = 0;
  });
}
