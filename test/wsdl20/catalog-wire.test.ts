/**
 * The Axis2-shaped WSDL 2.0 contract test/fixtures/wsdl20/catalog.wsdl on the wire: its generated
 * client against its generated server over every endpoint (SOAP 1.1, SOAP 1.2, HTTP), and what the
 * HTTP binding puts on the wire (WSDL 2.0 Part 2 §6). Servers listen on 127.0.0.1 and are stopped after.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from '../emit/helpers.js';

const OUT = path.join(ROOT, 'test/tmp/wsdl20/catalog');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Impl {
  getPrice(input: { sku: string; currency?: string }): Promise<number>;
  touch(input: { sku: string }): Promise<void>;
  reorder(input: { sku: string; quantity: number }): Promise<void>;
}
type CatalogClientLike = Impl;
interface CatalogModule {
  CatalogClient: new (options: { baseUrl: string; binding: string }) => CatalogClientLike;
  createCatalogHandler: (impl: Impl) => Handler;
  SoapFault: new (init: { code: 'Client' | 'Server'; reason: string }) => Error;
}

/** One request as it arrived, and the answer's status and body. */
interface Seen {
  method: string;
  url: string;
  body: string;
}

const calls: unknown[] = [];
const impl: Impl = {
  async getPrice(input) {
    calls.push(input);
    return input.sku.length + (input.currency === 'EUR' ? 0.5 : 0);
  },
  async touch(input) {
    calls.push(input);
  },
  async reorder(input) {
    calls.push(input);
    if (input.quantity > 10)
      throw new mod.SoapFault({ code: 'Client', reason: `no ${input.quantity} of ${input.sku}` });
  },
};

const servers: Server[] = [];
const seen: Seen[] = [];
let mod: CatalogModule;
let baseUrl: string;

beforeAll(async () => {
  writeTree(OUT, await generate('test/fixtures/wsdl20/catalog.wsdl', 'test/fixtures/wsdl20/catalog.wsdl'));
  mod = (await import(path.join(OUT, 'index.ts'))) as CatalogModule;
  const handler = mod.createCatalogHandler(impl);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') }),
    );
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
});

describe('an output element with one child, over SOAP and HTTP side by side (Axis2 ?wsdl2)', () => {
  it.each(['soap11', 'soap12', 'httpGet'])(
    'over %s the client returns the child, as every binding does',
    async (binding) => {
      const client = new mod.CatalogClient({ baseUrl, binding });
      expect(await client.getPrice({ sku: 'abcd', currency: 'EUR' })).toBe(4.5);
    },
  );

  it('the HTTP server answers with the whole output element, its one child holding the value', async () => {
    const res = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/getPrice?sku=abc`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/<getPriceResponse xmlns="urn:example:catalog"><return>3<\/return><\/getPriceResponse>$/);
  });

  it('the HTTP client reads the child out of an element written by another server', async () => {
    const other = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/xml');
      res.end(
        '<?xml version="1.0"?><c:getPriceResponse xmlns:c="urn:example:catalog"><c:return>12.25</c:return></c:getPriceResponse>',
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    servers.push(other);
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const client = new mod.CatalogClient({ baseUrl: url, binding: 'httpGet' });
    expect(await client.getPrice({ sku: 'x' })).toBe(12.25);
  });
});

describe('in-only and robust-in-only over every binding (Axis2 void methods)', () => {
  it.each(['soap11', 'soap12', 'httpPost'])(
    'over %s the client sends, the implementation runs, nothing comes back',
    async (binding) => {
      const client = new mod.CatalogClient({ baseUrl, binding });
      calls.length = 0;
      expect(await client.touch({ sku: 'a1' })).toBeUndefined();
      expect(await client.reorder({ sku: 'b2', quantity: 3 })).toBeUndefined();
      expect(calls).toEqual([{ sku: 'a1' }, { sku: 'b2', quantity: 3 }]);
    },
  );

  it('the HTTP server answers an in-only request with 202 and no body (WSDL 2.0 Part 2 §6.4.1)', async () => {
    const res = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/touch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<touch xmlns="urn:example:catalog"><sku>z9</sku></touch>',
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it.each(['soap11', 'soap12', 'httpPost'])(
    'over %s a robust-in-only fault reaches the caller as an error',
    async (binding) => {
      const client = new mod.CatalogClient({ baseUrl, binding });
      await expect(client.reorder({ sku: 'c3', quantity: 11 })).rejects.toThrow(/no 11 of c3/);
    },
  );
});
