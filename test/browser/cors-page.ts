/**
 * The script of the page that cors.test.ts serves on another origin than the service
 * (bundled by esbuild for the browser): the generated Auth client with `fetchTransport`
 * over the page's `fetch` calls Login, Logout and a Login that faults, and reports what
 * it got (or the error it met) as JSON-safe values.
 */
import { AuthClient } from '../../generated/auth/client.js';
import { fetchTransport } from '../../generated/auth/runtime/client/transport-fetch.js';
import { SoapFaultError } from '../../generated/auth/runtime/index.js';

/** What one call gave: its value, or the error's class and message. */
type Outcome = { ok: unknown } | { error: string; message: string; status?: number };

async function outcome(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: await call() };
  } catch (err) {
    const e = err as Error;
    return err instanceof SoapFaultError
      ? { error: 'SoapFaultError', message: e.message, status: err.httpStatus }
      : { error: e.name, message: e.message };
  }
}

/** Calls the service at `baseUrl` over `binding` from this page. */
export async function callService(baseUrl: string, binding: 'soap11' | 'soap12'): Promise<Record<string, Outcome>> {
  const client = new AuthClient({ baseUrl, binding, transport: fetchTransport((url, init) => fetch(url, init)) });
  return {
    login: await outcome(() => client.login({ Username: 'alice', Password: 'café €' })),
    logout: await outcome(() => client.logout({ ServiceTicket: 'ticket:alice' })),
    fault: await outcome(() => client.login({ Username: 'alice', Password: 'wrong' })),
  };
}
