/**
 * What bench/client.ts measures as "ours": the generated AuthClient of
 * generated/auth (bench/client.ts compiles it with the current src/runtime,
 * see bench/compile.ts), doing SOAP 1.1 Login.
 */
import { AuthClient } from '../generated/auth/index.js';
import { createNodeTransport } from '../src/runtime/client/transport-node.js';

/** The Login call the bench drives. */
export interface LoginClient {
  login(input: { Username: string; Password: string }): Promise<unknown>;
}

/** The generated client doing SOAP 1.1 Login against `baseUrl` (the port path /ecomm/Auth.asmx is appended). */
export function createOurClient(baseUrl: string): LoginClient {
  const client = new AuthClient({ baseUrl, binding: 'soap11' });
  return { login: (input) => client.login(input) };
}

/** The same client on the node:http transport (createNodeTransport): our overhead over raw node:http on the same stack. */
export function createOurClientOnNodeHttp(baseUrl: string): LoginClient {
  const client = new AuthClient({ baseUrl, binding: 'soap11', transport: createNodeTransport() });
  return { login: (input) => client.login(input) };
}
