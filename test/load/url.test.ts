import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { MAX_REMOTE_BYTES } from '../../src/load/read-source.js';
import { expectWsdlcError, wsdl } from './helpers.js';

/** Documents served by the local test server, by path. */
const served: Record<string, string> = {
  '/svc/main.wsdl': wsdl(
    '<wsdl:import namespace="urn:p" location="part.wsdl"/><wsdl:types><xs:schema targetNamespace="urn:t"><xs:import namespace="urn:a" schemaLocation="../schemas/a.xsd?v=1#frag"/></xs:schema></wsdl:types>',
  ),
  '/svc/part.wsdl': wsdl('<wsdl:import namespace="urn:t" location="main.wsdl"/>'),
  '/schemas/a.xsd?v=1':
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:a"><xs:include schemaLocation="/schemas/inc.xsd"/></xs:schema>',
  '/schemas/inc.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>',
  '/svc/missing-import.wsdl': wsdl('\n<wsdl:import namespace="urn:x" location="gone.wsdl"/>'),
  '/svc/local-import.wsdl': wsdl('\n<wsdl:import namespace="urn:x" location="file:///etc/passwd"/>'),
  '/old/moved.wsdl': '',
  '/new/moved.wsdl': wsdl('<wsdl:import namespace="urn:x" location="sibling.xsd"/>'),
  '/new/sibling.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>',
};

let server: Server;
let base: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    requested.push(url);
    if (url === '/old/moved.wsdl') {
      res.writeHead(302, { location: '/new/moved.wsdl' }).end();
      return;
    }
    const body = served[url];
    if (body === undefined || url === '/old/moved.wsdl') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('loadDocuments over http (local server on 127.0.0.1)', () => {
  it('loads a URL and resolves relative and absolute-path imports against it', async () => {
    const set = await loadDocuments(`${base}/svc/main.wsdl`);
    expect(set.documents.map((d) => d.url)).toEqual([
      `${base}/svc/main.wsdl`,
      `${base}/svc/part.wsdl`,
      `${base}/schemas/a.xsd?v=1`,
      `${base}/schemas/inc.xsd`,
    ]);
    expect(set.documents.map((d) => d.displayName)).toEqual(set.documents.map((d) => d.url));
    expect(set.documents[3]?.chameleonNamespace).toBe('urn:a');
    // Each document is fetched once even though main.wsdl is imported back by part.wsdl.
    expect(requested.filter((r) => r === '/svc/main.wsdl')).toHaveLength(1);
  });

  it('reports a non-200 import at the importing element with the status', async () => {
    const err = await expectWsdlcError(loadDocuments(`${base}/svc/missing-import.wsdl`));
    expect(err.diagnostics[0]?.location).toEqual({ file: `${base}/svc/missing-import.wsdl`, line: 3, column: 1 });
    expect(err.message).toContain(`wsdl:import "gone.wsdl" (${base}/svc/gone.wsdl): HTTP 404`);
  });

  it('reports a main URL that answers 404 and names it', async () => {
    const err = await expectWsdlcError(loadDocuments(`${base}/nothing.wsdl`));
    expect(err.message).toBe(`cannot read ${base}/nothing.wsdl: HTTP 404 Not Found`);
  });

  it('refuses a remote document that refers to a local file', async () => {
    const err = await expectWsdlcError(loadDocuments(`${base}/svc/local-import.wsdl`));
    expect(err.message).toMatch(/may not refer to a local file/);
    expect(err.diagnostics[0]?.location?.line).toBe(3);
  });

  it('resolves imports against the final URL after a redirect', async () => {
    const set = await loadDocuments(`${base}/old/moved.wsdl`);
    expect(set.documents.map((d) => d.url)).toEqual([`${base}/old/moved.wsdl`, `${base}/new/sibling.xsd`]);
  });

  it('uses options.fetch when given', async () => {
    const seen: string[] = [];
    const fake: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(wsdl(), { status: 200 });
    };
    const set = await loadDocuments('https://example.invalid/x.wsdl', { fetch: fake });
    expect(seen).toEqual(['https://example.invalid/x.wsdl']);
    expect(set.main.kind).toBe('wsdl');
  });

  it('reports a connection failure with the URL', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    };
    const err = await expectWsdlcError(loadDocuments('https://example.invalid/x.wsdl', { fetch: failing }));
    expect(err.message).toBe(
      'cannot read https://example.invalid/x.wsdl: fetch failed (fetch failed: connect ECONNREFUSED); to build without the network, copy the contract and its imports once with `wsdlc vendor https://example.invalid/x.wsdl -o <folder>` and generate from the copy',
    );
  });

  it('stops reading a document past the size limit, declared or streamed', async () => {
    const huge = MAX_REMOTE_BYTES + 1;
    const declared: typeof fetch = async () =>
      new Response('<x/>', { status: 200, headers: { 'content-length': String(huge) } });
    const e1 = await expectWsdlcError(loadDocuments('https://example.invalid/big.wsdl', { fetch: declared }));
    expect(e1.message).toMatch(/document too large/);
    let pulled = 0;
    const endless: typeof fetch = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(new Uint8Array(1024 * 1024));
          },
        }),
        { status: 200 },
      );
    const e2 = await expectWsdlcError(loadDocuments('https://example.invalid/endless.wsdl', { fetch: endless }));
    expect(e2.message).toMatch(/document too large/);
    expect(pulled).toBeLessThan(80);
  });
});
