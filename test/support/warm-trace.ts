/**
 * Runs a script in a child process with V8's tracing of optimised code (its optimising compiler on
 * the main thread, so that what is optimised does not depend on the machine's load) and tells, of
 * the functions named `hot`, which were not optimised before the script printed `=== collections`
 * and which were thrown away after it because an object layout they check for was let go
 * ("reason: weak objects" in `node --trace-deopt`). For the tests that a warm process stays warm
 * across full collections (src/runtime/xml/keep-layout.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a traced run of a script told. */
export interface WarmTrace {
  /** Functions of `hot` the script did not get optimised before its collections (the check would be vacuous). */
  readonly notOptimised: string[];
  /** Functions of `hot` whose optimised code the collections threw away. */
  readonly thrownAway: string[];
  readonly stderr: string;
  readonly status: number | null;
}

/** Runs `script` (an ES module, run by tsx from the repository's root) and reads its trace for `hot`. */
export function traceWarm(script: string, hot: readonly string[]): WarmTrace {
  const r = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--trace-opt',
      '--trace-deopt',
      '--no-concurrent-recompilation',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const [before = '', during = ''] = r.stdout.split('=== collections');
  const optimised = (name: string): boolean =>
    before.split('\n').some((line) => line.includes('[completed compiling') && line.includes(`<JSFunction ${name} `));
  const thrownAway = during
    .split('\n')
    .filter((line) => line.includes('reason: weak objects'))
    .map((line) => /<SharedFunctionInfo ([^>]*)>/.exec(line)?.[1] ?? line)
    .filter((name) => hot.includes(name));
  return { notOptimised: hot.filter((name) => !optimised(name)), thrownAway, stderr: r.stderr, status: r.status };
}

/** Expects `script` to run cleanly, with every function of `hot` optimised before its collections and none thrown away by them. */
export function expectStaysWarm(script: string, hot: readonly string[]): void {
  const r = traceWarm(script, hot);
  expect(r.stderr).toBe('');
  // Not a vacuous check: the hot code was optimised before the collections.
  expect(r.notOptimised).toEqual([]);
  expect(r.thrownAway).toEqual([]);
  expect(r.status).toBe(0);
}
