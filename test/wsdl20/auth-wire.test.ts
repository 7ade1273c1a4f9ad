/**
 * The Auth contract in WSDL 2.0 (test/fixtures/wsdl20/auth.wsdl) generates code with
 * the same wire as wsdl/auth.wsdl: its generated clients talk to its generated servers
 * over SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST, and to the server generated from the
 * WSDL 1.1 contract (generated/auth), sending byte for byte the requests the WSDL 1.1
 * client sends. Servers listen on 127.0.0.1 and are stopped after.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from '../emit/helpers.js';

const OUT20 = path.join(ROOT, 'test/tmp/wsdl20/auth20');
const OUT11 = path.join(ROOT, 'test/tmp/wsdl20/auth11');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface AuthClientLike {
  login(input: { Username: string; Password: string }): Promise<{ ServiceTicket: string }>;
  logout(input: { ServiceTicket: string }): Promise<{ ServiceTicket: string }>;
}
type ClientClass = new (options: { baseUrl: string; binding: string }) => AuthClientLike;
interface Impl {
  login(input: { Username: string; Password: string }): Promise<{ ServiceTicket: string }>;
  logout(input: { ServiceTicket: string }): Promise<{ ServiceTicket: string }>;
}
interface Auth20Module {
  AuthClient: ClientClass;
  AuthHttpClient: ClientClass;
  createAuthHandler: (impl: Impl) => Handler;
  createAuthHttpHandler: (impl: Impl) => Handler;
}
interface Auth11Module {
  AuthClient: ClientClass;
  createAuthHandler: (impl: Impl) => Handler;
}

/** One request as it arrived. */
interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  soapAction: string | undefined;
  body: string;
}

const impl: Impl = {
  async login(input) {
    return { ServiceTicket: `ticket-for-${input.Username}` };
  },
  async logout(input) {
    return { ServiceTicket: input.ServiceTicket };
  },
};

const servers: Server[] = [];
/** Starts `handler` on 127.0.0.1, recording every request into `seen`. */
async function serve(handler: Handler, seen: Seen[] = []): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        soapAction: req.headers.soapaction as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let m20: Auth20Module;
let m11: Auth11Module;
let soap20Url: string;
let http20Url: string;
let url11: string;
const seen11: Seen[] = [];

beforeAll(async () => {
  writeTree(OUT20, await generate('test/fixtures/wsdl20/auth.wsdl', 'test/fixtures/wsdl20/auth.wsdl'));
  writeTree(OUT11, await generate('wsdl/auth.wsdl', 'wsdl/auth.wsdl'));
  m20 = (await import(path.join(OUT20, 'index.ts'))) as Auth20Module;
  m11 = (await import(path.join(OUT11, 'index.ts'))) as Auth11Module;
  soap20Url = await serve(m20.createAuthHandler(impl));
  http20Url = await serve(m20.createAuthHttpHandler(impl));
  url11 = await serve(m11.createAuthHandler(impl), seen11);
});

afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
});

const BINDINGS = [
  { binding: 'soap11', client: 'AuthClient', server: 'soap' },
  { binding: 'soap12', client: 'AuthClient', server: 'soap' },
  { binding: 'httpGet', client: 'AuthHttpClient', server: 'http' },
  { binding: 'httpPost', client: 'AuthHttpClient', server: 'http' },
] as const;

async function loginLogout(client: AuthClientLike): Promise<void> {
  const { ServiceTicket } = await client.login({ Username: 'alice', Password: 's3cret' });
  expect(ServiceTicket).toBe('ticket-for-alice');
  expect(await client.logout({ ServiceTicket })).toEqual({ ServiceTicket: 'ticket-for-alice' });
}

describe('?wsdl of the WSDL 2.0 servers', () => {
  it('serves the WSDL 2.0 document with each endpoint address pointing at the server (HTTP ones keep their trailing /)', async () => {
    const soap = await (await fetch(`${soap20Url}/ecomm/Auth.asmx?wsdl`)).text();
    expect(soap).toContain('<description');
    expect(soap).toContain(`name="AuthSoap" binding="tns:AuthSoap" address="${soap20Url}/ecomm/Auth.asmx"`);
    expect(soap).toContain(`name="AuthSoap12" binding="tns:AuthSoap12" address="${soap20Url}/ecomm/Auth.asmx"`);
    const http = await (await fetch(`${http20Url}/ecomm/Auth.asmx?wsdl`)).text();
    expect(http).toContain(`name="AuthHttpGet" binding="tns:AuthHttpGet" address="${http20Url}/ecomm/Auth.asmx/"`);
  });
});

describe.each(BINDINGS)('WSDL 2.0 Auth over $binding', ({ binding, client, server }) => {
  it('its client logs in and out against its own server', async () => {
    const baseUrl = server === 'soap' ? soap20Url : http20Url;
    await loginLogout(new m20[client]({ baseUrl, binding }));
  });

  it('its client logs in and out against the server generated from wsdl/auth.wsdl, with the same requests as the WSDL 1.1 client', async () => {
    seen11.length = 0;
    await loginLogout(new m11.AuthClient({ baseUrl: url11, binding }));
    const from11 = seen11.splice(0);
    await loginLogout(new m20[client]({ baseUrl: url11, binding }));
    const from20 = seen11.splice(0);
    expect(from11).toHaveLength(2);
    expect(from20).toEqual(from11);
  });
});
