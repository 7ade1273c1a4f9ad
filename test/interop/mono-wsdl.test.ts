/**
 * Mono's `wsdl` tool (the .NET Framework's Web Services Description Language
 * Utility) as a client of the generated Auth server (issue 16): proxies generated
 * from wsdl/auth.wsdl for SOAP 1.1 (`-protocol:SOAP`) and SOAP 1.2
 * (`-protocol:SOAP12`), compiled with `mcs` together with a driver
 * (mono-wsdl/AuthDriver.cs) once per run into test/tmp/mono-wsdl/, call Login and
 * Logout and get a Client/Sender fault that .NET reads as a `SoapException`.
 * Then proxies of the ASMX contract recorded from Mono
 * (test/fixtures/dataset/mono/DataService.wsdl) call the generated server of that
 * contract (mono-wsdl/DataSetDriver.cs): ADO.NET reads the DataSet and DataTable the
 * generated server writes (column types, values, DBNull), and the generated server
 * decodes the typed SOAP header that .NET sends.
 *
 * Needs mono-devel (`wsdl`, `mcs`, `mono`); skipped without it only outside CI.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHandler } from '../../generated/auth/index.js';
import type { DataSet } from '../../src/runtime/wire/dataset.js';
import { compileTree, generate, ROOT } from '../emit/helpers.js';
import { countingAuth, LOGIN_ACTION, LOGOUT_ACTION, SERVICE_PATH, startServer, type TestServer } from './helpers.js';
import { hasCommand, run, skipWithout } from './peers.js';

const TMP = path.join(ROOT, 'test/tmp/mono-wsdl');
const WSDL = path.join(ROOT, 'wsdl/auth.wsdl');
const available = hasCommand('wsdl') && hasCommand('mcs') && hasCommand('mono');

describe.skipIf(skipWithout(available))('Mono wsdl proxy (.NET client) -> generated Auth server', () => {
  const auth = countingAuth();
  const seen: string[] = [];
  let server: TestServer;
  let lines: string[];

  beforeAll(async () => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(TMP, { recursive: true });
    await Promise.all([
      run('wsdl', ['-nologo', '-protocol:SOAP', '-n:Soap11', WSDL, `-out:${TMP}/Auth11.cs`]),
      run('wsdl', ['-nologo', '-protocol:SOAP12', '-n:Soap12', WSDL, `-out:${TMP}/Auth12.cs`]),
    ]);
    await run('mcs', [
      '-nologo',
      '-r:System.Web.Services.dll',
      '-r:System.Xml.dll',
      `-out:${TMP}/AuthDriver.exe`,
      `${TMP}/Auth11.cs`,
      `${TMP}/Auth12.cs`,
      path.join(ROOT, 'test/interop/mono-wsdl/AuthDriver.cs'),
    ]);
    const handler = createAuthHandler(auth);
    server = await startServer((req, res) => {
      seen.push(`${req.headers['content-type']} | ${req.headers['soapaction'] ?? '-'}`);
      handler(req, res);
    });
    const out = await run('mono', [`${TMP}/AuthDriver.exe`, `${server.baseUrl}${SERVICE_PATH}`, 'alice']);
    lines = out.trim().split('\n');
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('the SOAP 1.1 proxy logs in and out (text/xml with the SOAPAction of each operation)', () => {
    expect(lines.slice(0, 2)).toEqual(['soap11 login ticket-alice', 'soap11 logout ticket-alice']);
    expect(seen.slice(0, 2)).toEqual([
      `text/xml; charset=utf-8 | "${LOGIN_ACTION}"`,
      `text/xml; charset=utf-8 | "${LOGOUT_ACTION}"`,
    ]);
  });

  it('the SOAP 1.1 proxy reads the server fault as a SoapException with the Client code', () => {
    expect(lines[2]).toBe(
      'soap11 fault {http://schemas.xmlsoap.org/soap/envelope/}Client - Invalid username or password.',
    );
  });

  it('the SOAP 1.2 proxy logs in and out (application/soap+xml with the action parameter)', () => {
    expect(lines.slice(3, 5)).toEqual(['soap12 login ticket-alice', 'soap12 logout ticket-alice']);
    expect(seen[3]).toMatch(
      /^application\/soap\+xml; charset=utf-8; action="http:\/\/schemas\.example\.com\/ecomm\/auth\/Login" \| -$/,
    );
    expect(seen[4]).toMatch(/action="http:\/\/schemas\.example\.com\/ecomm\/auth\/Logout"/);
  });

  it('the SOAP 1.2 proxy reads the server fault as a SoapException with the Sender code', () => {
    expect(lines[5]).toBe(
      'soap12 fault {http://www.w3.org/2003/05/soap-envelope}Sender - Invalid username or password.',
    );
    expect(auth.calls).toEqual({ login: 4, logout: 2 });
  });
});

/** The generated server of the ASMX contract (imported at run time). */
interface AsmxGenerated {
  createDataServiceHandler: (impl: {
    getCustomers: (input: { country?: string }) => Promise<DataSet>;
    getOrders: (input: { customerId: number }) => Promise<DataSet>;
    whoAmI: (
      input: unknown,
      ctx: { soapHeaders?: { AuthHeader?: { User?: string; Level: number } } },
    ) => Promise<string>;
  }) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
}

describe.skipIf(skipWithout(available))('Mono wsdl proxy (ADO.NET) -> generated server of the ASMX contract', () => {
  let server: TestServer;
  let lines: string[];

  const customers: DataSet = {
    schema: {
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
            { name: 'Big', type: 'long' },
          ],
        },
        { name: 'Countries', columns: [{ name: 'Code', type: 'string' }] },
      ],
    },
    tables: {
      Customers: [
        {
          Id: 1,
          Name: 'Ada & Co <Ltd>',
          Balance: '1234.56',
          Since: new Date('2019-02-28T23:00:00Z'),
          Active: true,
          Score: 0.5,
          Big: 9007199254740993n,
        },
        { Id: 2, Name: 'Zoë', Balance: null, Since: null, Active: false, Score: null, Big: null },
      ],
      Countries: [{ Code: 'DE' }],
    },
  };

  beforeAll(async () => {
    const dir = path.join(TMP, 'asmx');
    const gen = path.join(dir, 'gen');
    mkdirSync(dir, { recursive: true });
    const contract = path.join(ROOT, 'test/fixtures/dataset/mono/DataService.wsdl');
    const [files] = await Promise.all([
      generate(contract, 'DataService.wsdl'),
      run('wsdl', ['-nologo', '-protocol:SOAP', '-n:Asmx11', contract, `-out:${dir}/Ds11.cs`]),
      run('wsdl', ['-nologo', '-protocol:SOAP12', '-n:Asmx12', contract, `-out:${dir}/Ds12.cs`]),
    ]);
    await run('mcs', [
      '-nologo',
      '-r:System.Web.Services.dll',
      '-r:System.Xml.dll',
      '-r:System.Data.dll',
      `-out:${dir}/DataSetDriver.exe`,
      `${dir}/Ds11.cs`,
      `${dir}/Ds12.cs`,
      path.join(ROOT, 'test/interop/mono-wsdl/DataSetDriver.cs'),
    ]);
    expect(compileTree(gen, files)).toEqual([]);
    const asmx = (await import(pathToFileURL(path.join(gen, 'index.ts')).href)) as AsmxGenerated;
    server = await startServer(
      asmx.createDataServiceHandler({
        getCustomers: async (input) => ({
          ...customers,
          tables: { ...customers.tables, Countries: [{ Code: input.country ?? '' }] },
        }),
        getOrders: async (input) => ({
          schema: {
            name: 'NewDataSet',
            namespace: '',
            mainTable: 'Orders',
            tables: [
              {
                name: 'Orders',
                columns: [
                  { name: 'OrderId', type: 'int' },
                  { name: 'Total', type: 'decimal' },
                  { name: 'Note', type: 'string' },
                ],
              },
            ],
          },
          tables: {
            Orders: [
              { OrderId: input.customerId * 1000 + 1, Total: '32.38', Note: '' },
              { OrderId: input.customerId * 1000 + 2, Total: '11.61', Note: null },
            ],
          },
        }),
        whoAmI: async (_input, ctx) => {
          const h = ctx.soapHeaders?.AuthHeader;
          return h ? `${h.User}/${h.Level}` : 'no header';
        },
      }),
    );
    const out = await run('mono', [`${dir}/DataSetDriver.exe`, `${server.baseUrl}/DataService.asmx`], {
      env: { ...process.env, TZ: 'UTC' },
    });
    lines = out.trim().split('\n');
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  for (const binding of ['soap11', 'soap12'] as const) {
    it(`ADO.NET reads the DataSet the generated server writes: column types, values, DBNull (${binding})`, () => {
      const mine = lines.filter((l) => l.startsWith(`${binding} `)).map((l) => l.slice(binding.length + 1));
      expect(mine.slice(0, 6)).toEqual([
        'dataset Shop',
        'table Customers Id:Int32 Name:String Balance:Decimal Since:DateTime Active:Boolean Score:Double Big:Int64',
        'row Customers 1|Ada & Co <Ltd>|1234.56|2019-02-28T23:00:00Z|True|0.5|9007199254740993',
        'row Customers 2|Zoë|null|null|False|null|null',
        'table Countries Code:String',
        'row Countries DE',
      ]);
    });

    it(`ADO.NET reads the DataTable the generated server writes (${binding})`, () => {
      const mine = lines.filter((l) => l.startsWith(`${binding} `)).map((l) => l.slice(binding.length + 1));
      expect(mine.slice(6, 10)).toEqual([
        'datatable Orders 2',
        'table Orders OrderId:Int32 Total:Decimal Note:String',
        'row Orders 7001|32.38|',
        'row Orders 7002|11.61|null',
      ]);
    });

    it(`the generated server decodes the typed SoapHeader .NET sends (${binding})`, () => {
      expect(lines).toContain(`${binding} whoami zoë/3`);
    });
  }
});
