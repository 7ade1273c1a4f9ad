/**
 * What the client's route check costs per call (src/runtime/wire/http-route-check.ts): writing an
 * HTTP location's path with values (`replaceHttpPath`) with the check against the service's other
 * locations (`checked`) beside the same call checking its own location only (`own only`, what
 * the client did before), interleaved in each round, for
 *   - lone: `items/(id)` beside fixed locations it cannot spell (the check's fast path),
 *   - rivals: `items/(id)` and `raw/(!dir)` beside `items/all`, `raw/(!dir)/meta` and `(!dir)`
 *     (every call makes the server's route choice again).
 * Prints ns per call per round, then the median and range of checked / own only over the rounds.
 * Fixed (citation-free) locations do not write a path per call and are not measured.
 * Run: npx tsx bench/http-path.ts [rounds, default 5] [milliseconds per measurement, default 300]
 */
import { loadavg } from 'node:os';
import type { HttpOperationDesc, OperationDesc, ServiceDesc } from '../src/runtime/wire/descriptors.js';
import { replaceHttpPath } from '../src/runtime/wire/http-encoding.js';
import { clientRoutes } from '../src/runtime/wire/http-route-check.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const BUDGET_MS = Number(process.argv[3] ?? 300);

function op(name: string, path: string, cited: readonly string[]): OperationDesc {
  const http: HttpOperationDesc = {
    path,
    params: cited.map((n) => ({ prop: n, name: n, value: { scalar: 'string' }, min: 1, max: 1, inPath: true })),
  };
  return { name, method: name, input: { complex: 'In' }, httpGet: http };
}

function service(operations: OperationDesc[]): ServiceDesc {
  return {
    name: 'S',
    targetNamespace: 'urn:s',
    ports: [{ name: 'Get', kind: 'httpGet', address: 'http://h/svc', path: '/svc' }],
    operations,
    types: {},
  };
}

interface Case {
  readonly name: string;
  readonly service: ServiceDesc;
  readonly op: OperationDesc;
  readonly input: Record<string, string>;
}

const loneItem = op('Item', 'items/(id)', ['id']);
const rivalItem = op('Item', 'items/(id)', ['id']);
const rivalRaw = op('Raw', 'raw/(!dir)', ['dir']);
const rivals = service([
  op('All', 'items/all', []),
  rivalItem,
  rivalRaw,
  op('RawMeta', 'raw/(!dir)/meta', ['dir']),
  op('Any', '(!dir)', ['dir']),
]);
const cases: Case[] = [
  {
    name: 'lone items/(id)',
    service: service([loneItem, op('Other', 'other', [])]),
    op: loneItem,
    input: { id: 'abc123' },
  },
  { name: 'rivals items/(id)', service: rivals, op: rivalItem, input: { id: 'abc123' } },
  { name: 'rivals raw/(!dir)', service: rivals, op: rivalRaw, input: { dir: 'a/b/c' } },
];

let sink = 0;
/** ns per call of `f`, over about BUDGET_MS. */
function time(f: () => string): number {
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(BUDGET_MS) * 1_000_000n;
  let now = start;
  while (now < end) {
    for (let i = 0; i < 1000; i++) sink += f().length;
    n += 1000;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / n;
}

console.log(
  `route check per call, ${ROUNDS} rounds of ${BUDGET_MS} ms each, node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}`,
);
const ratios = new Map<string, number[]>();
for (let r = 0; r < ROUNDS; r++) {
  const row: string[] = [];
  for (const c of cases) {
    const http = c.op.httpGet!;
    const routes = clientRoutes(c.service, c.service.ports[0]!);
    const own = time(() => replaceHttpPath(http, c.input, c.op.name));
    const checked = time(() => replaceHttpPath(http, c.input, c.op.name, { routes, operation: c.op }));
    const list = ratios.get(c.name) ?? [];
    list.push(checked / own);
    ratios.set(c.name, list);
    row.push(`${c.name}: own only ${own.toFixed(0)} ns, checked ${checked.toFixed(0)} ns`);
  }
  console.log(`round ${r + 1}: ${row.join('; ')}`);
}
for (const [name, list] of ratios) {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${name}: checked / own only median ${(median * 100).toFixed(0)}%, range ${(sorted[0]! * 100).toFixed(0)}%-${(sorted[sorted.length - 1]! * 100).toFixed(0)}%`,
  );
}
if (sink < 0) console.log(sink);
