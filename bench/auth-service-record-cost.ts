/**
 * What the Auth service's per-request record costs (issue 33), in one process,
 * call by call: counting it in the metrics (`ServiceMetrics.request`), writing
 * it as a JSON line (pino, to /dev/null), and, as the reference, what the
 * service did before: formatting the text access line and writing it (one
 * `writeSync` per line, to /dev/null). Calls run in batches of 50 with a
 * `setImmediate` between them, so pino's asynchronous writes go out as they do
 * in the service. Printed: ns per call, median and range over the rounds.
 * Compare the figures with one another, not across machines or loads.
 *
 * Run: npx tsx bench/auth-service-record-cost.ts [rounds=5]
 */
import { openSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import { HashLimiter } from '../examples/auth-service/src/hash-limiter.js';
import { jsonLog } from '../examples/auth-service/src/json-log.js';
import { ServiceMetrics } from '../examples/auth-service/src/metrics.js';
import { formatAccessLine, type RequestRecord } from '../examples/auth-service/src/request-log.js';
import { medianRange } from './auth-service-process.js';

const rounds = Number(process.argv[2] ?? 5);
const CALLS = 200_000;
const BATCH = 50;

const devNull = openSync('/dev/null', 'w');
const json = jsonLog({ fd: devNull });
const metrics = new ServiceMetrics(new HashLimiter());
const record: RequestRecord = {
  id: '9f2c01aa-1f',
  binding: 'soap11',
  operation: 'Logout',
  dispatched: true,
  outcome: 'invalid_ticket',
  status: 500,
  durationMs: 0.4321,
};

const cases: [string, () => void][] = [
  ['metrics: count the request', () => metrics.request(record)],
  ['JSON line (pino)', () => json.request(record)],
  [
    'text line (before)',
    () => {
      writeSync(
        devNull,
        `${formatAccessLine(new Date(), record.binding, record.operation, record.status, record.durationMs)}\n`,
      );
    },
  ],
];

/** ns per call of `fn` over CALLS calls. */
async function time(fn: () => void): Promise<number> {
  let total = 0n;
  for (let i = 0; i < CALLS; i += BATCH) {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < BATCH; k++) fn();
    total += process.hrtime.bigint() - t0;
    await new Promise((r) => setImmediate(r));
  }
  return Number(total) / CALLS;
}

for (const [, fn] of cases) await time(fn); // warm-up
const results = new Map<string, number[]>(cases.map(([name]) => [name, []]));
const load = loadavg()[0]!;
for (let r = 0; r < rounds; r++) for (const [name, fn] of cases) results.get(name)!.push(await time(fn));
console.log(`per-request record cost, ${CALLS} calls x ${rounds} rounds, load average ${load.toFixed(1)}`);
for (const [name, xs] of results) console.log(`${name.padEnd(28)} ${medianRange(xs)} ns`);
