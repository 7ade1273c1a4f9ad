/**
 * One server of the server bench, run in its own process so the load generator
 * does not share its event loop: `node bench/server-child.js <kind> <wsdl-file> [<spin-µs>]`
 * (compiled by bench/compile.ts; or `node --import tsx bench/server-child.ts ...`)
 * with kind `wsdlc` (our handler), `node-soap` (`soap.listen` on the same WSDL)
 * or `bare` (node:http answering a canned response: the ceiling; with `spin-µs`,
 * after busy-waiting that long: a calibration row). Listens on
 * 127.0.0.1, an ephemeral port, and reports `{ port }` to the parent over IPC;
 * answers the message `'stats'` with `{ cpuMicros }` (CPU time used so far).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { CANNED_RESPONSE, createBenchHandler, login, logout, SERVICE_PATH } from './auth-handler.js';

const kind = process.argv[2];

function wsdlText(): string {
  const file = process.argv[3];
  if (file === undefined) throw new Error('usage: server-child <kind> <wsdl-file>');
  return readFileSync(file, 'utf8');
}

/** Busy-waits this many microseconds per request in `bare` (calibration: what N µs of work cost here). */
const spinMicros = Number(process.argv[4] ?? 0);

/** Drains the request body, then answers the canned response (after `spinMicros` of busy work). */
function bare(req: IncomingMessage, res: ServerResponse): void {
  req.on('data', () => undefined);
  req.on('end', () => {
    if (spinMicros > 0) {
      const start = process.hrtime.bigint();
      while (Number(process.hrtime.bigint() - start) < spinMicros * 1000);
    }
    res.writeHead(200, {
      'Content-Type': 'text/xml; charset=utf-8',
      'Content-Length': Buffer.byteLength(CANNED_RESPONSE),
    });
    res.end(CANNED_RESPONSE);
  });
}

async function start(): Promise<void> {
  let server: ReturnType<typeof createServer>;
  if (kind === 'wsdlc') {
    server = createServer(createBenchHandler());
  } else if (kind === 'bare') {
    server = createServer(bare);
  } else if (kind === 'node-soap') {
    const soap = await import('soap');
    server = createServer((_req, res) => {
      // soap.listen answers its own path; anything else is a 404.
      res.statusCode = 404;
      res.end();
    });
    const impl = {
      Auth: {
        AuthSoap: {
          Login: (args: { Username: string; Password: string }) => ({ LoginResult: login(args) }),
          Logout: (args: { ServiceTicket: string }) => ({ LogoutResult: logout(args) }),
        },
      },
    };
    soap.listen(server, SERVICE_PATH, impl, wsdlText());
  } else {
    throw new Error(`unknown server kind ${String(kind)}`);
  }
  server.keepAliveTimeout = 30_000;
  // The parent asks for CPU time used, to compute CPU per request (load-independent).
  process.on('message', (msg: unknown) => {
    if (msg === 'stats') {
      const cpu = process.cpuUsage();
      process.send?.({ cpuMicros: cpu.user + cpu.system });
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ port });
  });
}

void start();
