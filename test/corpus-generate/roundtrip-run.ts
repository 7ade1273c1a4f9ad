/**
 * Round trips of every operation of a corpus contract through the runtime, the
 * way generated code drives it: the service descriptors come from the emitter
 * ({@link serviceDescriptors}, the data schema.ts is printed from); the client
 * side is the runtime's `ServiceClient` (what generated clients delegate to),
 * the server side `createServiceHandler` (what generated handlers wrap), over
 * real HTTP on 127.0.0.1.
 *
 * For each operation and each binding it has, a sample input is sent by the
 * client and must reach the implementation equal to itself (client encode ->
 * server decode); the implementation answers a sample output that must reach
 * the caller equal to itself (server encode -> client decode). Each declared
 * `wsdl:fault` with a detail element is thrown by the implementation as a
 * `SoapFault` with a sample detail and must reach the client as a
 * `SoapFaultError` naming the fault, with an equal typed detail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { ServiceClient } from '../../src/runtime/client/client.js';
import type { BindingKind, OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { SoapFault, SoapFaultError } from '../../src/runtime/wire/faults.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import type { OperationImpl } from '../../src/runtime/server/server-types.js';
import type { WsdlModel } from '../../src/model/types.js';
import { canonical, SampleBuilder } from './sample-values.js';
// The runtime's optional codecs, which generated schema.ts imports for contracts that have such values:
// in-process runs of the runtime against a contract's descriptors load them the same way.
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';
import '../../src/runtime/wire/http-path.js'; // templated locations' writer (generated schema.ts imports it)

/** The outcome of one operation over one binding. */
export interface RoundTrip {
  readonly service: string;
  /** The operation's name; `<operation> fault <name>` for a declared fault's round trip. */
  readonly operation: string;
  readonly binding: BindingKind;
  /** `undefined` when both directions gave back what was sent. */
  readonly error?: string;
}

const KINDS: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function firstLine(err: unknown): string {
  const m = err instanceof Error ? `${err.constructor.name}: ${err.message}` : String(err);
  return m.split('\n')[0] ?? m;
}

/** Where two canonical values first differ, as a short path. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (
    typeof a === 'object' &&
    a !== null &&
    typeof b === 'object' &&
    b !== null &&
    Array.isArray(a) === Array.isArray(b)
  ) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const d = firstDifference(ra[k], rb[k], `${path}/${k}`);
      if (d !== '') return d;
    }
  }
  const show = (v: unknown): string => (JSON.stringify(v) ?? 'undefined').slice(0, 80);
  return `${path || '/'}: sent ${show(a)}, got ${show(b)}`;
}

/**
 * The sample output an implementation returns for `op` over `binding`, built from
 * that binding's wire description (the logical `OperationDesc.output` does not
 * say whether a single result is repeated): the unwrapped `XResult` field of a
 * sample wrapper (SOAP, or an HTTP response element the SOAP bindings unwrap), the
 * wrapper's content, or the HTTP response element's value.
 */
function outputSample(samples: SampleBuilder, op: OperationDesc, binding: BindingKind): unknown {
  const out = op[binding]?.output;
  if (!out) return undefined;
  const whole = samples.value(out.value);
  return out.result === undefined ? whole : (whole as Record<string, unknown>)[out.result];
}

/** Runs every round trip of one service. */
async function serviceRoundTrips(service: ServiceDesc): Promise<RoundTrip[]> {
  const samples = new SampleBuilder(service.types);
  const outputs = new Map<string, unknown>();
  const received = new Map<string, unknown>();
  const raise = new Map<string, SoapFault>();
  const impls: Record<string, OperationImpl> = {};
  for (const op of service.operations) {
    impls[op.name] = (input: unknown, ctx) => {
      received.set(op.name, input);
      const fault = raise.get(op.name);
      if (fault) throw fault;
      return outputs.get(`${op.name}|${ctx.binding}`);
    };
  }
  const results: RoundTrip[] = [];
  const server = createServer(
    createServiceHandler(service, impls, { maxBodyBytes: 512 * 1024 * 1024, maxDepth: 1000 }),
  );
  const port = await listen(server);
  try {
    for (const binding of KINDS) {
      if (!service.ports.some((p) => p.kind === binding)) continue;
      const client = new ServiceClient(
        service,
        { baseUrl: `http://127.0.0.1:${port}`, binding, maxDepth: 1000, timeoutMs: 30_000 },
        binding,
      );
      for (const op of service.operations) {
        if (!op[binding]) continue;
        const base = { service: service.name, operation: op.name, binding };
        let sent: unknown;
        let answer: unknown;
        try {
          sent = samples.value(op.input);
          answer = outputSample(samples, op, binding);
        } catch (err) {
          results.push({ ...base, error: `sample: ${firstLine(err)}` });
          continue;
        }
        outputs.set(`${op.name}|${binding}`, answer);
        received.delete(op.name);
        try {
          const got = await client.call<unknown, unknown>(op, sent);
          const inDiff = firstDifference(canonical(sent), canonical(received.get(op.name)));
          const outDiff = firstDifference(canonical(answer), canonical(got));
          if (inDiff !== '') results.push({ ...base, error: `input ${inDiff}` });
          else if (outDiff !== '') results.push({ ...base, error: `output ${outDiff}` });
          else results.push(base);
        } catch (err) {
          results.push({ ...base, error: firstLine(err) });
        }
        // Declared faults (wsdl:fault, typed detail): server SoapFault -> client SoapFaultError.
        const soap = binding === 'soap11' || binding === 'soap12' ? op[binding] : undefined;
        for (const f of soap?.faults ?? []) {
          const fbase = { ...base, operation: `${op.name} fault ${f.name}` };
          let detail: unknown;
          try {
            detail = samples.value(f.value);
          } catch (err) {
            results.push({ ...fbase, error: `sample: ${firstLine(err)}` });
            continue;
          }
          raise.set(op.name, new SoapFault({ code: 'Client', reason: 'sample fault', fault: f.name, detail }));
          try {
            await client.call<unknown, unknown>(op, sent);
            results.push({ ...fbase, error: 'no fault received' });
          } catch (err) {
            if (!(err instanceof SoapFaultError)) results.push({ ...fbase, error: firstLine(err) });
            else if (err.fault !== f.name)
              results.push({
                ...fbase,
                error: `fault ${String(err.fault)} received, detail ${JSON.stringify(canonical(err.detail)).slice(0, 80)}`,
              });
            else {
              const d = firstDifference(canonical(detail), canonical(err.detail));
              results.push(d === '' ? fbase : { ...fbase, error: `detail ${d}` });
            }
          } finally {
            raise.delete(op.name);
          }
        }
      }
    }
  } finally {
    await close(server);
  }
  return results;
}

const NOT_GENERATED =
  /^operation (\S+) of port \S+ \((soap11|soap12|httpGet|httpPost)\): (.*); generated code does not offer the operation over this binding$/;

/**
 * Operation/binding pairs of the contract that generated code does not offer
 * (the model warns and drops them: an XML document input over HTTP GET, a
 * complex URL-encoded parameter), as failed round trips naming the reason.
 */
function notGenerated(model: WsdlModel): RoundTrip[] {
  const out: RoundTrip[] = [];
  const seen = new Set<string>();
  for (const w of model.warnings) {
    const m = NOT_GENERATED.exec(w.message);
    if (!m || seen.has(`${m[1]!} ${m[2]!}`)) continue;
    seen.add(`${m[1]!} ${m[2]!}`);
    out.push({ service: '', operation: m[1]!, binding: m[2] as BindingKind, error: `not generated: ${m[3]!}` });
  }
  return out;
}

/** Runs every round trip of a contract's model (every service, operation and binding). */
export async function contractRoundTrips(model: WsdlModel): Promise<RoundTrip[]> {
  const out: RoundTrip[] = notGenerated(model);
  for (const service of serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING }))
    out.push(...(await serviceRoundTrips(service)));
  return out;
}
