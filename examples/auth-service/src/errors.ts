/**
 * The service's own user errors: bad flags, bad environment values, a malformed users
 * file. Scripts print their message (with `file:line:column` where there is one) and
 * exit with their code, never a stack trace (see run-cli.ts).
 */

/** Where in a file a problem is (1-based). */
export interface FileLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A problem with what the operator gave the service; `exitCode` 2 is a usage error. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  /** Exit code for the scripts: 1 for bad data, 2 for usage errors. */
  readonly exitCode: 1 | 2;
  /** Where the problem is, when it is in a file. */
  readonly location: FileLocation | undefined;

  constructor(message: string, options: { exitCode?: 1 | 2; location?: FileLocation } = {}) {
    const where = options.location
      ? `${options.location.file}:${options.location.line}:${options.location.column}: `
      : '';
    super(`${where}${message}`);
    this.exitCode = options.exitCode ?? 1;
    this.location = options.location;
  }
}
