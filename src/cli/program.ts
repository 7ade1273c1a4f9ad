/** The commander program: commands, global help, version. */
import { Command } from 'commander';
import { toolVersion } from '../config/package-info.js';
import { registerBreaking } from './commands/breaking.js';
import { registerCheck } from './commands/check.js';
import type { CommandContext } from './commands/context.js';
import { registerDocs } from './commands/docs.js';
import { registerGenerate } from './commands/generate.js';
import { registerInspect } from './commands/inspect.js';
import { registerMock } from './commands/mock.js';
import { registerValidate } from './commands/validate.js';
import { registerVendor } from './commands/vendor.js';

/** Exit codes, as documented in `wsdlc --help`. */
export const EXIT = { ok: 0, contract: 1, usage: 2, internal: 3 } as const;

/** Builds the program; output goes through `ctx.io`, errors are thrown (never `process.exit`). */
export function buildProgram(ctx: CommandContext): Command {
  const program = new Command('wsdlc')
    .description('WSDL 1.1 and 2.0 compiler for TypeScript: typed SOAP/HTTP clients and server stubs')
    .version(toolVersion(), '-V, --version', 'print the wsdlc version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout(s),
      writeErr: (s) => ctx.io.stderr(s),
    })
    .showSuggestionAfterError(true);
  program.addHelpText(
    'after',
    `
Examples:
  $ wsdlc generate wsdl/auth.wsdl -o generated/auth
  $ wsdlc generate                     # every contract of wsdlc.config.json
  $ wsdlc check                        # CI: fail when generated code is stale
  $ wsdlc validate wsdl/auth.wsdl
  $ wsdlc inspect wsdl/auth.wsdl --json
  $ wsdlc breaking wsdl/auth.wsdl --against-git main
  $ wsdlc vendor https://example.com/Service.svc?wsdl -o wsdl/service
  $ wsdlc mock wsdl/auth.wsdl --port 8080
  $ wsdlc docs wsdl/auth.wsdl -o docs/auth-api

Exit codes:
  0  success
  1  contract problem (invalid WSDL), stale output (check), breaking change (breaking), or refused overwrite
  2  usage error (bad flags, bad or missing config)
  3  internal error (a wsdlc bug; rerun with --debug for the stack trace)

Environment: NO_COLOR disables colour (colour is used only on a terminal).`,
  );
  registerGenerate(program, ctx);
  registerCheck(program, ctx);
  registerValidate(program, ctx);
  registerInspect(program, ctx);
  registerBreaking(program, ctx);
  registerVendor(program, ctx);
  registerMock(program, ctx);
  registerDocs(program, ctx);
  return program;
}
