/**
 * The CLI's connection to the outside world, injectable so tests can run
 * `main(argv)` in-process and capture what it prints.
 */

/** Where the CLI writes and what it knows about its environment. */
export interface CliIo {
  /** Writes to standard output (text includes its own newlines). */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** The working directory. */
  readonly cwd: string;
  /** Environment variables (NO_COLOR is honoured). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether standard error is a terminal (colour is used only then). */
  readonly stderrIsTTY: boolean;
}

/**
 * The real process's streams, directory and environment. A reader that goes
 * away early (`wsdlc inspect x.wsdl | head`) is normal in a pipeline: EPIPE on
 * either stream ends the output quietly instead of crashing with a stack trace.
 */
export function processIo(): CliIo {
  process.stdout.on('error', quietOnBrokenPipe);
  process.stderr.on('error', quietOnBrokenPipe);
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    cwd: process.cwd(),
    env: process.env,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** Colour only on a terminal and only when NO_COLOR is unset or empty (https://no-color.org). */
export function useColour(io: CliIo): boolean {
  const noColor = io.env['NO_COLOR'];
  return io.stderrIsTTY && (noColor === undefined || noColor === '');
}

/** Stream error handler: a closed pipe stops the output; anything else is rethrown. */
export function quietOnBrokenPipe(this: NodeJS.WriteStream, err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') {
    this.destroy();
    return;
  }
  throw err;
}
