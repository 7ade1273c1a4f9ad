/**
 * WS-Security UsernameToken (text and digest) and Timestamp, client and server:
 * - the digest against a published test vector (ONVIF Application Programmer's
 *   Guide §5.12.2, the UsernameToken Profile 1.0 §3.1 formula);
 * - the generated client against the generated server (in memory): success, and each
 *   refusal with its WS-Security fault (wrong password, unknown user, replayed nonce,
 *   expired Timestamp, `Created` beyond the skew, no header, a disallowed password type),
 *   `mustUnderstand` on a server that does not check WS-Security, HTTP GET refused;
 * - independent peers: zeep's `wsse.UsernameToken` (text and digest) against the
 *   generated server, node-soap's `WSSecurity` client against the generated server,
 *   and the generated client against a node-soap server checking the token.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthClient,
  // The checked-in Auth output has no WS-Security module: its server answers a mustUnderstand token with MustUnderstand.
  createAuthHandler,
  HttpError,
  SoapFaultError,
  type AuthService,
  type HandlerOptions,
} from '../../generated/auth/index.js';
import {
  memoryNonceCache,
  passwordDigest,
  WSSE_NS,
  wsSecurityHeader,
  type WsSecurityOptions,
} from '../../src/runtime/wire/ws-security.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { authWithFeatures, SERVICE_PATH, startServer, type TestServer } from './helpers.js';

/** The Auth output generated with `--runtime-features ws-security`: its server checks tokens (`wsSecurity`). */
const secured = await authWithFeatures('ws-security', ['ws-security']);

const USERS: Readonly<Record<string, string>> = { alice: 's3cret', bob: 'hunter2' };

const impl: AuthService = {
  async login(input, ctx) {
    return { ServiceTicket: `${ctx.wsSecurity?.username}:${ctx.wsSecurity?.passwordType}:${input.Username}` };
  },
  async logout(input) {
    return { ServiceTicket: input.ServiceTicket };
  },
};

const policy: NonNullable<HandlerOptions['wsSecurity']> = { password: (u) => USERS[u] };

function client(
  options: WsSecurityOptions,
  handler = secured.createAuthHandler(impl, { wsSecurity: policy }),
  binding: 'soap11' | 'soap12' = 'soap11',
): AuthClient {
  return new AuthClient({ binding, transport: inMemoryTransport(handler), soapHeaderXml: wsSecurityHeader(options) });
}

async function faultOf(p: Promise<unknown>): Promise<SoapFaultError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SoapFaultError);
  return err as SoapFaultError;
}

const WSSE = (local: string): string => `{${WSSE_NS}}${local}`;

describe('PasswordDigest', () => {
  it('matches the published ONVIF test vector', async () => {
    const nonce = Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64');
    expect(await passwordDigest(nonce, '2010-09-16T07:50:45Z', 'userpassword')).toBe('tuOSpGlFlIXsozq4HFNeeGeFLEI=');
  });
});

describe('generated client -> generated server', () => {
  for (const binding of ['soap11', 'soap12'] as const) {
    it(`accepts a digest and a text token (${binding}) and tells the implementation the user`, async () => {
      const digest = client({ username: 'alice', password: 's3cret' }, undefined, binding);
      expect(await digest.login({ Username: 'x', Password: 'y' })).toEqual({ ServiceTicket: 'alice:PasswordDigest:x' });
      const text = client({ username: 'bob', password: 'hunter2', passwordType: 'PasswordText' }, undefined, binding);
      expect(await text.login({ Username: 'x', Password: 'y' })).toEqual({ ServiceTicket: 'bob:PasswordText:x' });
    });
  }

  it('answers a wrong password and an unknown user with wsse:FailedAuthentication (SOAP 1.1 faultcode, SOAP 1.2 subcode)', async () => {
    const f11 = await faultOf(client({ username: 'alice', password: 'nope' }).login({ Username: 'x', Password: 'y' }));
    expect(f11.code).toBe(WSSE('FailedAuthentication'));
    const f12 = await faultOf(
      client({ username: 'mallory', password: 'x' }, undefined, 'soap12').login({ Username: 'x', Password: 'y' }),
    );
    expect(f12.code).toBe('Client');
    expect(f12.subcodes).toEqual([WSSE('FailedAuthentication')]);
    expect(f12.httpStatus).toBe(400);
  });

  it('refuses a replayed nonce', async () => {
    const fixed = Buffer.from('0123456789abcdef');
    const t = 1_700_000_000_000;
    const handler = secured.createAuthHandler(impl, {
      wsSecurity: { ...policy, now: () => t, nonceCache: memoryNonceCache() },
    });
    const replaying = new AuthClient({
      transport: inMemoryTransport(handler),
      soapHeaderXml: wsSecurityHeader({ username: 'alice', password: 's3cret', nonce: () => fixed, now: () => t }),
    });
    await expect(replaying.login({ Username: 'x', Password: 'y' })).resolves.toBeDefined();
    const f = await faultOf(replaying.login({ Username: 'x', Password: 'y' }));
    expect(f.code).toBe(WSSE('FailedAuthentication'));
    expect(f.reason).toMatch(/already used/);
  });

  it('refuses an expired Timestamp and a Created outside the clock skew with wsse:MessageExpired', async () => {
    const hourAgo = () => Date.now() - 3_600_000;
    const expired = await faultOf(
      client({ username: 'alice', password: 's3cret', now: hourAgo }).login({ Username: 'x', Password: 'y' }),
    );
    expect(expired.code).toBe(WSSE('MessageExpired'));
    expect(expired.reason).toMatch(/expired/);
    const stale = await faultOf(
      client({ username: 'alice', password: 's3cret', now: hourAgo, timestampTtlSeconds: 0 }).login({
        Username: 'x',
        Password: 'y',
      }),
    );
    expect(stale.code).toBe(WSSE('MessageExpired'));
    expect(stale.reason).toMatch(/clock skew/);
  });

  it('refuses a request without the header, and a password type the service does not allow', async () => {
    const bare = new AuthClient({
      transport: inMemoryTransport(secured.createAuthHandler(impl, { wsSecurity: policy })),
    });
    expect((await faultOf(bare.login({ Username: 'x', Password: 'y' }))).code).toBe(WSSE('InvalidSecurity'));
    const digestOnly = secured.createAuthHandler(impl, { wsSecurity: { ...policy, allowText: false } });
    const f = await faultOf(
      client({ username: 'alice', password: 's3cret', passwordType: 'PasswordText' }, digestOnly).login({
        Username: 'x',
        Password: 'y',
      }),
    );
    expect(f.code).toBe(WSSE('UnsupportedSecurityToken'));
  });

  it('a server that does not check WS-Security answers a mustUnderstand Security header with MustUnderstand', async () => {
    const f = await faultOf(
      client({ username: 'alice', password: 's3cret' }, createAuthHandler(impl)).login({
        Username: 'x',
        Password: 'y',
      }),
    );
    expect(f.code).toBe('MustUnderstand');
    const lenient = client({ username: 'alice', password: 's3cret', mustUnderstand: false }, createAuthHandler(impl));
    expect(await lenient.login({ Username: 'x', Password: 'y' })).toEqual({ ServiceTicket: 'undefined:undefined:x' });
  });

  it('an output without the WS-Security module: MustUnderstand (SOAP 1.1 and 1.2), and wsSecurity refused by name', async () => {
    // The checked-in Auth output declares no UsernameToken policy, so it does not carry wire/ws-security.ts.
    for (const binding of ['soap11', 'soap12'] as const) {
      const f = await faultOf(
        client({ username: 'alice', password: 's3cret' }, createAuthHandler(impl), binding).login({
          Username: 'x',
          Password: 'y',
        }),
      );
      // SOAP 1.1 §4.2.3 / SOAP 1.2 Part 1 §5.2.3: a mustUnderstand block nobody processes.
      expect(f.code).toBe('MustUnderstand');
      expect(f.httpStatus).toBe(500);
    }
    expect(() => createAuthHandler(impl, { wsSecurity: policy })).toThrow(
      /createServiceHandler\(Auth\): wsSecurity needs the WS-Security runtime module wire\/ws-security\.ts.*--runtime-features ws-security/,
    );
  });

  it('answers HTTP GET with 403 when WS-Security is required (the token cannot travel there)', async () => {
    const get = new AuthClient({
      binding: 'httpGet',
      transport: inMemoryTransport(secured.createAuthHandler(impl, { wsSecurity: policy })),
    });
    const err = await get.login({ Username: 'x', Password: 'y' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(403);
  });
});

const zeepPython = await findZeepPython();
const hasZeep = zeepPython !== undefined;
const python = (script: string, args: string[]): Promise<string> => runPython(zeepPython!, script, args);

const ZEEP = `
import sys
from zeep import Client
from zeep.wsse.username import UsernameToken
from zeep.exceptions import Fault
url, user, password, digest = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == 'digest'
client = Client(url + '?wsdl', wsse=UsernameToken(user, password, use_digest=digest))
try:
    r = client.service.Login(Username='z', Password='p')
    print(getattr(r, 'ServiceTicket', r))
except Fault as f:
    print('FAULT', f.code, f.message)
`;
import { findZeepPython, runPython } from './peers.js';

// Skipped only outside CI: .ci/run installs python3-zeep, so in CI a missing zeep fails here.
describe.skipIf(!hasZeep && process.env['CI'] === undefined)('zeep wsse.UsernameToken -> generated server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(secured.createAuthHandler(impl, { wsSecurity: policy }));
  });
  afterAll(() => server.close());

  it('accepts zeep PasswordDigest and PasswordText tokens', async () => {
    const url = server.baseUrl + SERVICE_PATH;
    expect(await python(ZEEP, [url, 'alice', 's3cret', 'digest'])).toBe('alice:PasswordDigest:z');
    expect(await python(ZEEP, [url, 'bob', 'hunter2', 'text'])).toBe('bob:PasswordText:z');
  }, 60_000);

  it('answers a wrong zeep password with wsse:FailedAuthentication', async () => {
    const out = await python(ZEEP, [server.baseUrl + SERVICE_PATH, 'alice', 'wrong', 'digest']);
    expect(out).toMatch(/^FAULT [\w.-]+:FailedAuthentication The security token could not be authenticated/);
  }, 60_000);
});

const WSDL_TEXT = readFileSync(fileURLToPath(new URL('../../wsdl/auth.wsdl', import.meta.url)), 'utf8');

describe('node-soap WSSecurity client -> generated server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(secured.createAuthHandler(impl, { wsSecurity: policy }));
  });
  afterAll(() => server.close());

  for (const passwordType of ['PasswordDigest', 'PasswordText'] as const) {
    it(`accepts node-soap's ${passwordType} token`, async () => {
      const c = await soap.createClientAsync(`${server.baseUrl}${SERVICE_PATH}?wsdl`);
      c.setSecurity(new soap.WSSecurity('alice', 's3cret', { passwordType, hasTimeStamp: true }));
      const [result] = (await c.LoginAsync({ Username: 'n', Password: 'p' })) as [
        { LoginResult: { ServiceTicket: string } },
      ];
      expect(result.LoginResult.ServiceTicket).toBe(`alice:${passwordType}:n`);
    });
  }

  it('answers a wrong node-soap password with a FailedAuthentication fault', async () => {
    const c = await soap.createClientAsync(`${server.baseUrl}${SERVICE_PATH}?wsdl`);
    c.setSecurity(new soap.WSSecurity('alice', 'bad', { passwordType: 'PasswordDigest' }));
    const err = (await c.LoginAsync({ Username: 'n', Password: 'p' }).catch((e: unknown) => e)) as {
      root?: { Envelope?: { Body?: { Fault?: { faultcode?: string } } } };
    };
    expect(err.root?.Envelope?.Body?.Fault?.faultcode).toMatch(/:FailedAuthentication$/);
  });
});

describe('generated client -> node-soap server checking WSSecurity', () => {
  let http: TestServer;
  const seen: unknown[] = [];
  beforeAll(async () => {
    const server = createServer();
    http = await startServer(server);
    const services = {
      Auth: {
        AuthSoap: {
          Login: (args: { Username: string }) => ({ LoginResult: { ServiceTicket: `ns-${args.Username}` } }),
          Logout: (args: { ServiceTicket: string }) => ({ LogoutResult: { ServiceTicket: args.ServiceTicket } }),
        },
      },
    };
    const s = await new Promise<soap.Server>((resolve, reject) => {
      const srv = soap.listen(server, SERVICE_PATH, services, WSDL_TEXT, (err: unknown) =>
        err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(srv),
      );
    });
    // node-soap leaves the check to the service: recompute the digest with its own passwordDigest.
    s.authenticate = (security: unknown) => {
      seen.push(security);
      const t = (security as { UsernameToken?: Record<string, unknown> } | undefined)?.UsernameToken;
      if (!t) return false;
      const pw = t['Password'] as { $value: string; attributes: { Type: string } };
      const expected = USERS[String(t['Username'])];
      if (expected === undefined) return false;
      if (pw.attributes.Type.endsWith('#PasswordText')) return pw.$value === expected;
      const nonce = (t['Nonce'] as { $value: string }).$value;
      return pw.$value === soap.passwordDigest(nonce, String(t['Created']), expected);
    };
  });
  afterAll(() => http.close());

  it('node-soap accepts the generated client digest and text tokens', async () => {
    for (const passwordType of ['PasswordDigest', 'PasswordText'] as const) {
      const c = new AuthClient({
        baseUrl: http.baseUrl,
        soapHeaderXml: wsSecurityHeader({ username: 'alice', password: 's3cret', passwordType }),
      });
      expect(await c.login({ Username: 'g', Password: 'p' })).toEqual({ ServiceTicket: 'ns-g' });
    }
    expect(seen).toHaveLength(2);
  });

  it('node-soap refuses a wrong password from the generated client', async () => {
    const c = new AuthClient({
      baseUrl: http.baseUrl,
      soapHeaderXml: wsSecurityHeader({ username: 'alice', password: 'wrong' }),
    });
    await expect(c.login({ Username: 'g', Password: 'p' })).rejects.toBeInstanceOf(SoapFaultError);
  });
});
