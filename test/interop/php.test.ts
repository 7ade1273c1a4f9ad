/**
 * PHP's soap extension (Debian php-cli, php-soap) as an independent peer, both ways:
 * - PHP `SoapClient` against the generated servers: the Auth contract over SOAP 1.1
 *   and 1.2 (Login, Logout, a Client fault read as `SoapFault`), Basic credentials
 *   (`login`/`password` options) in front of the generated handler, and a typed SOAP
 *   header (`__setSoapHeaders`) that the generated server of the ASMX contract
 *   recorded from Mono (test/fixtures/dataset/mono/DataService.wsdl) decodes;
 * - PHP `SoapServer` (php/router.php under `php -S 127.0.0.1:PORT`) answering the
 *   generated client of that contract: a typed header in and out, a SoapFault, a PHP
 *   session cookie kept by the client's jar, Basic credentials, SOAP 1.1 and 1.2.
 *
 * Needs php-cli with the soap extension; skipped without it only outside CI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHandler } from '../../generated/auth/index.js';
import { CookieJar, withCookies } from '../../src/runtime/client/cookies.js';
import { createHttp1Transport } from '../../src/runtime/client/transport-http1.js';
import { compileTree, generate, ROOT } from '../emit/helpers.js';
import { countingAuth, SERVICE_PATH, startServer, type TestServer } from './helpers.js';
import { freePort, hasPhpSoap, run, skipWithout, startPeer, type PeerProcess } from './peers.js';

const PHP_DIR = path.join(ROOT, 'test/interop/php');
const ASMX_WSDL = 'test/fixtures/dataset/mono/DataService.wsdl';
const GEN = path.join(ROOT, 'test/tmp/php/gen');
const NS = 'http://wsdlc.test/asmx/';
const BASIC = { username: 'alice', password: 's3cret' };
const available = hasPhpSoap();

type Binding = 'soap11' | 'soap12';

interface AuthHeader {
  User?: string;
  Level: number;
}

/** What the generated code of the ASMX contract exports that this test uses (imported at run time). */
interface Generated {
  DataServiceClient: new (options: {
    endpoint: string;
    binding?: Binding;
    cookies?: boolean;
    auth?: { username: string; password: string };
  }) => {
    visit(input: Record<string, never>): Promise<number>;
    whoAmI(
      input: Record<string, never>,
      options?: { soapHeaders?: { AuthHeader?: AuthHeader }; meta?: { soapHeaders?: Record<string, unknown> } },
    ): Promise<string | null | undefined>;
    basicUser(input: Record<string, never>): Promise<string | null | undefined>;
    fail(input: { reason?: string }): Promise<number>;
  };
  createDataServiceHandler: (impl: {
    whoAmI: (input: unknown, ctx: { soapHeaders?: { AuthHeader?: AuthHeader } }) => Promise<string>;
  }) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  SoapFaultError: new (
    ...args: never[]
  ) => Error & {
    code: string;
    reason: string;
    detailXml?: { children: unknown[] };
  };
  HttpError: new (...args: never[]) => Error & { status: number };
  SoapFault: new (init: { code: string; reason: string }) => Error;
}

/** Runs php/client.php; resolves with its JSON answer. */
async function phpClient(
  scenario: string,
  url: string,
  version: '11' | '12',
  basic?: typeof BASIC,
  wsdl = `${url}?wsdl`,
) {
  const args = [path.join(PHP_DIR, 'client.php'), scenario, wsdl, url, version];
  if (basic) args.push(basic.username, basic.password);
  return JSON.parse(await run('php', args, { timeoutMs: 60_000 })) as Record<string, unknown>;
}

/** A listener requiring Basic `BASIC` (RFC 7617) before `handler`, as a reverse proxy would. */
function basicGuard(
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void,
) {
  const expected = `Basic ${Buffer.from(`${BASIC.username}:${BASIC.password}`).toString('base64')}`;
  return (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void => {
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="auth"', 'content-type': 'text/plain' });
      res.end('unauthorized');
      return;
    }
    handler(req, res);
  };
}

let gen: Generated;

beforeAll(async () => {
  if (skipWithout(available)) return;
  expect(compileTree(GEN, await generate(ASMX_WSDL, 'DataService.wsdl'))).toEqual([]);
  gen = (await import(pathToFileURL(path.join(GEN, 'index.ts')).href)) as Generated;
}, 120_000);

describe.skipIf(skipWithout(available))('PHP SoapClient -> generated server', () => {
  const auth = countingAuth();
  let open: TestServer;
  let guarded: TestServer;
  let asmx: TestServer;
  const seenHeaders: (AuthHeader | undefined)[] = [];

  beforeAll(async () => {
    open = await startServer(createAuthHandler(auth));
    guarded = await startServer(basicGuard(createAuthHandler(auth)));
    asmx = await startServer(
      gen.createDataServiceHandler({
        whoAmI: async (_input, ctx) => {
          const h = ctx.soapHeaders?.AuthHeader;
          seenHeaders.push(h);
          if (!h) throw new gen.SoapFault({ code: 'Client', reason: 'AuthHeader required' });
          return `${h.User}/${h.Level}`;
        },
      }),
    );
  });

  afterAll(async () => {
    await Promise.all([open?.close(), guarded?.close(), asmx?.close()]);
  });

  for (const [version, contentType, code] of [
    // PHP reports the faultcode as written (with the server's prefix).
    ['11', /^text\/xml; charset=utf-8$/, 'soap:Client'],
    [
      '12',
      /^application\/soap\+xml; charset=utf-8; action="http:\/\/schemas\.example\.com\/ecomm\/auth\/Login"$/,
      'soap12:Sender',
    ],
  ] as const) {
    it(`logs in and out over SOAP ${version[0]}.${version[1]} and reads the fault as a SoapFault`, async () => {
      const out = await phpClient('auth', open.baseUrl + SERVICE_PATH, version);
      expect(out).toMatchObject({
        login: 'ticket-php',
        logout: 'ticket-php',
        fault: { faultcode: code, faultstring: 'Invalid username or password.' },
      });
      expect(out['contentType']).toMatch(contentType);
    });
  }

  it('sends Basic credentials from the login/password options; without them the 401 is a SoapFault', async () => {
    expect(await phpClient('auth', guarded.baseUrl + SERVICE_PATH, '11', BASIC)).toMatchObject({
      login: 'ticket-php',
      logout: 'ticket-php',
    });
    // The WSDL from the open server; the call to the guarded one without credentials.
    const refused = await phpClient(
      'auth',
      guarded.baseUrl + SERVICE_PATH,
      '11',
      undefined,
      `${open.baseUrl}${SERVICE_PATH}?wsdl`,
    );
    expect(refused['error']).toEqual({ faultcode: 'HTTP', faultstring: 'Unauthorized' });
  });

  for (const version of ['11', '12'] as const) {
    it(`a typed header set with __setSoapHeaders reaches the implementation decoded (SOAP ${version[0]}.${version[1]})`, async () => {
      seenHeaders.length = 0;
      const out = await phpClient('header', `${asmx.baseUrl}/DataService.asmx`, version);
      expect(out['whoami']).toBe('zoë/3');
      expect(out['request']).toContain(`xmlns:ns1="${NS}"`);
      expect(seenHeaders).toEqual([{ User: 'zoë', Level: 3 }, undefined]);
      expect(out['fault']).toMatchObject({ faultstring: 'AuthHeader required' });
    });
  }
});

describe.skipIf(skipWithout(available))('generated client -> PHP SoapServer (php -S)', () => {
  let php: PeerProcess;
  let endpoint: string;

  beforeAll(async () => {
    const port = await freePort();
    const wsdl = path.join(ROOT, 'test/tmp/php/DataService.wsdl');
    writeFileSync(
      wsdl,
      readFileSync(path.join(ROOT, ASMX_WSDL), 'utf8').replaceAll(
        'http://127.0.0.1:8080/',
        `http://127.0.0.1:${port}/`,
      ),
    );
    php = await startPeer('php', ['-S', `127.0.0.1:${port}`, path.join(PHP_DIR, 'router.php')], /started/i, {
      env: { ...process.env, WSDL: wsdl, BASIC_AUTH: `${BASIC.username}:${BASIC.password}` },
    });
    endpoint = `http://127.0.0.1:${port}/DataService.asmx`;
  }, 60_000);

  afterAll(async () => {
    await php?.stop();
  });

  const client = (binding: Binding, extra: { cookies?: boolean; path?: string; auth?: typeof BASIC } = {}) =>
    new gen.DataServiceClient({
      endpoint: extra.path === undefined ? endpoint : endpoint.replace('/DataService.asmx', extra.path),
      binding,
      ...(extra.cookies === true ? { transport: withCookies(createHttp1Transport(), new CookieJar()) } : {}),
      ...(extra.auth === undefined ? {} : { auth: extra.auth }),
    });

  for (const binding of ['soap11', 'soap12'] as const) {
    it(`PHP reads the typed header and answers with one the client decodes (${binding})`, async () => {
      const meta: { soapHeaders?: Record<string, unknown> } = {};
      const who = await client(binding).whoAmI({}, { soapHeaders: { AuthHeader: { User: 'zoë', Level: 3 } }, meta });
      expect(who).toBe('zoë/3');
      expect(meta.soapHeaders).toEqual({ TraceHeader: { RequestId: 'php-zoë' } });
    });

    it(`a PHP SoapFault is a SoapFaultError with code, reason and detail (${binding})`, async () => {
      const err = await client(binding)
        .fail({ reason: 'no <stock>' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(gen.SoapFaultError);
      const f = err as InstanceType<Generated['SoapFaultError']>;
      expect(f.code).toBe('Client');
      expect(f.reason).toBe('refused: no <stock>');
      expect(f.detailXml?.children).toEqual(['stock=0']);
    });

    it(`keeps the PHP session cookie in the client's jar (${binding})`, async () => {
      const withJar = client(binding, { cookies: true });
      expect([await withJar.visit({}), await withJar.visit({}), await withJar.visit({})]).toEqual([1, 2, 3]);
      const without = client(binding);
      expect([await without.visit({}), await without.visit({})]).toEqual([1, 1]);
    });

    it(`sends Basic credentials PHP requires under /secure/ (${binding})`, async () => {
      expect(await client(binding, { path: '/secure/DataService.asmx', auth: BASIC }).basicUser({})).toBe('alice');
      const refused = await client(binding, { path: '/secure/DataService.asmx' })
        .basicUser({})
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(gen.HttpError);
      expect((refused as { status: number }).status).toBe(401);
    });
  }
});
