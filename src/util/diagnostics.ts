/**
 * Diagnostics: located problems found while loading a contract, building its model,
 * reading a config file or writing output. The bottom floor of the compiler: every
 * stage reports through these types, so they depend on nothing.
 */

/** Where something was defined. `file` is relative to the main document's folder when possible. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A problem found while loading or modelling. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly location?: SourceLocation;
}

/** Formats a location as `file:line:column` (the form editors and CI annotate). */
export function formatLocation(loc: SourceLocation): string {
  return `${loc.file}:${loc.line}:${loc.column}`;
}

/** Formats a diagnostic as `file:line:column: severity: message`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location ? `${formatLocation(d.location)}: ` : '';
  return `${where}${d.severity}: ${d.message}`;
}
