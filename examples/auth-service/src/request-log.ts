/**
 * Access log: one line per request with binding, operation, HTTP status and
 * duration, e.g.
 *
 *     2026-11-21T10:40:00.123Z soap12 Login 200 4.1ms
 *
 * The binding and operation are recorded by the implementation wrapper
 * ({@link recordOperation}) when the request reaches an operation; requests
 * that never do (`?wsdl`, malformed envelopes, unknown paths) are logged with
 * the binding guessed from the method and content type and the path as the
 * operation. The query string is never logged (HTTP GET Login carries the
 * password there).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where log lines go. */
export type LogSink = (line: string) => void;

/** A request handler in the node:http shape. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const operations = new WeakMap<IncomingMessage, { binding: string; operation: string }>();

/** Notes which binding and operation a request was dispatched to (called by the implementation). */
export function recordOperation(req: IncomingMessage, binding: string, operation: string): void {
  operations.set(req, { binding, operation });
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

/** Formats one access-log line. */
export function formatAccessLine(
  when: Date,
  binding: string,
  operation: string,
  status: number,
  durationMs: number,
): string {
  return `${when.toISOString()} ${binding} ${operation} ${status} ${durationMs.toFixed(1)}ms`;
}

/** Wraps `handler` so every request is logged to `log` when its response finishes (or the connection closes). */
export function withAccessLog(handler: RequestListener, log: LogSink): RequestListener {
  return (req, res) => {
    const started = process.hrtime.bigint();
    let logged = false;
    const done = (): void => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const known = operations.get(req);
      const status = res.writableFinished ? res.statusCode : 0;
      log(
        formatAccessLine(new Date(), known?.binding ?? guessBinding(req), known?.operation ?? pathOf(req), status, ms),
      );
    };
    res.once('finish', done);
    res.once('close', done);
    handler(req, res);
  };
}
