/**
 * Client throughput: SOAP 1.1 Login calls per second against a canned local
 * server (a child process on 127.0.0.1 answering a fixed LoginResponse), for
 *   - ours: the generated AuthClient (bench/client-target.ts), compiled to plain JS with the
 *     current src/runtime (bench/compile.ts) as a user's build would; `--tsx` runs it from source,
 *   - ours on node:http: the same client with `transport: createNodeTransport()` (node:http and its
 *     agent, as raw uses), which isolates our SOAP work from the transport's cost,
 *   - node-soap: soap.createClientAsync('wsdl/auth.wsdl', { endpoint }),
 *   - raw: node:http with a keep-alive agent and a fixed request string (no XML work).
 * Same concurrency and duration for all, one warm-up per client, then interleaved rounds; the
 * median round of each counts. Run: npx tsx bench/client.ts [seconds per round] [concurrency] [rounds] [--tsx] [--baseline]
 * (`--baseline` adds a row for generated/auth with its own runtime copy, i.e. before the current src/runtime changes).
 * Targets: ours >= 3x node-soap, ours >= 80% of raw.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import soap from 'soap';
import { BENCH_SOURCES_AS_GENERATED, compileForBench } from './compile.js';

type Target = typeof import('./client-target.js');
const useTsx = process.argv.includes('--tsx');
/** `--baseline`: also measure generated/auth with its own runtime copy (the runtime of the last regeneration). */
const withBaseline = process.argv.includes('--baseline') && !useTsx;
const calibrateAt = process.argv.indexOf('--calibrate');
const CALIBRATE_US = calibrateAt >= 0 ? Number(process.argv[calibrateAt + 1]) : 0;
const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--calibrate');
const compiledDir = useTsx ? undefined : compileForBench();
const baselineDir = withBaseline ? compileForBench(BENCH_SOURCES_AS_GENERATED) : undefined;
const targetIn = (dir: string): string => pathToFileURL(path.join(dir, 'bench', 'client-target.js')).href;
const { createOurClient, createOurClientOnNodeHttp } = (await import(
  compiledDir === undefined ? './client-target.js' : targetIn(compiledDir)
)) as Target;
const baselineTarget = baselineDir === undefined ? undefined : ((await import(targetIn(baselineDir))) as Target);

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(positional[0] ?? 2);
const CONCURRENCY = Number(positional[1] ?? 16);
const ROUNDS = Number(positional[2] ?? 3);
const LOAD_AT_START = loadavg()[0]!;
const AUTH_NS = 'http://schemas.example.com/ecomm/auth';
const WSDL = [path.join(here, '../wsdl/auth.wsdl'), path.join(here, 'fixtures/auth.wsdl')].find((p) => existsSync(p));

const RESPONSE = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>7d3c1f0e-4b7a-4c52-9a51-2f4e8c1b9d07</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>`;

/** The canned server, run in a child process so its CPU does not compete with the clients. */
const SERVER_JS = `
const http = require('node:http');
const body = Buffer.from(${JSON.stringify(RESPONSE)});
const server = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER_JS], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

type Call = () => Promise<unknown>;

/** What one round measured: calls per second, and this process's CPU time per call (µs; the server's is not counted). */
interface Sample {
  readonly rate: number;
  readonly cpuPerCall: number;
}

/** Runs `call` with `CONCURRENCY` in flight for `seconds`. */
async function measure(call: Call, seconds: number): Promise<Sample> {
  let done = 0;
  let failed: unknown;
  const end = performance.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      try {
        await call();
        done++;
      } catch (err) {
        failed ??= err;
        return;
      }
    }
  };
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpu = process.cpuUsage(cpu0);
  if (failed) throw failed;
  return { rate: done / ((performance.now() - start) / 1000), cpuPerCall: (cpu.user + cpu.system) / Math.max(1, done) };
}

async function main(): Promise<void> {
  const { url, child } = await startServer();
  try {
    const input = { Username: 'alice', Password: 's3cret' };

    const ours = createOurClient(url);
    const oursCall: Call = () => ours.login(input);
    const check = (await oursCall()) as { ServiceTicket?: string };
    if (!check.ServiceTicket) throw new Error('our client returned no ServiceTicket');

    const rawAgent = new http.Agent({ keepAlive: true });
    const rawBody = Buffer.from(
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>s3cret</Password></Login></soap:Body></soap:Envelope>`,
    );
    const u = new URL(`${url}/ecomm/Auth.asmx`);
    const rawCall: Call = () =>
      new Promise<string>((resolve, reject) => {
        const req = http.request(
          {
            hostname: u.hostname,
            port: u.port,
            path: u.pathname,
            method: 'POST',
            agent: rawAgent,
            headers: {
              'Content-Type': 'text/xml; charset=utf-8',
              SOAPAction: `"${AUTH_NS}/Login"`,
              'Content-Length': rawBody.length,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(rawBody);
      });

    let soapCall: Call | undefined;
    if (WSDL) {
      const sc = await soap.createClientAsync(WSDL, { endpoint: `${url}/ecomm/Auth.asmx` });
      const loginAsync = (sc as unknown as Record<string, (args: unknown) => Promise<unknown>>)['LoginAsync']!;
      soapCall = () => loginAsync.call(sc, input);
      await soapCall();
    }

    // Warm up each, then measure in interleaved rounds (median per client) to damp machine noise.
    const onNodeHttp = createOurClientOnNodeHttp(url);
    const clients: [string, Call][] = [
      [useTsx ? 'ours (AuthClient, tsx)' : 'ours (AuthClient)', oursCall],
      ['ours on node:http', () => onNodeHttp.login(input)],
    ];
    if (baselineTarget) {
      const before = baselineTarget.createOurClient(url);
      clients.push(['before (last generated)', () => before.login(input)]);
    }
    if (soapCall) clients.push(['node-soap', soapCall]);
    clients.push(['raw node:http', rawCall]);
    if (CALIBRATE_US > 0) {
      const spin = (): void => {
        const until = performance.now() + CALIBRATE_US / 1000;
        while (performance.now() < until);
      };
      clients.push([
        `raw+${CALIBRATE_US}us busy`,
        () => {
          spin();
          return rawCall();
        },
      ]);
    }
    for (const [, call] of clients) await measure(call, 1);
    const samples = new Map<string, Sample[]>(clients.map(([n]) => [n, []]));
    // Each round starts one client later than the one before, so that no client keeps the same place in the order.
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < clients.length; k++) {
        const [name, call] = clients[(k + round) % clients.length]!;
        samples.get(name)!.push(await measure(call, SECONDS));
      }
    }
    const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const rows: [string, number, number][] = clients.map(([n]) => [
      n,
      median(samples.get(n)!.map((s) => s.rate)),
      median(samples.get(n)!.map((s) => s.cpuPerCall)),
    ]);
    const get = (prefix: string): number | undefined => rows.find(([n]) => n.startsWith(prefix))?.[1];
    const cpuOf = (prefix: string): number | undefined => rows.find(([n]) => n.startsWith(prefix))?.[2];
    const oursRate = get('ours')!;
    const oursCpu = cpuOf('ours')!;
    console.log(
      `SOAP 1.1 Login, ${CONCURRENCY} in flight, median of ${ROUNDS} rounds of ${SECONDS}s, node ${process.version}, ` +
        `${cpus().length} CPUs, load average at start ${LOAD_AT_START.toFixed(1)}${WSDL ? '' : ' (node-soap skipped: no WSDL)'}`,
    );
    console.log(
      'client                 calls/s   ours/this   CPU us/call (client process)   range: calls/s, CPU us/call',
    );
    for (const [name, rate, cpu] of rows) {
      const rates = samples.get(name)!.map((s) => s.rate);
      const cpus = samples.get(name)!.map((s) => s.cpuPerCall);
      const range = (xs: number[]): string => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
      console.log(
        `${name.padEnd(22)} ${rate.toFixed(0).padStart(8)}   ${(oursRate / rate).toFixed(2).padStart(8)}   ${cpu.toFixed(0).padStart(8)}` +
          `                       ${range(rates)}, ${range(cpus)}`,
      );
    }
    const ns = get('node-soap');
    const raw = get('raw')!;
    if (ns !== undefined) console.log(`ours/node-soap = ${(oursRate / ns).toFixed(2)}x (target >= 3x)`);
    console.log(`ours/raw       = ${((oursRate / raw) * 100).toFixed(0)}% (target >= 80%)`);
    const onHttp = get('ours on node:http')!;
    console.log(
      `ours on node:http / raw = ${((onHttp / raw) * 100).toFixed(0)}% (our SOAP work over the same node:http stack)`,
    );
    const nsCpu = cpuOf('node-soap');
    console.log(
      `CPU per call (load-independent view): ours ${oursCpu.toFixed(0)} us` +
        (nsCpu !== undefined ? `, ${(nsCpu / oursCpu).toFixed(2)}x less than node-soap` : '') +
        `, raw's is ${((cpuOf('raw')! / oursCpu) * 100).toFixed(0)}% of ours`,
    );
    rawAgent.destroy();
  } finally {
    child.kill();
    for (const dir of [compiledDir, baselineDir]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
