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

/** The real process's streams, directory and environment. */
export function processIo(): CliIo {
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
