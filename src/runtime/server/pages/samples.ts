/**
 * The sample messages of the service pages: for each binding an operation is
 * offered on, the request the generated client writes and the response this
 * server writes, with placeholders (`string`, `int`, `dateTime`...) where values
 * go, as ASP.NET's help pages show them.
 *
 * Nothing here writes a message itself. Requests come from the writers the client
 * sends with (wire/soap-request.ts, wire/http-encoding.ts, wire/http-xml.ts), fed a
 * sample input whose values are placeholders ({@link SampleText}); responses are what
 * a handler of the same service answers, run in process, when its implementation
 * returns a sample output of placeholders. Each placeholder is written as a marker
 * that is cut out afterwards into a {@link SampleSlot}, so a sample is the exact
 * message with holes: filling the holes with values gives the bytes on the wire.
 *
 * Ships with generated code.
 */
import type { BindingKind, HttpOperationDesc, OperationDesc, ServiceDesc, ValueDesc } from '../../wire/descriptors.js';
import { decodeScalar } from '../../wire/scalars.js';
import { encodeHttpParams, FORM_CONTENT_TYPE, hasPathParams, replaceHttpPath } from '../../wire/http-encoding.js';
import { encodeHttpXmlInput } from '../../wire/http-xml.js';
import { joinedLocationPath } from '../../wire/path-template-match.js';
import { TEXT_XML_UTF8 } from '../../wire/namespaces.js';
import { SampleText } from '../../wire/sample-text.js';
import { samplePlaceholder, SampleValues, type SimpleSampleDesc } from '../../wire/sample-values.js';
import { soapRequestHeaders, writeEnvelopeFor } from '../../wire/soap-request.js';
import type { InProcessRequest, InProcessResponse } from '../in-process.js';
import type { OperationImpl } from '../server-types.js';

/** A hole in a sample: where a value goes, what stands there (`string`), and which value it is (`Login/Username`). */
export interface SampleSlot {
  readonly label: string;
  readonly path: string;
}

/** Sample text: literal pieces and holes, in order. */
export type SampleParts = readonly (string | SampleSlot)[];

/** One HTTP message of a sample, as ASP.NET shows it. */
export interface SampleMessage {
  /** The request line (`POST /ecomm/Auth.asmx HTTP/1.1`) or status line (`HTTP/1.1 200 OK`). */
  readonly head: SampleParts;
  /**
   * The header lines after it (a request's `Host` is not among them: the page writes the host it was
   * asked at), `Content-Length` as the hole `length`.
   */
  readonly headers: ReadonlyArray<readonly [string, SampleParts]>;
  /** The body (empty for none). */
  readonly body: SampleParts;
}

/** The samples of one binding of one operation. */
export interface BindingSample {
  readonly binding: BindingKind;
  readonly request?: SampleMessage;
  readonly response?: SampleMessage;
  /** Why a sample could not be written (a value the writers cannot make up, such as a DataSet). */
  readonly problem?: string;
}

/** Dispatches a request to a handler of the service whose implementation answers {@link SampleOutputs.next}. */
export type SampleDispatch = (req: InProcessRequest) => Promise<InProcessResponse>;

/** The bindings in the order the pages show them (ASP.NET's order). */
export const BINDING_ORDER: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** The binding's name as the pages show it. */
export const BINDING_TITLES: Readonly<Record<BindingKind, string>> = {
  soap11: 'SOAP 1.1',
  soap12: 'SOAP 1.2',
  httpGet: 'HTTP GET',
  httpPost: 'HTTP POST',
};

const MARK = /(?:\uE002|%EE%80%82)([0-9]+)(?:\uE003|%EE%80%83)/g;
const LENGTH: SampleSlot = { label: 'length', path: 'Content-Length' };

/** The implementations of a sample handler: every operation answers the output set last. */
export class SampleOutputs {
  /** The output the next call answers. */
  next: unknown = undefined;

  /** One implementation per operation of `service`, each answering {@link SampleOutputs.next}. */
  impls(service: ServiceDesc): Record<string, OperationImpl> {
    const out: Record<string, OperationImpl> = {};
    for (const op of service.operations) out[op.name] = () => this.next;
    return out;
  }
}

/**
 * The value an implementation returns for `op` when called over `binding`: the operation's
 * logical output, except over an HTTP binding whose output document is not the SOAP output
 * unwrapped (an ASMX operation whose SOAP result is optional answers HTTP with the bare
 * element): then that document's value.
 */
export function outputDescOf(op: OperationDesc, binding: BindingKind): ValueDesc | undefined {
  if (binding === 'httpGet' || binding === 'httpPost') {
    const out = op[binding]?.output;
    if (out !== undefined && out.result === undefined && op.output !== undefined && !sameDesc(out.value, op.output))
      return out.value;
  }
  return op.output;
}

function sameDesc(a: ValueDesc, b: ValueDesc): boolean {
  return 'complex' in a ? 'complex' in b && a.complex === b.complex : 'scalar' in b && a.scalar === b.scalar;
}

/** Text with markers cut into parts; each marker's slot from `slots`. */
function partsOf(text: string, slots: readonly SampleSlot[]): SampleParts {
  const out: (string | SampleSlot)[] = [];
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(slots[Number(m[1])] ?? { label: '?', path: '' });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** A leaf maker writing markers, and the slots they stand for. */
function placeholders(): { leaf: (desc: SimpleSampleDesc, path: string) => unknown; slots: SampleSlot[] } {
  const slots: SampleSlot[] = [];
  const leaf = (desc: SimpleSampleDesc, path: string): unknown => {
    slots.push({ label: samplePlaceholder(desc), path });
    return new SampleText(`\uE002${slots.length - 1}\uE003`);
  };
  return { leaf, slots };
}

/** The lexical form of a valid value of each simple kind (ranges aside): what the response samples are asked with. */
function validLeaf(desc: SimpleSampleDesc): unknown {
  const kind = desc.scalar;
  let lexical: string;
  if (desc.enum !== undefined && desc.enum.length > 0) lexical = desc.enum[0]!;
  else if (kind === 'string' || kind === 'xml') lexical = 'string';
  else if (kind === 'boolean') lexical = 'true';
  else if (kind === 'double' || kind === 'decimalString') lexical = '1.5';
  else if (kind === 'dateTime') lexical = '2000-01-01T00:00:00Z';
  else if (kind === 'base64') lexical = 'AQID';
  else if (kind === 'hex') lexical = '0A0B';
  else if (kind === 'qname') return { ns: '', name: 'q' };
  else if (kind === 'dataSet') return undefined;
  else lexical = desc.range === 'negativeInteger' ? '-1' : desc.range === 'nonPositiveInteger' ? '0' : '1';
  const one = decodeScalar(kind, lexical);
  return desc.list === true ? [one] : one;
}

function statusText(status: number): string {
  const texts: Readonly<Record<number, string>> = {
    200: 'OK',
    202: 'Accepted',
    400: 'Bad Request',
    500: 'Internal Server Error',
  };
  return texts[status] ?? '';
}

/** A written request: method, target (below the service path), headers and body, as text with markers. */
interface WrittenRequest {
  readonly method: 'GET' | 'POST';
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** The request of `op` over `binding` with `input`, written by the client's writers. */
function writeRequest(
  service: ServiceDesc,
  op: OperationDesc,
  binding: BindingKind,
  input: unknown,
  headerValues: Readonly<Record<string, unknown>> | undefined,
): WrittenRequest {
  if (binding === 'soap12' && op.soap12?.get !== undefined) {
    // The SOAP-Response MEP (SOAP 1.2 Part 2 §6.3): a GET carrying the input as HTTP GET's does, no envelope.
    const get = op.soap12.get;
    const location = httpLocation(get, input, op.name);
    const form = encodeHttpParams(get, input, op.name);
    const sep = location.includes('?') ? (get.separator ?? '&') : '?';
    const target = form === '' ? location : `${location}${sep}${form}`;
    return { method: 'GET', target, headers: { Accept: 'application/soap+xml' }, body: undefined };
  }
  if (binding === 'soap11' || binding === 'soap12') {
    const soap = op[binding]!;
    const version = binding === 'soap11' ? '1.1' : '1.2';
    const fields = soap.input.headers;
    const body = writeEnvelopeFor(
      version,
      soap,
      input,
      service.types,
      fields !== undefined && headerValues !== undefined ? { fields, values: headerValues } : undefined,
    );
    return { method: 'POST', target: '', headers: soapRequestHeaders(version, soap.action), body };
  }
  const http = op[binding]!;
  const location = httpLocation(http, input, op.name);
  if (binding === 'httpGet') {
    const form = encodeHttpParams(http, input, op.name);
    const sep = location.includes('?') ? (http.separator ?? '&') : '?';
    return { method: 'GET', target: form === '' ? location : `${location}${sep}${form}`, headers: {}, body: undefined };
  }
  if (http.input !== undefined) {
    const body = encodeHttpXmlInput(http.input, input, service.types);
    return { method: 'POST', target: location, headers: { 'Content-Type': TEXT_XML_UTF8 }, body };
  }
  const body = encodeHttpParams(http, input, op.name);
  return { method: 'POST', target: location, headers: { 'Content-Type': FORM_CONTENT_TYPE }, body };
}

/** The operation's location below the port path, path values written in. */
function httpLocation(http: HttpOperationDesc, input: unknown, opName: string): string {
  if (!hasPathParams(http)) return http.path === '' || http.path.startsWith('/') ? http.path : `/${http.path}`;
  return joinedLocationPath(http.path, replaceHttpPath(http, input, opName));
}

/** A port's path and a location below it, joined as the client joins them (a trailing `/` of the port path dropped). */
export function joinTarget(portPath: string, target: string): string {
  if (target === '') return portPath;
  return (portPath.endsWith('/') ? portPath.slice(0, -1) : portPath) + target;
}

/** The port path of `binding`, or undefined when the service has no such port. */
function portPath(service: ServiceDesc, binding: BindingKind): string | undefined {
  return service.ports.find((p) => p.kind === binding)?.path;
}

/**
 * The samples of `op` over each binding it is offered on, for the service served at
 * `servicePath` (the page's own path). `dispatch` runs a request on a sample handler
 * of the service (see {@link SampleOutputs}) at the port paths of the descriptors.
 */
export async function operationSamples(
  service: ServiceDesc,
  op: OperationDesc,
  servicePath: string,
  outputs: SampleOutputs,
  dispatch: SampleDispatch,
): Promise<BindingSample[]> {
  const out: BindingSample[] = [];
  for (const binding of BINDING_ORDER) {
    if (op[binding] === undefined) continue;
    const port = portPath(service, binding);
    if (port === undefined) continue;
    try {
      out.push(await bindingSample(service, op, binding, servicePath, port, outputs, dispatch));
    } catch (err) {
      out.push({ binding, problem: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

async function bindingSample(
  service: ServiceDesc,
  op: OperationDesc,
  binding: BindingKind,
  servicePath: string,
  port: string,
  outputs: SampleOutputs,
  dispatch: SampleDispatch,
): Promise<BindingSample> {
  const soap = binding === 'soap11' || binding === 'soap12' ? op[binding] : undefined;
  const headerFields = soap?.input.headers;
  // The request with placeholders.
  const req = placeholders();
  const values = new SampleValues(service.types, req.leaf);
  const input = values.value(op.input, op.name);
  const headerValues = headerFields === undefined ? undefined : values.headers(headerFields);
  const written = writeRequest(service, op, binding, input, headerValues);
  const request = messageOf(
    [`${written.method} `, ...partsOf(joinTarget(servicePath, written.target), req.slots), ' HTTP/1.1'],
    written.headers,
    written.body,
    req.slots,
  );
  // The response: a valid request of the same shape, answered by the sample handler with placeholders.
  const valid = new SampleValues(service.types, validLeaf);
  const validInput = valid.value(op.input, op.name);
  const validHeaders = headerFields === undefined ? undefined : valid.headers(headerFields);
  const asked = writeRequest(service, op, binding, validInput, validHeaders);
  const res = placeholders();
  const outDesc = outputDescOf(op, binding);
  outputs.next = outDesc === undefined ? undefined : new SampleValues(service.types, res.leaf).value(outDesc, op.name);
  const answer = await dispatch({
    method: asked.method,
    url: joinTarget(port, asked.target),
    headers: asked.headers,
    body: asked.body,
  });
  if (answer.status >= 300) throw new Error(`the sample request was answered ${answer.status}: ${answer.body}`);
  const headers: Record<string, string> = {};
  for (const [k, v] of answer.headers) if (k === 'content-type') headers['Content-Type'] = v;
  const response = messageOf(
    [`HTTP/1.1 ${answer.status} ${statusText(answer.status)}`.trimEnd()],
    headers,
    answer.body,
    res.slots,
  );
  return { binding, request, response };
}

/** A sample message: `Content-Type` first, then `Content-Length: length` when there is a body, then the rest. */
function messageOf(
  head: SampleParts,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
  slots: readonly SampleSlot[],
): SampleMessage {
  const lines: [string, SampleParts][] = [];
  const type = headers['Content-Type'];
  if (type !== undefined) lines.push(['Content-Type', [type]]);
  if (body !== undefined && body !== '') lines.push(['Content-Length', [LENGTH]]);
  for (const [k, v] of Object.entries(headers)) if (k !== 'Content-Type') lines.push([k, partsOf(v, slots)]);
  return { head, headers: lines, body: body === undefined ? [] : partsOf(body, slots) };
}

/**
 * A sample's text with its holes filled by `fill` (by default their labels): what
 * a test compares with a recorded exchange after filling in the values it sent.
 */
export function sampleText(parts: SampleParts, fill: (slot: SampleSlot) => string = (s) => s.label): string {
  let out = '';
  for (const p of parts) out += typeof p === 'string' ? p : fill(p);
  return out;
}
