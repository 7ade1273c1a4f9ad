/**
 * `wsdlc mock`'s handler (src/runtime/server/mock.ts) over the whole corpus: for
 * every operation of every service of every contract that builds a model, over
 * every binding it is offered on, the generated client's call through the mock
 * (in memory) succeeds: the mock accepted the request as the generated server
 * checks it, and the client accepted the mock's answer. What cannot be made up is
 * listed in UNSUPPORTED, by reason, not hidden.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { ServiceClient } from '../../src/runtime/client/client.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { createMockHandler, mockLeaf } from '../../src/runtime/server/mock.js';
import type { BindingKind } from '../../src/runtime/wire/descriptors.js';
import { SampleValues } from '../../src/runtime/wire/sample-values.js';
import { prng } from '../support/prng.js';
import { buildingContracts, loadCorpusModel } from './corpus-files.js';
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';
import '../../src/runtime/wire/http-path.js'; // templated locations' writer (generated schema.ts imports it)
import '../../src/runtime/wire/mtom.js';

const BINDINGS: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** Reasons a call may fail that are the mock's known limits, and how many calls each may cost. */
const UNSUPPORTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/DataSet/, 'a required ADO.NET DataSet is not made up'],
];

const tally = { calls: 0, unsupported: 0 };

afterAll(() => {
  console.log(`mock over the corpus: ${tally.calls} calls accepted both ways, ${tally.unsupported} unsupported`);
});

describe('every answer of the mock is accepted by the generated client (corpus)', () => {
  for (const rel of buildingContracts()) {
    it(rel, async () => {
      const model = await loadCorpusModel(rel);
      const problems: string[] = [];
      for (const service of serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING, sampleFacets: true })) {
        const handler = createMockHandler(service, { seed: 7, pages: false });
        const transport = inMemoryTransport(handler);
        const clients = new Map<BindingKind, ServiceClient>();
        for (const op of service.operations) {
          for (const binding of BINDINGS) {
            if (op[binding] === undefined || !service.ports.some((p) => p.kind === binding)) continue;
            let client = clients.get(binding);
            if (client === undefined) {
              client = new ServiceClient(service, { transport, binding, baseUrl: 'http://localhost' }, binding);
              clients.set(binding, client);
            }
            const r = prng(op.name.length * 31 + binding.length);
            const values = new SampleValues(service.types, (d) => mockLeaf(d, r), r);
            try {
              const input = values.value(op.input, op.name);
              const fields = binding === 'soap11' || binding === 'soap12' ? op[binding]?.input.headers : undefined;
              const soapHeaders = fields === undefined ? undefined : values.headers(fields);
              tally.calls++;
              await client.call(op, input, soapHeaders === undefined ? {} : { soapHeaders });
            } catch (err) {
              const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
              if (UNSUPPORTED.some(([re]) => re.test(message))) {
                tally.unsupported++;
                continue;
              }
              problems.push(`${service.name}.${op.name} ${binding}: ${message.slice(0, 300)}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it('is deterministic for a seed, and another seed gives other values', async () => {
    const model = await loadCorpusModel('asmx/cdyne_Weather.wsdl');
    const [service] = serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING, sampleFacets: true });
    const op = service!.operations.find((o) => o.output !== undefined)!;
    const answer = async (seed: number): Promise<unknown> => {
      const client = new ServiceClient(
        service!,
        {
          transport: inMemoryTransport(createMockHandler(service!, { seed })),
          binding: 'soap11',
          baseUrl: 'http://localhost',
        },
        'soap11',
      );
      const r = prng(1);
      return client.call(op, new SampleValues(service!.types, (d) => mockLeaf(d, r), r).value(op.input, op.name));
    };
    expect(JSON.stringify(await answer(3))).toBe(JSON.stringify(await answer(3)));
    expect(JSON.stringify(await answer(3))).not.toBe(JSON.stringify(await answer(4)));
    expect(tally.calls).toBeGreaterThanOrEqual(0);
  });
});
