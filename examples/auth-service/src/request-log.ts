/**
 * One record per request, made when its response finishes (or its connection
 * closes): request id, binding, operation, outcome, HTTP status and duration,
 * and for Login/Logout the user name and the first characters of the ticket.
 * The access log (service-log.ts) writes it as one line; the metrics count it.
 *
 * The binding, operation and outcome are recorded by the implementation wrapper
 * ({@link recordOperation}, {@link recordOutcome}) when the request reaches an
 * operation; requests that never do (`?wsdl`, malformed envelopes, unknown
 * paths) get the binding guessed from the method and content type, the path as
 * the operation and an outcome from the status. Nothing else of the request is
 * kept: never the query string (HTTP GET Login carries the password there), a
 * body, or a whole ticket.
 *
 * The request id is the client's `X-Request-Id` when it is a short token
 * (letters, digits, `.`, `_`, `-`; at most 64), else one made here; it is sent
 * back in the `X-Request-Id` response header.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where log lines go (the text format). */
export type LogSink = (line: string) => void;

/** A request handler in the node:http shape. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * How a request ended: `ok`; the caller's mistakes (`invalid_credentials`,
 * `invalid_ticket`, `invalid_input`, `throttled`, `bad_request` for requests
 * refused before an operation); temporary failures (`busy`, `unavailable`);
 * `error` for anything else (a generic Server fault or 5xx).
 */
export type Outcome =
  | 'ok'
  | 'invalid_credentials'
  | 'invalid_ticket'
  | 'invalid_input'
  | 'throttled'
  | 'busy'
  | 'unavailable'
  | 'bad_request'
  | 'error';

/** Everything logged and counted about one request. */
export interface RequestRecord {
  readonly id: string;
  /** `soap11`, `soap12`, `httpGet`, `httpPost`, `wsdl` or `-`. */
  readonly binding: string;
  /** The operation (`Login`, `Logout`), or the path for requests that reached none. */
  readonly operation: string;
  /** Whether `operation` is an operation of the contract (else a path). */
  readonly dispatched: boolean;
  readonly outcome: Outcome;
  /** HTTP status, `0` when the connection closed before the answer was sent. */
  readonly status: number;
  readonly durationMs: number;
  /** Login's user name (at most 64 characters). */
  readonly user?: string;
  /** The first 6 characters of the ticket issued or ended (of 43: it cannot be used). */
  readonly ticket?: string;
  /** Why throttled: `failures` (locked after failed logins) or `in_progress` (too many at once). */
  readonly throttle?: 'failures' | 'in_progress';
}

interface Notes {
  binding?: string;
  operation?: string;
  outcome?: Outcome;
  user?: string;
  ticket?: string;
  throttle?: 'failures' | 'in_progress';
}

const notes = new WeakMap<IncomingMessage, Notes>();

function notesOf(req: IncomingMessage): Notes {
  let n = notes.get(req);
  if (n === undefined) {
    n = {};
    notes.set(req, n);
  }
  return n;
}

/** Notes which binding and operation a request was dispatched to (called by the implementation). */
export function recordOperation(req: IncomingMessage, binding: string, operation: string): void {
  const n = notesOf(req);
  n.binding = binding;
  n.operation = operation;
}

/** Notes how an operation ended, and the user and ticket it concerned (never logged whole). */
export function recordOutcome(
  req: IncomingMessage,
  outcome: Outcome,
  detail: { user?: string; ticket?: string; throttle?: 'failures' | 'in_progress' } = {},
): void {
  const n = notesOf(req);
  n.outcome = outcome;
  if (detail.user !== undefined) n.user = detail.user.slice(0, 64);
  if (detail.ticket !== undefined) n.ticket = detail.ticket.slice(0, 6);
  if (detail.throttle !== undefined) n.throttle = detail.throttle;
}

/** Best guess of the binding of a request that did not reach an operation. */
function guessBinding(req: IncomingMessage): string {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (req.method === 'GET') return (req.url ?? '').toLowerCase().includes('?wsdl') ? 'wsdl' : 'httpGet';
  if (type.startsWith('application/soap+xml')) return 'soap12';
  if (type.startsWith('text/xml')) return 'soap11';
  if (type.startsWith('application/x-www-form-urlencoded')) return 'httpPost';
  return '-';
}

/** The request path without its query string. */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The outcome of a request that reached no operation, from its status. */
function outcomeOfStatus(status: number): Outcome {
  if (status >= 200 && status < 400) return 'ok';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'error';
}

const ID_PREFIX = randomBytes(4).toString('hex');
let idCounter = 0;

/** The client's request id when it is a short token, else a new one (process prefix + counter: cheap and unique). */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && given.length <= 64 && /^[\w.-]+$/.test(given)) return given;
  idCounter = (idCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${ID_PREFIX}-${idCounter.toString(36)}`;
}

/** Formats one line of the human access log. */
export function formatAccessLine(
  when: Date,
  binding: string,
  operation: string,
  status: number,
  durationMs: number,
): string {
  return `${when.toISOString()} ${binding} ${operation} ${status} ${durationMs.toFixed(1)}ms`;
}

/** Wraps `handler` so `onRecord` gets one {@link RequestRecord} per request when its response finishes (or the connection closes). */
export function withRequestRecords(
  handler: RequestListener,
  onRecord: (record: RequestRecord) => void,
): RequestListener {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const id = requestId(req);
    res.setHeader('X-Request-Id', id);
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const n = notes.get(req);
      const status = res.writableFinished ? res.statusCode : 0;
      const dispatched = n?.operation !== undefined;
      onRecord({
        id,
        binding: n?.binding ?? guessBinding(req),
        operation: n?.operation ?? pathOf(req),
        dispatched,
        outcome: n?.outcome ?? (status === 0 ? 'error' : outcomeOfStatus(status)),
        status,
        durationMs,
        ...(n?.user !== undefined ? { user: n.user } : {}),
        ...(n?.ticket !== undefined ? { ticket: n.ticket } : {}),
        ...(n?.throttle !== undefined ? { throttle: n.throttle } : {}),
      });
    };
    res.once('finish', finish);
    res.once('close', finish);
    handler(req, res);
  };
}
