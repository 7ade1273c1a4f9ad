/**
 * rpc/encoded arrays with an independent peer: zeep (python3-zeep) calls the generated server of an
 * rpc/encoded contract whose parts are soapenc:Array restrictions (strings, complex items, items
 * declared by element), reading the WSDL from `?wsdl`. zeep writes `xsi:type`d items named after
 * their type and no `soapenc:arrayType`; it reads our `soapenc:arrayType` arrays back. zeep reads
 * xsd:string[][] as xsd:string[], so the array of arrays is left to the generated client (test/emit).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, ROOT, writeTree } from '../emit/helpers.js';

const WSDL = 'test/emit/fixtures/encoded-arrays/arrays.wsdl';
/**
 * The SOAP 1.1 encoding schema (zeep's test copy in the shared corpus beside the repository), so
 * that zeep never fetches it from the network. Third-party files are not committed here.
 */
const SOAP_ENC_XSD = path.resolve(ROOT, '../shared/corpus/zeep/soap-enc.xsd');
const OUT = path.join(ROOT, 'test/tmp/interop/zeep-encoded-arrays');

const zeepPython = await findZeepPython();

const ZEEP = `
import sys, json
from zeep import Client
from zeep.helpers import serialize_object
from zeep.transports import Transport
url, soap_enc = sys.argv[1], sys.argv[2]
class Local(Transport):
    # The SOAP encoding schema from the test fixture; nothing but the test server otherwise.
    def load(self, u):
        if u.startswith('http://schemas.xmlsoap.org/soap/encoding'):
            with open(soap_enc, 'rb') as f:
                return f.read()
        if not u.startswith('http://127.0.0.1:'):
            raise IOError('refusing to load ' + u)
        return super().load(u)
client = Client(url + '?wsdl', transport=Local())
svc = client.bind('ArraysService', 'ArraysSoap')
t = lambda n: client.get_type('{urn:arrays}' + n)
r = svc.Flat(
    names=t('ArrayOfString')(['a', 'b & c']),
    items=t('ArrayOfItem')([t('Item')(name='x', qty=1), t('Item')(name='y', qty=-2)]),
    numbers=t('ArrayOfInt')([4, 5]))
print(json.dumps({k: serialize_object(r[k]) for k in ('names', 'items', 'numbers')}))
`;
import { findZeepPython, runPython } from './peers.js';

const VALUE = {
  names: ['a', 'b & c'],
  items: [
    { name: 'x', qty: 1 },
    { name: 'y', qty: -2 },
  ],
  numbers: [4, 5],
};

// Skipped only outside CI: .ci/run installs python3-zeep, so in CI a missing zeep fails here.
describe.skipIf(zeepPython === undefined && process.env['CI'] === undefined)(
  'zeep -> generated rpc/encoded server',
  () => {
    let server: Server;
    let url: string;
    const received: unknown[] = [];
    beforeAll(async () => {
      writeTree(OUT, await generate(WSDL, 'arrays.wsdl'));
      const mod = (await import(path.join(OUT, 'index.ts'))) as {
        createArraysServiceHandler: (impl: object) => Parameters<typeof createServer>[1];
      };
      const impl = async (input: unknown): Promise<unknown> => {
        received.push(input);
        return input;
      };
      server = createServer(mod.createArraysServiceHandler({ echo: impl, flat: impl }));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/arrays`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('reads zeep arrays (xsi:typed items of any name) and zeep reads ours (soapenc:arrayType)', async () => {
      const out = await runPython(zeepPython!, ZEEP, [url, SOAP_ENC_XSD]);
      expect(received).toEqual([VALUE]);
      expect(JSON.parse(out)).toEqual(VALUE);
    }, 60_000);
  },
);
