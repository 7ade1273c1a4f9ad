/**
 * The CLI entry: `main(argv)` runs one command and resolves to its exit code.
 * It never calls `process.exit` (bin/wsdlc.js sets `process.exitCode`), so tests
 * run it in-process. User errors (WsdlcError) print `file:line:column: error: message`
 * with no stack trace; anything else is an internal error (stack with --debug).
 */
import { CommanderError } from 'commander';
import { WsdlcError } from '../util/errors.js';
import type { CliDeps, CommandContext } from './commands/context.js';
import { type CliIo, processIo } from './io.js';
import { CliLog } from './log.js';
import { EXIT, buildProgram } from './program.js';

export type { CliIo } from './io.js';
export type { CliDeps } from './commands/context.js';
export { EXIT } from './program.js';

/**
 * Runs the CLI.
 * @param argv the arguments after the program name (`process.argv.slice(2)`)
 * @param io where to print (default: the process's streams)
 * @param deps replacements for the loader, emitter or file system (tests)
 * @returns the exit code: 0 ok, 1 contract problem or stale output, 2 usage error, 3 internal error
 */
export async function main(argv: readonly string[], io: CliIo = processIo(), deps: CliDeps = {}): Promise<number> {
  const ctx: CommandContext = { io, deps, exitCode: EXIT.ok, argv };
  const debug = argv.includes('--debug');
  const quiet = argv.includes('--quiet') || argv.includes('-q');
  const log = new CliLog(io, quiet ? 'quiet' : 'normal');
  try {
    const program = buildProgram(ctx);
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return EXIT.usage;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return ctx.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version "errors" are successful exits; every other parse problem is a usage error.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof WsdlcError) {
      for (const d of err.diagnostics) log.diagnostic(d);
      if (err.hint !== undefined) log.error(err.hint);
      return err.exitCode;
    }
    if (isSystemError(err)) {
      // File-system failures (permissions, full disk...) are the environment's, not a wsdlc bug.
      log.error(`error: ${err.message}`);
      return EXIT.contract;
    }
    const message = err instanceof Error ? err.message : String(err);
    log.error(`wsdlc: internal error: ${message}`);
    if (debug && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    else io.stderr('(this is a bug in wsdlc; rerun with --debug to see the stack trace)\n');
    return EXIT.internal;
  }
}

/** A Node system error (has `code` and `syscall`), e.g. EACCES from a write. */
function isSystemError(err: unknown): err is Error & { code: string; syscall: string } {
  return (
    err instanceof Error &&
    typeof (err as { code?: unknown }).code === 'string' &&
    typeof (err as { syscall?: unknown }).syscall === 'string'
  );
}
