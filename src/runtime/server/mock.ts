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
 * given), abstract elements and substitution groups (a member per answer), and,
 * where the descriptors carry them (built for a mock from the contract), string
 * `length`/`minLength`/`maxLength`/`pattern` facets and union members (mock-values.ts).
 * Digit facets and the ranges of restricted numbers are not honoured; a required
 * ADO.NET DataSet is not made up.
 *
 * Ships with generated code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceDesc } from '../wire/descriptors.js';
import { SampleValues } from '../wire/sample-values.js';
import { hash32, seededRandom } from '../wire/seeded-random.js';
import { dispatchInProcess } from './in-process.js';
import { mockLeaf } from './mock-values.js';
import { outputDescOf } from './pages/samples.js';
import { NodeExchange } from './node-exchange.js';
import { createServiceCore, createServiceHandler } from './server.js';
import type { HandlerOptions, OperationImpl, ServiceHandler } from './server-types.js';

export { mockLeaf } from './mock-values.js';

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

/** The implementations of a mock: each operation answers a sample of its output drawn from its own seeded stream. */
export function mockImplementations(service: ServiceDesc, seed: number): Record<string, OperationImpl> {
  const out: Record<string, OperationImpl> = {};
  for (const op of service.operations) {
    out[op.name] = (_input, ctx) => {
      const output = outputDescOf(op, ctx.binding);
      if (output === undefined) return undefined;
      const r = seededRandom(seed ^ hash32(op.name));
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
  const core = createServiceCore(service, mockImplementations(service, seed ?? 1), handlerOptions, 'createMockHandler');
  return (req: IncomingMessage, res: ServerResponse, _next?: (err?: unknown) => void): void => {
    void (async () => {
      const body = req.method === 'POST' ? await readBody(req, max) : undefined;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const method = req.method === 'POST' ? 'POST' : 'GET';
      const recorded = findRecorded(replay, method, req.url ?? '/', headers, body);
      if (recorded !== undefined) {
        const type = headerOf(recorded.response.headers, 'content-type') ?? 'text/xml; charset=utf-8';
        new NodeExchange(req, res).send(recorded.response.status, type, recorded.response.body);
        return;
      }
      const answer = await dispatchInProcess(
        core,
        { method, url: req.url ?? '/', headers, body, remoteAddress: req.socket.remoteAddress },
        'node',
      );
      const extra: Record<string, string> = {};
      for (const [k, v] of answer.headers) if (k !== 'content-length' && k !== 'content-type') extra[k] = v;
      const type = answer.headers.find(([k]) => k === 'content-type')?.[1] ?? 'text/plain; charset=utf-8';
      new NodeExchange(req, res).send(answer.status, type, answer.body, extra);
    })();
  };
}
