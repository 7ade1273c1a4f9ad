/**
 * The templated-path writer is an optional module (wire/http-path.ts, imported by the
 * generated schema.ts of a contract with such a location), so that other clients do not
 * carry the route tables. Without it, a call to a templated location fails before
 * sending, with an error that names the module and the import; nothing here imports it.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '../../src/runtime/client/client.js';
import type { Transport } from '../../src/runtime/client/transport.js';
import type { OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';

const item: OperationDesc = {
  name: 'Item',
  method: 'item',
  input: { complex: 'In' },
  httpGet: {
    path: 'items/(id)',
    params: [{ prop: 'id', name: 'id', value: { scalar: 'string' }, min: 1, max: 1, inPath: true }],
  },
};
const service: ServiceDesc = {
  name: 'S',
  targetNamespace: 'urn:s',
  ports: [{ name: 'Get', kind: 'httpGet', address: 'http://127.0.0.1:1/svc', path: '/svc' }],
  operations: [item],
  types: { In: { name: 'In', ns: 'urn:s', fields: [] } },
};

it('a templated location without wire/http-path.ts loaded: an error naming the module, nothing sent', async () => {
  const sent: string[] = [];
  const transport: Transport = async (req) => {
    sent.push(req.url.href);
    return { status: 200, headers: {}, body: '' };
  };
  const client = new ServiceClient(service, { transport }, 'httpGet');
  await expect(client.call(item, { id: 'a' })).rejects.toThrow(
    `Item: its location "items/(id)" takes values from the input, which needs the runtime module wire/http-path.ts: import it once (\`import './runtime/wire/http-path.js';\`); the generated schema.ts of such a contract does`,
  );
  expect(sent).toEqual([]);
});
