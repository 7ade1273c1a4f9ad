/**
 * Child of bench/large-answers.ts: one contender in a process of its own (`node --expose-gc`,
 * compiled to plain JavaScript). Arguments: `<mode> <contender> <contract> <base url> <client module> <wsdl>`.
 *
 * - mode `large`: sets up the client, makes one warm-up call (a 1-record answer), then as many
 *   untimed calls of the large answer as the ninth argument says (default 0), then the timed
 *   call (the large answer), and prints one JSON line: wall and CPU time (all threads) of the call, peak RSS of the
 *   process (VmHWM, which includes setup) and the heap kept while the result is held
 *   (heap used after the call minus before it, both after full collections).
 * - mode `first`: the first call of a fresh process (a 1-record answer): import, client creation,
 *   the call itself, and the time from process start to the first call done.
 *
 * Contenders: `wsdlc` (the generated client of the contract, module given), `node-soap`
 * (soap.createClientAsync on the WSDL), `json` (node:http GET of the same records as JSON, then
 * JSON.parse), `http` (node:http GET of the SOAP answer to a string: the transport floor).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [mode, contender, contract, base, clientModule, wsdl] = process.argv.slice(2) as [
  'large' | 'first',
  'wsdlc' | 'node-soap' | 'json' | 'http',
  string,
  string,
  string,
  string,
];
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => {});
const agent = new http.Agent({ keepAlive: true });

/** node:http GET of `url`, the body as one string. */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Peak RSS of this process in MB: VmHWM of /proc/self/status where there is one. getrusage's
 * maxrss is no use here: Linux carries it over from the parent across fork and exec, and the
 * parent holds every answer it serves.
 */
function peakRssMB(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}

type Call = (size: string) => Promise<unknown>;

/** Makes the contender's call function, its clients for the answers `sizes` created (not timed as the call). */
async function setup(sizes: readonly string[]): Promise<Call> {
  const query = { queryString: 'SELECT Id, Name FROM Account' };
  // NetSuite (first mode only): getServerTime, whose answer carries an xsi:type.
  const netsuite = contract === 'netsuite';
  if (contender === 'wsdlc') {
    const mod = (await import(clientModule)) as Record<
      string,
      new (
        o: object,
      ) => { query(i: object): Promise<unknown>; getServerTime(i: object): Promise<unknown> }
    >;
    const Client = mod[netsuite ? 'NetSuiteServiceClient' : 'SforceServiceClient']!;
    const clients = new Map(sizes.map((size) => [size, new Client({ endpoint: `${base}/${contract}/${size}` })]));
    return netsuite ? (size) => clients.get(size)!.getServerTime({}) : (size) => clients.get(size)!.query(query);
  }
  if (contender === 'node-soap') {
    const soap = (await import('soap')).default;
    type SoapClient = {
      queryAsync(i: object): Promise<unknown[]>;
      getServerTimeAsync(i: object): Promise<unknown[]>;
    };
    const clients = new Map<string, SoapClient>();
    for (const size of sizes) {
      const client = (await soap.createClientAsync(wsdl, {
        endpoint: `${base}/${contract}/${size}`,
      })) as unknown as SoapClient;
      clients.set(size, client);
    }
    return netsuite
      ? async (size) => (await clients.get(size)!.getServerTimeAsync({}))[0]
      : async (size) => (await clients.get(size)!.queryAsync(query))[0];
  }
  if (contender === 'json') return async (size) => JSON.parse(await get(`${base}/json/${contract}/${size}`));
  return (size) => get(`${base}/${contract}/${size}`);
}

/**
 * How many records a result holds (checks that every contender read the whole answer); for
 * NetSuite's getServerTime, 1 when the result holds the server time.
 */
function recordCount(result: unknown): number {
  if (contract === 'netsuite') return /2026-11-28/.test(JSON.stringify(result)) ? 1 : 0;
  if (typeof result === 'string') return (result.match(/<records /g) ?? []).length;
  const r = result as { records?: unknown; result?: { records?: unknown } };
  const records = r.records ?? r.result?.records;
  return Array.isArray(records) ? records.length : records === undefined ? 0 : 1;
}

if (mode === 'first') {
  const t0 = performance.now();
  const call = await setup(['first']);
  const t1 = performance.now();
  const result = await call('first');
  const t2 = performance.now();
  process.stdout.write(
    `${JSON.stringify({ setupMs: t1 - t0, callMs: t2 - t1, sinceStartMs: t2, records: recordCount(result) })}\n`,
  );
} else {
  const size = process.argv[8] ?? '1';
  const warm = Number(process.argv[9] ?? '0');
  const call = await setup(['first', size]);
  await call('first');
  for (let i = 0; i < warm; i++) await call(size);
  gc();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let result: unknown = await call(size);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  gc();
  gc();
  const heapKept = process.memoryUsage().heapUsed - heapBefore;
  const records = recordCount(result);
  result = undefined;
  process.stdout.write(
    `${JSON.stringify({
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMB: peakRssMB(),
      heapKeptMB: heapKept / 2 ** 20,
      records,
    })}\n`,
  );
}
agent.destroy();
