/**
 * Printing for the CLI: diagnostics (`file:line:column: severity: message`),
 * progress at three verbosity levels, and colour when allowed.
 */
import type { Diagnostic } from '../model/types.js';
import { formatDiagnostic } from '../util/errors.js';
import { type CliIo, useColour } from './io.js';

/** How much the CLI says. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

/** A small logger bound to a {@link CliIo}. */
export class CliLog {
  private readonly colour: boolean;

  constructor(
    readonly io: CliIo,
    readonly verbosity: Verbosity,
  ) {
    this.colour = useColour(io);
  }

  /** Normal output (suppressed by --quiet). */
  info(line: string): void {
    if (this.verbosity !== 'quiet') this.io.stdout(`${line}\n`);
  }

  /** Detail shown only with --verbose. */
  detail(line: string): void {
    if (this.verbosity === 'verbose') this.io.stdout(`${line}\n`);
  }

  /** Output that is the command's result (shown even with --quiet). */
  result(line: string): void {
    this.io.stdout(`${line}\n`);
  }

  /** A diagnostic on standard error; warnings are suppressed by --quiet. */
  diagnostic(d: Diagnostic): void {
    if (d.severity === 'warning' && this.verbosity === 'quiet') return;
    this.io.stderr(`${this.paint(formatDiagnostic(d), d.severity)}\n`);
  }

  /** An error line on standard error. */
  error(line: string): void {
    this.io.stderr(`${this.paint(line, 'error')}\n`);
  }

  private paint(text: string, severity: 'error' | 'warning'): string {
    if (!this.colour) return text;
    const code = severity === 'error' ? 31 : 33;
    return text.replace(`${severity}:`, `\u001b[${code}m${severity}:\u001b[0m`);
  }
}
