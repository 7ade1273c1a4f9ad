/**
 * The seam between the server core and the platform it runs on: one request and
 * its response, as the core sees them. The core (routing, SOAP, HTTP GET/POST,
 * faults) reads the request and answers through an {@link HttpExchange} only;
 * adapters implement it over node:http (`node-exchange.ts`, which makes no fetch
 * objects) and over the Fetch API (`fetch-exchange.ts`: `Request` in, `Response` out).
 *
 * Ships with generated code: web standards only, no Node globals.
 */

/** The text/plain answer to a request the runtime itself failed on (ASMX's wording; also the reason of generic faults). */
export const GENERIC_REASON = 'Server was unable to process request.';

/** Why a body could not be read; the server maps each kind to a status code. */
export type BodyErrorKind = 'tooLarge' | 'timeout' | 'aborted' | 'consumed';

/**
 * A body that could not be read: too large (413), too slow (408), the client went
 * away, or another middleware consumed it without leaving it on `req.body` (500).
 */
export class BodyReadError extends Error {
  override readonly name = 'BodyReadError';
  /** What went wrong. */
  readonly kind: BodyErrorKind;

  constructor(kind: BodyErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Limits of a request body. */
export interface BodyLimits {
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number;
  /** Longest time allowed to receive the whole body, in milliseconds (0 = no limit). */
  readonly timeoutMs: number;
}

/**
 * Receives a body read by {@link HttpExchange.readBody}: the bytes, or the reason
 * they could not be read, and the `arg` given to readBody (so that the callback can
 * be a module-level function rather than a closure made per request).
 */
export type BodyCallback<A> = (err: BodyReadError | undefined, body: Uint8Array | undefined, arg: A) => void;

/** The error of a `Content-Length` header over the limit (checked before a byte is read), else `undefined`. */
export function declaredTooLarge(declared: string, limits: BodyLimits): BodyReadError | undefined {
  if (!(Number(declared) > limits.maxBytes)) return undefined;
  return new BodyReadError(
    'tooLarge',
    `request body of ${declared} bytes exceeds the limit of ${limits.maxBytes} bytes`,
  );
}

/** The error of a body of `bytes` (received so far, or at hand) when it is over the limit, else `undefined`. */
export function bodyLimitError(bytes: number, limits: BodyLimits): BodyReadError | undefined {
  if (bytes <= limits.maxBytes) return undefined;
  return new BodyReadError('tooLarge', `request body exceeds the limit of ${limits.maxBytes} bytes`);
}

/** The error of a body that did not arrive in time. */
export function bodyTimedOut(limits: BodyLimits): BodyReadError {
  return new BodyReadError('timeout', `the request body did not arrive within ${limits.timeoutMs} ms`);
}

/** The error of a connection that closed (or a body stream that failed) before the body ended. */
export function bodyAborted(): BodyReadError {
  return new BodyReadError('aborted', 'the connection closed before the whole body arrived');
}

/**
 * One HTTP request and its response, as the server core uses them. Exactly one of
 * the `send*` methods (or {@link drop}) answers a request; later calls are ignored.
 */
export interface HttpExchange {
  /** The request method, upper-case as sent (`GET`, `POST`...). */
  readonly method: string;
  /** The request target as received: path and query (origin form), or absolute form. */
  readonly target: string;
  /** The first value of a request header (`name` lower-case), or `undefined`. */
  header(name: string): string | undefined;
  /** What the implementation's context carries as `headers` (node: `IncomingHttpHeaders`; fetch: `Headers`). */
  readonly contextHeaders: unknown;
  /** What the implementation's context carries as `request` (node: `IncomingMessage`; fetch: `Request`). */
  readonly contextRequest: unknown;
  /**
   * Reads the whole body within `limits`: checks `Content-Length` before reading,
   * counts streamed bytes (chunked bodies have none) and stops as soon as the limit
   * is passed, and gives up after `limits.timeoutMs`. Calls `done` exactly once.
   */
  readBody<A>(limits: BodyLimits, done: BodyCallback<A>, arg: A): void;
  /** `https` or `http`: the scheme the request came in on. */
  scheme(): string;
  /** The address the request came to (`host:port`), for when `Host` is missing or unusable. */
  localAuthority(): string;
  /** The client's address, when the platform tells it (node:http does; the Fetch API does not). */
  remoteAddress(): string | undefined;
  /** The path a framework mounted the handler at in front of `path` (Express), or `''`. */
  mountPath(path: string): string;
  /** Adds a header to whatever response this exchange sends (CORS headers). */
  addHeader(name: string, value: string): void;
  /** Sends a complete response with a body (`byteLength`: its UTF-8 length, when the caller counted it). */
  send(
    status: number,
    contentType: string,
    body: string | Uint8Array,
    extraHeaders?: Readonly<Record<string, string>>,
    byteLength?: number,
  ): void;
  /** Sends a response with no body and `Content-Length: 0` (202 of a one-way operation, 204 of a preflight). */
  sendEmpty(status: number, extraHeaders?: Readonly<Record<string, string>>): void;
  /**
   * Answers a request whose body was refused (too large, too slow) with a
   * text/plain `message` and closes the connection where the platform lets the
   * handler do so (node:http; a fetch host closes or drains as it sees fit).
   */
  sendAndClose(status: number, message: string): void;
  /** Gives up on a request whose client went away (no answer can reach it). */
  drop(): void;
  /** Last resort for a bug in the runtime itself: 500 if nothing was sent, else the connection is dropped. */
  internalError(): void;
}
