/**
 * The node:http adapter of the server seam (exchange.ts): an {@link HttpExchange}
 * over an `IncomingMessage` and its `ServerResponse`. It makes no fetch objects
 * (`Request`, `Response`, `Headers`, `URL`): headers are read from `req.headers`,
 * the body from the stream's events, and answers go out with one `writeHead` and
 * one `end`, as a hand-written node:http server would.
 *
 * Ships with generated code (Node only: node:http objects).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { bodyByteLength } from '../bytes/utf8.js';
import { TEXT_PLAIN_UTF8 } from '../wire/namespaces.js';
import { type BodyCallback, type BodyLimits, GENERIC_REASON, type HttpExchange } from './exchange.js';
import { readBodyThen } from './http-body.js';

/** How long a refused connection may linger after its answer was sent, so the client can read it before the socket closes. */
const CLOSE_GRACE_MS = 1000;

function destroySocket(this: IncomingMessage): void {
  this.socket.destroy();
}

/** One node:http request and its response, as the server core sees them. */
export class NodeExchange implements HttpExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.req = req;
    this.res = res;
  }

  get method(): string {
    return this.req.method ?? '';
  }

  get target(): string {
    return this.req.url ?? '/';
  }

  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return typeof v === 'string' || v === undefined ? v : v[0];
  }

  get contextHeaders(): unknown {
    return this.req.headers;
  }

  get contextRequest(): unknown {
    return this.req;
  }

  readBody<A>(limits: BodyLimits, done: BodyCallback<A>, arg: A): void {
    readBodyThen(this.req, limits, done, arg);
  }

  scheme(): string {
    return (this.req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http';
  }

  localAuthority(): string {
    const addr = this.req.socket.localAddress ?? '127.0.0.1';
    return `${addr.includes(':') ? `[${addr}]` : addr}:${this.req.socket.localPort ?? 80}`;
  }

  remoteAddress(): string | undefined {
    return this.req.socket.remoteAddress;
  }

  /** The path Express/Connect mounted the handler at: `originalUrl`'s path minus `path`. */
  mountPath(path: string): string {
    const req = this.req;
    const original: unknown = (req as IncomingMessage & { originalUrl?: unknown }).originalUrl;
    if (typeof original !== 'string' || original === req.url) return '';
    const q = original.indexOf('?');
    const originalPath = q < 0 ? original : original.slice(0, q);
    return originalPath.length > path.length && originalPath.endsWith(path)
      ? originalPath.slice(0, originalPath.length - path.length)
      : '';
  }

  addHeader(name: string, value: string): void {
    // writeHead merges headers set this way with the ones it is given.
    if (!this.res.headersSent) this.res.setHeader(name, value);
  }

  send(
    status: number,
    contentType: string,
    body: string | Uint8Array,
    extraHeaders?: Readonly<Record<string, string>>,
    byteLength?: number,
  ): void {
    // A counted body (a write plan's tree of concatenated strings) is flattened only once, by the socket.
    const length = String(byteLength ?? bodyByteLength(body));
    this.answer(status, ['Content-Type', contentType, 'Content-Length', length], extraHeaders, body);
  }

  sendEmpty(status: number, extraHeaders?: Readonly<Record<string, string>>): void {
    this.answer(status, ['Content-Length', '0'], extraHeaders, undefined);
  }

  /**
   * Writes the head (`headers`, a flat name/value list, then `extraHeaders`) with one
   * `writeHead` and ends the response with `body`; once a head was sent, only ends it.
   */
  private answer(
    status: number,
    headers: string[],
    extraHeaders: Readonly<Record<string, string>> | undefined,
    body: string | Uint8Array | undefined,
  ): void {
    const res = this.res;
    if (res.headersSent) {
      res.end();
      return;
    }
    if (extraHeaders !== undefined) for (const name in extraHeaders) headers.push(name, extraHeaders[name]!);
    res.writeHead(status, headers);
    res.end(body);
  }

  /**
   * `Connection: close`, nothing more is read, and the socket is destroyed shortly
   * after the answer is flushed (the grace lets the client read the answer instead
   * of seeing a reset).
   */
  sendAndClose(status: number, message: string): void {
    const req = this.req;
    req.pause();
    this.send(status, TEXT_PLAIN_UTF8, message, { Connection: 'close' });
    this.res.once('finish', () => {
      setTimeout(destroySocket.bind(req), CLOSE_GRACE_MS).unref();
    });
  }

  drop(): void {
    this.req.socket.destroy();
  }

  internalError(): void {
    if (!this.res.headersSent) this.send(500, TEXT_PLAIN_UTF8, GENERIC_REASON);
    else this.res.destroy();
  }
}
