/**
 * A transport that hands each request straight to a `node:http` request listener
 * in the same process: a generated server handler (`createAuthHandler(impl)`)
 * mounted under a generated client without a socket, for unit tests:
 * `new AuthClient({ transport: inMemoryTransport(createAuthHandler(stub)) })`.
 *
 * The listener gets a real `IncomingMessage` (method, URL path, lower-cased
 * headers, the body as one chunk) and a `ServerResponse` whose head and body are
 * captured instead of written to a socket, so the server runs exactly as it does
 * behind `http.createServer`: same dispatch, same faults, same status codes. The
 * response then takes the path of a network one (size cap, charset decoding,
 * `Content-Encoding` refused), and time limits and abort signals apply as well.
 *
 * Ships with generated code: imports only node:* modules and sibling runtime files.
 */
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import {
  abortReason,
  decodeContent,
  toResponse,
  timeoutError,
  tooLarge,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';

/** A `node:http` request listener (what generated `create<Service>Handler` functions return). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Options of {@link inMemoryTransport}. */
export interface InMemoryTransportOptions {
  /** `remoteAddress` the listener sees on `req.socket` (default `127.0.0.1`). */
  readonly remoteAddress?: string;
}

/** A response whose head and body are kept in memory; settles its exchange on `end`. */
class CapturedResponse extends ServerResponse {
  readonly chunks: Buffer[] = [];
  size = 0;
  overflow = false;
  head: Record<string, string> | undefined;
  readonly maxBytes: number;
  readonly settle: (res: CapturedResponse) => void;
  constructor(req: IncomingMessage, maxBytes: number, settle: (res: CapturedResponse) => void) {
    super(req);
    this.maxBytes = maxBytes;
    this.settle = settle;
  }

  override writeHead(status: number, ...rest: unknown[]): this {
    // writeHead(status, [reason], [headers]): headers as an object or a flat [name, value, ...] array.
    const given = rest.length > 0 ? rest[rest.length - 1] : undefined;
    const head = headerRecord(this.getHeaders());
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) addHeader(head, String(given[i]), String(given[i + 1]));
    } else if (given !== null && typeof given === 'object') {
      for (const [k, v] of Object.entries(given as OutgoingHttpHeaders)) if (v !== undefined) addHeader(head, k, v);
    }
    this.head = head;
    this.statusCode = status;
    return super.writeHead(status, ...(rest as []));
  }

  override write(chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
    if (this.head === undefined) this.writeHead(this.statusCode);
    this.take(chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }

  override end(chunk?: unknown, encoding?: unknown, cb?: unknown): this {
    if (this.writableEnded) return this;
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    if (this.head === undefined) this.writeHead(this.statusCode);
    if (chunk !== undefined && chunk !== null) this.take(chunk, encoding);
    // Mark the response finished without a socket: `writableEnded`, 'finish' and 'close' as node:http gives them.
    (this as { finished: boolean }).finished = true;
    Object.defineProperty(this, 'writableEnded', { value: true });
    Object.defineProperty(this, 'writableFinished', { value: true });
    this.settle(this);
    queueMicrotask(() => {
      this.emit('finish');
      this.emit('close');
      if (typeof cb === 'function') (cb as () => void)();
    });
    return this;
  }

  private take(chunk: unknown, encoding: unknown): void {
    const buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    this.size += buf.length;
    if (this.size > this.maxBytes) this.overflow = true;
    else this.chunks.push(buf);
  }
}

function addHeader(head: Record<string, string>, name: string, value: string | number | readonly string[]): void {
  const k = name.toLowerCase();
  const v = Array.isArray(value) ? value.join(', ') : String(value);
  head[k] = head[k] === undefined ? v : `${head[k]}, ${v}`;
}

function headerRecord(h: OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) addHeader(out, k, v);
  return out;
}

/** The socket the listener sees: never connected; `encrypted` for https URLs (the `?wsdl` addresses use it). */
function fakeSocket(secure: boolean, remoteAddress: string, port: number): Socket {
  const s = new Socket();
  Object.defineProperties(s, {
    remoteAddress: { value: remoteAddress },
    localAddress: { value: '127.0.0.1' },
    localPort: { value: port },
    encrypted: { value: secure || undefined },
  });
  return s;
}

/**
 * Creates a transport that serves every request with `listener` in this process
 * (no socket, no port). Exceptions the listener throws reject the call; a
 * listener that never ends its response is cut off by the call's time limit.
 */
export function inMemoryTransport(listener: RequestListener, options: InMemoryTransportOptions = {}): Transport {
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  return (request: TransportRequest): Promise<TransportResponse> =>
    new Promise((resolve, reject) => {
      const { signal, timeoutMs, url } = request;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const secure = url.protocol === 'https:';
      const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
      const req = new IncomingMessage(fakeSocket(secure, remoteAddress, port));
      const body =
        request.body === undefined
          ? undefined
          : typeof request.body === 'string'
            ? Buffer.from(request.body, 'utf8')
            : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
      const headers: Record<string, string> = { host: url.host };
      const raw: string[] = ['Host', url.host];
      for (const [k, v] of Object.entries(request.headers)) {
        headers[k.toLowerCase()] = v;
        raw.push(k, v);
      }
      if (body !== undefined) {
        headers['content-length'] = String(body.length);
        raw.push('Content-Length', String(body.length));
      }
      req.method = request.method;
      req.url = url.pathname + url.search;
      req.headers = headers;
      req.rawHeaders = raw;
      req.httpVersion = '1.1';
      req.httpVersionMajor = 1;
      req.httpVersionMinor = 1;
      if (body !== undefined && body.length > 0) req.push(body);
      req.push(null);
      req.complete = true;

      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const onAbort = (): void => finish(abortReason(signal!), undefined);
      function finish(err: unknown, res: TransportResponse | undefined): void {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (res !== undefined) resolve(res);
        else reject(err);
      }
      const res = new CapturedResponse(req, request.maxResponseBytes, (r) => {
        try {
          const status = r.statusCode;
          if (r.overflow) throw tooLarge(status, request.maxResponseBytes);
          const head = r.head ?? {};
          const raw = r.chunks.length === 1 ? r.chunks[0]! : Buffer.concat(r.chunks, r.size);
          const bytes = decodeContent(raw, head, status, request.decompress === true, request.maxResponseBytes);
          finish(undefined, toResponse(status, head, bytes));
        } catch (err) {
          finish(err, undefined);
        }
      });
      if (timeoutMs !== undefined && timeoutMs > 0) {
        timer = setTimeout(() => finish(timeoutError(timeoutMs), undefined), timeoutMs);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        listener(req, res);
      } catch (err) {
        finish(err, undefined);
      }
    });
}
