/**
 * Reading a request body with a size limit and a time limit.
 *
 * The declared `Content-Length` is checked before a byte is read; bytes are also
 * counted while streaming (chunked bodies have no length), and reading stops as
 * soon as the limit is passed. A client that stalls while sending the body is cut
 * off after `timeoutMs`. Ships with generated code (node:* only).
 */
import type { IncomingMessage } from 'node:http';
import { deadlineQueue, type DeadlineEntry, type DeadlineQueue } from '../wire/deadline-queue.js';

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

/** Limits for {@link readBody}. */
export interface BodyLimits {
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number;
  /** Longest time allowed to receive the whole body, in milliseconds (0 = no limit). */
  readonly timeoutMs: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * Reads the whole body of `req` into one buffer.
 *
 * Rejects with {@link BodyReadError}: `tooLarge` when `Content-Length` or the
 * bytes received exceed `maxBytes` (the request is paused, nothing more is
 * read), `timeout` when the body has not arrived within `timeoutMs`, `aborted`
 * when the connection closes early, `consumed` when the stream was read by an
 * earlier middleware that left no string/Buffer `req.body`. The caller answers
 * (and, for the first two, closes the connection).
 */
export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    readBodyThen(req, limits, settle, { resolve, reject });
  });
}

function settle(
  err: BodyReadError | undefined,
  body: Buffer | undefined,
  p: { resolve(body: Buffer): void; reject(err: unknown): void },
): void {
  if (body !== undefined) p.resolve(body);
  else p.reject(err);
}

/**
 * Receives a body read by {@link readBodyThen}: the body, or the reason it could
 * not be read, and the `arg` given to readBodyThen (so that the callback can be
 * a module-level function rather than a closure made per request).
 */
export type BodyCallback<A> = (err: BodyReadError | undefined, body: Buffer | undefined, arg: A) => void;

/**
 * The callback form of {@link readBody} (which wraps it): calls `done` once,
 * with the body or the {@link BodyReadError}. When the body is known
 * without waiting (already read, refused by `Content-Length`, empty) `done` is
 * called before this returns; otherwise from the request's 'end' (or failure) event,
 * so a body that arrives in one chunk costs no promise and no microtask hop.
 */
export function readBodyThen<A>(req: IncomingMessage, limits: BodyLimits, done: BodyCallback<A>, arg: A): void {
  if (req.readableEnded) {
    const pre = alreadyReadBuffer(req, limits);
    if (pre instanceof BodyReadError) done(pre, undefined, arg);
    else done(undefined, pre, arg);
    return;
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    const n = Number(declared);
    if (n > limits.maxBytes) {
      done(
        new BodyReadError(
          'tooLarge',
          `request body of ${declared} bytes exceeds the limit of ${limits.maxBytes} bytes`,
        ),
        undefined,
        arg,
      );
      return;
    }
    if (n === 0 && req.complete) {
      done(undefined, EMPTY, arg);
      return;
    }
  }
  const reader = new BodyReader(limits, req as ReadingRequest);
  reader.done = done as BodyCallback<unknown>;
  reader.arg = arg;
  (req as ReadingRequest)[READER] = reader;
  if (limits.timeoutMs > 0) deadlineQueue(limits.timeoutMs).add(reader);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
}

// The reading state lives on the request under a symbol and the listeners are
// module-level functions (`this` is the request): no closures per request.
const READER = Symbol('wsdlc.bodyReader');

interface ReadingRequest extends IncomingMessage {
  [READER]?: BodyReader | undefined;
}

/** The state of one body being read (its time limit runs in a shared {@link DeadlineQueue}). */
class BodyReader implements DeadlineEntry {
  readonly chunks: Buffer[] = [];
  total = 0;
  /** Called once with the body or the failure, and {@link arg}. */
  done: BodyCallback<unknown> = noopCallback;
  /** The third argument of {@link done}. */
  arg: unknown = undefined;
  deadline = 0;
  deadlineQueue: DeadlineQueue | undefined = undefined;
  prevDeadline: DeadlineEntry | undefined = undefined;
  nextDeadline: DeadlineEntry | undefined = undefined;
  readonly limits: BodyLimits;
  readonly req: ReadingRequest;

  constructor(limits: BodyLimits, req: ReadingRequest) {
    this.limits = limits;
    this.req = req;
  }

  expired(): void {
    fail(this.req, new BodyReadError('timeout', `the request body did not arrive within ${this.limits.timeoutMs} ms`));
  }
}

function noopCallback(): void {}

/**
 * Ends the reading of `req`'s body. The listeners are removed only when reading
 * stops early (`detach`): after 'end' the stream emits no more data, and a late
 * 'error' finds no reader and is ignored.
 */
function finish(req: ReadingRequest, detach: boolean): BodyReader | undefined {
  const reader = req[READER];
  if (reader === undefined) return undefined;
  req[READER] = undefined;
  reader.deadlineQueue?.remove(reader);
  if (detach) {
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('error', onError);
  }
  return reader;
}

function fail(req: ReadingRequest, err: BodyReadError): void {
  const reader = finish(req, true);
  if (reader === undefined) return;
  req.pause();
  reader.done(err, undefined, reader.arg);
}

function onData(this: ReadingRequest, chunk: Buffer): void {
  const reader = this[READER];
  if (reader === undefined) return;
  reader.total += chunk.length;
  if (reader.total > reader.limits.maxBytes) {
    fail(this, new BodyReadError('tooLarge', `request body exceeds the limit of ${reader.limits.maxBytes} bytes`));
    return;
  }
  reader.chunks.push(chunk);
}

function onEnd(this: ReadingRequest): void {
  const reader = finish(this, false);
  if (reader === undefined) return;
  const { chunks } = reader;
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, reader.total);
  reader.done(undefined, body, reader.arg);
}

// node:http destroys the request with an "aborted" error when the connection closes early.
function onError(this: ReadingRequest): void {
  fail(this, new BodyReadError('aborted', 'the connection closed before the whole body arrived'));
}

/**
 * The body when an earlier middleware has read the stream: Express's
 * `express.text()`/`express.raw()` leave it on `req.body` as a string or Buffer.
 */
function alreadyReadBuffer(req: IncomingMessage, limits: BodyLimits): Buffer | BodyReadError {
  const pre: unknown = (req as IncomingMessage & { body?: unknown }).body;
  const buf = Buffer.isBuffer(pre) ? pre : typeof pre === 'string' ? Buffer.from(pre, 'utf8') : undefined;
  if (buf === undefined) {
    return new BodyReadError(
      'consumed',
      'the request body was already read by another middleware; mount the service handler before body parsers',
    );
  }
  if (buf.length > limits.maxBytes) {
    return new BodyReadError('tooLarge', `request body exceeds the limit of ${limits.maxBytes} bytes`);
  }
  return buf;
}
