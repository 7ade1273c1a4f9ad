/**
 * The generic service client generated clients delegate to. One instance speaks
 * one binding of one service; {@link ServiceClient.call} sends an operation and
 * returns its logical output, the same shape over every binding (the SOAP
 * wrapper's `XResult` is unwrapped; HTTP GET/POST return the root element's value).
 *
 * Wire format (the Auth seed §4; SOAP 1.1 §6, SOAP 1.2 Part 2 §7, WSDL 1.1 §4):
 * - SOAP 1.1: POST, `Content-Type: text/xml; charset=utf-8`, `SOAPAction: "<action>"` (quoted).
 * - SOAP 1.2: POST, `Content-Type: application/soap+xml; charset=utf-8`, no SOAPAction; an operation of
 *   the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3): GET with the input in the URI, as HTTP GET sends it.
 * - HTTP GET: query parameters, no body. HTTP POST: `application/x-www-form-urlencoded` body.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type {
  BindingKind,
  FieldDesc,
  HttpOperationDesc,
  OperationDesc,
  PortDesc,
  ServiceDesc,
  SoapOperationDesc,
} from '../wire/descriptors.js';
import { isNil, readComplexContent, readValue, writeComplexContent } from '../wire/codec.js';
import { parseContentType } from '../wire/content-type.js';
import {
  DEFAULT_MAX_ERROR_BODY_CHARS,
  findFault,
  parseFault,
  HttpError,
  ResponseError,
  ResponseLimitError,
} from '../wire/faults.js';
import { encodeHttpParams, FORM_CONTENT_TYPE, hasPathParams, templatedPaths } from '../wire/http-encoding.js';
import { encodeHttpXmlInput } from '../wire/http-xml.js';
import { TEXT_XML_UTF8 } from '../wire/namespaces.js';
import { DecodeError } from '../wire/scalars.js';
import {
  describeElement,
  EnvelopeError,
  parseEnvelope,
  SOAP_11_ENV_NS,
  SOAP_12_ENV_NS,
  operationStart,
  type SoapVersion,
} from '../wire/soap-envelope.js';
import { soapRequestHeaders, writeEnvelopeFor } from '../wire/soap-request.js';
import { responseStreaming } from '../wire/response-streaming.js';
import { instrument, type ClientHooks, type ClientLogger } from './hooks.js';
import type { RedactOptions } from './redact.js';
import { base64Encode, latin1Encode, utf8Encode } from '../bytes/index.js';
import { defaultTransport } from './transport-default.js';
import {
  abortReason,
  DEFAULT_MAX_RESPONSE_BYTES,
  defaultMaxResponseNodes,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';
import { parseXml, XmlParseError, type XmlElement, type XmlLimit } from '../xml/xml-parse.js';
import { XmlWriter, type XmlWriterSnapshot } from '../xml/xml-write.js';
import { detachElement } from '../xml/xml-detach.js';
import {
  type Attachment,
  attachmentCodec,
  DEFAULT_MAX_PARTS,
  type MimeMessage,
  MultipartError,
} from '../wire/attachments.js';

export { writeEnvelopeFor } from '../wire/soap-request.js';

/** Options of a client. */
export interface ClientOptions<B extends BindingKind = BindingKind> {
  /** Scheme, host and optional path prefix; the port address's path is appended (e.g. `https://shop.example.com`). */
  readonly baseUrl?: string;
  /** Full endpoint URL of the port, used instead of `baseUrl` + the port path. Default: the WSDL address. */
  readonly endpoint?: string;
  /** The binding to speak (default: the generated client's default). */
  readonly binding?: B;
  /** Extra HTTP headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-call time limit in ms (default 60000; 0 disables). */
  readonly timeoutMs?: number;
  /**
   * Use this transport instead of the default one (transport-default.ts: the HTTP/1.1
   * transport on Node, the host's `fetch` elsewhere). `fetchTransport(fetch)`
   * (transport-fetch.ts) ships with every client; the optional transports are modules
   * of their own, written to the output when asked for (`--runtime-features`):
   * `createProxyTransport(url)` (proxy.ts), `withCookies(transport, jar)`
   * (cookies.ts), `createNodeTransport()`, `inMemoryTransport(handler)`,
   * `recordingTransport()`/`replayTransport()`.
   */
  readonly transport?: Transport | undefined;
  /** Largest response accepted, in bytes (default 64 MiB). */
  readonly maxResponseBytes?: number;
  /** Deepest XML nesting accepted in responses (default 256). */
  readonly maxDepth?: number;
  /**
   * Most XML nodes (elements, attributes, text runs) accepted in a response
   * (default: one per 16 bytes of `maxResponseBytes`, 4,194,304 for 64 MiB; see
   * `defaultMaxResponseNodes`). Bounds the memory of what a response of tiny elements
   * makes, where `maxResponseBytes` alone would not. A response beyond it (or deeper
   * than `maxDepth`) rejects with a `ResponseLimitError` naming the option.
   */
  readonly maxResponseNodes?: number;
  /**
   * Longest response body kept on an `HttpError` or `ResponseError`, in characters
   * (default 65,536); `bodyLength` records the true length. Keeps a hostile or
   * broken server's answer from staying in memory with the error.
   */
  readonly maxErrorBodyChars?: number;
  /**
   * SOAP header blocks sent with every call, by property: the declared header parts
   * (`soap:header`) of the operations, typed in generated clients. Each operation
   * sends those it declares; a call's own `soapHeaders` go over these.
   */
  readonly soapHeaders?: Readonly<Record<string, unknown>>;
  /**
   * SOAP header blocks sent with every SOAP call as XML text (undeclared vendor headers,
   * WS-Security, WS-Addressing...); a function is called per call. Each block must
   * declare the namespaces it uses.
   */
  readonly soapHeaderXml?: SoapHeaderXml;
  /** Hooks around each exchange: `onRequest`, `onResponse`, `onError` (hooks.ts). */
  readonly hooks?: ClientHooks;
  /** Logs each exchange, secrets redacted (`console` fits). */
  readonly logger?: ClientLogger;
  /** More element/parameter names to redact in logs (besides passwords, tickets, tokens...). */
  readonly redact?: RedactOptions['redact'];
  /**
   * HTTP authentication: Basic (`{ username, password }`, RFC 7617) or a bearer token
   * (`{ bearer }`, RFC 6750; a function is called per call, e.g. to refresh it).
   */
  readonly auth?: HttpAuth;
  /** Ask for gzip/deflate responses (`Accept-Encoding`) and decode them (default false). */
  readonly compression?: boolean;
  /**
   * Send SOAP requests as MTOM (SOAP 1.2 MTOM, SOAP 1.1 Binding for MTOM): a
   * multipart/related XOP package in which each `xsd:base64Binary` element value
   * travels as a binary MIME part (`xop:Include`). Default false: base64 in-line.
   * A call's `mtom` overrides it. MTOM and SwA responses are read either way. Needs the
   * MTOM/SwA module (runtime/wire/mtom.ts): the generated code of a contract with binary
   * values or attachments loads it; otherwise generate with `--runtime-features mtom` and
   * `import './runtime/wire/mtom.js'` once (without it, such a call or response fails
   * with an error that says so).
   */
  readonly mtom?: boolean;
  /** With `mtom`, binary values shorter than this many bytes stay in-line base64 (default 0: all go as parts). */
  readonly mtomThreshold?: number;
  /** Most MIME parts accepted in a multipart (MTOM, SwA) response, root included (default 100). */
  readonly maxResponseParts?: number;
}

/** HTTP authentication of a client. */
export type HttpAuth =
  | { readonly username: string; readonly password: string }
  | { readonly bearer: string | (() => string | Promise<string>) };

/** What a header provider is told: the call's SOAP version and operation. */
export interface SoapHeaderContext {
  readonly version: SoapVersion;
  /** The envelope namespace of `version` (for `mustUnderstand` and `actor`/`role` attributes). */
  readonly envelopeNs: string;
  /** The WSDL operation name. */
  readonly operation: string;
}

/** A function that writes header blocks for each call; it may answer with a promise (a digest made with Web Crypto). */
export type SoapHeaderXmlFunction = (context: SoapHeaderContext) => string | Promise<string>;

/** Header blocks as XML text: a string, a function called per call, or a list of them. */
export type SoapHeaderXml = string | SoapHeaderXmlFunction | readonly (string | SoapHeaderXmlFunction)[];

/**
 * What a call learns besides its result, filled in when passed as `CallOptions.meta`:
 * `const meta: CallMeta = {}; await client.login(input, { meta }); meta.status`.
 * Set once the response has arrived, also when the call then rejects (a fault, an HTTP error).
 */
export interface CallMeta {
  /** HTTP status of the response. */
  status?: number;
  /** HTTP response headers (lower-case names). */
  headers?: Readonly<Record<string, string>>;
  /** The response's SOAP `Header` element, when it has one. */
  soapHeader?: XmlElement;
  /** The operation's declared output header parts (`soap:header` in the output), decoded, by property. */
  soapHeaders?: Readonly<Record<string, unknown>>;
  /**
   * The MIME parts of a multipart (MTOM or SwA) response other than its root, in order
   * (an MTOM response's binary values are already in the result as `Uint8Array`s;
   * they are listed here too). Absent for a plain response.
   */
  attachments?: readonly Attachment[];
  /** Whether the response was an MTOM (XOP) package. */
  mtom?: boolean;
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts the call; it rejects with the signal's reason (an `AbortError` by default). */
  readonly signal?: AbortSignal;
  /** Extra HTTP headers for this call (override the client's). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Time limit for this call in ms (overrides the client's; 0 disables). Rejects with a `TimeoutError`. */
  readonly timeoutMs?: number;
  /** SOAP header entries by property (the operation's declared header parts). */
  readonly soapHeaders?: Readonly<Record<string, unknown>>;
  /** More SOAP header blocks as XML text, after the client's `soapHeaderXml`. */
  readonly soapHeaderXml?: SoapHeaderXml;
  /** Filled in with the response's status, HTTP headers and SOAP headers (see {@link CallMeta}). */
  readonly meta?: CallMeta;
  /** Send this call as MTOM (true) or with in-line base64 (false), whatever the client's `mtom` says. */
  readonly mtom?: boolean;
  /**
   * MIME parts to send after the envelope (SOAP with Attachments 1.0: multipart/related,
   * the envelope as root part; refer to one from the message as `cid:<contentId>`). With
   * `mtom` they go into the XOP package beside the optimized values.
   */
  readonly attachments?: readonly Attachment[];
}

/** Call options of an operation with declared SOAP header parts: `soapHeaders` typed to them. */
export type CallOptionsWithHeaders<H> = Omit<CallOptions, 'soapHeaders'> & { readonly soapHeaders?: H };

/** Client options of a service with declared SOAP header parts: `soapHeaders` typed to them. */
export type ClientOptionsWithHeaders<B extends BindingKind, H> = Omit<ClientOptions<B>, 'soapHeaders'> & {
  readonly soapHeaders?: H;
};

/** Default per-call time limit. */
export const DEFAULT_TIMEOUT_MS = 60_000;

const SOAP_VERSION: Readonly<Record<'soap11' | 'soap12', SoapVersion>> = { soap11: '1.1', soap12: '1.2' };

/** A SOAP-Response GET asks for a SOAP 1.2 envelope (SOAP 1.2 Part 2 §7.4.1.1: `Accept` lists `application/soap+xml`). */
const SOAP_RESPONSE_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/soap+xml' };

/** `application/xml`, `text/xml`, `application/soap+xml` and any `+xml` type. */
function isXmlType(type: string): boolean {
  return type === 'text/xml' || type === 'application/xml' || type.endsWith('+xml');
}

function ok(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * `{ ...a, ...b }` as a loop (same keys, order and values for plain header
 * objects; an object spread costs several times more in V8, on every call).
 */
function mergeHeaders(
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(a)) out[k] = a[k]!;
  for (const k of Object.keys(b)) out[k] = b[k]!;
  return out;
}

/** What a SOAP operation sends that does not depend on the call: worked out once per operation and client. */
interface SoapPlan {
  readonly url: URL;
  /** The binding's headers (Content-Type, SOAPAction), to go over the client's (read per call: they may change). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The envelope up to the open start tag of the wrapper element (and its
   * `encodingStyle`), when the body is a complex wrapper; `undefined` otherwise.
   */
  readonly wrapperStart: XmlWriterSnapshot | undefined;
}

function joinUrl(base: string, path: string): string {
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  if (path === '') return b;
  return path.startsWith('/') ? b + path : `${b}/${path}`;
}

/** Speaks one binding of a service. */
export class ServiceClient {
  /** The binding in use. */
  readonly binding: BindingKind;
  /** The port in use. */
  readonly port: PortDesc;
  private readonly base: string;
  private readonly transport: Transport;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  private readonly maxErrorBody: number;
  private readonly urls = new Map<string, URL>();
  private readonly soapPlans = new Map<SoapOperationDesc, SoapPlan>();
  readonly service: ServiceDesc;
  private readonly soapHeaders: Readonly<Record<string, unknown>> | undefined;
  private readonly soapHeaderXml: SoapHeaderXml | undefined;
  /** Hooks or a logger are set: requests carry their operation name, failures go to `onError`. */
  private readonly instrumented: boolean;
  private readonly onError: ClientHooks['onError'];
  private readonly decompress: boolean;
  private readonly mtom: boolean;
  private readonly mtomThreshold: number;
  private readonly maxParts: number;

  constructor(service: ServiceDesc, options: ClientOptions<BindingKind>, defaultBinding: BindingKind) {
    this.service = service;
    this.binding = options.binding ?? defaultBinding;
    const port = service.ports.find((p) => p.kind === this.binding);
    if (!port) {
      const kinds = service.ports.map((p) => p.kind).join(', ');
      throw new Error(`service ${service.name} has no ${this.binding} port (available: ${kinds || 'none'})`);
    }
    this.port = port;
    if (options.endpoint !== undefined) this.base = options.endpoint;
    else if (options.baseUrl !== undefined) this.base = joinUrl(options.baseUrl, port.path);
    else this.base = port.address;
    new URL(this.base); // fail fast on a malformed URL
    let transport = options.transport ?? defaultTransport();
    const own: Record<string, string> = {};
    const auth = options.auth;
    if (auth !== undefined && 'username' in auth) {
      if (auth.username.includes(':')) throw new TypeError('auth.username must not contain ":" (RFC 7617 §2)');
      own['Authorization'] = `Basic ${base64Encode(utf8Encode(`${auth.username}:${auth.password}`))}`;
    } else if (auth !== undefined && typeof auth.bearer === 'string') {
      own['Authorization'] = `Bearer ${auth.bearer}`;
    } else if (auth !== undefined && typeof auth.bearer === 'function') {
      transport = withBearer(transport, auth.bearer);
    }
    if (options.compression === true) own['Accept-Encoding'] = 'gzip, deflate';
    this.decompress = options.compression === true;
    this.instrumented = options.hooks !== undefined || options.logger !== undefined;
    this.transport = this.instrumented
      ? instrument(transport, {
          ...(options.hooks ? { hooks: options.hooks } : {}),
          ...(options.logger ? { logger: options.logger } : {}),
          ...(options.redact ? { redact: options.redact } : {}),
        })
      : transport;
    this.onError = options.hooks?.onError;
    this.soapHeaders = options.soapHeaders;
    this.soapHeaderXml = options.soapHeaderXml;
    this.headers = Object.keys(own).length === 0 ? (options.headers ?? {}) : mergeHeaders(own, options.headers ?? {});
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxDepth = options.maxDepth ?? 256;
    this.maxNodes = options.maxResponseNodes ?? defaultMaxResponseNodes(this.maxResponseBytes);
    this.maxErrorBody = options.maxErrorBodyChars ?? DEFAULT_MAX_ERROR_BODY_CHARS;
    this.mtom = options.mtom === true;
    this.mtomThreshold = options.mtomThreshold ?? 0;
    this.maxParts = options.maxResponseParts ?? DEFAULT_MAX_PARTS;
  }

  /** The URL an operation is sent to over this client's binding (without query). */
  url(operation: OperationDesc): URL {
    let u = this.urls.get(operation.name);
    if (!u) {
      const http =
        this.binding === 'httpGet'
          ? operation.httpGet
          : this.binding === 'httpPost'
            ? operation.httpPost
            : this.binding === 'soap12'
              ? operation.soap12?.get
              : undefined;
      u = new URL(http ? joinUrl(this.base, http.path) : this.base);
      this.urls.set(operation.name, u);
    }
    return u;
  }

  /**
   * Calls `operation` with `input` and resolves with its logical output.
   * Rejects with `SoapFaultError` (a SOAP fault), `HttpError` (non-2xx, not a
   * fault), `ResponseError` (unusable response), `EncodeError` (input does not
   * fit), or the signal's `AbortError` / a `TimeoutError`.
   */
  call<I, O>(operation: OperationDesc, input: I, options: CallOptions = {}): Promise<O> {
    if (this.onError === undefined) return this.dispatch(operation, input, options);
    const onError = this.onError;
    return this.dispatch<O>(operation, input, options).catch((err: unknown) => {
      try {
        onError(err, { operation: operation.name });
      } catch {
        // a failing error hook changes nothing: the call rejects with its own error
      }
      throw err;
    });
  }

  private dispatch<O>(operation: OperationDesc, input: unknown, options: CallOptions): Promise<O> {
    // Not `async`: callSoap/callHttp are, so every failure still arrives as a rejection (one promise less per call).
    const binding = this.binding;
    if (binding === 'soap11' || binding === 'soap12') {
      const soap = operation[binding];
      if (!soap) return Promise.reject(new Error(`operation ${operation.name} is not available over ${binding}`));
      if (soap.get !== undefined) return this.callSoapResponse(operation, soap, soap.get, input, options) as Promise<O>;
      return this.callSoap(operation, soap, SOAP_VERSION[binding], input, options) as Promise<O>;
    }
    const http = operation[binding];
    if (!http) return Promise.reject(new Error(`operation ${operation.name} is not available over ${binding}`));
    return this.callHttp(operation, http, binding === 'httpGet', input, options) as Promise<O>;
  }

  /**
   * One exchange over the transport. `headers` are the client's headers merged
   * with the request's own; the call's headers go over them. Callers turn a
   * synchronous throw into a rejection.
   */
  private exchange(
    op: OperationDesc,
    method: 'GET' | 'POST',
    url: URL,
    headers: Readonly<Record<string, string>>,
    body: string | Uint8Array | undefined,
    options: CallOptions,
  ): Promise<TransportResponse> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const merged = options.headers ? mergeHeaders(headers, options.headers) : headers;
    // Its layout, these properties in this order, is kept by transport-http1.ts (xml/keep-layout.ts).
    const request: { -readonly [K in keyof TransportRequest]: TransportRequest[K] } = {
      method,
      url,
      headers: merged,
      maxResponseBytes: this.maxResponseBytes,
    };
    if (body !== undefined) request.body = body;
    if (signal) request.signal = signal;
    if (timeoutMs > 0) request.timeoutMs = timeoutMs;
    if (this.instrumented) request.operation = op.name;
    if (this.decompress) request.decompress = true;
    return this.transport(request);
  }

  /** The {@link SoapPlan} of an operation over this client's binding (made on first use). */
  private soapPlan(op: OperationDesc, soap: SoapOperationDesc, version: SoapVersion): SoapPlan {
    let plan = this.soapPlans.get(soap);
    if (plan === undefined) {
      const own = soapRequestHeaders(version, soap.action);
      const msg = soap.input;
      let wrapperStart: XmlWriterSnapshot | undefined;
      if ('complex' in msg.value) {
        wrapperStart = operationStart(version, msg.element, soap.use);
      }
      plan = { url: this.url(op), headers: own, wrapperStart };
      this.soapPlans.set(soap, plan);
    }
    return plan;
  }

  // Not `async`: one promise (the transport's) plus the `then` that reads the response.
  private callSoap(
    op: OperationDesc,
    soap: SoapOperationDesc,
    version: SoapVersion,
    input: unknown,
    options: CallOptions,
  ): Promise<unknown> {
    try {
      const xml =
        this.soapHeaderXml === undefined && options.soapHeaderXml === undefined
          ? undefined
          : headerXmlOf(this.soapHeaderXml, options.soapHeaderXml, {
              version,
              envelopeNs: version === '1.1' ? SOAP_11_ENV_NS : SOAP_12_ENV_NS,
              operation: op.name,
            });
      if (typeof xml === 'object') return xml.then((x) => this.sendSoap(op, soap, version, input, options, x));
      return this.sendSoap(op, soap, version, input, options, xml);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** {@link callSoap} once the header blocks' XML is known. */
  private sendSoap(
    op: OperationDesc,
    soap: SoapOperationDesc,
    version: SoapVersion,
    input: unknown,
    options: CallOptions,
    xml: string | undefined,
  ): Promise<unknown> {
    let sent: Promise<TransportResponse>;
    try {
      const plan = this.soapPlan(op, soap, version);
      const types = this.service.types;
      const msg = soap.input;
      const value = input ?? {};
      const headerFields = msg.headers;
      const soapHeaders =
        headerFields === undefined
          ? undefined
          : this.soapHeaders === undefined
            ? options.soapHeaders
            : options.soapHeaders === undefined
              ? this.soapHeaders
              : { ...this.soapHeaders, ...options.soapHeaders };
      if (this.mtom || options.mtom !== undefined || options.attachments !== undefined) {
        const mtom = options.mtom ?? this.mtom;
        if (mtom || (options.attachments !== undefined && options.attachments.length > 0)) {
          const header = headerFields && soapHeaders ? { fields: headerFields, values: soapHeaders } : undefined;
          const codec = attachmentCodec(`${op.name}: sending ${mtom ? 'MTOM' : 'attachments'}`);
          const mime = codec.write(
            {
              version,
              mtom,
              threshold: this.mtomThreshold,
              attachments: options.attachments,
              action: version === '1.2' ? soap.action : undefined,
            },
            () => writeEnvelopeFor(version, soap, value, types, header, xml),
          );
          const headers = mergeHeaders(this.headers, plan.headers);
          for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
          headers['Content-Type'] = mime.contentType;
          if (version === '1.1') headers['SOAPAction'] = `"${soap.action}"`;
          sent = this.exchange(op, 'POST', plan.url, headers, mime.body, options);
          return sent.then((res) => this.readSoapResponse(op, soap, version, res, options.meta));
        }
      }
      let envelope: string;
      if (
        plan.wrapperStart !== undefined &&
        !(headerFields && soapHeaders) &&
        xml === undefined &&
        'complex' in msg.value
      ) {
        // The usual case: resume from the constant start, write the wrapper's content, close wrapper, Body, Envelope.
        const w = XmlWriter.resume(plan.wrapperStart);
        writeComplexContent(w, value, msg.value.complex, types, msg.element.name);
        envelope = w.end().end().end().toString();
      } else {
        envelope = writeEnvelopeFor(
          version,
          soap,
          value,
          types,
          headerFields && soapHeaders ? { fields: headerFields, values: soapHeaders } : undefined,
          xml,
        );
      }
      sent = this.exchange(op, 'POST', plan.url, mergeHeaders(this.headers, plan.headers), envelope, options);
    } catch (err) {
      return Promise.reject(err);
    }
    const meta = options.meta;
    return sent.then((res) => this.readSoapResponse(op, soap, version, res, meta));
  }

  private readSoapResponse(
    op: OperationDesc,
    soap: SoapOperationDesc,
    version: SoapVersion,
    res: TransportResponse,
    meta?: CallMeta,
  ): unknown {
    const { status } = res;
    let body = res.body;
    if (meta !== undefined) {
      meta.status = status;
      meta.headers = res.headers;
    }
    let type = parseContentType(res.headers['content-type']).type;
    let mime: MimeMessage | undefined;
    if (res.raw !== undefined || type === 'multipart/related') {
      mime = this.readMime(op, res);
      body = mime.xml;
      type = mime.soapType.type;
      if (meta !== undefined) {
        meta.attachments = mime.attachments;
        meta.mtom = mime.xop;
      }
    }
    if (type !== '' && !isXmlType(type)) {
      if (!ok(status)) throw new HttpError(status, body, res.headers, this.maxErrorBody);
      throw new ResponseError(
        `${op.name}: unexpected response content type ${JSON.stringify(res.headers['content-type'])} (HTTP ${status})`,
        { status, body, maxBody: this.maxErrorBody },
      );
    }
    if (!soap.output && ok(status) && body.trim() === '') return undefined;
    const decode = responseStreaming.decode; // loaded on Node, Bun and Deno (wire/response-streaming.ts)
    if (
      decode !== undefined &&
      soap.output !== undefined &&
      body.length >= responseStreaming.minLength &&
      mime?.xop !== true &&
      ok(status)
    ) {
      // A large answer: decoded as it is scanned, with no tree of its Body; what that does not read, the tree does.
      const streamed = decode(body, version, soap.output, this.service.types, {
        maxDepth: this.maxDepth,
        maxNodes: this.maxNodes,
      });
      if (streamed !== undefined) {
        if (meta !== undefined) readResponseHeaders(meta, streamed.header, soap.output.headers, this.service.types);
        return streamed.value;
      }
    }
    let env: ReturnType<typeof parseEnvelope>;
    try {
      env = parseEnvelope(body, { maxDepth: this.maxDepth, maxNodes: this.maxNodes });
    } catch (err) {
      if (!ok(status)) throw new HttpError(status, body, res.headers, this.maxErrorBody);
      if (err instanceof EnvelopeError && err.limit !== undefined)
        throw this.limitError(op, err.limit, err.line, err.column, status, body, err);
      if (err instanceof EnvelopeError) {
        throw new ResponseError(`${op.name}: invalid SOAP response: ${err.message}`, {
          status,
          body,
          maxBody: this.maxErrorBody,
          cause: err,
        });
      }
      throw err;
    }
    if (mime?.xop === true) {
      try {
        attachmentCodec('MTOM').resolve(env.envelope, mime);
      } catch (err) {
        throw new ResponseError(`${op.name}: invalid MTOM response: ${(err as Error).message}`, {
          status,
          body,
          maxBody: this.maxErrorBody,
          cause: err,
        });
      }
    }
    if (meta !== undefined) readResponseHeaders(meta, env.header, soap.output?.headers, this.service.types);
    const fault = findFault(env.body, env.version);
    if (fault) {
      throw parseFault(fault, env.version, {
        ...(soap.faults ? { faults: soap.faults } : {}),
        types: this.service.types,
        httpStatus: status,
      });
    }
    if (!ok(status)) throw new HttpError(status, body, res.headers, this.maxErrorBody);
    if (env.version !== version) {
      throw new ResponseError(`${op.name}: expected a SOAP ${version} response, got SOAP ${env.version}`, {
        status,
        body,
        maxBody: this.maxErrorBody,
      });
    }
    const out = soap.output;
    if (!out) return undefined;
    let wrapper: XmlElement | undefined;
    let loose: XmlElement | undefined;
    for (const c of env.body.children) {
      if (typeof c === 'string') continue;
      if (c.name === out.element.name) {
        if (c.ns === out.element.ns) {
          wrapper = c;
          break;
        }
        loose ??= c;
      }
    }
    wrapper ??= loose;
    if (!wrapper) {
      const first = env.body.children.find((c): c is XmlElement => typeof c !== 'string');
      throw new ResponseError(
        `${op.name}: expected ${describeElement(out.element)} in the SOAP Body, got ${first ? describeElement(first) : 'an empty Body'}`,
        { status, body, maxBody: this.maxErrorBody },
      );
    }
    // The response element carries the operation's result: xsi:nil on it leaves nothing to return.
    if (isNil(wrapper)) {
      if (out.nillable) return null;
      throw new ResponseError(
        `${op.name}: invalid response: xsi:nil is not allowed on ${describeElement(out.element)}`,
        { status, body, maxBody: this.maxErrorBody },
      );
    }
    try {
      const value =
        'complex' in out.value
          ? readComplexContent(wrapper, out.value.complex, this.service.types, wrapper.name)
          : readValue(wrapper, out.value, this.service.types);
      if (out.result === undefined) return value;
      if (value === null || typeof value !== 'object') return undefined;
      return (value as Record<string, unknown>)[out.result];
    } catch (err) {
      if (err instanceof DecodeError)
        throw new ResponseError(`${op.name}: invalid response: ${err.message}`, {
          status,
          body,
          maxBody: this.maxErrorBody,
          cause: err,
        });
      throw err;
    }
  }

  /** The error for a response that reached the parse limit `limit` at `line`:`column` (not a malformed one). */
  private limitError(
    op: OperationDesc,
    limit: XmlLimit,
    line: number,
    column: number,
    status: number,
    body: string,
    cause: unknown,
  ): ResponseLimitError {
    const [option, value, what] =
      limit === 'maxNodes'
        ? ([
            'maxResponseNodes',
            this.maxNodes,
            `more than ${this.maxNodes} XML nodes (elements, attributes, text runs)`,
          ] as const)
        : (['maxDepth', this.maxDepth, `elements nested deeper than ${this.maxDepth} levels`] as const);
    return new ResponseLimitError(
      `${op.name}: the response has ${what} (at ${line}:${column}): it reached the client's ${option} limit; raise the client option ${option} to read it`,
      { status, body, maxBody: this.maxErrorBody, cause, option, limit: value },
    );
  }

  /**
   * The parts of a multipart response (`raw` bytes; or the body text of a transport that
   * gave text, read as Latin-1, one byte per character).
   * @throws ResponseError (cause: a MultipartError) for a body that is not a SOAP multipart message
   */
  private readMime(op: OperationDesc, res: TransportResponse): MimeMessage {
    const bytes = res.raw ?? latin1Encode(res.body);
    try {
      const codec = attachmentCodec(`${op.name}: a multipart/related (MTOM or SwA) response`);
      return codec.read(bytes, parseContentType(res.headers['content-type']), this.maxParts);
    } catch (err) {
      if (!(err instanceof MultipartError)) throw err;
      const what = err.problem === 'module' ? 'cannot read the multipart response' : 'invalid multipart response';
      throw new ResponseError(`${op.name}: ${what}: ${err.message}`, {
        status: res.status,
        body: '',
        maxBody: this.maxErrorBody,
        cause: err,
      });
    }
  }

  /**
   * `http`'s location with `input`'s values, joined to the port's path, refused when the
   * server, choosing among all the service's locations (wire http-routes.ts), would run
   * another operation on it. Written by wire/http-path.ts, which the generated schema.ts of
   * a contract with templated locations imports (other clients do not carry it).
   */
  private writePath(op: OperationDesc, http: HttpOperationDesc, input: unknown): string {
    const write = templatedPaths.write;
    if (write === undefined)
      throw new Error(
        `${op.name}: its location ${JSON.stringify(http.path)} takes values from the input, which needs the runtime module wire/http-path.ts: import it once (\`import './runtime/wire/http-path.js';\`); the generated schema.ts of such a contract does`,
      );
    return write(this.service, this.port, op, http, input);
  }

  /** The URL of `http`'s location with `input`'s cited values in it. */
  private locatedUrl(op: OperationDesc, http: HttpOperationDesc, input: unknown): URL {
    return hasPathParams(http) ? new URL(joinUrl(this.base, this.writePath(op, http, input))) : this.url(op);
  }

  /** The URL of a GET of `http` with `input`: cited values in the path, the others (`form`) URL-encoded in the query. */
  private getUrl(op: OperationDesc, http: HttpOperationDesc, input: unknown, form: string): URL {
    const base = this.locatedUrl(op, http, input);
    return form === '' ? base : new URL(`${base.href}${base.search === '' ? '?' : (http.separator ?? '&')}${form}`);
  }

  /**
   * A call by the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3, §7.4): a GET with the input in the URI
   * (`get`, as an HTTP GET operation's), no envelope, `Accept: application/soap+xml`; the response
   * is read as any SOAP 1.2 response (its result, or a fault).
   */
  private async callSoapResponse(
    op: OperationDesc,
    soap: SoapOperationDesc,
    get: HttpOperationDesc,
    input: unknown,
    options: CallOptions,
  ): Promise<unknown> {
    const url = this.getUrl(op, get, input, encodeHttpParams(get, input, op.name));
    const res = await this.exchange(
      op,
      'GET',
      url,
      mergeHeaders(this.headers, SOAP_RESPONSE_HEADERS),
      undefined,
      options,
    );
    return this.readSoapResponse(op, soap, '1.2', res, options.meta);
  }

  private async callHttp(
    op: OperationDesc,
    http: HttpOperationDesc,
    get: boolean,
    input: unknown,
    options: CallOptions,
  ): Promise<unknown> {
    const form = encodeHttpParams(http, input, op.name);
    let res: TransportResponse;
    if (get) {
      res = await this.exchange(
        op,
        'GET',
        this.getUrl(op, http, input, form),
        mergeHeaders(this.headers, {}),
        undefined,
        options,
      );
    } else if (http.input) {
      const doc = encodeHttpXmlInput(http.input, input, this.service.types);
      res = await this.exchange(
        op,
        'POST',
        this.locatedUrl(op, http, input),
        mergeHeaders(this.headers, { 'Content-Type': TEXT_XML_UTF8 }),
        doc,
        options,
      );
    } else {
      res = await this.exchange(
        op,
        'POST',
        this.locatedUrl(op, http, input),
        mergeHeaders(this.headers, { 'Content-Type': FORM_CONTENT_TYPE }),
        form,
        options,
      );
    }
    const { status, body } = res;
    if (options.meta !== undefined) {
      options.meta.status = status;
      options.meta.headers = res.headers;
    }
    if (!ok(status)) throw new HttpError(status, body, res.headers, this.maxErrorBody);
    const out = http.output;
    if (!out) return undefined;
    const type = parseContentType(res.headers['content-type']).type;
    if (type !== '' && !isXmlType(type)) {
      throw new ResponseError(
        `${op.name}: unexpected response content type ${JSON.stringify(res.headers['content-type'])}`,
        { status, body, maxBody: this.maxErrorBody },
      );
    }
    let root: XmlElement;
    try {
      root = parseXml(body, { maxDepth: this.maxDepth, maxNodes: this.maxNodes });
    } catch (err) {
      if (err instanceof XmlParseError && err.limit !== undefined)
        throw this.limitError(op, err.limit, err.line, err.column, status, body, err);
      if (err instanceof XmlParseError) {
        throw new ResponseError(`${op.name}: malformed XML response at ${err.line}:${err.column}: ${err.message}`, {
          status,
          body,
          maxBody: this.maxErrorBody,
          cause: err,
        });
      }
      throw err;
    }
    if (root.name !== out.element.name) {
      throw new ResponseError(
        `${op.name}: expected ${describeElement(out.element)} as the response root, got ${describeElement(root)}`,
        {
          status,
          body,
          maxBody: this.maxErrorBody,
        },
      );
    }
    if (!out.nillable && isNil(root)) {
      throw new ResponseError(
        `${op.name}: invalid response: xsi:nil is not allowed on ${describeElement(out.element)} (not nillable)`,
        { status, body, maxBody: this.maxErrorBody },
      );
    }
    try {
      const value = readValue(root, out.value, this.service.types);
      if (out.result === undefined) return value;
      if (value === null || typeof value !== 'object') return undefined;
      return (value as Record<string, unknown>)[out.result];
    } catch (err) {
      if (err instanceof DecodeError)
        throw new ResponseError(`${op.name}: invalid response: ${err.message}`, {
          status,
          body,
          maxBody: this.maxErrorBody,
          cause: err,
        });
      throw err;
    }
  }
}

/** The XML text of the client's and the call's header blocks, in that order; a promise when a provider answers with one. */
function headerXmlOf(
  client: SoapHeaderXml | undefined,
  call: SoapHeaderXml | undefined,
  context: SoapHeaderContext,
): string | Promise<string> {
  const parts: (string | Promise<string>)[] = [];
  let later = false;
  for (const src of [client, call]) {
    if (src === undefined) continue;
    const list = typeof src === 'string' || typeof src === 'function' ? [src] : src;
    for (const item of list) {
      const xml = typeof item === 'string' ? item : item(context);
      if (typeof xml !== 'string') later = true;
      parts.push(xml);
    }
  }
  return later ? Promise.all(parts).then((all) => all.join('')) : parts.join('');
}

/** Fills `meta` with the response's SOAP Header and its declared blocks (the first of each name). */
function readResponseHeaders(
  meta: CallMeta,
  header: XmlElement | undefined,
  fields: readonly FieldDesc[] | undefined,
  types: ServiceDesc['types'],
): void {
  if (header === undefined) return;
  meta.soapHeader = detachElement(header);
  if (fields === undefined) return;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const block = header.children.find(
      (c): c is XmlElement => typeof c !== 'string' && c.name === f.name && c.ns === f.ns,
    );
    if (block) out[f.prop] = readValue(block, f.value, types);
  }
  meta.soapHeaders = out;
}

/** The transport with `Authorization: Bearer <token>` from `token()` on each request. */
function withBearer(inner: Transport, token: () => string | Promise<string>): Transport {
  return async (req) => {
    const t = await token();
    return inner({ ...req, headers: { ...req.headers, Authorization: `Bearer ${t}` } });
  };
}
