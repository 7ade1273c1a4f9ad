/**
 * `wsdlc mock` (src/cli/commands/mock.ts) and `createMockHandler` (src/runtime/server/mock.ts)
 * on Auth: answers over every binding that the generated client accepts, the same faults as the
 * generated server for bad requests, the service pages, replay of recorded exchanges, and the
 * command's line saying where it listens.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthClient, AuthDescriptor, createAuthHandler, type AuthBinding } from '../../generated/auth/index.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { recordingTransport } from '../../src/runtime/client/transport-record.js';
import { createMockHandler } from '../../src/runtime/server/mock.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('createMockHandler on Auth', () => {
  it('answers every operation over every binding with values the client accepts, the same for a seed', async () => {
    for (const binding of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const satisfies readonly AuthBinding[]) {
      const client = new AuthClient({
        transport: inMemoryTransport(createMockHandler(AuthDescriptor, { seed: 5 })),
        binding,
      });
      const a = await client.login({ Username: 'u', Password: 'p' });
      expect(a.ServiceTicket).toMatch(/^[a-z]+[0-9]+$/);
      expect(await client.login({ Username: 'other', Password: 'x' })).toEqual(a);
      expect((await client.logout({ ServiceTicket: 't' })).ServiceTicket).toMatch(/^[a-z]+[0-9]+$/);
    }
  });

  it('answers a bad request as the generated server does', async () => {
    const bad = {
      method: 'POST' as const,
      url: new URL('http://localhost/ecomm/Auth.asmx'),
      headers: {
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: '"http://schemas.example.com/ecomm/auth/Login"',
      },
      body: '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Login xmlns="http://schemas.example.com/ecomm/auth"><Username>u</Username></Login></soap:Body></soap:Envelope>',
      maxResponseBytes: 1 << 20,
    };
    const mock = await inMemoryTransport(createMockHandler(AuthDescriptor))(bad);
    const real = await inMemoryTransport(
      createAuthHandler({ login: async () => ({ ServiceTicket: 'x' }), logout: async () => ({ ServiceTicket: 'x' }) }),
    )(bad);
    expect(mock.status).toBe(500);
    expect(mock.body).toBe(real.body);
  });

  it('replays recorded exchanges, and makes up the rest', async () => {
    const real = createAuthHandler({
      login: async (i) => ({ ServiceTicket: `REAL-${i.Username}` }),
      logout: async () => ({ ServiceTicket: 'bye' }),
    });
    const rec = recordingTransport(inMemoryTransport(real), { keepSecrets: true });
    await new AuthClient({ transport: rec.transport }).login({ Username: 'ann', Password: 'p' });
    await new AuthClient({ transport: rec.transport, binding: 'httpGet' }).login({ Username: 'ann', Password: 'p' });
    const mock = createMockHandler(AuthDescriptor, { replay: JSON.parse(JSON.stringify(rec.exchanges)) });
    const soap = new AuthClient({ transport: inMemoryTransport(mock) });
    expect(await soap.login({ Username: 'zed', Password: 'q' })).toEqual({ ServiceTicket: 'REAL-ann' });
    expect((await soap.logout({ ServiceTicket: 't' })).ServiceTicket).not.toBe('bye');
    const get = new AuthClient({ transport: inMemoryTransport(mock), binding: 'httpGet' });
    expect(await get.login({ Username: 'ann', Password: 'p' })).toEqual({ ServiceTicket: 'REAL-ann' });
    expect((await get.login({ Username: 'bob', Password: 'p' })).ServiceTicket).not.toBe('REAL-ann');
  });
});

/** Starts `wsdlc mock` on a free port; resolves with its output once it says where it listens, and the child. */
function startMock(args: string[]): Promise<{ out: string; ms: number; stop: () => Promise<void> }> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/wsdlc.js'), 'mock', ...args, '--port', '0'], {
    cwd: ROOT,
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('wsdlc mock: listening on')) {
        resolve({
          out,
          ms: Date.now() - started,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGINT');
            }),
        });
      }
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`wsdlc mock exited ${code}: ${out}`)));
  });
}

describe('wsdlc mock', () => {
  it('says where it listens, serves the pages and the bindings, and stops on Ctrl+C', async () => {
    const m = await startMock(['wsdl/auth.wsdl', '--seed', '3']);
    try {
      expect(m.out).toMatch(/Auth: http:\/\/127\.0\.0\.1:\d+\/ecomm\/Auth\.asmx \(soap11, soap12, httpGet, httpPost\)/);
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(m.out)![1]!;
      const page = await fetch(`${origin}/ecomm/Auth.asmx?op=Login`);
      expect(await page.text()).toContain('<h2>HTTP POST</h2>');
      const client = new AuthClient({ baseUrl: origin, binding: 'soap12' });
      expect((await client.login({ Username: 'a', Password: 'b' })).ServiceTicket).toMatch(/^[a-z]+[0-9]+$/);
    } finally {
      await m.stop();
    }
  });

  it('refuses a bad flag with a usage error', async () => {
    await expect(startMock(['wsdl/auth.wsdl', '--seed', 'x'])).rejects.toThrow(
      /exited 2: .*--seed must be a whole number/s,
    );
  });
});
