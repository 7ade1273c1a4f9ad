/**
 * The transport contract of the client: one HTTP exchange, text in, text out,
 * with an abort signal and a response size cap. The default is
 * `http1Transport` (transport-http1.ts: HTTP/1.1 on node:net / node:tls with a
 * keep-alive pool); `createNodeTransport` (transport-node.ts) uses node:http /
 * node:https and their agents; `fetchTransport` wraps an injected `fetch`.
 *
 * Ships with generated code: imports only node:* modules and sibling runtime files.
 */
import { encodingOf, parseContentType } from './content-type.js';
import { ResponseError } from './faults.js';

/** One HTTP request. */
export interface TransportRequest {
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  /** Request headers; `Content-Length` is set by the transport for bodies. */
  readonly headers: Readonly<Record<string, string>>;
  /** UTF-8 body text; absent for GET. */
  readonly body?: string;
  /** Aborts the exchange; the transport rejects with `signal.reason`. */
  readonly signal?: AbortSignal;
  /** Time limit in ms (0 or absent: none); the transport rejects with {@link timeoutError}. */
  readonly timeoutMs?: number;
  /** Largest response body accepted, in bytes. */
  readonly maxResponseBytes: number;
}

/** One HTTP response, body decoded to text. */
export interface TransportResponse {
  readonly status: number;
  /** Lower-case header names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Performs one HTTP exchange. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** Default response size cap: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The error for a response larger than the cap. */
export function tooLarge(status: number, max: number): ResponseError {
  return new ResponseError(`response body exceeds the limit of ${max} bytes`, { status, body: '' });
}

/**
 * Decodes a response body per its `Content-Type` charset (UTF-8 when absent),
 * dropping a byte order mark.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined, status: number): string {
  const charset = parseContentType(contentType).params['charset'];
  let enc = encodingOf(charset);
  if (enc === undefined) {
    throw new ResponseError(`unsupported response charset ${JSON.stringify(charset)}`, { status, body: '' });
  }
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // A UTF-16 BOM wins over a missing or wrong charset (XML 1.0 §4.3.3, Appendix F).
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) enc = 'utf16le';
  const text = b.toString(enc);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A `DOMException` named `TimeoutError` (as `AbortSignal.timeout` produces). */
export function timeoutError(ms: number): Error {
  return new DOMException(`request timed out after ${ms} ms`, 'TimeoutError');
}

/** A `DOMException` named `AbortError`. */
export function abortError(): Error {
  return new DOMException('request aborted', 'AbortError');
}

/** The reason of an aborted signal as an Error. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? abortError();
}

function noop(): void {}

/** The resolvers of the promise {@link responsePromise} made last: read them right after calling it. */
export const captured: { resolve: (res: TransportResponse) => void; reject: (err: unknown) => void } = { resolve: noop, reject: noop };

function capture(resolve: (res: TransportResponse) => void, reject: (err: unknown) => void): void {
  captured.resolve = resolve;
  captured.reject = reject;
}

/**
 * A pending response promise whose resolvers are left in {@link captured}. One
 * executor serves every exchange (executors run synchronously), so a call
 * allocates no closure for them.
 */
export function responsePromise(): Promise<TransportResponse> {
  return new Promise(capture);
}

/** The parts of a request URL the node transports need. */
export interface Target {
  readonly href: string;
  readonly secure: boolean;
  /** Without the brackets of an IPv6 literal. */
  readonly hostname: string;
  readonly port: number;
  /** The `Host` header: host and non-default port (RFC 9112 §3.2). */
  readonly host: string;
  /** Request target: path and query. */
  readonly path: string;
  /** Scheme and authority: the connection pool's key. */
  readonly origin: string;
}

/** Targets by URL object (see {@link targetOf}). */
const targets = new WeakMap<URL, Target>();

/**
 * The target of `url`, computed once per URL object (clients reuse one URL per
 * operation; reading URL properties is not free). Checked against `href`, so a
 * URL changed since is read again.
 * @throws TypeError for a scheme other than http: and https:
 */
export function targetOf(url: URL): Target {
  const href = url.href;
  let t = targets.get(url);
  if (t === undefined || t.href !== href) {
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') throw new TypeError(`unsupported URL scheme ${url.protocol}`);
    const host = url.hostname;
    const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
    t = {
      href,
      secure,
      hostname: host.startsWith('[') ? host.slice(1, -1) : host,
      port,
      host: url.host,
      path: (url.pathname || '/') + url.search,
      origin: `${url.protocol}//${url.host}`,
    };
    targets.set(url, t);
  }
  return t;
}
