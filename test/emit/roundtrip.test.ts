/**
 * End to end: the generated Auth client talks to the generated Auth server over
 * all four bindings (server on 127.0.0.1, started and stopped here).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from './helpers.js';

const OUT = path.join(ROOT, 'test/tmp/roundtrip/auth');

interface AuthModule {
  AuthClient: new (options: {
    baseUrl: string;
    binding: string;
  }) => {
    login(input: { Username: string; Password: string }): Promise<{ ServiceTicket: string }>;
    logout(input: { ServiceTicket: string }): Promise<{ ServiceTicket: string }>;
  };
  createAuthHandler: (impl: object) => (req: unknown, res: unknown) => void;
  SoapFault: new (init: { code: string; reason: string }) => Error;
}

let server: Server;
let baseUrl: string;
let mod: AuthModule;

beforeAll(async () => {
  writeTree(OUT, await generate('wsdl/auth.wsdl', 'wsdl/auth.wsdl'));
  mod = (await import(path.join(OUT, 'index.ts'))) as AuthModule;
  const handler = mod.createAuthHandler({
    async login(input: { Username: string; Password: string }) {
      if (input.Password !== 's3cret') throw new mod.SoapFault({ code: 'Client', reason: 'bad credentials' });
      return { ServiceTicket: `ticket-for-${input.Username}` };
    },
    async logout(input: { ServiceTicket: string }) {
      return { ServiceTicket: input.ServiceTicket };
    },
  });
  server = createServer(handler as Parameters<typeof createServer>[1]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.each(['soap11', 'soap12', 'httpGet', 'httpPost'])('generated Auth over %s', (binding) => {
  it('logs in and out', async () => {
    const client = new mod.AuthClient({ baseUrl, binding });
    const { ServiceTicket } = await client.login({ Username: 'alice', Password: 's3cret' });
    expect(ServiceTicket).toBe('ticket-for-alice');
    expect(await client.logout({ ServiceTicket })).toEqual({ ServiceTicket: 'ticket-for-alice' });
  });
});

describe('faults', () => {
  it('rejects with the server fault over SOAP', async () => {
    const client = new mod.AuthClient({ baseUrl, binding: 'soap11' });
    await expect(client.login({ Username: 'alice', Password: 'wrong' })).rejects.toThrow(/bad credentials/);
  });
});
