/**
 * A mock of a service: a handler that answers every operation over every binding
 * with a sample output that fits the contract, without an implementation (as
 * SoapUI's MockService and Prism's dynamic examples do). It is the generated
 * server's handler with a made-up implementation, so requests are checked exactly
 * as the generated server checks them (a bad request gets the same fault) and the
 * service pages are served. Answers are deterministic: the same seed gives the same
 * answer to each operation. Recorded exchanges (the recording transport's JSON)
 * are answered as recorded when a request matches one.
 *
 * What the values honour: enumerations, the ranges of built-in integer types,
 * occurrence bounds, choices (a branch per answer), `nillable` (values are always
 * given), abstract elements and substitution groups (a member per answer). The
 * descriptors carry no length, pattern or digit facets: strings are short words,
 * which fit most but not all such facets; a required ADO.NET DataSet is not made up.
 *
 * Ships with generated code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceDesc } from '../wire/descriptors.js';
import { decodeScalar } from '../wire/scalars.js';
import { SampleValues, type SimpleSampleDesc } from '../wire/sample-values.js';
import { dispatchInProcess } from './in-process.js';
import { outputDescOf } from './pages/samples.js';
import { send } from './server-respond.js';
import { createServiceHandler } from './server.js';
import type { HandlerOptions, OperationImpl, ServiceHandler } from './server-types.js';

/** One recorded exchange, as the recording transport saves it (client/transport-record.ts). */
export interface MockExchange {
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: string;
  };
  readonly response: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string;
  };
}

/** Options of {@link createMockHandler}: the handler's own, and the mock's. */
export interface MockOptions extends HandlerOptions {
  /** Seed of the made-up values (default 1): the same seed, the same answers. */
  readonly seed?: number | undefined;
  /** Recorded exchanges answered as recorded when a request matches one (method, path and query, SOAP action, Body element). */
  readonly replay?: readonly MockExchange[] | undefined;
}

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett'];

/** mulberry32: a small seeded PRNG, values in [0, 1). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of `text` (FNV-1a), to give each operation its own stream of values. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Integer bounds of a range kept small (values a person reads), within the type's value space. */
function integerText(desc: SimpleSampleDesc, r: () => number): string {
  const n = Math.floor(r() * 100);
  switch (desc.range) {
    case 'positiveInteger':
      return String(n + 1);
    case 'negativeInteger':
      return String(-(n + 1));
    case 'nonPositiveInteger':
      return String(-n);
    default:
      return String(n);
  }
}

/** A made-up simple value of `desc`, drawn from `r`. */
export function mockLeaf(desc: SimpleSampleDesc, r: () => number): unknown {
  const kind = desc.scalar;
  let text: string;
  if (desc.enum !== undefined && desc.enum.length > 0) text = desc.enum[Math.floor(r() * desc.enum.length)]!;
  else if (kind === 'string' || kind === 'xml')
    text = `${WORDS[Math.floor(r() * WORDS.length)]}${Math.floor(r() * 100)}`;
  else if (kind === 'boolean') text = r() < 0.5 ? 'true' : 'false';
  else if (kind === 'double' || kind === 'decimalString') text = (Math.floor(r() * 10000) / 100).toFixed(2);
  else if (kind === 'dateTime')
    text = new Date(Date.UTC(2020, 0, 1) + Math.floor(r() * 5 * 365 * 86400) * 1000).toISOString().replace('.000', '');
  else if (kind === 'base64') text = ['AQID', 'BAUG', 'aGVsbG8=', 'd3NkbGM='][Math.floor(r() * 4)]!;
  else if (kind === 'hex') text = ['0A0B', 'CAFE', '00FF10'][Math.floor(r() * 3)]!;
  else if (kind === 'qname') return { ns: '', name: WORDS[Math.floor(r() * WORDS.length)]! };
  else if (kind === 'dataSet') return undefined;
  else text = integerText(desc, r);
  const one = kind === 'string' || kind === 'xml' ? text : decodeScalar(kind, text);
  return desc.list === true ? [one] : one;
}

/** The implementations of a mock: each operation answers a sample of its output drawn from its own seeded stream. */
export function mockImplementations(service: ServiceDesc, seed: number): Record<string, OperationImpl> {
  const out: Record<string, OperationImpl> = {};
  for (const op of service.operations) {
    out[op.name] = (_input, ctx) => {
      const output = outputDescOf(op, ctx.binding);
      if (output === undefined) return undefined;
      const r = prng(seed ^ hash(op.name));
      return new SampleValues(service.types, (d) => mockLeaf(d, r), r).value(output, op.name);
    };
  }
  return out;
}

/** The first element name inside a SOAP Body of `xml` (local name), if any. */
function bodyElement(xml: string | undefined): string | undefined {
  if (xml === undefined) return undefined;
  return /<(?:[\w.-]+:)?Body\b[^>]*>\s*<(?:[\w.-]+:)?([\w.-]+)/.exec(xml)?.[1];
}

function headerOf(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const k of Object.keys(headers)) if (k.toLowerCase() === name) return headers[k];
  return undefined;
}

/** The recorded exchange answering a request, if one matches it. */
function findRecorded(
  replay: readonly MockExchange[],
  method: string,
  target: string,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
): MockExchange | undefined {
  const element = bodyElement(body);
  const action = headerOf(headers, 'soapaction')?.trim();
  for (const ex of replay) {
    if (ex.request.method !== method) continue;
    const u = new URL(ex.request.url, 'http://localhost');
    if ((u.pathname + u.search).toLowerCase() !== target.toLowerCase()) continue;
    const recordedAction = headerOf(ex.request.headers, 'soapaction')?.trim();
    if (recordedAction !== undefined && recordedAction !== action) continue;
    if (bodyElement(ex.request.body) !== element) continue;
    return ex;
  }
  return undefined;
}

function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
    });
    req.on('end', () => resolve(size > max ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}

/**
 * A handler that answers `service` with made-up outputs (see the file comment), for
 * `http.createServer`, as middleware, or under a client's `inMemoryTransport`.
 */
export function createMockHandler(service: ServiceDesc, options: MockOptions = {}): ServiceHandler {
  const { seed, replay, ...handlerOptions } = options;
  const handler = createServiceHandler(service, mockImplementations(service, seed ?? 1), handlerOptions);
  if (replay === undefined || replay.length === 0) return handler;
  const max = options.maxBodyBytes ?? 1024 * 1024;
  return (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void => {
    void (async () => {
      const body = req.method === 'POST' ? await readBody(req, max) : undefined;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const method = req.method === 'POST' ? 'POST' : 'GET';
      const recorded = findRecorded(replay, method, req.url ?? '/', headers, body);
      if (recorded !== undefined) {
        const type = headerOf(recorded.response.headers, 'content-type') ?? 'text/xml; charset=utf-8';
        send(res, recorded.response.status, type, recorded.response.body);
        return;
      }
      const answer = await dispatchInProcess((rq, rs) => handler(rq, rs, next), {
        method,
        url: req.url ?? '/',
        headers,
        body,
        remoteAddress: req.socket.remoteAddress,
      });
      const extra: Record<string, string> = {};
      for (const [k, v] of answer.headers) if (k !== 'content-length' && k !== 'content-type') extra[k] = v;
      const type = answer.headers.find(([k]) => k === 'content-type')?.[1] ?? 'text/plain; charset=utf-8';
      send(res, answer.status, type, answer.body, extra);
    })();
  };
}
