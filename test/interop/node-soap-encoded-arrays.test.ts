/**
 * rpc/encoded arrays with an independent server: the generated client of an rpc/encoded contract
 * (soapenc:Array parts of strings, of a complex type, and of a declared item element) calls
 * node-soap's `soap.listen` on 127.0.0.1. node-soap reads our `soapenc:arrayType` arrays item by item
 * (as strings: it does not type encoded items), and answers with namespace-qualified parts whose
 * items are named after the part, which the client reads as the arrays they are.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from '../emit/helpers.js';

const WSDL = 'test/emit/fixtures/encoded-arrays/arrays.wsdl';
const OUT = path.join(ROOT, 'test/tmp/interop/node-soap-encoded-arrays');

interface Client {
  flat(input: unknown): Promise<unknown>;
}

describe('generated rpc/encoded client -> node-soap server', () => {
  let server: Server;
  let client: Client;
  const received: unknown[] = [];
  const requests: string[] = [];
  beforeAll(async () => {
    writeTree(OUT, await generate(WSDL, 'arrays.wsdl'));
    const mod = (await import(path.join(OUT, 'index.ts'))) as {
      ArraysServiceClient: new (options: { baseUrl: string }) => Client;
    };
    server = createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const impl = {
      ArraysService: {
        ArraysSoap: {
          Flat(args: unknown) {
            received.push(args);
            return { names: ['r1', 'r2 & r3'], items: [{ name: 'n', qty: 2 }], numbers: [7, 8] };
          },
        },
      },
    };
    const listener = soap.listen(server, '/arrays', impl, readFileSync(path.join(ROOT, WSDL), 'utf8'));
    listener.log = (type: string, data: unknown) => {
      if (type === 'received') requests.push(String(data));
    };
    client = new mod.ArraysServiceClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends arrays node-soap reads item by item, and reads node-soap’s answer as arrays', async () => {
    const result = await client.flat({ names: ['a', 'b'], items: [{ name: 'x', qty: 1 }], numbers: [4, 5] });
    expect(result).toEqual({ names: ['r1', 'r2 & r3'], items: [{ name: 'n', qty: 2 }], numbers: [7, 8] });
    expect(received).toEqual([
      expect.objectContaining({
        names: { attributes: { 'soapenc:arrayType': 'xsd:string[2]' }, item: ['a', 'b'] },
        items: { attributes: { 'soapenc:arrayType': 'ns1:Item[1]' }, item: { name: 'x', qty: '1' } },
        numbers: { attributes: { 'soapenc:arrayType': 'xsd:int[2]' }, n: ['4', '5'] },
      }),
    ]);
    expect(requests[0]).toContain(
      '<names xmlns="" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" soapenc:arrayType="xsd:string[2]"><item>a</item><item>b</item></names>',
    );
  });
});
