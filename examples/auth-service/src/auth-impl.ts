/**
 * The Auth service implementation on the generated server stubs: maps the
 * generated `AuthService` interface onto the {@link Authenticator}, and its
 * failures onto SOAP faults:
 *
 * - {@link AuthError}: a Client fault (SOAP 1.1 §4.4.1 `Client` / SOAP 1.2
 *   Part 1 §5.4.6 `Sender`: the request was wrong and resending it unchanged
 *   will fail again); a throttled login carries `retryAfter` (HTTP GET/POST: 429).
 * - A temporary failure (session store unavailable, hashing queue full): a
 *   Server fault "Service unavailable ... try again" with `retryAfter`, which the
 *   runtime sends with `Retry-After` (HTTP GET/POST: 503; SOAP: the 500 both SOAP
 *   HTTP bindings require for a Server/Receiver fault).
 *
 * Other errors become generic Server faults via the runtime.
 */
import type { IncomingMessage } from 'node:http';
// The server side only: the barrel (index.js) also loads the client runtime (https, tls, fetch transport).
import { SoapFault } from '../../../generated/auth/runtime/index.js';
import type { AuthService } from '../../../generated/auth/server.js';
import { AuthError, IN_PROGRESS_MESSAGE, type Authenticator } from './authenticator.js';
import { BusyError } from './hash-limiter.js';
import { type Outcome, recordOperation, recordOutcome } from './request-log.js';
import { StoreUnavailableError } from './session-store.js';

/** Seconds a client is asked to wait after a temporary failure. */
export const UNAVAILABLE_RETRY_AFTER_S = 1;

/** The reason sent while the session store does not answer. */
export const UNAVAILABLE_MESSAGE = 'Service unavailable: the session store does not answer; try again later.';
/** The reason sent when too many logins are being checked at once. */
export const BUSY_MESSAGE = 'Service busy: too many logins in progress; try again later.';

/** How a failed operation is counted and logged (request-log.ts). */
function outcomeOf(err: unknown): { outcome: Outcome; throttle?: 'failures' | 'in_progress' } {
  if (err instanceof AuthError) {
    if (err.kind === 'throttled')
      return { outcome: 'throttled', throttle: err.message === IN_PROGRESS_MESSAGE ? 'in_progress' : 'failures' };
    return {
      outcome:
        err.kind === 'invalid-credentials'
          ? 'invalid_credentials'
          : err.kind === 'invalid-ticket'
            ? 'invalid_ticket'
            : 'invalid_input',
    };
  }
  if (err instanceof StoreUnavailableError) return { outcome: 'unavailable' };
  if (err instanceof BusyError) return { outcome: 'busy' };
  return { outcome: 'error' };
}

/**
 * Runs `fn` for `req`, records its outcome, and turns the service's errors into
 * {@link SoapFault}s (see the file comment).
 */
async function asFaults<T>(req: IncomingMessage, user: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const { outcome, throttle } = outcomeOf(err);
    recordOutcome(req, outcome, { ...(user !== undefined ? { user } : {}), ...(throttle ? { throttle } : {}) });
    if (err instanceof AuthError) {
      throw new SoapFault({
        code: 'Client',
        reason: err.message,
        ...(err.retryAfterSeconds !== undefined ? { retryAfter: err.retryAfterSeconds } : {}),
      });
    }
    if (err instanceof StoreUnavailableError)
      throw new SoapFault({ code: 'Server', reason: UNAVAILABLE_MESSAGE, retryAfter: UNAVAILABLE_RETRY_AFTER_S });
    if (err instanceof BusyError)
      throw new SoapFault({ code: 'Server', reason: BUSY_MESSAGE, retryAfter: UNAVAILABLE_RETRY_AFTER_S });
    throw err;
  }
}

/** The client's address (the socket's peer; proxies' X-Forwarded-For is not trusted). */
function addressOf(req: IncomingMessage): string | undefined {
  return req.socket.remoteAddress;
}

/** Builds the `AuthService` implementation backed by `auth`. */
export function createAuthImpl(auth: Authenticator): AuthService {
  return {
    async login(input, ctx) {
      recordOperation(ctx.request, ctx.binding, ctx.operation);
      const user = typeof input.Username === 'string' ? input.Username : undefined;
      const ticket = await asFaults(ctx.request, user, () =>
        auth.login(input.Username, input.Password, addressOf(ctx.request)),
      );
      recordOutcome(ctx.request, 'ok', { ...(user !== undefined ? { user } : {}), ticket });
      return { ServiceTicket: ticket };
    },
    async logout(input, ctx) {
      recordOperation(ctx.request, ctx.binding, ctx.operation);
      const ticket = await asFaults(ctx.request, undefined, () => auth.logout(input.ServiceTicket));
      recordOutcome(ctx.request, 'ok', { ticket });
      return { ServiceTicket: ticket };
    },
  };
}
