/**
 * What bench/client.ts measures as "ours": one place to swap the hand-written
 * Auth descriptor for the generated AuthClient later, e.g.
 *
 *   import { AuthClient } from '../generated/auth/index.js';
 *   export function createOurClient(baseUrl: string): LoginClient {
 *     const c = new AuthClient({ baseUrl, binding: 'soap11' });
 *     return { login: (input) => c.login(input) };
 *   }
 */
import { ServiceClient } from '../src/runtime/client.js';
import { AUTH_SERVICE, LOGIN } from '../test/runtime-client/fixtures/auth-desc.js';

/** The Login call the bench drives. */
export interface LoginClient {
  login(input: { Username: string; Password: string }): Promise<unknown>;
}

/** Our client doing SOAP 1.1 Login against `baseUrl` (the port path /ecomm/Auth.asmx is appended). */
export function createOurClient(baseUrl: string): LoginClient {
  const client = new ServiceClient(AUTH_SERVICE, { baseUrl, binding: 'soap11' }, 'soap11');
  return { login: (input) => client.call(LOGIN, input) };
}
