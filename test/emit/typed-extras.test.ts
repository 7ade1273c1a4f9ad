/**
 * Generated code end to end for three contract features, each through the
 * generated client and the generated server over 127.0.0.1:
 * - declared faults (zeep/soap.wsdl, two `wsdl:fault`s): the client narrows a
 *   caught error with the generated guard and `err.fault` to the detail's type;
 * - SOAP header parts (zeep/soap_header.wsdl, two `soap:header`s; and a copy whose SOAP 1.2
 *   binding declares other parts than its SOAP 1.1 binding): the client
 *   passes typed `soapHeaders`, the implementation sees them decoded in `ctx.soapHeaders`;
 * - HTTP POST with XML-document inputs (Amazon SQS, every operation at location `/`):
 *   the server dispatches by the document's root element;
 * - operations named like keywords (`Delete`, `Get`, `Import`, `Default`...): methods keep
 *   the names, except those an object cannot use as given (`new_`, `then_`, `constructor_`);
 * - rpc/encoded parts (node-soap/hello.wsdl), where any accessor may be nil: typed `| null`,
 *   read from `xsi:nil` (as PHP's SoapClient sends a null argument) and written as it.
 * Each driver is type-checked with the generated tree under strict before it runs,
 * so the narrowing and the typed headers are checked by the compiler too.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../src/model/index.js';
import { compileTree, generate, ROOT } from './helpers.js';

const CORPUS = path.resolve(ROOT, '../shared/corpus');

/** Generates `wsdl`, adds `driver.ts`, type-checks the tree, then imports the driver and runs it. */
async function runDriver(name: string, wsdl: string, driver: string): Promise<unknown> {
  const dir = path.join(ROOT, 'test/tmp/typed-extras', name);
  // A corpus contract, or one of the repository's fixtures (a path under test/).
  const source = wsdl.startsWith('test/') ? path.join(ROOT, wsdl) : path.join(CORPUS, wsdl);
  const files = [
    ...(await generate(source, wsdl.startsWith('test/') ? wsdl : `corpus/${wsdl}`, { runtimeFeatures: ['in-memory'] })),
    { path: 'driver.ts', content: driver },
  ];
  expect(compileTree(dir, files)).toEqual([]);
  const mod = (await import(path.join(dir, 'driver.ts'))) as { run: () => Promise<unknown> };
  return mod.run();
}

/** Shared driver scaffolding: start the generated handler on 127.0.0.1, run `body`, stop. */
const SERVE = `
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

async function serve<T>(handler: RequestListener, body: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await body(\`http://127.0.0.1:\${(server.address() as AddressInfo).port}\`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
`;

describe('typed declared faults (zeep/soap.wsdl)', () => {
  it('narrows a caught SoapFaultError to the declared fault and its detail type', async () => {
    const driver = `${SERVE}
import { createStockQuoteServiceHandler, isGetLastTradePriceFault, SoapFault, StockQuoteServiceClient, type Fault2 } from './index.js';

export async function run(): Promise<unknown> {
  const handler = createStockQuoteServiceHandler({
    async getLastTradePrice(input) {
      throw new SoapFault({ code: 'Client', reason: 'no such symbol', fault: 'fault2', detail: { message: \`unknown \${input.tickerSymbol}\` } satisfies Fault2 });
    },
    async getLastTradePriceNoOutput() {},
  });
  return serve(handler, async (baseUrl) => {
    const client = new StockQuoteServiceClient({ baseUrl });
    try {
      await client.getLastTradePrice({ tickerSymbol: 'XYZ' });
      return 'no fault';
    } catch (err) {
      if (!isGetLastTradePriceFault(err)) return 'not a declared fault';
      if (err.fault === 'fault2') {
        const message: string = err.detail.message; // typed: Fault2
        return { fault: err.fault, message, code: err.code };
      }
      return { fault: err.fault, other: err.detail.message };
    }
  });
}
`;
    expect(await runDriver('faults', 'zeep/soap.wsdl', driver)).toEqual({
      fault: 'fault2',
      message: 'unknown XYZ',
      code: 'Client',
    });
  }, 60_000);
});

describe('typed SOAP header parts (zeep/soap_header.wsdl)', () => {
  it('sends typed soapHeaders and the implementation sees them decoded', async () => {
    const driver = `${SERVE}
import { createStockQuoteServiceHandler, StockQuoteServiceClient } from './index.js';

export async function run(): Promise<unknown> {
  let seen: unknown;
  const handler = createStockQuoteServiceHandler({
    async getLastTradePrice(input, ctx) {
      const user: string | undefined = ctx.soapHeaders.header?.username; // typed: Authentication
      seen = { user, token: ctx.soapHeaders.token?.value, symbol: input.tickerSymbol };
      return 1.5;
    },
  });
  return serve(handler, async (baseUrl) => {
    const client = new StockQuoteServiceClient({ baseUrl });
    const price = await client.getLastTradePrice(
      { tickerSymbol: 'ABC' },
      { soapHeaders: { header: { username: 'alice', password: 's3cret' }, token: { value: 't-1' } } },
    );
    return { price, seen };
  });
}
`;
    expect(await runDriver('headers', 'zeep/soap_header.wsdl', driver)).toEqual({
      price: 1.5,
      seen: { user: 'alice', token: 't-1', symbol: 'ABC' },
    });
  }, 60_000);
});

describe('client-wide typed SOAP headers (zeep/soap_header.wsdl)', () => {
  it('sends the client-wide header parts on every call, a call overrides them, and meta decodes the response', async () => {
    const driver = `
import { createStockQuoteServiceHandler, StockQuoteServiceClient, type CallMeta } from './index.js';
import { inMemoryTransport } from './runtime/client/transport-memory.js';

export async function run(): Promise<unknown> {
  const seen: unknown[] = [];
  const handler = createStockQuoteServiceHandler({
    async getLastTradePrice(input, ctx) {
      seen.push({ user: ctx.soapHeaders.header?.username, token: ctx.soapHeaders.token?.value });
      return 2;
    },
  });
  const client = new StockQuoteServiceClient({
    transport: inMemoryTransport(handler),
    soapHeaders: { header: { username: 'alice', password: 's3cret' }, token: { value: 'session-1' } },
  });
  // @ts-expect-error: a header part the contract does not declare
  new StockQuoteServiceClient({ soapHeaders: { sessionHeader: { id: 1 } } });
  const meta: CallMeta = {};
  await client.getLastTradePrice({ tickerSymbol: 'A' }, { meta });
  await client.getLastTradePrice({ tickerSymbol: 'B' }, { soapHeaders: { token: { value: 'session-2' } } });
  return { seen, status: meta.status };
}
`;
    expect(await runDriver('client-headers', 'zeep/soap_header.wsdl', driver)).toEqual({
      seen: [
        { user: 'alice', token: 'session-1' },
        { user: 'alice', token: 'session-2' },
      ],
      status: 200,
    });
  }, 60_000);
});

describe('SOAP header parts that differ between the SOAP 1.1 and SOAP 1.2 bindings', () => {
  it('types the header parts of both bindings, and each binding sends and decodes its own', async () => {
    const driver = `${SERVE}
import { createStockQuoteServiceHandler, StockQuoteServiceClient } from './index.js';

export async function run(): Promise<unknown> {
  const seen: unknown[] = [];
  const handler = createStockQuoteServiceHandler({
    async getLastTradePrice(input, ctx) {
      // Both parts are typed, whichever binding the request came over.
      const user: string | undefined = ctx.soapHeaders.header?.username;
      const token: string | undefined = ctx.soapHeaders.token?.value;
      seen.push({ binding: ctx.binding, user, token, symbol: input.tickerSymbol });
      return 2;
    },
  });
  return serve(handler, async (baseUrl) => {
    const soapHeaders = { header: { username: 'alice', password: 's3cret' }, token: { value: 't-1' } };
    await new StockQuoteServiceClient({ baseUrl }).getLastTradePrice({ tickerSymbol: 'A' }, { soapHeaders });
    await new StockQuoteServiceClient({ baseUrl, binding: 'soap12' }).getLastTradePrice({ tickerSymbol: 'B' }, { soapHeaders });
    return seen;
  });
}
`;
    const dir = path.join(ROOT, 'test/tmp/typed-extras/headers-by-binding');
    const wsdl = path.join(ROOT, 'test/emit/fixtures/headers-by-binding.wsdl');
    const files = [
      ...(await generate(wsdl, 'test/emit/fixtures/headers-by-binding.wsdl')),
      { path: 'driver.ts', content: driver },
    ];
    // Type-checked under strict first: "token" is a header part only in SOAP 1.2, "header" only in SOAP 1.1.
    expect(compileTree(dir, files)).toEqual([]);
    const mod = (await import(path.join(dir, 'driver.ts'))) as { run: () => Promise<unknown> };
    expect(await mod.run()).toEqual([
      { binding: 'soap11', user: 'alice', token: undefined, symbol: 'A' },
      { binding: 'soap12', user: undefined, token: 't-1', symbol: 'B' },
    ]);
  }, 60_000);
});

describe('SOAP header types merged across bindings', () => {
  /** Generates a fixture and type-checks it under strict with a driver; returns client.ts and types.ts. */
  async function compiled(name: string, driver: string): Promise<{ client: string; types: string }> {
    const label = `test/emit/fixtures/${name}.wsdl`;
    const files = [...(await generate(path.join(ROOT, label), label)), { path: 'driver.ts', content: driver }];
    expect(compileTree(path.join(ROOT, 'test/tmp/typed-extras', name), files)).toEqual([]);
    const text = (p: string): string => files.find((f) => f.path === p)!.content;
    return { client: text('client.ts'), types: text('types.ts') };
  }

  it('a part with one name and different elements in the two bindings is typed as either, and both types are imported', async () => {
    const { client, types } = await compiled(
      'headers-union',
      `import type { Authentication, Token } from './types.js';
import type { StockQuoteServiceClient } from './index.js';
type Options = NonNullable<Parameters<StockQuoteServiceClient['getLastTradePrice']>[1]>;
export const asAuthentication: Options = { soapHeaders: { header: { username: 'a', password: 'b' } satisfies Authentication } };
export const asToken: Options = { soapHeaders: { header: { value: 't' } satisfies Token } };
`,
    );
    // The operation's header set is named once in types.ts; client.ts imports the name.
    expect(types).toMatch(/export type StockQuoteServiceHeaders = \{\s*header\?: Authentication \| Token;\s*\};/);
    expect(client).toContain('options?: CallOptionsWithHeaders<StockQuoteServiceHeaders>');
    expect(client).toMatch(
      /^import type \{ GetLastTradePriceInput, StockQuoteServiceHeaders \} from '\.\/types\.js';$/m,
    );
  }, 60_000);

  it('follows the binding each descriptor came from (a first binding without a descriptor adds no header types)', async () => {
    const { client, types } = await compiled(
      'headers-first-nodesc',
      `import type { StockQuoteServiceClient } from './index.js';
type Options = NonNullable<Parameters<StockQuoteServiceClient['getLastTradePrice']>[1]>;
export const ok: Options = { soapHeaders: { token: { value: 't' } } };
// @ts-expect-error "header" belongs to the binding that has no descriptor: nothing would send it.
export const dropped: Options = { soapHeaders: { header: { username: 'a', password: 'b' } } };
`,
    );
    expect(types).toMatch(/export type StockQuoteServiceHeaders = \{\s*token\?: Token;\s*\};/);
    expect(client).toContain('CallOptionsWithHeaders<StockQuoteServiceHeaders>');
  }, 60_000);
});

describe('HTTP POST with XML-document inputs (Amazon SQS, all operations at "/")', () => {
  it('warns, located at the binding operation, for each XML-document input bound to HTTP GET', async () => {
    const model = await loadModel(path.join(CORPUS, 'asmx/partial_bindings/amazon_sqs_QueueService_httponly.wsdl'));
    const dropped = model.warnings.filter((w) =>
      /\(httpGet\): an XML document input cannot be sent over HTTP GET/.test(w.message),
    );
    expect(dropped.length).toBeGreaterThanOrEqual(16);
    expect(
      dropped.every(
        (w) => (w.location?.line ?? 0) > 0 && w.location?.file.endsWith('amazon_sqs_QueueService_httponly.wsdl'),
      ),
    ).toBe(true);
    expect(
      model.operations.every((o) => o.bindings.every((b) => b.kind === 'httpPost' && b.input.mode === 'xml')),
    ).toBe(true);
  });

  it('offers only httpPost, and the server dispatches by root element', async () => {
    const driver = `${SERVE}
import { createSimpleQueueServiceHandler, SimpleQueueServiceClient, type SimpleQueueServiceBinding } from './index.js';

const onlyPost: SimpleQueueServiceBinding[] = ['httpPost'];
// @ts-expect-error the HTTP GET port is not offered: its XML-document inputs cannot travel on a GET.
const noGet: SimpleQueueServiceBinding = 'httpGet';
void noGet;
const meta = { ResponseMetadata: { RequestId: 'r-1' } };

export async function run(): Promise<unknown> {
  const calls: string[] = [];
  const handler = createSimpleQueueServiceHandler({
    async createQueue(input) { calls.push(\`create \${input.QueueName}\`); return { CreateQueueResult: { QueueUrl: \`https://q/\${input.QueueName}\` }, ...meta }; },
    async deleteQueue() { calls.push('delete'); return meta; },
    async getQueueUrl() { throw new Error('unexpected'); },
    async listQueues() { throw new Error('unexpected'); },
    async addPermission() { throw new Error('unexpected'); },
    async changeMessageVisibility() { throw new Error('unexpected'); },
    async deleteMessage() { throw new Error('unexpected'); },
    async getQueueAttributes() { throw new Error('unexpected'); },
    async removePermission() { throw new Error('unexpected'); },
    async receiveMessage() { throw new Error('unexpected'); },
    async sendMessage() { throw new Error('unexpected'); },
    async setQueueAttributes() { throw new Error('unexpected'); },
    async changeMessageVisibilityBatch() { throw new Error('unexpected'); },
    async deleteMessageBatch() { throw new Error('unexpected'); },
    async sendMessageBatch() { throw new Error('unexpected'); },
    async listDeadLetterSourceQueues() { throw new Error('unexpected'); },
  });
  return serve(handler, async (baseUrl) => {
    const client = new SimpleQueueServiceClient({ baseUrl, binding: onlyPost[0] });
    const created = await client.createQueue({ QueueName: 'jobs' });
    const deleted = await client.deleteQueue({});
    const raw = await fetch(\`\${baseUrl}/\`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<Nope xmlns="urn:x"/>' });
    return { created: created.CreateQueueResult.QueueUrl, deleted: deleted.ResponseMetadata.RequestId, calls, unknownRoot: raw.status };
  });
}
`;
    expect(await runDriver('sqs', 'asmx/partial_bindings/amazon_sqs_QueueService_httponly.wsdl', driver)).toEqual({
      created: 'https://q/jobs',
      deleted: 'r-1',
      calls: ['create jobs', 'delete'],
      unknownRoot: 400,
    });
  }, 60_000);
});

describe('operations named like keywords (test/emit/fixtures/keyword-operations.wsdl)', () => {
  it('are methods named as the operations, except new_, then_ and constructor_, on client and server alike', async () => {
    const driver = `${SERVE}
import { createKwHandler, KwClient, type KwService } from './index.js';

export async function run(): Promise<unknown> {
  const echo = (name: string) => async (input: { id: string }) => \`\${name}:\${input.id}\`;
  const impl: KwService = {
    delete: echo('delete'), get: echo('get'), import: echo('import'), then_: echo('then'), constructor_: echo('constructor'),
    in: echo('in'), new_: echo('new'), input: echo('input'), options: echo('options'), default: echo('default'),
  };
  return serve(createKwHandler(impl), async (baseUrl) => {
    const client = new KwClient({ baseUrl });
    // A client is not thenable: awaiting it gives the client itself.
    const same = (await client) === client;
    return [same, await client.delete({ id: '1' }), await client.get({ id: '2' }), await client.import({ id: '3' }), await client.new_({ id: '4' }),
      await client.then_({ id: '5' }), await client.default({ id: '6' })];
  });
}
`;
    expect(await runDriver('keywords', 'test/emit/fixtures/keyword-operations.wsdl', driver)).toEqual([
      true,
      'delete:1',
      'get:2',
      'import:3',
      'new:4',
      'then:5',
      'default:6',
    ]);
  }, 60_000);
});

describe('rpc/encoded parts may be nil (node-soap/hello.wsdl)', () => {
  it('reads xsi:nil as null and answers a null result with xsi:nil, typed | null', async () => {
    const driver = `${SERVE}
import { createHello_ServiceHandler, Hello_ServiceClient } from './index.js';

export async function run(): Promise<unknown> {
  const seen: unknown[] = [];
  const handler = createHello_ServiceHandler({
    async sayHello(input) {
      seen.push(input.firstName);
      return input.firstName === null ? null : \`Hi \${input.firstName}\`;
    },
  });
  return serve(handler, async (baseUrl) => {
    const raw = await fetch(\`\${baseUrl}/SayHello/\`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"sayHello"' },
      body: '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        '<s:Body><m:sayHello xmlns:m="urn:examples:helloservice"><firstName xsi:nil="true"/></m:sayHello></s:Body></s:Envelope>',
    });
    const text = await raw.text();
    const client = new Hello_ServiceClient({ endpoint: \`\${baseUrl}/SayHello/\` });
    const back: string | null = await client.sayHello({ firstName: null });
    const named = await client.sayHello({ firstName: 'Ann' });
    return [raw.status, /<greeting[^>]*xsi:nil="true"/.test(text), seen, back, named];
  });
}
`;
    expect(await runDriver('encoded-nil', 'node-soap/hello.wsdl', driver)).toEqual([
      200,
      true,
      [null, null, 'Ann'],
      null,
      'Hi Ann',
    ]);
  }, 60_000);
});
