/**
 * One measurement of bench/server-hotloop.ts, in its own process: the generated
 * Auth handler answering SOAP 1.1 Login requests in a loop, with stand-ins for
 * node:http's request (an EventEmitter that emits the body) and response (which
 * reads the answer's last character, so that the answer is built as a flat string,
 * as a socket write would). Prints one JSON line: `{ microsPerRequest, bytesPerRequest }`.
 *
 *   node <compiled tree>/bench/server-hotloop-child.js <requests per round> <rounds>
 */
import { EventEmitter } from 'node:events';
import { Session } from 'node:inspector/promises';
import { createBenchHandler, LOGIN_REQUEST } from './auth-handler.js';

const perRound = Number(process.argv[2] ?? 200_000);
const rounds = Number(process.argv[3] ?? 8);

const handler = createBenchHandler();
const body = Buffer.from(LOGIN_REQUEST.body);
const headers = {
  host: '127.0.0.1:1',
  'content-type': LOGIN_REQUEST.headers['Content-Type'],
  soapaction: LOGIN_REQUEST.headers.SOAPAction,
  'content-length': String(body.length),
};
let answered = 0;
let sink = 0;

/** The response stand-in: what the handler calls on a node:http ServerResponse. */
class FakeResponse {
  headersSent = false;
  statusCode = 200;
  writeHead(status: number): this {
    this.statusCode = status;
    this.headersSent = true;
    return this;
  }
  setHeader(): void {}
  end(chunk?: unknown): void {
    if (this.statusCode !== 200) throw new Error(`answered ${this.statusCode}: ${String(chunk)}`);
    if (typeof chunk === 'string') sink ^= chunk.charCodeAt(chunk.length - 1);
    answered++;
  }
  on(): this {
    return this;
  }
  once(): this {
    return this;
  }
}

function oneRequest(): void {
  const req = Object.assign(new EventEmitter(), {
    method: 'POST',
    url: LOGIN_REQUEST.path,
    headers,
    socket: { remoteAddress: '127.0.0.1', setTimeout() {}, destroy() {} },
    complete: false,
    readableEnded: false,
    resume() {},
    pause() {},
    setTimeout() {},
  });
  handler(req as never, new FakeResponse() as never);
  req.emit('data', body);
  req.complete = true;
  req.emit('end');
}

/** Runs `n` requests, letting the implementation's promises settle every 64 requests. */
async function run(n: number): Promise<void> {
  const before = answered;
  for (let i = 0; i < n; i++) {
    oneRequest();
    if ((i & 63) === 63) await null;
  }
  await new Promise((resolve) => setImmediate(resolve));
  if (answered - before !== n) throw new Error(`${n - (answered - before)} requests were not answered`);
}

await run(perRound); // warm-up
const times: number[] = [];
for (let r = 0; r < rounds; r++) {
  const t = performance.now();
  await run(perRound);
  times.push(((performance.now() - t) * 1000) / perRound);
}
times.sort((a, b) => a - b);

// Bytes allocated per request: V8's sampling heap profiler, counting objects that were collected too.
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const sampled = 100_000;
await run(sampled);
const { profile } = await session.post('HeapProfiler.stopSampling');
let bytes = 0;
// `samples` (one per sampled allocation) is in the protocol but not in Node's type of the profile.
for (const s of (profile as typeof profile & { samples: { size: number }[] }).samples) bytes += s.size;
session.disconnect();

process.stdout.write(
  `${JSON.stringify({ microsPerRequest: times[0], medianMicros: times[Math.floor(times.length / 2)], bytesPerRequest: bytes / sampled, sink })}\n`,
);
