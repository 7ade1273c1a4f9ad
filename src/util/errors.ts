/**
 * User errors versus internal bugs.
 *
 * A {@link WsdlcError} is a problem with the user's input (a contract, a config
 * file, a flag): the CLI prints its message with locations and exits 1 (or 2 for
 * usage errors), never a stack trace. Anything else that escapes is an internal
 * bug: the CLI reports it as such and shows the stack only with `--debug`.
 */
import { type Diagnostic, formatLocation, type SourceLocation } from './diagnostics.js';

export { formatDiagnostic, formatLocation } from './diagnostics.js';

/** A problem with the user's input. Carries one or more located diagnostics. */
export class WsdlcError extends Error {
  override readonly name = 'WsdlcError';
  /** Every problem found (at least one). */
  readonly diagnostics: readonly Diagnostic[];
  /** Exit code the CLI uses: 1 for contract problems, 2 for usage errors. */
  readonly exitCode: 1 | 2;
  /** What would fix every problem at once, when something would (the CLI prints it last). */
  readonly hint?: string;

  constructor(diagnostics: Diagnostic | readonly Diagnostic[], exitCode: 1 | 2 = 1, hint?: string) {
    const list = Array.isArray(diagnostics) ? (diagnostics as readonly Diagnostic[]) : [diagnostics as Diagnostic];
    const lines = list.map((d) => (d.location ? `${formatLocation(d.location)}: ${d.message}` : d.message));
    super([...lines, ...(hint !== undefined ? [hint] : [])].join('\n'));
    this.diagnostics = list;
    this.exitCode = exitCode;
    if (hint !== undefined) this.hint = hint;
  }
}

/** Shorthand: a single located error. */
export function userError(message: string, location?: SourceLocation): WsdlcError {
  return new WsdlcError(location ? { severity: 'error', message, location } : { severity: 'error', message });
}
