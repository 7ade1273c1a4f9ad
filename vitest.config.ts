import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (one less than the cores) runs the files one at a time on CI's 2 cores, while
    // many files spend their time waiting on child processes (tsc, Mono, PHP, zeep, Redis, Chromium, Bun,
    // Deno, workerd): two at a time keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
