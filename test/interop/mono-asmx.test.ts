/**
 * ASMX against a real ASP.NET implementation (issue 16, item 1): Mono's
 * System.Web.Services serves test/interop/mono-asmx/DataService.asmx through a small
 * host (Host.cs: HttpListener + HttpRuntime.ProcessRequest, since xsp4 is broken
 * on Debian), both compiled with `mcs` once per run into test/tmp/mono-asmx/.
 * The test fetches the WSDL Mono writes (`?WSDL`), generates a wsdlc client from
 * it, and calls the service over SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST:
 * a DataSet (two tables, a `diffgr:before` row) and a DataTable with typed columns
 * and DBNull values, an `EnableSession` method (the `ASP.NET_SessionId` cookie kept
 * by the client's jar), a typed `SoapHeader` in and out, Basic authentication (the
 * host answers 401 under /secure/ without it), and a `SoapException`.
 *
 * Needs mono-devel (`mcs`, `mono`); skipped without it only outside CI.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { CookieJar, withCookies } from '../../src/runtime/client/cookies.js';
import { createHttp1Transport } from '../../src/runtime/client/transport-http1.js';
import type { DataSet } from '../../src/runtime/wire/dataset.js';
import { compileTree, ROOT, testOptions } from '../emit/helpers.js';
import { hasCommand, run, skipWithout, startPeer, type PeerProcess } from './peers.js';

const SRC = path.join(ROOT, 'test/interop/mono-asmx');
const TMP = path.join(ROOT, 'test/tmp/mono-asmx');
const APP = path.join(TMP, 'app');
const GEN = path.join(TMP, 'gen');
const NS = 'http://wsdlc.test/asmx/';
const BASIC = { username: 'alice', password: 's3cret' };
/** Mono's answers recorded for the tests that run without Mono (asmx-dataset.test.ts); the address there is 127.0.0.1:8080. */
const RECORDED = path.join(ROOT, 'test/fixtures/dataset/mono');

type Binding = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

/** Call metadata (the runtime's `CallMeta`). */
interface Meta {
  status?: number;
  headers?: Readonly<Record<string, string>>;
  soapHeaders?: Readonly<Record<string, unknown>>;
}

/** The generated client this test uses (typed loosely: it is imported at run time). */
interface Client {
  getCustomers(input: { country?: string }): Promise<DataSet | null | undefined>;
  getOrders(input: { customerId: number }): Promise<DataSet | null | undefined>;
  visit(input: Record<string, never>): Promise<number>;
  whoAmI(
    input: Record<string, never>,
    options?: { soapHeaders?: { AuthHeader?: { User?: string; Level: number } }; meta?: Meta },
  ): Promise<string | null | undefined>;
  basicUser(input: Record<string, never>): Promise<string | null | undefined>;
  fail(input: { reason?: string }): Promise<number>;
}

interface Generated {
  DataServiceClient: new (options: {
    endpoint?: string;
    binding?: Binding;
    cookies?: boolean;
    auth?: { username: string; password: string };
  }) => Client;
  SoapFaultError: new (...args: never[]) => Error & { code: string; reason: string };
  HttpError: new (...args: never[]) => Error & { status: number };
}

const available = hasCommand('mcs') && hasCommand('mono');

describe.skipIf(skipWithout(available))('Mono ASMX (System.Web.Services) <- generated client', () => {
  let host: PeerProcess;
  let base: string;
  let gen: Generated;
  let wsdl: string;

  beforeAll(async () => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(path.join(APP, 'bin'), { recursive: true });
    mkdirSync(path.join(APP, 'secure'), { recursive: true });
    for (const f of ['DataService.asmx', 'web.config']) copyFileSync(path.join(SRC, f), path.join(APP, f));
    copyFileSync(path.join(SRC, 'DataService.asmx'), path.join(APP, 'secure/DataService.asmx'));
    // Both assemblies in the application's bin/, where ASP.NET's AppDomain loads them from.
    const refs = ['-r:System.Web.dll', '-r:System.Web.Services.dll', '-r:System.Data.dll', '-r:System.Xml.dll'];
    await Promise.all([
      run('mcs', ['-nologo', '-target:library', ...refs, `-out:${APP}/bin/DataService.dll`, `${SRC}/DataService.cs`]),
      run('mcs', ['-nologo', '-r:System.Web.dll', `-out:${APP}/bin/Host.exe`, `${SRC}/Host.cs`]),
    ]);
    host = await startPeer('mono', [path.join(APP, 'bin/Host.exe'), APP], /listening (http:\/\/127\.0\.0\.1:\d+)\//, {
      env: { ...process.env, TZ: 'UTC', HOST_BASIC_AUTH: `${BASIC.username}:${BASIC.password}` },
    });
    base = host.match[1]!;
    // The WSDL as Mono writes it, kept beside the generated code for inspection.
    const res = await fetch(`${base}/DataService.asmx?WSDL`);
    expect(res.status).toBe(200);
    wsdl = await res.text();
    const wsdlPath = path.join(TMP, 'DataService.wsdl');
    writeFileSync(wsdlPath, wsdl);
    const files = await emitFiles(await loadModel(wsdlPath), testOptions('DataService.wsdl'), {});
    expect(compileTree(GEN, files)).toEqual([]);
    gen = (await import(pathToFileURL(path.join(GEN, 'index.ts')).href)) as Generated;
  }, 180_000);

  afterAll(async () => {
    await host?.stop();
  });

  const client = (binding: Binding, extra: { cookies?: boolean; path?: string; auth?: typeof BASIC } = {}): Client =>
    new gen.DataServiceClient({
      endpoint: `${base}${extra.path ?? '/DataService.asmx'}`,
      binding,
      ...(extra.cookies === true ? { transport: withCookies(createHttp1Transport(), new CookieJar()) } : {}),
      ...(extra.auth === undefined ? {} : { auth: extra.auth }),
    });

  it('Mono still writes the WSDL and HTTP answers recorded in test/fixtures/dataset/mono (UPDATE_MONO_FIXTURES=1 re-records)', async () => {
    const answers: [string, string][] = [
      ['DataService.wsdl', wsdl],
      ['GetCustomers.httpGet.xml', await (await fetch(`${base}/DataService.asmx/GetCustomers?country=DE`)).text()],
      [
        'GetOrders.httpPost.xml',
        await (
          await fetch(`${base}/DataService.asmx/GetOrders`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'customerId=7',
          })
        ).text(),
      ],
    ];
    for (const [file, live] of answers) {
      const text = live.replaceAll(base, 'http://127.0.0.1:8080');
      if (process.env['UPDATE_MONO_FIXTURES']) writeFileSync(path.join(RECORDED, file), text);
      expect(text, file).toBe(readFileSync(path.join(RECORDED, file), 'utf8'));
    }
  });

  it('Mono describes the DataSet and DataTable results with the s:any shapes, over four bindings', () => {
    expect(wsdl).toContain(`targetNamespace="${NS}"`);
    for (const b of ['DataServiceSoap', 'DataServiceSoap12', 'DataServiceHttpGet', 'DataServiceHttpPost'])
      expect(wsdl).toContain(`<wsdl:binding name="${b}"`);
    expect(wsdl).toContain('namespace="urn:schemas-microsoft-com:xml-diffgram-v1"');
  });

  const customersSchema = {
    name: 'Shop',
    namespace: '',
    tables: [
      {
        name: 'Customers',
        columns: [
          { name: 'Id', type: 'int' },
          { name: 'Name', type: 'string' },
          { name: 'Balance', type: 'decimal' },
          { name: 'Since', type: 'dateTime' },
          { name: 'Active', type: 'boolean' },
          { name: 'Score', type: 'double' },
        ],
      },
      {
        name: 'Countries',
        columns: [
          { name: 'Code', type: 'string' },
          { name: 'Rate', type: 'decimal' },
        ],
      },
    ],
  };
  const customerRows = [
    // The current values: Mono sends the original name in diffgr:before.
    {
      Id: 1,
      Name: 'Ada & Co <Ltd>',
      Balance: '1234.56',
      Since: new Date('2019-02-28T23:00:00Z'),
      Active: true,
      Score: 0.5,
    },
    // DBNull columns are left out of the row; they decode to null.
    { Id: 2, Name: 'Bob', Balance: null, Since: null, Active: false, Score: null },
    { Id: 3, Name: 'Zoë', Balance: '-0.01', Since: new Date('2024-12-31T12:30:45Z'), Active: null, Score: -2.25 },
  ];

  for (const binding of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {
    it(`decodes the DataSet Mono returns (${binding}): schema, typed rows, DBNull, current values`, async () => {
      const ds = await client(binding).getCustomers({ country: 'DE' });
      expect(ds?.schema).toEqual(customersSchema);
      expect(ds?.tables).toEqual({ Customers: customerRows, Countries: [{ Code: 'DE', Rate: '0.2' }] });
    });

    it(`decodes the DataTable Mono returns (${binding})`, async () => {
      const dt = await client(binding).getOrders({ customerId: 7 });
      expect(dt?.schema.mainTable).toBe('Orders');
      expect(dt?.schema.tables[0]?.columns).toEqual([
        { name: 'OrderId', type: 'int' },
        { name: 'Placed', type: 'dateTime' },
        { name: 'Total', type: 'decimal' },
        { name: 'Note', type: 'string' },
      ]);
      expect(dt?.tables['Orders']).toEqual([
        { OrderId: 7001, Placed: new Date('1996-07-04T00:00:00Z'), Total: '32.38', Note: '' },
        { OrderId: 7002, Placed: new Date('1996-07-05T00:00:00Z'), Total: '11.61', Note: null },
      ]);
    });

    it(`keeps the ASP.NET session cookie in the client's jar (${binding})`, async () => {
      const withJar = client(binding, { cookies: true });
      expect(await withJar.visit({})).toBe(1);
      expect(await withJar.visit({})).toBe(2);
      expect(await withJar.visit({})).toBe(3);
      // Without a jar every call starts a new session.
      const without = client(binding);
      expect(await without.visit({})).toBe(1);
      expect(await without.visit({})).toBe(1);
    });

    it(`sends Basic credentials that the host requires under /secure/ (${binding})`, async () => {
      expect(await client(binding, { path: '/secure/DataService.asmx', auth: BASIC }).basicUser({})).toBe('alice');
      const refused = await client(binding, { path: '/secure/DataService.asmx' })
        .basicUser({})
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(gen.HttpError);
      expect((refused as { status: number }).status).toBe(401);
    });
  }

  for (const binding of ['httpGet', 'httpPost'] as const) {
    it(`an exception over HTTP ${binding === 'httpGet' ? 'GET' : 'POST'} is an HttpError 500 with Mono's text (${binding})`, async () => {
      const err = await client(binding)
        .fail({ reason: 'no stock' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(gen.HttpError);
      expect((err as { status: number }).status).toBe(500);
      expect((err as unknown as { body: string }).body).toContain('refused: no stock');
    });
  }

  for (const binding of ['soap11', 'soap12'] as const) {
    it(`sends the typed SoapHeader that WhoAmI reads, and decodes the header it answers with (${binding})`, async () => {
      const meta: Meta = {};
      const who = await client(binding).whoAmI({}, { soapHeaders: { AuthHeader: { User: 'zoë', Level: 3 } }, meta });
      expect(who).toBe('zoë/3');
      expect(meta.soapHeaders).toEqual({ TraceHeader: { RequestId: 'req-zoë' } });
    });

    it(`maps a SoapException to a SoapFaultError with the Client code (${binding})`, async () => {
      const err = await client(binding)
        .fail({ reason: 'no <stock>' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(gen.SoapFaultError);
      expect((err as { code: string }).code).toBe('Client');
      expect((err as { reason: string }).reason).toContain('refused: no <stock>');
    });
  }
});
