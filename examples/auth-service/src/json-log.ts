/**
 * The JSON log format (pino): one object per line with `level` (30 info, 40
 * warn, 50 error), `time` (epoch ms) and `msg`; request lines carry `msg:
 * "request"` and the fields of a {@link RequestRecord} (`reqId`, `binding`,
 * `operation`, `outcome`, `status`, `durationMs`, and when known `user`,
 * `ticket` (its first 6 characters), `throttle`). No password or whole ticket
 * reaches a record (request-log.ts), so none reaches the log.
 *
 * Request lines are written asynchronously in blocks (pino's destination with
 * `sync: false`: at 4 KiB, about 15 lines, or every 250 ms, whichever comes
 * first, and at exit), so a request costs no system call of its own; events are
 * written at once.
 */
import { pino } from 'pino';
import type { RequestRecord } from './request-log.js';
import type { ServiceLog } from './service-log.js';

/** Longest time a request line waits in the buffer, in ms. */
const FLUSH_INTERVAL_MS = 250;

/** A JSON-lines log to file descriptor `fd` (default stdout), or to `write` (tests). */
export function jsonLog(target: { fd?: number; write?: (line: string) => void } = {}): ServiceLog {
  const destination =
    target.write !== undefined
      ? { write: target.write }
      : pino.destination({ fd: target.fd ?? 1, sync: false, minLength: 4096, periodicFlush: FLUSH_INTERVAL_MS });
  const logger = pino({ base: null, formatters: { level: (_label, number) => ({ level: number }) } }, destination);
  return {
    event: (level, message) => {
      logger[level](message);
      logger.flush();
    },
    request: (r: RequestRecord) =>
      logger.info(
        {
          reqId: r.id,
          binding: r.binding,
          operation: r.operation,
          outcome: r.outcome,
          status: r.status,
          durationMs: Math.round(r.durationMs * 10) / 10,
          ...(r.user !== undefined ? { user: r.user } : {}),
          ...(r.ticket !== undefined ? { ticket: r.ticket } : {}),
          ...(r.throttle !== undefined ? { throttle: r.throttle } : {}),
        },
        'request',
      ),
    // Asynchronous and in order (a synchronous flush could overtake a write under way); pino
    // writes what is left synchronously when the process exits.
    flush: () => logger.flush(),
  };
}
