/**
 * The transport contract of the client: one HTTP exchange, text in, text out,
 * with an abort signal and a response size cap. The default (transport-default.ts)
 * is `http1Transport` on Node (transport-http1.ts: HTTP/1.1 on node:net / node:tls
 * with a keep-alive pool) and `fetch` elsewhere; `createNodeTransport`
 * (transport-node.ts) uses node:http / node:https and their agents;
 * `fetchTransport` wraps an injected `fetch`.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { hostName, nodeBuiltin } from '../bytes/index.js';
import { parseContentType } from '../wire/content-type.js';
import { isMultipartType } from '../wire/attachments.js';
import { setCause } from '../wire/error-cause.js';
import { decodeBodyLeniently, decodeXmlBody, XmlEncodingError, XmlTextAsRead } from '../xml/xml-decode.js';
import { ResponseError } from '../wire/faults.js';

/** One HTTP request. */
export interface TransportRequest {
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  /** Request headers; `Content-Length` is set by the transport for bodies. */
  readonly headers: Readonly<Record<string, string>>;
  /** UTF-8 body text, or bytes (a multipart/related MTOM or SwA message); absent for GET. */
  readonly body?: string | Uint8Array;
  /** Aborts the exchange; the transport rejects with `signal.reason`. */
  readonly signal?: AbortSignal;
  /** Time limit in ms (0 or absent: none); the transport rejects with {@link timeoutError}. */
  readonly timeoutMs?: number;
  /** Largest response body accepted, in bytes. */
  readonly maxResponseBytes: number;
  /** Ask for and decode gzip/deflate responses (`Accept-Encoding` is the caller's); set only when on. */
  readonly decompress?: boolean;
  /** The WSDL operation name; set only for clients with hooks or a logger (hooks.ts reads it). */
  readonly operation?: string;
}

/** One HTTP response, body decoded to text. */
export interface TransportResponse {
  readonly status: number;
  /** Lower-case header names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text; `''` when it is a multipart message (then in {@link raw}). */
  readonly body: string;
  /**
   * The body bytes of a `multipart/...` response (MTOM, SwA), which are not text:
   * the client reads the parts from them. Absent for every other response.
   */
  readonly raw?: Uint8Array;
}

/** Performs one HTTP exchange. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** Default response size cap: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES: number = 64 * 1024 * 1024;

/**
 * Bytes of response per XML node the default node cap allows. Real answers hold one
 * node per 20-40 bytes (a 50 MB Salesforce `query` answer of 36-field records: one per
 * 26), which the default accepts up to `maxResponseBytes`; an answer of tiny
 * elements (`<a/>`, 4 bytes a node) beyond one node per {@link BYTES_PER_NODE} bytes is
 * refused with a `ResponseLimitError` naming `maxResponseNodes`, before its tree
 * takes many times its size.
 */
export const BYTES_PER_NODE = 16;

/**
 * The default cap on the XML nodes of a response for a size cap of `maxBytes`:
 * `maxBytes / BYTES_PER_NODE` (4,194,304 nodes for the default 64 MiB), at
 * least 10,000.
 */
export function defaultMaxResponseNodes(maxBytes: number): number {
  return Math.max(10_000, Math.floor(maxBytes / BYTES_PER_NODE));
}

/** The default cap on the XML nodes of a response: {@link defaultMaxResponseNodes} of the default size cap. */
export const DEFAULT_MAX_RESPONSE_NODES: number = defaultMaxResponseNodes(DEFAULT_MAX_RESPONSE_BYTES);

/** The error for a response larger than the cap. */
export function tooLarge(status: number, max: number): ResponseError {
  return new ResponseError(`response body exceeds the limit of ${max} bytes`, { status, body: '' });
}

/**
 * Decodes a response body (xml-decode.ts: byte order mark, then the
 * `Content-Type` charset, then the XML declaration, else UTF-8). A successful
 * (2xx) response must decode exactly; an error response is decoded as well as
 * possible, so that its status and text are reported rather than an encoding problem.
 * @throws ResponseError for a 2xx body in an unsupported encoding or with malformed bytes
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined, status: number): string {
  const charset = parseContentType(contentType).params['charset'];
  const b = bytes;
  if (status < 200 || status > 299) return decodeBodyLeniently(b, charset);
  try {
    return decodeXmlBody(b, charset);
  } catch (err) {
    if (err instanceof XmlEncodingError)
      throw new ResponseError(`response body: ${err.message}`, { status, body: decodeBodyLeniently(b, charset) });
    throw err;
  }
}

/**
 * The response of `status`, `headers` and body `bytes`: the body decoded to text by
 * {@link decodeBody}, or, for a `multipart/...` content type (MTOM, SwA), kept
 * as bytes in `raw` (the client splits and decodes its parts).
 * @throws ResponseError as decodeBody
 */
export function toResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  bytes: Uint8Array,
): TransportResponse {
  const type = headers['content-type'];
  if (isMultipartType(type)) return { status, headers, body: '', raw: bytes };
  return { status, headers, body: decodeBody(bytes, type, status) };
}

/**
 * A decoder of a response's text as its body arrives (xml-decode.ts `XmlTextAsRead`), for a
 * transport that reads the body in pieces: when {@link toResponse} would decode the body
 * as UTF-8 and nothing else, i.e. a 2xx response with no content coding, not multipart, whose
 * charset and first bytes `head` say UTF-8. `undefined` otherwise: the body is then decoded
 * whole when it is complete.
 */
export function textAsRead(
  status: number,
  headers: Readonly<Record<string, string>>,
  head: Uint8Array,
): XmlTextAsRead | undefined {
  if (status < 200 || status > 299 || headers['content-encoding'] !== undefined) return undefined;
  const type = headers['content-type'];
  if (isMultipartType(type)) return undefined;
  return XmlTextAsRead.start(head, parseContentType(type).params['charset']);
}

/**
 * Refuses a response with a content coding (RFC 9110 §8.4): the node
 * transports do not ask for one and do not decode one.
 * @throws ResponseError when `Content-Encoding` names anything but `identity`
 */
export function checkContentEncoding(headers: Readonly<Record<string, string>>, status: number): void {
  const coding = headers['content-encoding']?.trim().toLowerCase();
  if (coding === undefined || coding === '' || coding === 'identity') return;
  throw new ResponseError(
    `response has Content-Encoding ${JSON.stringify(headers['content-encoding'])}, which this transport does not decode`,
    { status, body: '' },
  );
}

/**
 * The body bytes with their content coding removed (RFC 9110 §8.4.1): `gzip`
 * (RFC 1952) and `deflate` (RFC 1950 zlib, or raw RFC 1951 as some servers send
 * it), when the request asked for compression (`decompress`); without a coding the
 * bytes are returned as they are. The decoded size is capped at `maxBytes`.
 * @throws ResponseError for a coding not asked for or not known, a body that does not
 *   decode, or a decoded body over the cap
 */
export function decodeContent(
  bytes: Uint8Array,
  headers: Readonly<Record<string, string>>,
  status: number,
  decompress: boolean,
  maxBytes: number,
): Uint8Array {
  const raw = headers['content-encoding'];
  if (raw === undefined) return bytes;
  const coding = raw.trim().toLowerCase();
  if (coding === '' || coding === 'identity') return bytes;
  if (!decompress || (coding !== 'gzip' && coding !== 'x-gzip' && coding !== 'deflate')) {
    checkContentEncoding(headers, status);
    return bytes;
  }
  const zlib = nodeZlib(status, coding);
  const opts = { maxOutputLength: maxBytes };
  try {
    if (coding !== 'deflate') return zlib.gunzipSync(bytes, opts);
    try {
      return zlib.inflateSync(bytes, opts);
    } catch (err) {
      if (err instanceof RangeError) throw err;
      return zlib.inflateRawSync(bytes, opts);
    }
  } catch (err) {
    if (err instanceof RangeError) throw tooLarge(status, maxBytes);
    throw new ResponseError(`response body is not valid ${coding} data: ${(err as Error).message}`, {
      status,
      body: '',
      cause: err,
    });
  }
}

/** The synchronous inflaters of node:zlib that {@link decodeContent} uses. */
interface NodeZlib {
  gunzipSync(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
  inflateSync(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
  inflateRawSync(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
}

/**
 * node:zlib through `process.getBuiltinModule` (never imported: browser bundles stay clean).
 * @throws ResponseError naming the host and the fix where there is none
 */
function nodeZlib(status: number, coding: string): NodeZlib {
  const zlib = nodeBuiltin<NodeZlib>('node:zlib');
  if (zlib !== undefined) return zlib;
  throw new ResponseError(
    `response has Content-Encoding ${coding}, and ${hostName()} has no node:zlib to decode it here: use fetchTransport(fetch), whose fetch decodes content codings`,
    { status, body: '' },
  );
}

/**
 * The error for a connection the server closed before the response was complete:
 * an `Error` with `code: 'ECONNRESET'`, as node:http reports a hang-up, so callers
 * can tell it from a programming error and retry where that is safe.
 */
export function connectionClosed(midResponse: boolean, cause?: unknown): Error {
  const message = midResponse
    ? 'the server closed the connection mid-response'
    : 'socket hang up: the server closed the connection before responding';
  const err = new Error(message);
  if (cause !== undefined) setCause(err, cause);
  return Object.assign(err, { code: 'ECONNRESET' });
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
export const captured: { resolve: (res: TransportResponse) => void; reject: (err: unknown) => void } = {
  resolve: noop,
  reject: noop,
};

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

/**
 * Forgets the resolvers left in {@link captured}: call once they are taken. Left
 * there, they would keep the last response (its whole body) alive until the next call.
 */
export function releaseCaptured(): void {
  captured.resolve = noop;
  captured.reject = noop;
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
