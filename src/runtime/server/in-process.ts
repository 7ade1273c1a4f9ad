/**
 * One request handed to a `node:http` request handler in this process, its answer
 * kept in memory: how the service pages get the exact response a handler writes
 * (their samples, and the test form's answer) without a socket.
 *
 * Ships with generated code.
 */
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** A request to dispatch in process. */
export interface InProcessRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query (`/ecomm/Auth.asmx/Login?Username=a`). */
  readonly url: string;
  /** Request headers (any case; `Host` and `Content-Length` are added). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  /** What the handler sees as the client's address (default 127.0.0.1). */
  readonly remoteAddress?: string;
}

/** The answer of an in-process request. */
export interface InProcessResponse {
  readonly status: number;
  /** Response headers, names lower-cased, in the order written. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

/** A `node:http` request handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A response whose head and body are kept instead of written to a socket. */
class KeptResponse extends ServerResponse {
  readonly chunks: Buffer[] = [];
  head: [string, string][] | undefined;
  readonly done: (res: KeptResponse) => void;

  constructor(req: IncomingMessage, done: (res: KeptResponse) => void) {
    super(req);
    this.done = done;
  }

  override writeHead(status: number, ...rest: unknown[]): this {
    const given = rest.length > 0 ? rest[rest.length - 1] : undefined;
    const head: [string, string][] = [];
    for (const [k, v] of Object.entries(this.getHeaders() as OutgoingHttpHeaders))
      if (v !== undefined) head.push([k.toLowerCase(), String(v)]);
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) head.push([String(given[i]).toLowerCase(), String(given[i + 1])]);
    } else if (given !== null && typeof given === 'object') {
      for (const [k, v] of Object.entries(given as OutgoingHttpHeaders))
        if (v !== undefined) head.push([k.toLowerCase(), String(v)]);
    }
    this.head = head;
    this.statusCode = status;
    return this;
  }

  override write(chunk: unknown, encoding?: unknown): boolean {
    if (this.head === undefined) this.writeHead(this.statusCode);
    this.take(chunk, encoding);
    return true;
  }

  override end(chunk?: unknown, encoding?: unknown): this {
    if (this.writableEnded) return this;
    if (this.head === undefined) this.writeHead(this.statusCode);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') this.take(chunk, encoding);
    Object.defineProperty(this, 'writableEnded', { value: true });
    Object.defineProperty(this, 'headersSent', { value: true });
    this.done(this);
    queueMicrotask(() => {
      this.emit('finish');
      this.emit('close');
    });
    return this;
  }

  private take(chunk: unknown, encoding: unknown): void {
    this.chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  }
}

/**
 * Hands `request` to `handler` and resolves with what it answered.
 * @throws whatever the handler throws synchronously (as a rejection)
 */
export function dispatchInProcess(handler: NodeHandler, request: InProcessRequest): Promise<InProcessResponse> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    Object.defineProperties(socket, {
      remoteAddress: { value: request.remoteAddress ?? '127.0.0.1' },
      localAddress: { value: '127.0.0.1' },
      localPort: { value: 80 },
    });
    const req = new IncomingMessage(socket);
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const headers: Record<string, string> = { host: 'localhost' };
    for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = v;
    if (body !== undefined) headers['content-length'] = String(body.length);
    req.method = request.method;
    req.url = request.url;
    req.headers = headers;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    if (body !== undefined && body.length > 0) req.push(body);
    req.push(null);
    req.complete = true;
    const res = new KeptResponse(req, (r) =>
      resolve({ status: r.statusCode, headers: r.head ?? [], body: Buffer.concat(r.chunks).toString('utf8') }),
    );
    try {
      handler(req, res);
    } catch (err) {
      reject(err);
    }
  });
}
