/**
 * The operation pages' samples over the corpus: for every operation and binding of
 * every contract that builds a model (the large ones aside, whose samples are the
 * same code at more length), the sample request filled with the values of a real
 * call is byte for byte what the generated client sent, and the sample response
 * filled with the values the implementation returned is what the server answered
 * (both recorded by the recording transport over the in-memory one).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { ServiceClient } from '../../src/runtime/client/client.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { recordingTransport } from '../../src/runtime/client/transport-record.js';
import { dispatchInProcess } from '../../src/runtime/server/in-process.js';
import {
  operationSamples,
  outputDescOf,
  SampleOutputs,
  type SampleParts,
  type SampleSlot,
  sampleText,
} from '../../src/runtime/server/pages/samples.js';
import { createServiceCore, createServiceHandler } from '../../src/runtime/server/server.js';
import { encodeSimpleValue } from '../../src/runtime/wire/codec.js';
import type { BindingKind, OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import '../../src/runtime/wire/http-path.js'; // the client's templated locations (a generated schema.ts imports it)
import { SampleValues, type SimpleSampleDesc } from '../../src/runtime/wire/sample-values.js';
import { decodeScalar } from '../../src/runtime/wire/scalars.js';
import { buildingContracts, loadCorpusModel } from './corpus-files.js';
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';
import '../../src/runtime/wire/http-path.js'; // templated locations' writer (generated schema.ts imports it)

/** Values by path (one per path: array items repeat it), and their written text. */
class PathValues {
  readonly text = new Map<string, string>();
  #n = 0;
  readonly leaf = (desc: SimpleSampleDesc, path: string): unknown => {
    const kind = desc.scalar;
    let v: unknown;
    const n = (this.#n++ % 90) + 1;
    if (desc.enum !== undefined && desc.enum.length > 0) v = decodeScalar(kind, desc.enum[0]!);
    else if (kind === 'string' || kind === 'xml') v = `v${n}`;
    else if (kind === 'boolean') v = n % 2 === 0;
    else if (kind === 'double' || kind === 'decimalString') v = decodeScalar(kind, `${n}.5`);
    else if (kind === 'dateTime') v = new Date(Date.UTC(2000, 0, n));
    else if (kind === 'base64' || kind === 'hex') v = new Uint8Array([n, 2, 3]);
    else if (kind === 'qname') v = { ns: '', name: `q${n}` };
    else if (kind === 'dataSet') throw new Error('no DataSet values here');
    else {
      const sign = desc.range === 'negativeInteger' || desc.range === 'nonPositiveInteger' ? -1 : 1;
      v = decodeScalar(kind, String(sign * n));
    }
    if (desc.list === true) v = [v];
    const prior = this.text.get(path);
    const written = encodeSimpleValue(v, desc, path);
    if (prior !== undefined) return decodeScalarsLike(prior, desc);
    this.text.set(path, written);
    return v;
  };
}

/** The value written as `text` again (a path seen before keeps its first value). */
function decodeScalarsLike(text: string, desc: SimpleSampleDesc): unknown {
  if (desc.scalar === 'qname') return { ns: '', name: text };
  const one = desc.scalar === 'string' || desc.scalar === 'xml' ? text : decodeScalar(desc.scalar, text.split(' ')[0]!);
  return desc.list === true ? [one] : one;
}

function fill(parts: SampleParts, values: PathValues, form: boolean): string {
  return sampleText(parts, (s: SampleSlot) => {
    const v = values.text.get(s.path);
    if (v === undefined) throw new Error(`no value for ${s.path}`);
    return form ? new URLSearchParams([['', v]]).toString().slice(1) : v;
  });
}

const BINDINGS: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

async function checkOperation(service: ServiceDesc, op: OperationDesc, problems: string[]): Promise<number> {
  const outputs = new SampleOutputs();
  const sampler = createServiceCore(service, outputs.impls(service), { pages: false }, 'createServiceHandler');
  let checked = 0;
  for (const binding of BINDINGS) {
    const port = service.ports.find((p) => p.kind === binding);
    if (port === undefined) continue;
    // The page of the port's own path: its samples' targets are the paths the client writes.
    const samples = await operationSamples(service, op, port.path, outputs, (r) =>
      dispatchInProcess(sampler, r, 'node'),
    );
    const sample = samples.find((s) => s.binding === binding);
    if (op[binding] === undefined || sample === undefined) continue;
    if (sample.problem !== undefined) continue; // a value the writers cannot make up: the page says so
    const inputs = new PathValues();
    const outputsOf = new PathValues();
    let input: unknown;
    let output: unknown;
    let soapHeaders: Record<string, unknown> | undefined;
    try {
      const values = new SampleValues(service.types, inputs.leaf);
      input = values.value(op.input, op.name);
      const fields = binding === 'soap11' || binding === 'soap12' ? op[binding]?.input.headers : undefined;
      if (fields !== undefined) soapHeaders = values.headers(fields);
      const outDesc = outputDescOf(op, binding);
      output =
        outDesc === undefined ? undefined : new SampleValues(service.types, outputsOf.leaf).value(outDesc, op.name);
    } catch {
      continue;
    }
    const impls = Object.fromEntries(service.operations.map((o) => [o.name, () => output]));
    const handler = createServiceHandler(service, impls, { pages: false });
    const rec = recordingTransport(inMemoryTransport(handler), { keepSecrets: true });
    const client = new ServiceClient(
      service,
      { transport: rec.transport, binding, baseUrl: 'http://localhost' },
      binding,
    );
    try {
      await client.call(op, input, soapHeaders === undefined ? {} : { soapHeaders });
    } catch (err) {
      problems.push(`${op.name} ${binding}: the call failed: ${(err as Error).message}`);
      continue;
    }
    const ex = rec.exchanges[0]!;
    const form = binding === 'httpGet' || binding === 'httpPost';
    const url = new URL(ex.request.url);
    const where = `${service.name}.${op.name} ${binding}`;
    const target = fill(sample.request!.head, inputs, form);
    if (target !== `${ex.request.method} ${url.pathname}${url.search} HTTP/1.1`)
      problems.push(`${where}: request line ${target} vs ${url.pathname}${url.search}`);
    const body = fill(sample.request!.body, inputs, binding === 'httpPost' && op.httpPost?.input === undefined);
    if (body !== (ex.request.body ?? '')) problems.push(`${where}: request body differs:\n${body}\n${ex.request.body}`);
    const resBody = fill(sample.response!.body, outputsOf, false);
    if (resBody !== ex.response.body)
      problems.push(`${where}: response body differs:\n${resBody}\n${ex.response.body}`);
    checked++;
  }
  return checked;
}

describe('operation page samples are the exact messages over the corpus', () => {
  for (const rel of buildingContracts().filter((r) => !r.startsWith('large/'))) {
    it(rel, async () => {
      const model = await loadCorpusModel(rel);
      const problems: string[] = [];
      let checked = 0;
      for (const service of serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING }))
        for (const op of service.operations) checked += await checkOperation(service, op, problems);
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(0);
    });
  }
});
