/** What every command handler gets: the I/O, injected dependencies, and where to put its exit code. */
import type { EmitFn, LoadFn } from '../../generate/pipeline.js';
import type { WriterFs } from '../../write/fs.js';
import type { CliIo } from '../io.js';

/** Dependencies tests may replace (the real ones are used when absent). */
export interface CliDeps {
  readonly load?: LoadFn;
  readonly emit?: EmitFn;
  readonly fs?: WriterFs;
  /** Ends `generate --watch` (tests; the CLI itself stops on Ctrl+C). */
  readonly watchSignal?: AbortSignal;
}

/** Shared state of one CLI run. */
export interface CommandContext {
  readonly io: CliIo;
  readonly deps: CliDeps;
  /** Set by the command that ran. */
  exitCode: number;
  /** The arguments the CLI was run with (to name the exact command that fixes a problem). */
  readonly argv?: readonly string[];
}
