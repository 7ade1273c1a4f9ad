/**
 * Client throughput: SOAP 1.1 Login calls per second against a canned local
 * server (a child process on 127.0.0.1 answering a fixed LoginResponse), for
 *   - ours: ServiceClient (see bench/client-target.ts to swap in the generated AuthClient),
 *   - node-soap: soap.createClientAsync('wsdl/auth.wsdl', { endpoint }),
 *   - raw: node:http with a keep-alive agent and a fixed request string (no XML work).
 * Same concurrency and duration for all. Run: npx tsx bench/client.ts [seconds per round] [concurrency] [rounds]
 * Targets: ours >= 3x node-soap, ours >= 80% of raw.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import soap from 'soap';
import { createOurClient } from './client-target.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.argv[2] ?? 2);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const ROUNDS = Number(process.argv[4] ?? 3);
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

/** Runs `call` with `CONCURRENCY` in flight for `seconds`; returns calls per second. */
async function measure(call: Call, seconds: number): Promise<number> {
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
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed) throw failed;
  return done / ((performance.now() - start) / 1000);
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
            headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${AUTH_NS}/Login"`, 'Content-Length': rawBody.length },
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
    const clients: [string, Call][] = [['ours (ServiceClient)', oursCall]];
    if (soapCall) clients.push(['node-soap', soapCall]);
    clients.push(['raw node:http', rawCall]);
    for (const [, call] of clients) await measure(call, 0.5);
    const samples = new Map<string, number[]>(clients.map(([n]) => [n, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, call] of clients) samples.get(name)!.push(await measure(call, SECONDS));
    }
    const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const rows: [string, number][] = clients.map(([n]) => [n, median(samples.get(n)!)]);
    const get = (prefix: string): number | undefined => rows.find(([n]) => n.startsWith(prefix))?.[1];
    const oursRate = get('ours')!;
    console.log(`SOAP 1.1 Login, ${CONCURRENCY} in flight, median of ${ROUNDS} rounds of ${SECONDS}s, node ${process.version}${WSDL ? '' : ' (node-soap skipped: no WSDL)'}`);
    console.log('client                 calls/s   ours/this');
    for (const [name, rate] of rows) {
      console.log(`${name.padEnd(22)} ${rate.toFixed(0).padStart(8)}   ${(oursRate / rate).toFixed(2).padStart(8)}`);
    }
    const ns = get('node-soap');
    const raw = get('raw')!;
    if (ns !== undefined) console.log(`ours/node-soap = ${(oursRate / ns).toFixed(2)}x (target >= 3x)`);
    console.log(`ours/raw       = ${((oursRate / raw) * 100).toFixed(0)}% (target >= 80%)`);
    rawAgent.destroy();
  } finally {
    child.kill();
  }
}

await main();
process.exit(0);
