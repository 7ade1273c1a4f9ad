/**
 * Parameters in the request path (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0 `{name}`
 * location templates): the generated client puts each cited value in the path as one
 * percent-encoded segment, the generated server routes by the template and decodes it,
 * and uncited values stay query or form parameters. Servers listen on 127.0.0.1.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModelCollecting } from '../../src/model/index.js';
import { loadedFrom } from '../model/helpers.js';
import { generate, ROOT, writeTree } from '../emit/helpers.js';
import { rawRequest, startServer, type TestServer } from './helpers.js';
import { readFileSync } from 'node:fs';

const WSDL = 'test/fixtures/url-replacement/books.wsdl';
const OUT = path.join(ROOT, 'test/tmp/url-replacement/books');

interface Found {
  isbn: string;
  shelf: number;
  note?: string;
}
interface FindInput {
  isbn?: string;
  shelf?: number;
  note?: string;
}
type Handler = Parameters<typeof startServer>[0];
interface BooksModule {
  BookServiceClient: new (options: {
    baseUrl: string;
    binding?: string;
  }) => {
    find(input: FindInput): Promise<Found>;
  };
  createBookServiceHandler(impl: { find(input: FindInput): Promise<Found> }): Handler;
}

let m: BooksModule;
let server: TestServer;
let base: string;
/** The raw request targets the server saw, in order. */
const targets: string[] = [];
/** The inputs the implementation received, in order. */
const inputs: FindInput[] = [];

beforeAll(async () => {
  writeTree(OUT, await generate(WSDL, WSDL));
  m = (await import(path.join(OUT, 'index.ts'))) as BooksModule;
  const handler = m.createBookServiceHandler({
    async find(input) {
      inputs.push(input);
      return {
        isbn: input.isbn ?? '',
        shelf: input.shelf ?? 0,
        ...(input.note === undefined ? {} : { note: input.note }),
      };
    },
  });
  server = await startServer((req, res) => {
    targets.push(req.url ?? '');
    handler(req, res);
  });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.close();
});

describe.each(['httpGet', 'httpPost'])('http:urlReplacement over %s', (binding) => {
  it('the client puts the cited values in the path, encoded, and the server hands them back decoded', async () => {
    const client = new m.BookServiceClient({ baseUrl: base, binding });
    targets.length = 0;
    const isbn = '978/0 (x)+é?#%';
    const found = await client.find({ isbn, shelf: 7, note: 'a&b=c' });
    expect(found).toEqual({ isbn, shelf: 7, note: 'a&b=c' });
    expect(targets[0]!.startsWith('/books/Find/978%2F0%20%28x%29%2B%C3%A9%3F%23%25/Shelf7')).toBe(true);
    // The uncited value travels as a parameter: in the query for GET, in the form body for POST.
    if (binding === 'httpGet')
      expect(targets[0]).toBe('/books/Find/978%2F0%20%28x%29%2B%C3%A9%3F%23%25/Shelf7?note=a%26b%3Dc');
    else expect(targets[0]).toBe('/books/Find/978%2F0%20%28x%29%2B%C3%A9%3F%23%25/Shelf7');
  });

  it('a required value that is missing is refused before anything is sent', async () => {
    const client = new m.BookServiceClient({ baseUrl: base, binding });
    targets.length = 0;
    await expect(client.find({ shelf: 1, note: 'n' })).rejects.toThrow(/^Find\/isbn: missing required parameter$/);
    expect(targets).toEqual([]);
  });
  it('a value that would make a "." or ".." path segment is refused before anything is sent', async () => {
    const client = new m.BookServiceClient({ baseUrl: base, binding });
    targets.length = 0;
    for (const isbn of ['..', '.'])
      await expect(client.find({ isbn, shelf: 1, note: 'n' })).rejects.toThrow(
        /^Find\/isbn: makes the path segment "\.{1,2}", which would leave the operation's path$/,
      );
    expect(targets).toEqual([]);
    expect(await client.find({ isbn: '...', shelf: 1, note: 'n' })).toEqual({ isbn: '...', shelf: 1, note: 'n' });
  });
});

describe('the server routes by the template', () => {
  it('matches literal text in any case, reads a plus sign as itself, and ignores a query pair of a path value', async () => {
    inputs.length = 0;
    const res = await rawRequest(
      server.port,
      'GET /BOOKS/find/a+b%20c/SHELF12/?isbn=other&note=n HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(200);
    expect(inputs).toEqual([{ isbn: 'a+b c', shelf: 12, note: 'n' }]);
    expect(res.body).toContain('<isbn>a+b c</isbn>');
  });

  it('answers 400 for a path value that is not UTF-8 or not of its type, 404 for a path the template does not match', async () => {
    const bad = await rawRequest(
      server.port,
      'GET /books/Find/%FF/Shelf1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/request path is not valid: percent-escapes .* do not decode to UTF-8/);
    const notInt = await rawRequest(
      server.port,
      'GET /books/Find/x/Shelfseven HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(notInt.status).toBe(400);
    expect(notInt.body).toMatch(/parameter shelf/);
    const extra = await rawRequest(
      server.port,
      'GET /books/Find/x/y/Shelf1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(extra.status).toBe(404);
  });
});

describe('a location that does not fit its input', () => {
  function warnings(location: string): string[] {
    const text = readFileSync(path.join(ROOT, WSDL), 'utf8').replaceAll('/Find/(isbn)/Shelf(shelf)', location);
    const out = buildModelCollecting(loadedFrom({ name: 'b.wsdl', text }));
    expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return out.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message);
  }

  it.each([
    [
      '/Find/(isbn)/(nope)',
      /cites \(nope\), which is not an input parameter \(the input has "isbn", "shelf", "note"\)/,
    ],
    ['/Find/(isbn)/(isbn)', /cites \(isbn\) twice/],
    ['/Find/(isbn', /is not a template: the "\(" at offset 6 is not closed/],
    ['/Find/isbn)', /is not a template: the "\)" at offset 10 closes no "\("/],
  ])('%s: each binding leaves the operation out with a located warning', (location, message) => {
    const w = warnings(location);
    expect(w).toHaveLength(2);
    for (const x of w) expect(x).toMatch(message);
    expect(w[0]).toMatch(/^operation Find of port BooksGet \(httpGet\)/);
  });
});
