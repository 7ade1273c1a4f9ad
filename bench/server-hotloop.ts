/**
 * The generated server's own cost without node:http: the Auth handler answering
 * SOAP 1.1 Login in a loop with stand-in request and response objects
 * (bench/server-hotloop-child.ts), compiled as a user's build would. Prints
 * microseconds per request (fastest and median round) and bytes allocated per
 * request (V8's sampling heap profiler, collected objects included), which is
 * far steadier than req/s on a shared machine and is what drives GC under load.
 * `--baseline` adds the runtime of the last regeneration (generated/auth/runtime).
 *
 *   npx tsx bench/server-hotloop.ts [--requests 200000] [--rounds 8] [--baseline]
 *
 * For orientation only: in a real server the same work costs about twice as much
 * (caches, GC and the event loop are shared with node:http; see `bench/server.ts --stages`).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { BENCH_SOURCES_AS_GENERATED, compileForBench } from './compile.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

interface Figures {
  readonly microsPerRequest: number;
  readonly medianMicros: number;
  readonly bytesPerRequest: number;
}

const trees: [string, string][] = [['current', compileForBench()]];
if (process.argv.includes('--baseline')) trees.push(['before', compileForBench(BENCH_SOURCES_AS_GENERATED)]);
try {
  const figures = new Map<string, Figures[]>(trees.map(([name]) => [name, []]));
  // Two interleaved runs per tree, each in a fresh process; the better one counts.
  for (let run = 0; run < 2; run++) {
    for (const [name, dir] of trees) {
      const out = execFileSync(
        process.execPath,
        [
          path.join(dir, 'bench', 'server-hotloop-child.js'),
          String(arg('requests', 200_000)),
          String(arg('rounds', 8)),
        ],
        { encoding: 'utf8' },
      );
      figures.get(name)!.push(JSON.parse(out) as Figures);
    }
  }
  console.log(`SOAP 1.1 Login through the generated handler, stand-in req/res, node ${process.version}`);
  console.log(
    `${'runtime'.padEnd(10)}${'us/request (best)'.padStart(20)}${'(median)'.padStart(10)}${'bytes/request'.padStart(15)}`,
  );
  for (const [name, list] of figures) {
    const best = list.reduce((a, b) => (b.microsPerRequest < a.microsPerRequest ? b : a));
    const bytes = Math.min(...list.map((f) => f.bytesPerRequest));
    console.log(
      `${name.padEnd(10)}${best.microsPerRequest.toFixed(2).padStart(20)}${best.medianMicros.toFixed(2).padStart(10)}${bytes.toFixed(0).padStart(15)}`,
    );
  }
} finally {
  for (const [, dir] of trees) rmSync(dir, { recursive: true, force: true });
}
