/**
 * A warm process stays warm across full collections for small calls too (xml/keep-layout.ts,
 * as stream-warm.test.ts for large answers). V8 lets an object layout go two full collections
 * after the last object that had it and throws away the optimised code that checks for it
 * ("reason: weak objects" in `node --trace-deopt`). A call's XML writer (and its open elements),
 * its request to the transport and the HTTP/1.1 exchange are made per call and dropped; one of
 * each kept by the runtime keeps their layouts.
 *
 * One child process (V8's tracing, test/support/warm-trace.ts): the client calls Login on the
 * runtime's server over 127.0.0.1 until the code is optimised, the process collects four times,
 * then makes one more call. The server's own per-request objects are not kept: the functions
 * that read them read node:http's requests, responses and sockets too, whose layouts go anyway.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { expectStaysWarm } from '../support/warm-trace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const at = (file: string): string => JSON.stringify(path.join(ROOT, file));

/**
 * The functions a small call keeps hot that only our per-call objects feed (names node:http's
 * code does not use): the client's, the writer's (the server's answer too), the HTTP/1.1 transport's.
 */
const HOT = ['sendSoap', 'writeField', 'closeStartTag', 'text', 'resume', 'feed', 'parseHead'];

const SCRIPT = `
  import { createServer } from 'node:http';
  import { ServiceClient } from ${at('src/runtime/client/client.ts')};
  import { defaultTransportReady } from ${at('src/runtime/client/transport-default.ts')};
  import { createServiceHandler } from ${at('src/runtime/server/server.ts')};
  import { authService } from ${at('test/runtime-server/fixtures/auth-desc.ts')};
  await defaultTransportReady();
  const server = createServer(createServiceHandler(authService, {
    Login: async (input) => ({ ServiceTicket: 'ticket-' + input.Username }),
    Logout: async (input) => ({ ServiceTicket: input.ServiceTicket }),
  }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new ServiceClient(authService, { endpoint: 'http://127.0.0.1:' + server.address().port + '/ecomm/Auth.asmx' }, 'soap11');
  const login = authService.operations.find((op) => op.name === 'Login');
  const call = async () => {
    const result = await client.call(login, { Username: 'alice', Password: 's3cret' });
    if (result.ServiceTicket !== 'ticket-alice') throw new Error('not answered: ' + JSON.stringify(result));
  };
  for (let k = 0; k < 2500; k++) await call();
  console.log('=== collections');
  for (let k = 0; k < 4; k++) globalThis.gc();
  console.log('=== after');
  await call();
  server.closeAllConnections();
  server.close();
`;

describe('a warm process after full collections', () => {
  it(
    'keeps the optimised code of small calls: client, writer and transport',
    () => expectStaysWarm(SCRIPT, HOT),
    60_000,
  );
});
