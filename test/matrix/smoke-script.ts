/**
 * The runtime smoke program of the run-mode tests: a generated Auth server on
 * a loopback ephemeral port, called by the generated client over all four
 * bindings, then once with a wrong password (a SOAP fault). It prints one line
 * the tests compare with {@link SMOKE_EXPECTED}. Written once, as user code
 * importing the generated index, and run as ESM, CommonJS, stripped TypeScript
 * and an esbuild bundle.
 */

/** What the smoke program prints when everything works. */
export const SMOKE_EXPECTED =
  'soap11:ticket-ada soap12:ticket-ada httpGet:ticket-ada httpPost:ticket-ada fault:Client:wrong password';

/** The smoke program, importing the generated index at `indexSpecifier` (`./auth/index.js`, `./auth/index.ts`). */
export function smokeScript(indexSpecifier: string): string {
  return `import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthClient, createAuthHandler, SoapFault, SoapFaultError, type AuthBinding } from '${indexSpecifier}';

async function main(): Promise<string> {
  const handler = createAuthHandler({
    async login(input) {
      if (input.Password !== 'secret') throw new SoapFault({ code: 'Client', reason: 'wrong password' });
      return { ServiceTicket: \`ticket-\${input.Username}\` };
    },
    async logout(input) {
      return { ServiceTicket: input.ServiceTicket };
    },
  });
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = \`http://127.0.0.1:\${port}\`;
  const results: string[] = [];
  try {
    const bindings: AuthBinding[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];
    for (const binding of bindings) {
      const r = await new AuthClient({ baseUrl, binding }).login({ Username: 'ada', Password: 'secret' });
      results.push(\`\${binding}:\${r.ServiceTicket}\`);
    }
    try {
      await new AuthClient({ baseUrl }).login({ Username: 'ada', Password: 'nope' });
      results.push('no fault');
    } catch (err) {
      results.push(err instanceof SoapFaultError ? \`fault:\${err.code}:\${err.reason}\` : \`other:\${String(err)}\`);
    }
  } finally {
    server.close();
    server.closeAllConnections();
  }
  return results.join(' ');
}

main().then(
  (line) => console.log(line),
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
`;
}

/** A client-only program: what a bundle of it holds tells whether server code was tree-shaken. */
export function clientOnlyScript(indexSpecifier: string): string {
  return `import { AuthClient } from '${indexSpecifier}';

export function makeClient(baseUrl: string): AuthClient {
  return new AuthClient({ baseUrl });
}
`;
}
