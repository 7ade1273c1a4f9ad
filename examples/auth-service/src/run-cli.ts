/**
 * Shared top level of the service's command-line scripts: user errors
 * ({@link ServiceError}) print their message and exit with their code, never a
 * stack trace; anything else is reported as an internal error with its stack.
 */
import { ServiceError } from './errors.js';

/** Runs `main`, turning thrown errors into a message on stderr and an exit code. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (err instanceof ServiceError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = err.exitCode;
      return;
    }
    process.stderr.write(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  }
}
