/**
 * The first call of a fresh Node process: how long from `import` of the generated
 * Auth client to the end of its first SOAP 1.1 Login (default transport, a local
 * server answering a fixed LoginResponse), and the import alone. The HTTP/1.1
 * transport is loaded by `import()` on Node (client/transport-default.ts), which a
 * first call may wait for; `--baseline` adds the same figures for generated/auth with
 * its own runtime copy (before the current src/runtime changes), in alternating
 * processes. Both are compiled to plain ESM (bench/compile.ts) as a user's build would.
 * Run: npx tsx bench/first-call.ts [processes per variant] [--baseline]
 */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { BENCH_SOURCES, BENCH_SOURCES_AS_GENERATED, compileForBench } from './compile.js';

const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 15);
const withBaseline = process.argv.includes('--baseline');

const AUTH_NS = 'http://schemas.example.com/ecomm/auth';
const RESPONSE = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>7d3c1f0e-4b7a-4c52-9a51-2f4e8c1b9d07</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>`;

/** The child: times the import of the compiled client and its first Login; prints JSON. */
const CHILD = `
const t0 = performance.now();
const { AuthClient } = await import('./generated/auth/index.js');
const t1 = performance.now();
const client = new AuthClient({ baseUrl: process.argv[2], binding: 'soap11' });
const res = await client.login({ Username: 'u', Password: 'p' });
const t2 = performance.now();
if (!res.ServiceTicket) throw new Error('no ticket');
console.log(JSON.stringify({ importMs: t1 - t0, firstCallMs: t2 - t1 }));
process.exit(0);
`;

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8', 'content-length': Buffer.byteLength(RESPONSE) });
    res.end(RESPONSE);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const baseUrl = `http://127.0.0.1:${port}`;

const variants: [string, string][] = [['current src/runtime', compileForBench(BENCH_SOURCES)]];
if (withBaseline) variants.push(['generated/auth runtime copy', compileForBench(BENCH_SOURCES_AS_GENERATED)]);
for (const [, dir] of variants) writeFileSync(path.join(dir, 'first-call.mjs'), CHILD);

type Sample = { importMs: number; firstCallMs: number };
const samples = new Map<string, Sample[]>(variants.map(([name]) => [name, []]));
for (let i = 0; i < runs; i++)
  for (const [name, dir] of variants) {
    // Asynchronously: this process's server answers the child.
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [path.join(dir, 'first-call.mjs'), baseUrl], (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      ),
    );
    samples.get(name)!.push(JSON.parse(out) as Sample);
  }
server.close();
for (const [, dir] of variants) rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]): string =>
  `${median(xs).toFixed(2)} ms (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
console.log(
  `fresh processes: ${runs} per variant, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`${'variant'.padEnd(30)} ${'import of the client'.padEnd(28)} first Login (construct + call)`);
for (const [name, xs] of samples)
  console.log(`${name.padEnd(30)} ${fmt(xs.map((s) => s.importMs)).padEnd(28)} ${fmt(xs.map((s) => s.firstCallMs))}`);
