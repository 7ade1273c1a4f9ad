/**
 * The Auth service implementation on the generated server stubs: maps the
 * generated `AuthService` interface onto the {@link Authenticator}, and its
 * {@link AuthError}s onto SOAP Client faults (SOAP 1.1 §4.4.1 `Client` /
 * SOAP 1.2 Part 1 §5.4.6 `Sender`: the request was wrong and resending it
 * unchanged will fail again). Other errors become Server faults via the runtime.
 */
import { SoapFault, type AuthService } from '../../../generated/auth/index.js';
import { AuthError, type Authenticator } from './authenticator.js';
import { recordOperation } from './request-log.js';

/** Runs `fn`, turning an {@link AuthError} into a Client {@link SoapFault}. */
async function asClientFaults<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AuthError) throw new SoapFault({ code: 'Client', reason: err.message });
    throw err;
  }
}

/** Builds the `AuthService` implementation backed by `auth`. */
export function createAuthImpl(auth: Authenticator): AuthService {
  return {
    async login(input, ctx) {
      recordOperation(ctx.request, ctx.binding, ctx.operation);
      const ticket = await asClientFaults(() => auth.login(input.Username, input.Password));
      return { ServiceTicket: ticket };
    },
    async logout(input, ctx) {
      recordOperation(ctx.request, ctx.binding, ctx.operation);
      const ticket = await asClientFaults(() => auth.logout(input.ServiceTicket));
      return { ServiceTicket: ticket };
    },
  };
}
