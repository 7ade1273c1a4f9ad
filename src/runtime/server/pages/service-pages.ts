/**
 * The service pages of a handler, as ASP.NET serves them for an `.asmx` path:
 * - `GET <service path>`: the service page (documentation, operations, `?wsdl`);
 * - `GET <service path>?op=Login`: the operation page (test form, samples per binding);
 * - `GET <service path>?disco`: the DISCO document;
 * - `POST <service path>?op=Login` with a form: the test form's call, answered by the
 *   implementation through the HTTP POST binding (HTTP GET, or SOAP, where the
 *   contract has none), shown as a page. Only from a loopback address unless enabled.
 *
 * Platform-neutral: a request comes in as a {@link PageRequest} and leaves as a
 * {@link PageAnswer}; calls into the service go through dispatch functions the
 * handler passes in, so a `node:http` handler and a fetch handler serve the same pages.
 *
 * Ships with generated code.
 */
import type { BindingKind, HttpOperationDesc, OperationDesc, ServiceDesc, ValueDesc } from '../../wire/descriptors.js';
import { decodeSimpleValue } from '../../wire/codec.js';
import { FORM_CONTENT_TYPE, TEXT_XML_UTF8 } from '../../wire/namespaces.js';
import { soapRequestHeaders, writeEnvelopeFor } from '../../wire/soap-request.js';
import { sampleTypeName } from '../../wire/sample-values.js';
import type { XmlElement } from '../../xml/xml-parse.js';
import { renderDisco } from './disco.js';
import {
  PAGE_SECURITY_POLICY,
  renderOperationPage,
  renderServicePage,
  renderTestResult,
  type TestFormField,
} from './html.js';
import {
  BINDING_TITLES,
  type BindingSample,
  joinTarget,
  operationSamples,
  type SampleDispatch,
  type SampleOutputs,
} from './samples.js';
import type { PagesOptions, TestFormAccess } from './pages-options.js';
import { NO_WSDL_FACTS, readWsdlFacts, type WsdlFacts } from './wsdl-facts.js';

export type { PagesOptions, TestFormAccess } from './pages-options.js';

/** A request for a page, as the handler saw it. */
export interface PageRequest {
  readonly method: 'GET' | 'POST';
  /** The service path as the handler serves it (`/ecomm/Auth.asmx`). */
  readonly path: string;
  /** The path the handler is mounted at (Express), `''` when none. */
  readonly mount: string;
  /** The raw query string (no `?`). */
  readonly query: string;
  /** `scheme://host[:port]` of the request (as `?wsdl` addresses use it). */
  readonly origin: string;
  /** The client's address, when known. */
  readonly remoteAddress: string | undefined;
  /** The form body of a POST. */
  readonly body?: string | undefined;
}

/** A page's answer. */
export interface PageAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const HTML_UTF8 = 'text/html; charset=utf-8';
const HTML_HEADERS = { 'Content-Security-Policy': PAGE_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };
/** Most sample sets kept (one per operation and served path). */
const MAX_CACHED = 256;

/** Whether `address` is a loopback address (127.0.0.0/8, ::1, or either mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const a = address.toLowerCase();
  return a === '::1' || a === '0:0:0:0:0:0:0:1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** The query's keys (lower-cased) and values. */
function queryOf(query: string): Map<string, string> {
  const out = new Map<string, string>();
  if (query === '') return out;
  for (const [k, v] of new URLSearchParams(query)) if (!out.has(k.toLowerCase())) out.set(k.toLowerCase(), v);
  return out;
}

/** The binding a test form goes through, and its fields. */
interface TestForm {
  readonly binding: BindingKind;
  readonly fields: readonly (TestFormField & { readonly prop: string; readonly value: ValueDesc })[];
}

function simpleField(
  name: string,
  prop: string,
  value: ValueDesc,
  min: number,
): TestForm['fields'][number] | undefined {
  if (!('scalar' in value) || value.list === true || value.scalar === 'xml' || value.scalar === 'dataSet')
    return undefined;
  return { name, prop, value, type: sampleTypeName(value), options: value.enum, required: min > 0 };
}

function httpForm(binding: 'httpGet' | 'httpPost', http: HttpOperationDesc | undefined): TestForm | undefined {
  if (http === undefined || http.input !== undefined) return undefined;
  const fields: TestForm['fields'][number][] = [];
  for (const p of http.params) {
    if (p.inPath === true || p.max === -1 || p.max > 1) return undefined;
    const f = simpleField(p.name, p.prop, p.value, p.min);
    if (f === undefined) return undefined;
    fields.push(f);
  }
  return { binding, fields };
}

/** The test form of `op`: over HTTP POST, else HTTP GET, else SOAP, when its inputs are single simple values. */
export function testFormOf(service: ServiceDesc, op: OperationDesc): TestForm | undefined {
  const http = httpForm('httpPost', op.httpPost) ?? httpForm('httpGet', op.httpGet);
  if (http !== undefined) return http;
  for (const binding of ['soap11', 'soap12'] as const) {
    const soap = op[binding];
    if (soap === undefined || !('complex' in soap.input.value) || (soap.input.headers ?? []).some((h) => h.min > 0))
      continue;
    const type = service.types[soap.input.value.complex];
    if (type === undefined || type.base !== undefined || (type.attrs?.length ?? 0) > 0 || type.text !== undefined)
      return undefined;
    if (type.soapArray !== undefined || type.array === true) return undefined;
    const fields: TestForm['fields'][number][] = [];
    for (const f of type.fields) {
      if (f.max === -1 || f.max > 1 || f.ordered !== undefined || f.subst !== undefined || f.choice !== undefined)
        return undefined;
      const field = simpleField(f.name, f.prop, f.value, f.min);
      if (field === undefined) return undefined;
      fields.push(field);
    }
    return { binding, fields };
  }
  return undefined;
}

/** The service pages of one service. */
export class ServicePages {
  readonly #service: ServiceDesc;
  readonly #facts: WsdlFacts;
  readonly #hasWsdl: boolean;
  readonly #access: TestFormAccess;
  readonly #portPaths: ReadonlyMap<string, string>;
  readonly #call: SampleDispatch;
  readonly #sample: SampleDispatch;
  readonly #outputs: SampleOutputs;
  readonly #samples = new Map<string, Promise<BindingSample[]>>();
  /** Sample sets are written one at a time: the sample handler's output is shared. */
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * @param service the service's descriptors
   * @param wsdl the parsed WSDL served on `?wsdl`, when there is one (documentation, bindings)
   * @param portPaths the path each port is served at, by port name
   * @param call dispatches a request to the handler itself (test forms), at its served paths
   * @param sample dispatches a request to a handler of the service answering `outputs.next`, at the descriptors' port paths
   */
  constructor(
    service: ServiceDesc,
    wsdl: XmlElement | undefined,
    portPaths: ReadonlyMap<string, string>,
    options: PagesOptions,
    call: SampleDispatch,
    sample: SampleDispatch,
    outputs: SampleOutputs,
  ) {
    this.#service = service;
    this.#facts = wsdl === undefined ? NO_WSDL_FACTS : readWsdlFacts(wsdl);
    this.#hasWsdl = wsdl !== undefined;
    this.#access = options.testForm ?? 'local';
    this.#portPaths = portPaths;
    this.#call = call;
    this.#sample = sample;
    this.#outputs = outputs;
  }

  /** Whether a POST to the service path with this query is a test form's (`?op=`). */
  isTestForm(query: string): boolean {
    return queryOf(query).has('op');
  }

  /** Answers a page request. */
  async answer(req: PageRequest): Promise<PageAnswer> {
    const q = queryOf(req.query);
    const opName = q.get('op');
    if (opName === undefined) {
      if (q.has('disco')) return this.#disco(req);
      return this.#html(200, this.#servicePage());
    }
    const op = this.#service.operations.find((o) => o.name === opName);
    if (op === undefined) return this.#text(404, `${this.#service.name} has no operation ${JSON.stringify(opName)}.`);
    if (req.method === 'POST') return this.#invoke(req, op);
    return this.#html(200, await this.#operationPage(req, op));
  }

  #html(status: number, body: string): PageAnswer {
    return { status, contentType: HTML_UTF8, body, headers: HTML_HEADERS };
  }

  #text(status: number, body: string): PageAnswer {
    return { status, contentType: 'text/plain; charset=utf-8', body, headers: {} };
  }

  /** The service page's HTML (links relative to the service path). */
  #servicePage(): string {
    return renderServicePage({
      service: this.#service.name,
      documentation: this.#facts.serviceDoc(this.#service.name),
      operations: this.#service.operations.map((o) => ({
        name: o.name,
        documentation: this.#facts.operationDoc(o.name),
        href: `?op=${encodeURIComponent(o.name)}`,
      })),
      wsdlHref: this.#hasWsdl ? '?wsdl' : undefined,
      discoHref: this.#hasWsdl ? '?disco' : undefined,
    });
  }

  #disco(req: PageRequest): PageAnswer {
    const base = req.origin + req.mount;
    const page = base + req.path;
    const soap = this.#service.ports
      .filter((p) => p.kind === 'soap11' || p.kind === 'soap12')
      .map((p) => ({
        address: base + (this.#portPaths.get(p.name) ?? p.path),
        binding: this.#facts.bindingOf(p.name),
      }));
    return {
      status: 200,
      contentType: TEXT_XML_UTF8,
      body: renderDisco({ contractRef: `${page}?wsdl`, docRef: page, soap }),
      headers: {},
    };
  }

  /** The samples of `op` for the service served at `servicePath` (written once, then kept). */
  samples(op: OperationDesc, servicePath: string): Promise<BindingSample[]> {
    const key = `${op.name}\n${servicePath}`;
    let hit = this.#samples.get(key);
    if (hit === undefined) {
      if (this.#samples.size >= MAX_CACHED) this.#samples.clear();
      hit = this.#queue.then(() => operationSamples(this.#service, op, servicePath, this.#outputs, this.#sample));
      this.#queue = hit.catch(() => undefined);
      this.#samples.set(key, hit);
    }
    return hit;
  }

  async #operationPage(req: PageRequest, op: OperationDesc): Promise<string> {
    const form = testFormOf(this.#service, op);
    const allowed = this.#allowed(req);
    const host = req.origin.slice(req.origin.indexOf('//') + 2);
    return renderOperationPage({
      service: this.#service.name,
      serviceHref: req.path.slice(req.path.lastIndexOf('/') + 1) || './',
      operation: op.name,
      documentation: this.#facts.operationDoc(op.name),
      host,
      samples: await this.samples(op, req.mount + req.path),
      form:
        form !== undefined && allowed
          ? {
              action: `?op=${encodeURIComponent(op.name)}`,
              binding: BINDING_TITLES[form.binding],
              fields: form.fields,
            }
          : undefined,
      formNote:
        form === undefined
          ? 'The test form is only offered for operations whose parameters are single simple values.'
          : this.#access === 'off'
            ? 'The test form is turned off on this server.'
            : 'The test form is only available for requests from the local machine.',
    });
  }

  #allowed(req: PageRequest): boolean {
    return this.#access === 'any' || (this.#access === 'local' && isLoopback(req.remoteAddress));
  }

  /** The test form's call: the implementation answers through the form's binding; the answer shown as a page. */
  async #invoke(req: PageRequest, op: OperationDesc): Promise<PageAnswer> {
    if (!this.#allowed(req))
      return this.#text(403, 'The test form is only available for requests from the local machine.');
    const form = testFormOf(this.#service, op);
    if (form === undefined) return this.#text(400, `${op.name} has no test form.`);
    const sent = new URLSearchParams(req.body ?? '');
    const pairs = new URLSearchParams();
    const input: Record<string, unknown> = {};
    for (const f of form.fields) {
      const v = sent.get(f.name);
      if (v === null || (v === '' && !f.required && f.options !== undefined)) continue;
      pairs.append(f.name, v);
      try {
        input[f.prop] = decodeSimpleValue(v, f.value, f.name);
      } catch (err) {
        return this.#text(400, err instanceof Error ? err.message : String(err));
      }
    }
    const port = this.#service.ports.find((p) => p.kind === form.binding);
    const portPath = port === undefined ? req.path : (this.#portPaths.get(port.name) ?? port.path);
    let answer: Awaited<ReturnType<SampleDispatch>>;
    if (form.binding === 'httpPost' || form.binding === 'httpGet') {
      const http = op[form.binding]!;
      const path = joinTarget(portPath, http.path === '' || http.path.startsWith('/') ? http.path : `/${http.path}`);
      answer =
        form.binding === 'httpPost'
          ? await this.#call({
              method: 'POST',
              url: path,
              headers: { 'Content-Type': FORM_CONTENT_TYPE },
              body: pairs.toString(),
            })
          : await this.#call({ method: 'GET', url: `${path}?${pairs.toString()}`, headers: {} });
    } else {
      const version = form.binding === 'soap11' ? '1.1' : '1.2';
      const soap = op[form.binding]!;
      const body = writeEnvelopeFor(version, soap, input, this.#service.types);
      answer = await this.#call({
        method: 'POST',
        url: portPath,
        headers: soapRequestHeaders(version, soap.action),
        body,
      });
    }
    const type = answer.headers.find(([k]) => k === 'content-type')?.[1] ?? '';
    return this.#html(
      200,
      renderTestResult({
        service: this.#service.name,
        operation: op.name,
        operationHref: `?op=${encodeURIComponent(op.name)}`,
        binding: BINDING_TITLES[form.binding],
        status: answer.status,
        contentType: type,
        body: answer.body,
      }),
    );
  }
}
