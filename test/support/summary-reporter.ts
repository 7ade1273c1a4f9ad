/**
 * A vitest reporter that ends the run with one plain line, `N passed, N failed`
 * (plus `, N skipped`), which CI systems that do not know vitest's own summary
 * can read. Used beside vitest's default reporter (see vitest.config.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';

/** Prints the plain closing line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && !mod.children.size) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
