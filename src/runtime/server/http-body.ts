/**
 * Reading a node:http request body with a size limit and a time limit (the
 * node:http adapter's `readBody`, see exchange.ts).
 *
 * The declared `Content-Length` is checked before a byte is read; bytes are also
 * counted while streaming (chunked bodies have no length), and reading stops as
 * soon as the limit is passed. A client that stalls while sending the body is cut
 * off after `timeoutMs`. Ships with generated code (Node only: node:http streams).
 */
import type { IncomingMessage } from 'node:http';
import { concatBytes } from '../bytes/concat.js';
import { utf8Encode } from '../bytes/utf8.js';
import { deadlineQueue, type DeadlineEntry, type DeadlineQueue } from '../wire/deadline-queue.js';
import {
  type BodyCallback,
  type BodyLimits,
  BodyReadError,
  bodyAborted,
  bodyLimitError,
  bodyTimedOut,
  declaredTooLarge,
} from './exchange.js';

/**
 * Reads the whole body of `req`: calls `done` once, with the body or the
 * {@link BodyReadError} (`tooLarge` when `Content-Length` or the bytes received
 * exceed `maxBytes`: the request is paused, nothing more is read; `timeout` when
 * the body has not arrived within `timeoutMs`; `aborted` when the connection closes
 * early; `consumed` when an earlier middleware read the stream and left no
 * string/Buffer `req.body`). The caller answers (and, for the first two, closes
 * the connection). When the body is known
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
    const tooLarge = declaredTooLarge(declared, limits);
    if (tooLarge !== undefined) {
      done(tooLarge, undefined, arg);
      return;
    }
    if (Number(declared) === 0 && req.complete) {
      done(undefined, new Uint8Array(0), arg);
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
  readonly chunks: Uint8Array[] = [];
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
    fail(this.req, bodyTimedOut(this.limits));
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

function onData(this: ReadingRequest, chunk: Uint8Array): void {
  const reader = this[READER];
  if (reader === undefined) return;
  reader.total += chunk.length;
  const tooLarge = bodyLimitError(reader.total, reader.limits);
  if (tooLarge !== undefined) {
    fail(this, tooLarge);
    return;
  }
  reader.chunks.push(chunk);
}

function onEnd(this: ReadingRequest): void {
  const reader = finish(this, false);
  if (reader === undefined) return;
  const { chunks } = reader;
  const body = chunks.length === 1 ? chunks[0]! : concatBytes(chunks, reader.total);
  reader.done(undefined, body, reader.arg);
}

// node:http destroys the request with an "aborted" error when the connection closes early.
function onError(this: ReadingRequest): void {
  fail(this, bodyAborted());
}

/**
 * The body when an earlier middleware has read the stream: Express's
 * `express.text()`/`express.raw()` leave it on `req.body` as a string or Buffer.
 */
function alreadyReadBuffer(req: IncomingMessage, limits: BodyLimits): Uint8Array | BodyReadError {
  const pre: unknown = (req as IncomingMessage & { body?: unknown }).body;
  const buf = pre instanceof Uint8Array ? pre : typeof pre === 'string' ? utf8Encode(pre) : undefined;
  if (buf === undefined) {
    return new BodyReadError(
      'consumed',
      'the request body was already read by another middleware; mount the service handler before body parsers',
    );
  }
  return bodyLimitError(buf.length, limits) ?? buf;
}
