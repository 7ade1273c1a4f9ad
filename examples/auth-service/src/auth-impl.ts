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
import { AuthError, type Authenticator } from './authenticator.js';
import { BusyError } from './hash-limiter.js';
import { recordOperation } from './request-log.js';
import { StoreUnavailableError } from './session-store.js';

/** Seconds a client is asked to wait after a temporary failure. */
export const UNAVAILABLE_RETRY_AFTER_S = 1;

/** The reason sent while the session store does not answer. */
export const UNAVAILABLE_MESSAGE = 'Service unavailable: the session store does not answer; try again later.';
/** The reason sent when too many logins are being checked at once. */
export const BUSY_MESSAGE = 'Service busy: too many logins in progress; try again later.';

/** Runs `fn`, turning the service's errors into {@link SoapFault}s (see the file comment). */
async function asFaults<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
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
      const ticket = await asFaults(() => auth.login(input.Username, input.Password, addressOf(ctx.request)));
      return { ServiceTicket: ticket };
    },
    async logout(input, ctx) {
      recordOperation(ctx.request, ctx.binding, ctx.operation);
      const ticket = await asFaults(() => auth.logout(input.ServiceTicket));
      return { ServiceTicket: ticket };
    },
  };
}
