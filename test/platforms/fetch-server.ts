/**
 * The generated Auth server as a Fetch API handler, bundled by fetch-servers.test.ts
 * (esbuild, platform neutral) for Bun, Deno and workerd, and imported as it is by the
 * Next.js route fixture: `handler` is `createAuthFetchHandler` with a small body limit
 * (so a chunked body can pass it cheaply), `honoApp` a Hono app that mounts it.
 */
import { Hono } from 'hono';
import { createAuthFetchHandler, SoapFault } from '../../generated/auth/index.js';

/** The body limit of the servers under test: a body one byte longer is refused with 413. */
export const MAX_BODY_BYTES = 4096;

/** Login answers a ticket for any user, or a Client fault for the password `wrong`; Logout echoes the ticket. */
export const handler = createAuthFetchHandler(
  {
    async login(input, ctx) {
      if (input.Password === 'wrong') throw new SoapFault({ code: 'Client', reason: 'Wrong user name or password.' });
      // The context carries the Fetch API request itself.
      return { ServiceTicket: `ticket:${input.Username}:${ctx.binding}:${ctx.request.method}` };
    },
    async logout(input) {
      return { ServiceTicket: `bye:${input.ServiceTicket}` };
    },
  },
  { maxBodyBytes: MAX_BODY_BYTES },
);

/** A Hono app serving the service under its WSDL path, and something of its own beside it. */
export const honoApp = new Hono();
honoApp.get('/hello', (c) => c.text('hello from hono'));
honoApp.all('/ecomm/*', (c) => handler(c.req.raw));
