/**
 * Client features of issue 17 on the generated Auth client and server, with no
 * socket: the in-memory transport (all four bindings, faults, status codes,
 * `?wsdl`-free dispatch), the recorder and replayer, hooks, the redacting
 * logger, client-wide SOAP header XML and call metadata.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AuthClient,
  createAuthHandler,
  HttpError,
  SoapFault,
  SoapFaultError,
  type AuthBinding,
  type AuthService,
} from '../../generated/auth/index.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import {
  FixtureError,
  loadFixtures,
  recordingTransport,
  replayTransport,
} from '../../src/runtime/client/transport-record.js';
import type { CallMeta, ClientLogger, HookRequest } from '../../generated/auth/runtime/client/index.js';

const stub: AuthService = {
  async login(input, ctx) {
    if (input.Password !== 's3cret') throw new SoapFault({ code: 'Client', reason: 'Invalid username or password.' });
    return { ServiceTicket: `T-${input.Username}-${ctx.binding}` };
  },
  async logout(input) {
    return { ServiceTicket: input.ServiceTicket };
  },
};

const BINDINGS: readonly AuthBinding[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

describe('inMemoryTransport', () => {
  for (const binding of BINDINGS) {
    it(`serves ${binding} calls from the generated handler without a socket`, async () => {
      const client = new AuthClient({ binding, transport: inMemoryTransport(createAuthHandler(stub)) });
      expect(await client.login({ Username: 'alice', Password: 's3cret' })).toEqual({
        ServiceTicket: `T-alice-${binding}`,
      });
      const failed = client.login({ Username: 'alice', Password: 'wrong' });
      if (binding === 'soap11' || binding === 'soap12') {
        await expect(failed).rejects.toBeInstanceOf(SoapFaultError);
        await expect(failed).rejects.toMatchObject({ code: 'Client', reason: 'Invalid username or password.' });
      } else {
        await expect(failed).rejects.toBeInstanceOf(HttpError);
        await expect(failed).rejects.toMatchObject({ status: 500 });
      }
    });
  }

  it('gives the implementation the request headers and the status codes of a real server', async () => {
    let seen: Record<string, unknown> = {};
    const impl: AuthService = {
      ...stub,
      async login(input, ctx) {
        seen = { ...ctx.headers };
        return stub.login(input, ctx);
      },
    };
    const client = new AuthClient({
      baseUrl: 'http://svc.test:8080',
      headers: { 'X-Tenant': 'acme' },
      transport: inMemoryTransport(createAuthHandler(impl)),
    });
    const meta: CallMeta = {};
    await client.login({ Username: 'a', Password: 's3cret' }, { meta });
    expect(seen['x-tenant']).toBe('acme');
    expect(seen['host']).toBe('svc.test:8080');
    expect(seen['soapaction']).toBe('"http://schemas.example.com/ecomm/auth/Login"');
    expect(meta.status).toBe(200);
    expect(meta.headers?.['content-type']).toBe('text/xml; charset=utf-8');
    // A path the handler does not own: the 404 of a real server.
    const lost = new AuthClient({
      endpoint: 'http://svc.test/nowhere',
      transport: inMemoryTransport(createAuthHandler(stub)),
    });
    await expect(lost.login({ Username: 'a', Password: 's3cret' })).rejects.toMatchObject({ status: 404 });
  });

  it('applies the time limit to a handler that never answers, and rejects with what the handler throws', async () => {
    const hang = inMemoryTransport(() => undefined);
    const client = new AuthClient({ transport: hang, timeoutMs: 30 });
    await expect(client.login({ Username: 'a', Password: 'b' })).rejects.toMatchObject({ name: 'TimeoutError' });
    const boom = new AuthClient({
      transport: inMemoryTransport(() => {
        throw new Error('listener exploded');
      }),
    });
    await expect(boom.login({ Username: 'a', Password: 'b' })).rejects.toThrow('listener exploded');
  });
});

describe('recordingTransport / replayTransport', () => {
  it('records redacted exchanges to a file and replays them without a server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsdlc-fixtures-'));
    try {
      const recorder = recordingTransport(inMemoryTransport(createAuthHandler(stub)));
      const live = new AuthClient({ transport: recorder.transport });
      const { ServiceTicket } = await live.login({ Username: 'alice', Password: 's3cret' });
      await live.logout({ ServiceTicket });
      const file = join(dir, 'auth.json');
      recorder.save(file);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('T-alice');
      expect(text).toContain('<Password>***</Password>');

      const replayed = new AuthClient({ transport: replayTransport(file) });
      expect(await replayed.login({ Username: 'alice', Password: 'anything' })).toEqual({ ServiceTicket: '***' });
      expect(await replayed.logout({ ServiceTicket: 'x' })).toEqual({ ServiceTicket: '***' });
      // Each exchange answers once.
      await expect(replayed.login({ Username: 'alice', Password: 's3cret' })).rejects.toBeInstanceOf(FixtureError);
      expect(loadFixtures(file)).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('matches by operation (and by body with matchBody), naming what it has when nothing matches', async () => {
    const recorder = recordingTransport(inMemoryTransport(createAuthHandler(stub)), { keepSecrets: true });
    await new AuthClient({ transport: recorder.transport }).login({ Username: 'bob', Password: 's3cret' });
    const strict = new AuthClient({
      transport: replayTransport(recorder.exchanges, { matchBody: true, repeat: true }),
    });
    expect(await strict.login({ Username: 'bob', Password: 's3cret' })).toEqual({ ServiceTicket: 'T-bob-soap11' });
    expect(await strict.login({ Username: 'bob', Password: 's3cret' })).toEqual({ ServiceTicket: 'T-bob-soap11' });
    await expect(strict.login({ Username: 'eve', Password: 's3cret' })).rejects.toThrow(/another body/);
    await expect(strict.logout({ ServiceTicket: 't' })).rejects.toThrow(
      /no recorded exchange for POST \/ecomm\/Auth.asmx/,
    );
  });

  it('refuses a file that is not a fixture list, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsdlc-fixtures-'));
    try {
      const file = join(dir, 'bad.json');
      writeFileSync(file, '{"request":1}');
      expect(() => loadFixtures(file)).toThrow(new RegExp(`${file.replace(/[.\\/]/g, '\\$&')}: expected a JSON array`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hooks and logger', () => {
  it('lets onRequest and onResponse change the exchange, and reports failures to onError', async () => {
    const seen: HookRequest[] = [];
    const errors: unknown[] = [];
    const client = new AuthClient({
      transport: inMemoryTransport(createAuthHandler(stub)),
      hooks: {
        onRequest(req) {
          seen.push(req);
          // Change the request: the server sees the rewritten password.
          req.body = req.body?.replace('<Password>typo</Password>', '<Password>s3cret</Password>');
        },
        onResponse(res) {
          res.body = res.body.replace('T-alice', 'T-hooked');
        },
        onError(err, info) {
          errors.push([info.operation, err]);
        },
      },
    });
    expect(await client.login({ Username: 'alice', Password: 'typo' })).toEqual({ ServiceTicket: 'T-hooked-soap11' });
    expect(seen[0]?.operation).toBe('Login');
    expect(seen[0]?.headers['SOAPAction']).toBe('"http://schemas.example.com/ecomm/auth/Login"');
    await expect(client.login({ Username: 'alice', Password: 'bad' })).rejects.toBeInstanceOf(SoapFaultError);
    expect(errors).toHaveLength(1);
    expect((errors[0] as unknown[])[0]).toBe('Login');
  });

  it('logs each exchange without passwords, tickets or credential headers', async () => {
    const lines: string[] = [];
    const logger: ClientLogger = {
      debug: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
      error: (m, f) => lines.push(`ERROR ${m} ${JSON.stringify(f)}`),
    };
    for (const binding of BINDINGS) {
      const client = new AuthClient({
        binding,
        transport: inMemoryTransport(createAuthHandler(stub)),
        headers: { Authorization: 'Basic YWxpY2U6czNjcmV0', Cookie: 'ASP.NET_SessionId=abc123' },
        logger,
      });
      const { ServiceTicket } = await client.login({ Username: 'alice', Password: 's3cret' });
      await client.logout({ ServiceTicket });
    }
    const all = lines.join('\n');
    expect(lines.length).toBe(16);
    expect(all).toContain('alice');
    for (const secret of ['s3cret', 'T-alice', 'YWxpY2U6czNjcmV0', 'abc123']) expect(all).not.toContain(secret);
  });
});

describe('client-wide SOAP headers and meta', () => {
  it('sends untyped header XML (static and per call) and exposes the response Header on meta', async () => {
    let header = '';
    const impl: AuthService = {
      ...stub,
      async login(input, ctx) {
        header = ctx.soapHeader
          ? JSON.stringify(ctx.soapHeader.children.map((c) => typeof c !== 'string' && c.name))
          : '';
        return stub.login(input, ctx);
      },
    };
    let n = 0;
    const client = new AuthClient({
      transport: inMemoryTransport(createAuthHandler(impl)),
      soapHeaderXml: [
        '<v:RequestServerVersion xmlns:v="urn:vendor" Version="2010"/>',
        (c) => `<v:Seq xmlns:v="urn:vendor" op="${c.operation}">${++n}</v:Seq>`,
      ],
    });
    await client.login(
      { Username: 'a', Password: 's3cret' },
      { soapHeaderXml: '<x:Trace xmlns:x="urn:x">1</x:Trace>' },
    );
    expect(header).toBe('["RequestServerVersion","Seq","Trace"]');
    await client.login({ Username: 'a', Password: 's3cret' });
    expect(n).toBe(2);
  });
});
