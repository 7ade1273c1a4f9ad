/**
 * The default transport: node:http / node:https with shared keep-alive agents,
 * an explicit `Content-Length` (never chunked; seed §4.3 rule 2), a response
 * size cap, a time limit and prompt abort. Allocates little per call (see `Exchange`).
 *
 * Ships with generated code: imports only node:* modules and sibling runtime files.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { deadlineQueue, type DeadlineEntry, type DeadlineQueue } from '../wire/deadline-queue.js';
import {
  abortReason,
  captured,
  decodeContent,
  connectionClosed,
  toResponse,
  releaseCaptured,
  responsePromise,
  timeoutError,
  tooLarge,
  targetOf,
  type Target,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';

/** Keep-alive agents shared by every client in the process. */
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** Options for {@link createNodeTransport}. */
export interface NodeTransportOptions {
  /** Agent for `http:` URLs (default: a shared keep-alive agent). */
  readonly httpAgent?: http.Agent;
  /** Agent for `https:` URLs (default: a shared keep-alive agent). */
  readonly httpsAgent?: https.Agent;
}

/**
 * The response headers as strings. Node gives strings except for repeated
 * headers it keeps as arrays (`set-cookie`); only then is a copy made.
 */
function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  for (const k in h) {
    const v = h[k];
    if (typeof v !== 'string') return flattenedCopy(h);
  }
  return h as Record<string, string>;
}

function flattenedCopy(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in h) {
    const v = h[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * A copy of `headers` with `Content-Length` added (a loop: an object spread plus a
 * property costs several times more in V8, on every call).
 */
function withContentLength(headers: Readonly<Record<string, string>>, length: number): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k in headers) out[k] = headers[k]!;
  out['Content-Length'] = length;
  return out;
}

/** Creates a node:http / node:https transport. */
export function createNodeTransport(options: NodeTransportOptions = {}): Transport {
  const httpAgent = options.httpAgent ?? agents.http;
  const httpsAgent = options.httpsAgent ?? agents.https;
  return (req: TransportRequest) => {
    const { signal } = req;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    let target: Target;
    try {
      target = targetOf(req.url);
    } catch (err) {
      return Promise.reject(err);
    }
    const secure = target.secure;
    const body = req.body;
    const headers = body === undefined ? req.headers : withContentLength(req.headers, Buffer.byteLength(body));
    const ex = new Exchange(req.maxResponseBytes);
    if (req.decompress === true) ex.decompress = true;
    const promise = responsePromise();
    ex.resolve = captured.resolve;
    ex.reject = captured.reject;
    releaseCaptured();
    const request = (secure ? https : http).request(
      {
        // No `protocol`: the request function and agent are chosen by it above (node checks the agent's
        // protocol either way), and every extra option is copied twice more inside node:http.
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: req.method,
        headers,
        agent: secure ? httpsAgent : httpAgent,
      },
      onResponse,
    ) as ExchangeRequest;
    ex.request = request;
    request[EXCHANGE] = ex;
    if (signal) {
      const onAbort = (): void => {
        request.destroy();
        ex.finish(abortReason(signal));
      };
      ex.signal = signal;
      ex.onAbort = onAbort;
      signal.addEventListener('abort', onAbort, { once: true });
    }
    const ms = req.timeoutMs;
    if (ms !== undefined && ms > 0) {
      ex.timeoutMs = ms;
      deadlineQueue(ms).add(ex);
    }
    request.on('error', onRequestError);
    // A string body goes out with the headers in one write (Content-Length is its UTF-8 length).
    if (body === undefined) request.end();
    else if (typeof body !== 'string') request.end(body);
    else request.end(body, 'utf8');
    return promise;
  };
}

// Per-exchange state lives in an Exchange object reachable from the request and
// the response under a symbol; the listeners are module-level functions (`this`
// is the emitter) and the time limit runs in a shared DeadlineQueue: no closures
// or timers per call (except an abort listener when a signal is given).
const EXCHANGE = Symbol('wsdlc.exchange');

interface ExchangeRequest extends http.ClientRequest {
  [EXCHANGE]?: Exchange;
}

interface ExchangeResponse extends http.IncomingMessage {
  [EXCHANGE]?: Exchange;
}

function noop(): void {}

/** One request/response exchange in flight. */
class Exchange implements DeadlineEntry {
  resolve: (res: TransportResponse) => void = noop;
  reject: (err: unknown) => void = noop;
  settled = false;
  request: http.ClientRequest | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  status = 0;
  timeoutMs = 0;
  chunks: Buffer[] = [];
  size = 0;
  deadline = 0;
  deadlineQueue: DeadlineQueue | undefined = undefined;
  prevDeadline: DeadlineEntry | undefined = undefined;
  nextDeadline: DeadlineEntry | undefined = undefined;
  /** Decode a gzip/deflate body (the request asked for one). */
  decompress = false;
  readonly maxResponseBytes: number;

  constructor(maxResponseBytes: number) {
    this.maxResponseBytes = maxResponseBytes;
  }

  /** Settles the call once: with `err` when defined, else with `res`. */
  finish(err: unknown, res?: TransportResponse): void {
    if (this.settled) return;
    this.settled = true;
    this.deadlineQueue?.remove(this);
    if (this.onAbort !== undefined) this.signal?.removeEventListener('abort', this.onAbort);
    if (err !== undefined) this.reject(err);
    else this.resolve(res!);
  }

  /** The time limit passed (DeadlineQueue). */
  expired(): void {
    this.request?.destroy();
    this.finish(timeoutError(this.timeoutMs));
  }
}

function onRequestError(this: ExchangeRequest, err: Error): void {
  this[EXCHANGE]?.finish(err);
}

function onResponse(this: ExchangeRequest, res: ExchangeResponse): void {
  const ex = this[EXCHANGE];
  if (ex === undefined) return;
  const status = res.statusCode ?? 0;
  ex.status = status;
  const declared = Number(res.headers['content-length']);
  if (declared > ex.maxResponseBytes) {
    this.destroy();
    ex.finish(tooLarge(status, ex.maxResponseBytes));
    return;
  }
  res[EXCHANGE] = ex;
  res.on('data', onResponseData);
  res.on('end', onResponseEnd);
  res.on('error', onResponseError);
  res.on('close', onResponseClose);
}

function onResponseData(this: ExchangeResponse, chunk: Buffer): void {
  const ex = this[EXCHANGE]!;
  ex.size += chunk.length;
  if (ex.size > ex.maxResponseBytes) {
    ex.request?.destroy();
    ex.finish(tooLarge(ex.status, ex.maxResponseBytes));
    return;
  }
  ex.chunks.push(chunk);
}

function onResponseEnd(this: ExchangeResponse): void {
  const ex = this[EXCHANGE]!;
  if (ex.settled) return;
  try {
    const { chunks } = ex;
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, ex.size);
    const headers = flattenHeaders(this.headers);
    const content = decodeContent(bytes, headers, ex.status, ex.decompress, ex.maxResponseBytes);
    ex.finish(undefined, toResponse(ex.status, headers, content));
  } catch (err) {
    ex.finish(err);
  }
}

function onResponseError(this: ExchangeResponse, err: Error): void {
  // node:http reports a connection lost mid-body as "aborted": say what happened, as the other transports do.
  this[EXCHANGE]!.finish(this.complete ? err : connectionClosed(true, err));
}

function onResponseClose(this: ExchangeResponse): void {
  if (!this.complete) this[EXCHANGE]!.finish(connectionClosed(true));
}

/** The default transport (shared keep-alive agents). */
export const nodeTransport: Transport = createNodeTransport();
