/**
 * WSDL 2.0 HTTP locations whose values need care (test/fixtures/wsdl20/locations.wsdl, Part 2
 * §6.8.1.1), generated client against generated server: each value the client accepts is the
 * value the implementation receives, and a value the server would read otherwise (or that would
 * move the request to another path) is refused before anything is sent. Servers listen on
 * 127.0.0.1 and are stopped after.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from '../emit/helpers.js';

const OUT = path.join(ROOT, 'test/tmp/wsdl20/locations');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** The output element (an HTTP-only contract returns it whole). */
interface Answer {
  return: string;
}
interface Impl {
  day(input: { y: string; m: string; d: string }): Promise<Answer>;
  folder(input: { dir: string }): Promise<Answer>;
  file(input: { path: string; ext?: string }): Promise<Answer>;
  cafe(input: { id: string }): Promise<Answer>;
  spaced(input: { path: string; ext?: string }): Promise<Answer>;
  pair(input: { path: string; ext?: string }): Promise<Answer>;
  item(input: { id: string }): Promise<Answer>;
  purge(input: { id: string }): Promise<Answer>;
  any(input: { dir: string }): Promise<Answer>;
  rawmeta(input: { dir: string }): Promise<Answer>;
  lead(input: { dir: string }): Promise<Answer>;
  dbl(input: { dir: string }): Promise<Answer>;
  sgl(input: { dir: string }): Promise<Answer>;
  spacey(input: { dir: string }): Promise<Answer>;
  tieMany(input: { y: string; m: string; d: string }): Promise<Answer>;
  tieOne(input: { dir: string }): Promise<Answer>;
  whole(input: { dir: string }): Promise<Answer>;
}
interface LocationsModule {
  LocationServiceClient: new (options: { baseUrl: string }) => Impl;
  createLocationServiceHandler: (impl: Impl) => Handler;
}

const calls: [string, unknown][] = [];
const impl = {
  async day(input) {
    calls.push(['day', input]);
    return { return: `${input.y}|${input.m}|${input.d}` };
  },
  async folder(input) {
    calls.push(['folder', input]);
    return { return: input.dir };
  },
  async file(input) {
    calls.push(['file', input]);
    return { return: `${input.path}|${input.ext ?? '-'}` };
  },
  async cafe(input) {
    calls.push(['cafe', input]);
    return { return: input.id };
  },
  ...Object.fromEntries(
    (
      [
        'spaced',
        'pair',
        'item',
        'purge',
        'any',
        'rawmeta',
        'lead',
        'dbl',
        'sgl',
        'spacey',
        'tieMany',
        'tieOne',
        'whole',
      ] as const
    ).map((name) => [
      name,
      async (input: unknown): Promise<Answer> => {
        calls.push([name, input]);
        return { return: name };
      },
    ]),
  ),
} as Impl;

const urls: string[] = [];
let server: Server;
let client: Impl;
let baseUrl: string;

beforeAll(async () => {
  writeTree(OUT, await generate('test/fixtures/wsdl20/locations.wsdl', 'test/fixtures/wsdl20/locations.wsdl'));
  const mod = (await import(path.join(OUT, 'index.ts'))) as LocationsModule;
  const handler = mod.createLocationServiceHandler(impl);
  server = createServer((req, res) => {
    urls.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new mod.LocationServiceClient({ baseUrl });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('values read back as written', () => {
  it('three citations in one segment (date/{y}-{m}-{d})', async () => {
    calls.length = 0;
    expect((await client.day({ y: '2024', m: '01', d: '02' })).return).toBe('2024|01|02');
    expect(calls).toEqual([['day', { y: '2024', m: '01', d: '02' }]]);
  });

  it('a raw citation before a final "/" (files/{!dir}/): the "/" is the location\'s, not the value\'s', async () => {
    calls.length = 0;
    urls.length = 0;
    expect((await client.folder({ dir: 'docs/2024' })).return).toBe('docs/2024');
    expect(urls).toEqual(['/svc/files/docs/2024/']);
    // Without the final "/", the path is exactly what "{!dir}" (the whole operation) writes for
    // "files/docs/2024": a template the path ends exactly as wins over one matching with a "/" left out.
    const bare = await fetch(`${baseUrl}/svc/files/docs/2024`);
    expect(await bare.text()).toContain('<return>whole</return>');
    expect(calls).toEqual([
      ['folder', { dir: 'docs/2024' }],
      ['whole', { dir: 'files/docs/2024' }],
    ]);
  });

  it('a raw citation followed by literal text (files/{!path}.{ext})', async () => {
    calls.length = 0;
    expect((await client.file({ path: 'a/b', ext: 'txt' })).return).toBe('a/b|txt');
    expect((await client.file({ path: 'a/b', ext: 'tar.gz' })).return).toBe('a/b|tar.gz');
    expect(calls).toEqual([
      ['file', { path: 'a/b', ext: 'txt' }],
      ['file', { path: 'a/b', ext: 'tar.gz' }],
    ]);
  });

  it('literal text a URL parser percent-encodes ("café menu/{id}")', async () => {
    calls.length = 0;
    urls.length = 0;
    expect((await client.cafe({ id: 'x y' })).return).toBe('x y');
    expect(urls).toEqual(['/svc/caf%C3%A9%20menu/x%20y']);
    expect(calls).toEqual([['cafe', { id: 'x y' }]]);
  });
});

describe('each call reaches its own operation with its own values', () => {
  it('literal text with a space between two citations ("at/{path} {ext}"): a value holding a space is refused', async () => {
    calls.length = 0;
    expect((await client.spaced({ path: 'x', ext: 'y z' })).return).toBe('spaced');
    await expect(client.spaced({ path: 'x y', ext: 'z' })).rejects.toThrow(/^spaced\/path: holds "%20"/);
    expect(calls).toEqual([['spaced', { path: 'x', ext: 'y z' }]]);
  });

  it('"//" in a location ("pair/{!path}//{!ext}") is kept on both sides', async () => {
    calls.length = 0;
    expect((await client.pair({ path: 'x', ext: 'y' })).return).toBe('pair');
    expect(calls).toEqual([['pair', { path: 'x', ext: 'y' }]]);
  });

  it('a value spelling a fixed location ("items/{id}" with "all/delete" beside "items/all/delete") stays a value', async () => {
    calls.length = 0;
    urls.length = 0;
    expect((await client.item({ id: 'all/delete' })).return).toBe('item');
    expect(urls).toEqual(['/svc/items/all%2Fdelete']);
    expect((await client.purge({ id: 'p' })).return).toBe('purge');
    expect(calls).toEqual([
      ['item', { id: 'all/delete' }],
      ['purge', { id: 'p' }],
    ]);
  });

  it('overlapping templates: the one with more literal text first ("raw/{!dir}/meta" before "raw/{!dir}")', async () => {
    calls.length = 0;
    expect((await client.rawmeta({ dir: 'a' })).return).toBe('rawmeta');
    expect((await client.any({ dir: 'a/b' })).return).toBe('any');
    expect(calls).toEqual([
      ['rawmeta', { dir: 'a' }],
      ['any', { dir: 'a/b' }],
    ]);
  });

  it('a location starting with a citation ("{!dir}/lead"): an empty value or one starting with "/" is read back', async () => {
    calls.length = 0;
    urls.length = 0;
    expect((await client.lead({ dir: '' })).return).toBe('lead');
    expect((await client.lead({ dir: '/x' })).return).toBe('lead');
    expect(urls).toEqual(['/svc//lead', '/svc//x/lead']);
    expect(calls).toEqual([
      ['lead', { dir: '' }],
      ['lead', { dir: '/x' }],
    ]);
  });
});

describe('locations that differ only in how they are spelled', () => {
  it('"dbl/{!dir}//g" and "dbl/{!dir}/g" are two routes', async () => {
    calls.length = 0;
    expect((await client.sgl({ dir: 'x' })).return).toBe('sgl');
    expect((await client.dbl({ dir: 'x' })).return).toBe('dbl');
    expect(calls).toEqual([
      ['sgl', { dir: 'x' }],
      ['dbl', { dir: 'x' }],
    ]);
  });

  it('templates with as much literal text: the one with fewer citations first ("t/x/{!dir}=" before "t/{!y}/{m}X{!d}=")', async () => {
    calls.length = 0;
    expect((await client.tieOne({ dir: 'midX' })).return).toBe('tieOne');
    expect((await client.tieMany({ y: 'a', m: 'b', d: 'c' })).return).toBe('tieMany');
    expect(calls).toEqual([
      ['tieOne', { dir: 'midX' }],
      ['tieMany', { y: 'a', m: 'b', d: 'c' }],
    ]);
  });

  it('a fixed location with a percent-escape ("get%20item") is routed as the request spells it', async () => {
    calls.length = 0;
    urls.length = 0;
    expect((await client.spacey({ dir: 'd' })).return).toBe('spacey');
    expect(urls).toEqual(['/svc/get%20item?dir=d']);
    expect(calls).toEqual([['spacey', { dir: 'd' }]]);
  });
});

describe('values the server would read otherwise are refused before anything is sent', () => {
  it('a value holding the text the location puts after it', async () => {
    urls.length = 0;
    await expect(client.day({ y: '2024-01', m: '01', d: '02' })).rejects.toThrow(
      /^day\/y: holds "-", the text the location puts after it, so the server could not tell where the value ends$/,
    );
    await expect(client.file({ path: 'v1.2/a', ext: 'txt' })).rejects.toThrow(/^file\/path: holds "\."/);
    expect(urls).toEqual([]);
  });

  it('a location of citations only ("{!dir}") with an empty value: the endpoint\'s own path, refused', async () => {
    urls.length = 0;
    calls.length = 0;
    await expect(client.whole({ dir: '' })).rejects.toThrow(
      /^whole\/dir: leaves the operation's path empty, which is the endpoint's own path$/,
    );
    expect(urls).toEqual([]);
    expect((await client.whole({ dir: 'q/r' })).return).toBe('whole');
    expect(calls).toEqual([['whole', { dir: 'q/r' }]]);
  });

  it('a "." segment made of literal text next to a value (files/{!path}.{ext} with path "docs/" and no ext)', async () => {
    urls.length = 0;
    calls.length = 0;
    // Sent, the URL parser would resolve /svc/files/docs/. to /svc/files/docs/, the folder operation.
    await expect(client.file({ path: 'docs/' })).rejects.toThrow(
      /^file\/path: makes the path segment "\.", which would leave the operation's path$/,
    );
    await expect(client.file({ path: 'docs/', ext: '' })).rejects.toThrow(/makes the path segment "\."/);
    expect(urls).toEqual([]);
    expect(calls).toEqual([]);
  });
});
