import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that measure recovery times against real processes (Redis primary, replica and sentinels
 * killed and restarted): they run by themselves after the others (`npm test` runs the `main` project,
 * then `timing`), so their clocks do not include another file's CPU-heavy type-checking.
 */
const TIMING = [
  'examples/auth-service/test/sentinel-failover.test.ts',
  'examples/auth-service/test/redis-outage.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (one less than the cores) runs the files one at a time on CI's 2 cores, while
    // many files spend their time waiting on child processes (tsc, Mono, PHP, zeep, Redis, Chromium, Bun,
    // Deno, workerd): two at a time keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMING],
        },
      },
      { extends: true, test: { name: 'timing', include: TIMING, fileParallelism: false } },
    ],
  },
});
