/**
 * Locations a value can spell (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0 Part 2 §6.8.1.1),
 * generated client against generated server: the server chooses among all the service's locations
 * (runtime wire/http-routes.ts), so a value that spells another operation's location would run
 * that operation. The client makes the same choice before sending and refuses such a call with an
 * EncodeError naming the parameter and the operation that would run; each refused path is then
 * sent by hand to show where it goes. Servers listen on 127.0.0.1 and are stopped after.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from '../emit/helpers.js';
import { startServer, type TestServer } from './helpers.js';

type Handler = Parameters<typeof startServer>[0];

/** The calls each implementation received, in order. */
const calls: [string, unknown][] = [];
/** The request targets the servers saw, in order. */
const targets: string[] = [];

async function serve(handler: Handler): Promise<TestServer> {
  return startServer((req, res) => {
    targets.push(`${req.method ?? ''} ${req.url ?? ''}`);
    handler(req, res);
  });
}

describe('WSDL 2.0 (test/fixtures/wsdl20/overlaps.wsdl)', () => {
  const WSDL = 'test/fixtures/wsdl20/overlaps.wsdl';
  const OUT = path.join(ROOT, 'test/tmp/route-overlaps/wsdl20');
  interface Answer {
    return: string;
  }
  interface Impl {
    all(input: { q?: string }): Promise<Answer>;
    item(input: { id: string }): Promise<Answer>;
    raw(input: { dir: string }): Promise<Answer>;
    rawMeta(input: { dir: string }): Promise<Answer>;
    anything(input: { dir: string }): Promise<Answer>;
  }
  interface Module {
    OverlapServiceClient: new (options: { baseUrl: string }) => Impl;
    createOverlapServiceHandler: (impl: Impl) => Handler;
  }
  const impl = Object.fromEntries(
    (['all', 'item', 'raw', 'rawMeta', 'anything'] as const).map((name) => [
      name,
      async (input: unknown): Promise<Answer> => {
        calls.push([name, input]);
        return { return: name };
      },
    ]),
  ) as unknown as Impl;
  let server: TestServer;
  let base: string;
  let client: Impl;

  beforeAll(async () => {
    writeTree(OUT, await generate(WSDL, WSDL));
    const mod = (await import(path.join(OUT, 'index.ts'))) as Module;
    server = await serve(mod.createOverlapServiceHandler(impl));
    base = `http://127.0.0.1:${server.port}`;
    client = new mod.OverlapServiceClient({ baseUrl: base });
  });
  afterAll(async () => {
    await server.close();
  });

  /** What the server runs for `path` sent by hand: the implementation's answer. */
  async function runs(p: string): Promise<string> {
    const res = await fetch(`${base}${p}`);
    return (await res.text()).replace(/^[\s\S]*<return>([^<]*)<\/return>[\s\S]*$/, '$1');
  }

  it('a segment value spelling a fixed location ("items/{id}" with "all" beside "items/all") is refused', async () => {
    calls.length = 0;
    targets.length = 0;
    await expect(client.item({ id: 'all' })).rejects.toThrow(
      /^item\/id: makes the path "\/svc\/items\/all", which the server would route to operation "all" \(location "items\/all"\) instead$/,
    );
    await expect(client.item({ id: 'ALL' })).rejects.toThrow(/^item\/id: .* operation "all"/);
    expect(targets).toEqual([]);
    // Sent anyway, the path runs the fixed operation.
    expect(await runs('/svc/items/all')).toBe('all');
    expect(calls).toEqual([['all', {}]]);
  });

  it('a raw value spelling a template with more literal text ("raw/{!dir}" with "a/meta" beside "raw/{!dir}/meta") is refused', async () => {
    calls.length = 0;
    targets.length = 0;
    await expect(client.raw({ dir: 'a/meta' })).rejects.toThrow(
      /^raw\/dir: makes the path "\/svc\/raw\/a\/meta", which the server would route to operation "rawMeta" \(templated location "raw\/\(!dir\)\/meta"\) instead$/,
    );
    await expect(client.raw({ dir: 'a/META' })).rejects.toThrow(/^raw\/dir: .* operation "rawMeta"/);
    expect(targets).toEqual([]);
    expect(await runs('/svc/raw/a/meta')).toBe('rawMeta');
    expect(calls).toEqual([['rawMeta', { dir: 'a' }]]);
  });

  it('a location of one raw citation ("{!dir}") cannot spell any other location', async () => {
    calls.length = 0;
    targets.length = 0;
    await expect(client.anything({ dir: 'items/all' })).rejects.toThrow(/^anything\/dir: .* operation "all"/);
    await expect(client.anything({ dir: 'items/x' })).rejects.toThrow(/^anything\/dir: .* operation "item"/);
    await expect(client.anything({ dir: 'raw/x/meta' })).rejects.toThrow(/^anything\/dir: .* operation "rawMeta"/);
    await expect(client.anything({ dir: 'raw/x' })).rejects.toThrow(/^anything\/dir: .* operation "raw"/);
    expect(targets).toEqual([]);
    expect(await runs('/svc/items/x')).toBe('item');
    expect(await runs('/svc/raw/x')).toBe('raw');
    expect(calls).toEqual([
      ['item', { id: 'x' }],
      ['raw', { dir: 'x' }],
    ]);
  });

  it('values that spell no other location are sent and read back as written', async () => {
    calls.length = 0;
    expect((await client.item({ id: 'all/x' })).return).toBe('item');
    expect((await client.item({ id: 'some' })).return).toBe('item');
    expect((await client.raw({ dir: 'a/metadata' })).return).toBe('raw');
    expect((await client.raw({ dir: 'a/meta/b' })).return).toBe('raw');
    // Ends exactly as "raw/{!dir}" does, not as "raw/{!dir}/meta": the exact pass takes it.
    expect((await client.raw({ dir: 'a/Meta/' })).return).toBe('raw');
    expect((await client.rawMeta({ dir: 'a/meta' })).return).toBe('rawMeta');
    expect((await client.anything({ dir: 'other/x' })).return).toBe('anything');
    expect((await client.all({ q: 'z' })).return).toBe('all');
    expect(calls).toEqual([
      ['item', { id: 'all/x' }],
      ['item', { id: 'some' }],
      ['raw', { dir: 'a/metadata' }],
      ['raw', { dir: 'a/meta/b' }],
      ['raw', { dir: 'a/Meta/' }],
      ['rawMeta', { dir: 'a/meta' }],
      ['anything', { dir: 'other/x' }],
      ['all', { q: 'z' }],
    ]);
  });
});

describe('WSDL 1.1 http:urlReplacement (test/fixtures/url-replacement/overlaps.wsdl)', () => {
  const WSDL = 'test/fixtures/url-replacement/overlaps.wsdl';
  const OUT = path.join(ROOT, 'test/tmp/route-overlaps/wsdl11');
  interface Answer {
    op: string;
    value: string;
  }
  interface Impl {
    item(input: { id: string }): Promise<Answer>;
    all(input: { q: string }): Promise<Answer>;
    file(input: { name: string }): Promise<Answer>;
    xml(input: { name: string }): Promise<Answer>;
    create(input: { q: string }): Promise<Answer>;
  }
  interface Module {
    OverlapServiceClient: new (options: { baseUrl: string; binding?: string }) => Impl;
    createOverlapServiceHandler: (impl: Impl) => Handler;
  }
  const answer =
    (op: string) =>
    async (input: Record<string, string>): Promise<Answer> => {
      calls.push([op, input]);
      return { op, value: Object.values(input).join('|') };
    };
  const impl = {
    item: answer('Item'),
    all: answer('All'),
    file: answer('File'),
    xml: answer('Xml'),
    create: answer('Create'),
  } as unknown as Impl;
  let server: TestServer;
  let base: string;
  let get: Impl;
  let post: Impl;

  beforeAll(async () => {
    writeTree(OUT, await generate(WSDL, WSDL));
    const mod = (await import(path.join(OUT, 'index.ts'))) as Module;
    server = await serve(mod.createOverlapServiceHandler(impl));
    base = `http://127.0.0.1:${server.port}`;
    get = new mod.OverlapServiceClient({ baseUrl: base, binding: 'httpGet' });
    post = new mod.OverlapServiceClient({ baseUrl: base, binding: 'httpPost' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a value spelling a fixed location ("/Items/(id)" with "all" beside "/Items/All") is refused', async () => {
    calls.length = 0;
    targets.length = 0;
    await expect(get.item({ id: 'all' })).rejects.toThrow(
      /^Item\/id: makes the path "\/shop\/Items\/all", which the server would route to operation "All" \(location "\/Items\/All"\) instead$/,
    );
    expect(targets).toEqual([]);
    const res = await fetch(`${base}/shop/Items/all?q=`);
    expect(await res.text()).toContain('<op>All</op>');
    expect(calls).toEqual([['All', { q: '' }]]);
  });

  it('a value spelling a template with more literal text ("/Files/(name)" with "r.xml" beside "/Files/(name).xml") is refused', async () => {
    calls.length = 0;
    targets.length = 0;
    await expect(get.file({ name: 'r.xml' })).rejects.toThrow(
      /^File\/name: makes the path "\/shop\/Files\/r\.xml", which the server would route to operation "Xml" \(templated location "\/Files\/\(name\)\.xml"\) instead$/,
    );
    expect(targets).toEqual([]);
    const res = await fetch(`${base}/shop/Files/r.xml`);
    expect(await res.text()).toContain('<op>Xml</op>');
    expect(calls).toEqual([['Xml', { name: 'r' }]]);
  });

  it("a GET value spelling another port's POST location at the same address is refused (the server would answer 405)", async () => {
    targets.length = 0;
    await expect(get.item({ id: 'new' })).rejects.toThrow(
      /^Item\/id: makes the path "\/shop\/Items\/new", which the server would route to operation "Create" \(location "\/Items\/New"\) instead$/,
    );
    expect(targets).toEqual([]);
    expect((await fetch(`${base}/shop/Items/new`)).status).toBe(405);
  });

  it('values that spell no other location are sent and read back as written', async () => {
    calls.length = 0;
    expect(await get.item({ id: 'all.x' })).toEqual({ op: 'Item', value: 'all.x' });
    expect(await get.item({ id: 'news' })).toEqual({ op: 'Item', value: 'news' });
    expect(await get.file({ name: 'r.xml.bak' })).toEqual({ op: 'File', value: 'r.xml.bak' });
    expect(await get.xml({ name: 'r.xml' })).toEqual({ op: 'Xml', value: 'r.xml' });
    expect(await post.create({ q: 'n' })).toEqual({ op: 'Create', value: 'n' });
    expect(calls.map(([op]) => op)).toEqual(['Item', 'Item', 'File', 'Xml', 'Create']);
  });
});
