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
  getItem(input: { path: string; lang?: string; format?: string }): Promise<string>;
  rate(input: { sku: string; stars: number; comment?: string }): Promise<string>;
  search(input: { q: string; debug?: string }): Promise<string>;
  list(input: { kind: string; page?: number; size?: number }): Promise<string>;
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
  async getItem(input) {
    calls.push(input);
    return `${input.path}|${input.lang ?? '-'}|${input.format ?? '-'}`;
  },
  async rate(input) {
    calls.push(input);
    return `${input.sku}:${input.stars}:${input.comment ?? ''}`;
  },
  async search(input) {
    calls.push(input);
    return `${input.q}|${input.debug ?? '-'}`;
  },
  async list(input) {
    calls.push(input);
    return `${input.kind}|${input.page ?? '-'}|${input.size ?? '-'}`;
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

  it('a location with a literal query (`touch?v=2`, no citation) is sent as written and routed by its path', async () => {
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpPost' });
    calls.length = 0;
    await client.touch({ sku: 'q1' });
    expect(seen.at(-1)?.url).toBe('/services/Catalog.CatalogHttpEndpoint/touch?v=2');
    expect(calls).toEqual([{ sku: 'q1' }]);
  });

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

describe('whttp:location templates: {!name} in the path, {name} in the query (WSDL 2.0 Part 2 §6.8.1.1)', () => {
  const odd = 'a b/c?d#e%41&f=g+h;é';

  it('the client writes {!name} unencoded but for %, ? and # and what a URI cannot hold, the query citation as a query value', async () => {
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpGet' });
    seen.length = 0;
    calls.length = 0;
    expect(await client.getItem({ path: 'shoes/red', lang: 'en GB&x', format: 'xml' })).toBe('shoes/red|en GB&x|xml');
    expect(seen.at(-1)?.url).toBe('/services/Catalog.CatalogHttpEndpoint/items/shoes/red?lang=en+GB%26x&format=xml');
    expect(await client.getItem({ path: odd })).toBe(`${odd}|-|-`);
    expect(seen.at(-1)?.url).toBe('/services/Catalog.CatalogHttpEndpoint/items/a%20b/c%3Fd%23e%2541&f=g+h;%C3%A9');
    expect(calls).toEqual([{ path: 'shoes/red', lang: 'en GB&x', format: 'xml' }, { path: odd }]);
  });

  it('the server routes a {!name} path of any depth and decodes it strictly', async () => {
    const ok = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/items/x/y/z%20w?lang=de`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<return>x/y/z w|de|-</return>');
    const bad = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/items/%FF`);
    expect(bad.status).toBe(400);
  });

  it('the server keeps a trailing "/" of a {!name} value that ends the location', async () => {
    calls.length = 0;
    const res = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/items/shoes/red/`);
    expect(await res.text()).toContain('<return>shoes/red/|-|-</return>');
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpGet' });
    expect(await client.getItem({ path: 'a/' })).toBe('a/|-|-');
    expect(calls).toEqual([{ path: 'shoes/red/' }, { path: 'a/' }]);
  });

  it('the client refuses a {!name} value that would make a "." or ".." segment, before anything is sent', async () => {
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpGet' });
    seen.length = 0;
    for (const value of ['../getPrice', '../../x', '..', '.', 'a/./b', 'a/..'])
      await expect(client.getItem({ path: value }), value).rejects.toThrow(
        /^getItem\/path: makes the path segment "\.{1,2}", which would leave the operation's path$/,
      );
    expect(seen).toEqual([]);
    // Dots that do not make a whole segment are values like any other.
    expect(await client.getItem({ path: 'a..b/.../.c' })).toBe('a..b/.../.c|-|-');
    expect(seen.at(-1)?.url).toBe('/services/Catalog.CatalogHttpEndpoint/items/a..b/.../.c');
  });

  it('the client refuses a value with an unpaired surrogate in the path, the query and the form, before anything is sent', async () => {
    seen.length = 0;
    const get = new mod.CatalogClient({ baseUrl, binding: 'httpGet' });
    await expect(get.getItem({ path: 'a\uD800' })).rejects.toThrow(/^getItem\/path: holds an unpaired surrogate/);
    await expect(get.getItem({ path: 'a', lang: '\uDC00x' })).rejects.toThrow(
      /^getItem\/lang: holds an unpaired surrogate/,
    );
    await expect(get.getItem({ path: 'a', format: 'x\uD800' })).rejects.toThrow(
      /^getItem\/format: holds an unpaired surrogate/,
    );
    const post = new mod.CatalogClient({ baseUrl, binding: 'httpPost' });
    await expect(post.rate({ sku: 'a\uDFFF', stars: 1 })).rejects.toThrow(/^rate\/sku: holds an unpaired surrogate/);
    await expect(post.rate({ sku: 'a', stars: 1, comment: '\uD800' })).rejects.toThrow(
      /^rate\/comment: holds an unpaired surrogate/,
    );
    expect(seen).toEqual([]);
    // A pair is a character like any other.
    expect(await get.getItem({ path: 'a\uD83D\uDE00' })).toBe('a\u{1F600}|-|-');
  });

  it('a POST form operation takes the query citation from the URL and the uncited values from the form', async () => {
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpPost' });
    seen.length = 0;
    expect(await client.rate({ sku: 'a/b', stars: 4, comment: 'fine & dandy' })).toBe('a/b:4:fine & dandy');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/services/Catalog.CatalogHttpEndpoint/rate/a%2Fb?stars=4',
      body: 'comment=fine+%26+dandy',
    });
    const res = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/rate/z?stars=5`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'stars=1&comment=hi',
    });
    expect(await res.text()).toContain('<return>z:5:hi</return>');
    const missing = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/rate/z`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'comment=hi',
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/stars/);
  });
});

describe('whttp:ignoreUncited and whttp:queryParameterSeparator (WSDL 2.0 Part 2 §6.8.1.2, §6.8.2)', () => {
  it('with ignoreUncited the client sends only the cited values, and the server reads only those', async () => {
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpGet' });
    seen.length = 0;
    calls.length = 0;
    expect(await client.search({ q: 'red shoes', debug: 'yes' })).toBe('red shoes|-');
    expect(seen.at(-1)?.url).toBe('/services/Catalog.CatalogHttpEndpoint/search/red%20shoes');
    const res = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/search/x?debug=on`);
    expect(await res.text()).toContain('<return>x|-</return>');
    // The other bindings still carry the value.
    expect(await new mod.CatalogClient({ baseUrl, binding: 'soap12' }).search({ q: 'a', debug: 'b' })).toBe('a|b');
  });

  it('with ";" the client separates every query pair with it and the server splits on it', async () => {
    const client = new mod.CatalogClient({ baseUrl, binding: 'httpGet' });
    seen.length = 0;
    expect(await client.list({ kind: 'a;b&c', page: 2, size: 30 })).toBe('a;b&c|2|30');
    expect(seen.at(-1)?.url).toBe('/services/Catalog.CatalogHttpEndpoint/list?kind=a%3Bb%26c;page=2;size=30');
    const res = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/list?kind=k;size=5`);
    expect(await res.text()).toContain('<return>k|-|5</return>');
    const amp = await fetch(`${baseUrl}/services/Catalog.CatalogHttpEndpoint/list?kind=k&size=5`);
    expect(await amp.text()).toContain('<return>k&amp;size=5|-|-</return>');
  });
});
