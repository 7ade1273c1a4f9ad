/**
 * The service's log: events (start, Redis outages and failovers, errors) and one
 * entry per request, in one of two formats:
 *
 * - `text`, for a terminal: events as they are, requests as
 *   `2026-11-21T10:40:00.123Z soap12 Login 200 4.1ms` ({@link formatAccessLine});
 * - `json`, for log collectors: one JSON object per line (pino), e.g.
 *   `{"level":30,"time":1764000000123,"msg":"request","reqId":"9f2c01aa-1","binding":"soap12",
 *   "operation":"Login","outcome":"ok","status":200,"durationMs":4.1,"user":"alice","ticket":"q3Xr9a"}`
 *   (see json-log.ts).
 */
import { formatAccessLine, type LogSink, type RequestRecord } from './request-log.js';

/** Severity of an event. */
export type EventLevel = 'info' | 'warn' | 'error';

/** Where the service's events and request records go. */
export interface ServiceLog {
  /** An event line (`redis: unavailable ...`, `listening on ...`). */
  event(level: EventLevel, message: string): void;
  /** One finished request. */
  request(record: RequestRecord): void;
  /** Writes out anything buffered (at shutdown). */
  flush?(): void;
}

/** The human format, one line per event or request, to `sink`. */
export function textLog(sink: LogSink): ServiceLog {
  return {
    event: (_level, message) => sink(message),
    request: (r) => sink(formatAccessLine(new Date(), r.binding, r.operation, r.status, r.durationMs)),
  };
}
