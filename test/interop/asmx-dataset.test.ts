/**
 * ASMX DataSet (issue 16, item 1): the shapes ASP.NET writes for a `DataSet`
 * (`<s:element ref="s:schema"/><s:any/>`) and a `DataTable` (two `s:any`, XSD
 * and diffgram namespaces) generate a client and a server whose value is the
 * runtime's `DataSet` `{ schema, tables, raw }`.
 *
 * The client is the generated code (test/fixtures/dataset/CustomerService.wsdl,
 * written to test/tmp/dataset/ and imported), against a server on 127.0.0.1
 * that answers with responses in the form ASP.NET writes them
 * (GetCustomers.response.xml: a DataSet with two tables, a `diffgr:before`
 * block, a GUID column, a DBNull column omitted; GetOrders.response.xml: a
 * DataTable over SOAP 1.2 with `msdata:MainDataTable` and `DocumentElement`).
 * Then the generated server sends a DataSet, and the generated client reads it back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { decodeDataSet, type DataSet } from '../../src/runtime/wire/dataset.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { compileTree, ROOT, testOptions } from '../emit/helpers.js';
import { startServer, type TestServer } from '../runtime-server/helpers.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/dataset');
const OUT = path.join(ROOT, 'test/tmp/dataset');
const WSDL = path.join(FIXTURES, 'CustomerService.wsdl');

/** The generated module's exports this test uses (typed loosely: it is imported at run time). */
interface Generated {
  CustomerServiceClient: new (options: {
    baseUrl?: string;
    endpoint?: string;
    binding?: 'soap11' | 'soap12';
  }) => {
    getCustomers(input: { country?: string }): Promise<DataSet | undefined>;
    getOrders(input: { customerId: number }): Promise<DataSet | undefined>;
  };
  createCustomerServiceHandler: (impl: {
    getCustomers(input: { country?: string }): Promise<DataSet | undefined>;
    getOrders(input: { customerId: number }): Promise<DataSet | undefined>;
  }) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
}

let gen: Generated;
let recorded: TestServer;
let lastAction = '';

beforeAll(async () => {
  const files = await emitFiles(await loadModel(WSDL), testOptions('CustomerService.wsdl'), {});
  expect(compileTree(OUT, files)).toEqual([]);
  gen = (await import(pathToFileURL(path.join(OUT, 'index.ts')).href)) as Generated;
  recorded = await startServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      lastAction = `${req.headers['soapaction'] ?? ''} ${req.headers['content-type'] ?? ''}`;
      // Dispatch on the request's body element, as ASP.NET does.
      const orders = body.includes('<GetOrders');
      res.writeHead(200, {
        'content-type': orders ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8',
      });
      res.end(readFileSync(path.join(FIXTURES, orders ? 'GetOrders.response.xml' : 'GetCustomers.response.xml')));
    });
  });
}, 120_000);

afterAll(async () => {
  await recorded?.close();
});

describe('ASMX DataSet', () => {
  it('types DataSet and DataTable results as DataSet in generated code', () => {
    const types = readFileSync(path.join(OUT, 'types.ts'), 'utf8');
    expect(types).toMatch(/^import type \{ DataSet \} from '\.\/runtime\/wire\/dataset\.js';$/m);
    expect(types).toMatch(/export type GetCustomersOutput = DataSet \| undefined;/);
    expect(types).toMatch(/export type GetOrdersOutput = DataSet \| undefined;/);
  });

  it('decodes a recorded DataSet response: schema, rows converted per column type, raw element', async () => {
    const client = new gen.CustomerServiceClient({
      endpoint: `http://127.0.0.1:${recorded.port}/CustomerService.asmx`,
    });
    const ds = await client.getCustomers({ country: 'FR' });
    expect(lastAction).toMatch(/^"http:\/\/tempuri\.org\/GetCustomers" text\/xml/);
    expect(ds?.schema).toEqual({
      name: 'NewDataSet',
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
            { name: 'RowVersion', type: 'long' },
            {
              name: 'Key',
              type: 'string',
              dataType: 'System.Guid, mscorlib, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089',
            },
          ],
        },
        {
          name: 'Countries',
          columns: [
            { name: 'Code', type: 'string' },
            { name: 'Rate', type: 'double' },
          ],
        },
      ],
    });
    expect(ds?.tables).toEqual({
      Customers: [
        {
          Id: 1,
          Name: 'Ada & Co <Ltd>',
          Balance: '1234.5600',
          Since: new Date('2019-02-28T23:00:00.000Z'),
          Active: true,
          RowVersion: 9007199254740993n,
          Key: '6f9619ff-8b86-d011-b42d-00c04fc964ff',
        },
        // The current values (diffgr:before holds the originals); DBNull columns are omitted on the wire.
        { Id: 2, Name: 'Bob', Balance: null, Since: null, Active: false, RowVersion: 2n, Key: null },
      ],
      Countries: [{ Code: 'FR', Rate: 0.2 }],
    });
    expect(ds?.raw?.name).toBe('GetCustomersResult');
  });

  it('decodes a recorded DataTable response over SOAP 1.2 (MainDataTable, DocumentElement)', async () => {
    const client = new gen.CustomerServiceClient({
      endpoint: `http://127.0.0.1:${recorded.port}/CustomerService.asmx`,
      binding: 'soap12',
    });
    const dt = await client.getOrders({ customerId: 7 });
    expect(lastAction).toMatch(/application\/soap\+xml/);
    expect(dt?.schema.mainTable).toBe('Orders');
    expect(dt?.tables['Orders']).toEqual([
      { OrderId: 10248, Placed: new Date('1996-07-04T00:00:00Z'), Total: '32.38', Note: '' },
      { OrderId: 10249, Placed: new Date('1996-07-05T00:00:00Z'), Total: '11.61', Note: null },
    ]);
  });

  it('the generated server sends a DataSet as ASP.NET does, and the generated client reads it back', async () => {
    const sent: DataSet = {
      schema: {
        name: 'Report',
        namespace: 'http://tempuri.org/Report.xsd',
        tables: [
          {
            name: 'Line',
            columns: [
              { name: 'No', type: 'int' },
              { name: 'Text', type: 'string' },
              { name: 'At', type: 'dateTime' },
              { name: 'Big', type: 'long' },
              { name: 'Kind', type: 'string', attribute: true },
            ],
          },
        ],
      },
      tables: {
        Line: [
          { No: 1, Text: 'a < b & c', At: new Date('2024-01-02T03:04:05.000Z'), Big: 1234567890123456789n, Kind: 'x' },
          { No: 2, Text: null, At: null, Big: null, Kind: null },
        ],
      },
    };
    let wire = '';
    const server = await startServer((req, res) => {
      const handler = gen.createCustomerServiceHandler({
        getCustomers: async () => sent,
        getOrders: async () => undefined,
      });
      const write = res.end.bind(res);
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk !== undefined && typeof chunk !== 'function') wire += String(chunk);
        return (write as (...a: unknown[]) => typeof res)(chunk, ...rest);
      }) as typeof res.end;
      handler(req, res);
    });
    try {
      const client = new gen.CustomerServiceClient({
        endpoint: `http://127.0.0.1:${server.port}/CustomerService.asmx`,
      });
      const got = await client.getCustomers({});
      expect(got?.schema).toEqual(sent.schema);
      expect(got?.tables).toEqual(sent.tables);
      // The wire carries the inline schema and the diffgram, as ASP.NET writes them.
      const result = parseXml(wire.slice(wire.indexOf('<', 1)));
      expect(wire).toMatch(/<xs:schema [^>]*id="Report"[^>]*targetNamespace="http:\/\/tempuri\.org\/Report\.xsd"/);
      expect(wire).toMatch(/msdata:IsDataSet="true"/);
      expect(wire).toMatch(
        /<diffgr:diffgram [^>]*><Report xmlns="http:\/\/tempuri\.org\/Report\.xsd"><Line diffgr:id="Line1" msdata:rowOrder="0" Kind="x">/,
      );
      expect(result.name).toBe('Envelope');
    } finally {
      await server.close();
    }
  });

  it('infers the tables from the rows when the response has no usable schema (all values strings)', () => {
    const el = parseXml(
      `<R xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1"><xs:schema id="NewDataSet" xmlns:xs="http://www.w3.org/2001/XMLSchema"/>` +
        `<diffgr:diffgram><NewDataSet xmlns=""><Table><A>1</A></Table><Table><A>2</A><B>x</B></Table></NewDataSet></diffgr:diffgram></R>`,
    );
    const ds = decodeDataSet(el);
    expect(ds.schema.tables).toEqual([
      {
        name: 'Table',
        columns: [
          { name: 'A', type: 'string' },
          { name: 'B', type: 'string' },
        ],
      },
    ]);
    expect(ds.tables).toEqual({
      Table: [
        { A: '1', B: null },
        { A: '2', B: 'x' },
      ],
    });
  });

  it('rejects a value that does not fit its column with the path of the cell', () => {
    const text = readFileSync(path.join(FIXTURES, 'GetCustomers.response.xml'), 'utf8').replace(
      '<Id>2</Id>',
      '<Id>two</Id>',
    );
    const result = parseXml(text.slice(text.indexOf('<soap:Envelope')));
    const found = (function find(e: typeof result): typeof result | undefined {
      if (e.name === 'GetCustomersResult') return e;
      for (const c of e.children)
        if (typeof c !== 'string') {
          const r = find(c);
          if (r) return r;
        }
      return undefined;
    })(result);
    expect(() => decodeDataSet(found!, 'GetCustomersResult')).toThrow(/GetCustomersResult\/Customers\[1\]\/Id: /);
  });
});

/**
 * ASP.NET's HTTP GET/POST bindings answer with a document whose root is the global
 * `<s:element name="DataSet">` (or `DataTable`) of the WSDL, not a response wrapper:
 * that element's value is a DataSet too. Recorded from Mono's System.Web.Services
 * (test/interop/mono-asmx.test.ts runs it live): test/fixtures/dataset/mono/.
 */
describe('ASMX DataSet over HTTP GET/POST (Mono WSDL and responses, recorded)', () => {
  const MONO = path.join(FIXTURES, 'mono');
  const MONO_OUT = path.join(ROOT, 'test/tmp/dataset-mono');
  interface MonoClient {
    getCustomers(input: { country?: string }): Promise<DataSet | null | undefined>;
    getOrders(input: { customerId: number }): Promise<DataSet | null | undefined>;
  }
  interface MonoGenerated {
    DataServiceClient: new (options: { endpoint: string; binding: 'httpGet' | 'httpPost' }) => MonoClient;
    createDataServiceHandler: (
      impl: Partial<Record<string, (input: unknown) => Promise<unknown>>>,
    ) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  }
  let mono: MonoGenerated;
  let server: TestServer;
  let asked = '';

  beforeAll(async () => {
    const files = await emitFiles(
      await loadModel(path.join(MONO, 'DataService.wsdl')),
      testOptions('DataService.wsdl'),
      {},
    );
    expect(compileTree(MONO_OUT, files)).toEqual([]);
    mono = (await import(pathToFileURL(path.join(MONO_OUT, 'index.ts')).href)) as MonoGenerated;
    server = await startServer((req, res) => {
      asked = `${req.method} ${req.url}`;
      const file = req.url?.includes('/GetOrders') ? 'GetOrders.httpPost.xml' : 'GetCustomers.httpGet.xml';
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(readFileSync(path.join(MONO, file)));
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('types the HTTP result elements as DataSet and decodes a DataSet root (HTTP GET)', async () => {
    const client = new mono.DataServiceClient({
      endpoint: `http://127.0.0.1:${server.port}/DataService.asmx`,
      binding: 'httpGet',
    });
    const ds = await client.getCustomers({ country: 'DE' });
    expect(asked).toBe('GET /DataService.asmx/GetCustomers?country=DE');
    expect(ds?.schema.name).toBe('Shop');
    expect(ds?.tables['Customers']?.map((r) => [r['Id'], r['Name'], r['Balance'], r['Active']])).toEqual([
      [1, 'Ada & Co <Ltd>', '1234.56', true],
      [2, 'Bob', null, false],
      [3, 'Zoë', '-0.01', null],
    ]);
    expect(ds?.tables['Countries']).toEqual([{ Code: 'DE', Rate: '0.2' }]);
  });

  it('decodes a DataTable root (HTTP POST)', async () => {
    const client = new mono.DataServiceClient({
      endpoint: `http://127.0.0.1:${server.port}/DataService.asmx`,
      binding: 'httpPost',
    });
    const dt = await client.getOrders({ customerId: 7 });
    expect(asked).toBe('POST /DataService.asmx/GetOrders');
    expect(dt?.schema.mainTable).toBe('Orders');
    expect(dt?.tables['Orders']).toEqual([
      { OrderId: 7001, Placed: new Date('1996-07-04T00:00:00Z'), Total: '32.38', Note: '' },
      { OrderId: 7002, Placed: new Date('1996-07-05T00:00:00Z'), Total: '11.61', Note: null },
    ]);
  });

  it('the generated server answers HTTP GET with a DataSet root that the generated client reads back', async () => {
    const sent: DataSet = {
      schema: { name: 'Shop', namespace: '', tables: [{ name: 'T', columns: [{ name: 'N', type: 'int' }] }] },
      tables: { T: [{ N: 1 }, { N: null }] },
    };
    let body = '';
    const handler = mono.createDataServiceHandler({ getCustomers: async () => sent });
    const own = await startServer((req, res) => {
      const end = res.end.bind(res);
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk !== undefined && typeof chunk !== 'function') body += String(chunk);
        return (end as (...a: unknown[]) => typeof res)(chunk, ...rest);
      }) as typeof res.end;
      handler(req, res);
    });
    try {
      const client = new mono.DataServiceClient({
        endpoint: `http://127.0.0.1:${own.port}/DataService.asmx`,
        binding: 'httpGet',
      });
      const got = await client.getCustomers({});
      expect(got?.tables).toEqual(sent.tables);
      expect(body).toMatch(/<DataSet xmlns="http:\/\/wsdlc\.test\/asmx\/"><xs:schema /);
      expect(body).toMatch(/<diffgr:diffgram /);
    } finally {
      await own.close();
    }
  });
});
