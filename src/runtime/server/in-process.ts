/**
 * One request handed to a service's core in this process, its answer kept in
 * memory: how the service pages get the exact response the handler writes (their
 * samples, and the test form's answer) without a socket. The request goes through
 * the server seam (exchange.ts) like any other, so the node:http handler and the
 * fetch handler serve the same pages; the implementation gets the context its
 * handler's form makes (`flavour`).
 *
 * Ships with generated code: web standards only.
 */
import { bodyByteLength, utf8Decode, utf8Encode } from '../bytes/utf8.js';
import { TEXT_PLAIN_UTF8 } from '../wire/namespaces.js';
import { type BodyCallback, type BodyLimits, bodyLimitError, GENERIC_REASON, type HttpExchange } from './exchange.js';

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

/** A service core (server.ts `ServiceCore`), as far as dispatching needs it. */
export type InProcessCore = (ex: HttpExchange, notOwned: '404') => boolean;

/** Which handler form's context the implementation gets. */
export type ContextFlavour = 'node' | 'fetch';

/** An exchange whose request is given in full and whose answer is kept. */
class MemoryExchange implements HttpExchange {
  readonly method: string;
  readonly target: string;
  readonly contextHeaders: unknown;
  readonly contextRequest: unknown;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly body: Uint8Array;
  private readonly address: string;
  private readonly added: [string, string][] = [];
  private done: ((r: InProcessResponse) => void) | undefined;

  constructor(request: InProcessRequest, flavour: ContextFlavour, done: (r: InProcessResponse) => void) {
    this.method = request.method;
    this.target = request.url;
    this.body = utf8Encode(request.body ?? '');
    const headers: Record<string, string> = { host: 'localhost' };
    for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name]!;
    if (request.body !== undefined) headers['content-length'] = String(this.body.byteLength);
    this.headers = headers;
    this.address = request.remoteAddress ?? '127.0.0.1';
    this.done = done;
    if (flavour === 'fetch') {
      this.contextHeaders = new Headers(headers);
      this.contextRequest = new Request(`http://localhost${request.url}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
    } else {
      // What a node:http implementation reads of its request: method, url, headers, socket addresses.
      this.contextHeaders = headers;
      this.contextRequest = {
        method: request.method,
        url: request.url,
        headers,
        socket: { remoteAddress: this.address, localAddress: '127.0.0.1', localPort: 80 },
      };
    }
  }

  header(name: string): string | undefined {
    return this.headers[name];
  }

  readBody<A>(limits: BodyLimits, done: BodyCallback<A>, arg: A): void {
    const tooLarge = bodyLimitError(this.body.byteLength, limits);
    if (tooLarge !== undefined) done(tooLarge, undefined, arg);
    else done(undefined, this.body, arg);
  }

  scheme(): string {
    return 'http';
  }

  localAuthority(): string {
    return '127.0.0.1:80';
  }

  remoteAddress(): string | undefined {
    return this.address;
  }

  mountPath(): string {
    return '';
  }

  addHeader(name: string, value: string): void {
    this.added.push([name.toLowerCase(), value]);
  }

  send(
    status: number,
    contentType: string,
    body: string | Uint8Array,
    extraHeaders?: Readonly<Record<string, string>>,
  ): void {
    const text = typeof body === 'string' ? body : utf8Decode(body);
    const headers: [string, string][] = [
      ['content-type', contentType],
      ['content-length', String(bodyByteLength(body))],
    ];
    this.finish(status, headers, text, extraHeaders);
  }

  sendEmpty(status: number, extraHeaders?: Readonly<Record<string, string>>): void {
    this.finish(status, [['content-length', '0']], '', extraHeaders);
  }

  sendAndClose(status: number, message: string): void {
    this.send(status, TEXT_PLAIN_UTF8, message);
  }

  drop(): void {
    this.finish(400, [], '', undefined);
  }

  internalError(): void {
    this.send(500, TEXT_PLAIN_UTF8, GENERIC_REASON);
  }

  private finish(
    status: number,
    headers: [string, string][],
    body: string,
    extraHeaders: Readonly<Record<string, string>> | undefined,
  ): void {
    const done = this.done;
    if (done === undefined) return;
    this.done = undefined;
    if (extraHeaders !== undefined)
      for (const name in extraHeaders) headers.push([name.toLowerCase(), extraHeaders[name]!]);
    done({ status, headers: [...this.added, ...headers], body });
  }
}

/**
 * Hands `request` to the service core `core` and resolves with what it answered.
 * @throws whatever the core throws synchronously (as a rejection)
 */
export function dispatchInProcess(
  core: InProcessCore,
  request: InProcessRequest,
  flavour: ContextFlavour,
): Promise<InProcessResponse> {
  return new Promise((resolve, reject) => {
    try {
      core(new MemoryExchange(request, flavour, resolve), '404');
    } catch (err) {
      reject(err);
    }
  });
}
