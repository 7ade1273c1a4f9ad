/**
 * `npm run demo`: starts the Auth service on a free loopback port with a
 * temporary users file, adds a demo user, then logs in and out with the
 * generated client over each of the four bindings (SOAP 1.1, SOAP 1.2,
 * HTTP GET, HTTP POST), printing each step, shows that a logged-out ticket and
 * a wrong password are refused, and stops.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthClient, HttpError, SoapFault } from '../../../generated/auth/index.js';
import { scryptParamsFromLogN } from './config.js';
import { runCli } from './run-cli.js';
import { startAuthService } from './server.js';
import { addUser } from './user-add.js';

/** The bindings the demo walks through, in order. */
const BINDINGS = ['soap11', 'soap12', 'httpGet', 'httpPost'] as const;

/** Runs the demo, writing its steps to `print`. */
export async function runDemo(print: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wsdlc-auth-demo-'));
  const usersFile = join(dir, 'users.json');
  const scrypt = scryptParamsFromLogN(14);
  const username = 'demo';
  const password = randomBytes(12).toString('base64url');
  await addUser(usersFile, username, password, scrypt);
  print(`created user "${username}" in ${usersFile}`);
  const service = await startAuthService({
    host: '127.0.0.1',
    port: 0,
    usersFile,
    scrypt,
    log: (l) => print(`  [server] ${l}`),
  });
  print(`service listening on ${service.url}`);
  try {
    for (const binding of BINDINGS) {
      const client = new AuthClient({ baseUrl: service.baseUrl, binding });
      print(`${binding}: Login(${username}, ****)`);
      const { ServiceTicket } = await client.login({ Username: username, Password: password });
      print(`${binding}:   -> ServiceTicket ${ServiceTicket}`);
      print(`${binding}: Logout(${ServiceTicket})`);
      const out = await client.logout({ ServiceTicket });
      print(`${binding}:   -> ServiceTicket ${out.ServiceTicket} (session ended)`);
      print(
        `${binding}: Logout again -> ${await refusal(client.logout({ ServiceTicket }), 'a logged-out ticket was accepted')}`,
      );
    }
    const client = new AuthClient({ baseUrl: service.baseUrl, binding: 'soap12' });
    const wrong = await refusal(
      client.login({ Username: username, Password: 'wrong' }),
      'a wrong password was accepted',
    );
    print(`soap12: Login with a wrong password -> ${wrong}`);
  } finally {
    await service.close();
    await rm(dir, { recursive: true, force: true });
    print('service stopped');
  }
}

/**
 * Awaits a call that must fail and describes the failure: a SOAP fault's code
 * and reason, or (HTTP GET/POST, which carry no fault envelope) the HTTP status
 * and text. Any other error, or success, is a demo failure.
 */
async function refusal(call: Promise<unknown>, ifAccepted: string): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof SoapFault) return `fault ${err.code}: ${err.reason}`;
    if (err instanceof HttpError) return `HTTP ${err.status}: ${err.body.trim()}`;
    throw err;
  }
  throw new Error(ifAccepted);
}

await runCli(() =>
  runDemo((line) => {
    process.stdout.write(`${line}\n`);
  }),
);
