/**
 * The heap as tests of what a decode keeps measure it: after full collections, with nothing
 * pending in V8's optimising compiler.
 *
 * The compiler runs on a thread of its own, and a job of it not yet installed holds what the
 * code it compiles was last seen with: a decode's document, for one. On a busy machine the
 * job outlives the decode, and the document looked kept (stream-plan.test.ts failed so on CI
 * at 6e34b6d, 4.4 MB for a 4.3 MB text; on this machine, with three busy processes on the
 * same core, 2 measurements in 48; none in 72 once the jobs are finished first, none with
 * `--no-concurrent-recompilation`).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
v8.setFlagsFromString('--allow-natives-syntax');

const collect = vm.runInNewContext('gc') as () => void;

/** Waits for the compiler's pending jobs and installs what they made (V8's test runtime function). */
const finishCompiling = new Function('%FinalizeOptimization()') as () => void;

/** A full collection, once the compiler's pending jobs are done. */
export function gc(): void {
  finishCompiling();
  collect();
}

/** Bytes of heap used once the compiler's jobs are done and two full collections have run. */
export function heapUsed(): number {
  gc();
  collect();
  return process.memoryUsage().heapUsed;
}
