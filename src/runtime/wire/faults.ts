/**
 * SOAP faults and the errors a client rejects with.
 *
 * - {@link SoapFault}: what server implementations throw; written as a SOAP 1.1
 *   Fault (faultcode, faultstring, faultactor, detail; SOAP 1.1 §4.4) or a SOAP 1.2
 *   Fault (Code/Value + Subcode chain, Reason/Text, Node, Role, Detail; SOAP 1.2
 *   Part 1 §5.4). Codes use the SOAP 1.1 names: `Client` is written as `Sender`
 *   and `Server` as `Receiver` in SOAP 1.2 (Part 1 §5.4.6), and read back the same way.
 * - {@link SoapFaultError}: what a client rejects with when the response is a fault.
 * - {@link HttpError}: a non-2xx HTTP answer that is not a SOAP fault.
 * - {@link ResponseError}: a malformed or unexpected response.
 *
 * Codes other than the standard ones are written in Clark notation `{ns}local`.
 * SOAP 1.1 dotted codes (`soap:Client.Authentication`, SOAP 1.1 §4.4.1) map to
 * `code: 'Client', subcodes: ['Authentication']`.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { FaultDesc, ServiceDesc } from './descriptors.js';
import { readValue, writeValue } from './codec.js';
import { errorCause, setCause } from './error-cause.js';
import { DecodeError } from './scalars.js';
import { envelopeNamespace, writeEnvelope, type SoapVersion } from './soap-envelope.js';
import { attr, childElements, resolveQName, textOf, type XmlElement } from '../xml/xml-parse.js';
import { XML_NS, type XmlWriter, xmlSafeText } from '../xml/xml-write.js';

/** Standard fault codes (SOAP 1.1 names), or a custom code in Clark notation `{ns}local`. */
export type FaultCode =
  | 'Client'
  | 'Server'
  | 'VersionMismatch'
  | 'MustUnderstand'
  | 'DataEncodingUnknown'
  | (string & {});

/** The fields of a fault. */
export interface SoapFaultInit {
  /** Default `Server`. `Sender`/`Receiver` are accepted and stored as `Client`/`Server`. */
  readonly code?: FaultCode;
  /** SOAP 1.2 Subcode values (outermost first), local names or `{ns}local`. */
  readonly subcodes?: readonly string[];
  /** Human-readable explanation (faultstring / Reason Text). */
  readonly reason: string;
  /** SOAP 1.2 `xml:lang` of the reason (default `en`). */
  readonly lang?: string;
  /** SOAP 1.1 faultactor / SOAP 1.2 Role: URI of the faulting actor. */
  readonly actor?: string;
  /** SOAP 1.2 Node: URI of the faulting node. */
  readonly node?: string;
  /**
   * Detail: a value of the declared fault (with `fault` naming the `wsdl:fault`),
   * parsed `XmlElement`(s) written as is, or a string written as text.
   */
  readonly detail?: unknown;
  /** The `wsdl:fault` name whose element describes `detail`. */
  readonly fault?: string;
  /** The underlying error, if any. */
  readonly cause?: unknown;
  /**
   * The failure is temporary: the client may try again after this many seconds
   * (a server sends `Retry-After`, RFC 9110 §10.2.3). Over SOAP the status stays
   * the binding's (500, or 400 for Client in SOAP 1.2); over HTTP GET/POST a
   * Server fault is answered 503 and a Client fault 429 (RFC 6585 §4).
   */
  readonly retryAfter?: number;
}

const CODE_ALIASES: Readonly<Record<string, string>> = { Sender: 'Client', Receiver: 'Server' };

/** Normalises SOAP 1.2 code names to the SOAP 1.1 names used by {@link SoapFault.code}. */
export function normalizeFaultCode(code: string): string {
  return CODE_ALIASES[code] ?? code;
}

/** A SOAP fault. Thrown by service implementations; base of {@link SoapFaultError}. */
export class SoapFault extends Error {
  override name = 'SoapFault';
  /** `Client`, `Server`, `VersionMismatch`, `MustUnderstand`, `DataEncodingUnknown`, or `{ns}local`. */
  readonly code: FaultCode;
  readonly subcodes?: readonly string[];
  readonly reason: string;
  readonly lang: string;
  readonly actor?: string;
  readonly node?: string;
  readonly detail?: unknown;
  readonly fault?: string;
  /** Seconds after which the client may try again (see {@link SoapFaultInit.retryAfter}). */
  readonly retryAfter?: number;

  constructor(init: SoapFaultInit | string, code?: FaultCode) {
    const i: SoapFaultInit =
      typeof init === 'string' ? (code === undefined ? { reason: init } : { reason: init, code }) : init;
    super(i.reason);
    if (i.cause !== undefined) setCause(this, i.cause);
    this.code = normalizeFaultCode(i.code ?? 'Server');
    if (i.subcodes && i.subcodes.length > 0) this.subcodes = [...i.subcodes];
    this.reason = i.reason;
    this.lang = i.lang ?? 'en';
    if (i.actor !== undefined) this.actor = i.actor;
    if (i.node !== undefined) this.node = i.node;
    if (i.detail !== undefined) this.detail = i.detail;
    if (i.fault !== undefined) this.fault = i.fault;
    if (i.retryAfter !== undefined && Number.isFinite(i.retryAfter) && i.retryAfter >= 0)
      this.retryAfter = Math.ceil(i.retryAfter);
  }
}

/** The fields of a received fault. */
export interface SoapFaultErrorInit extends SoapFaultInit {
  readonly soapVersion: SoapVersion;
  /** HTTP status of the response (500 normally). */
  readonly httpStatus: number;
  /** The raw detail element (`detail` / `Detail`), when present. */
  readonly detailXml?: XmlElement;
}

/**
 * A SOAP fault received by a client. `detail` is typed when the operation
 * declares a fault whose element matches the detail entry (`fault` names it);
 * otherwise it is the first detail entry as a raw `XmlElement` (or its text).
 */
export class SoapFaultError extends SoapFault {
  override name = 'SoapFaultError';
  readonly soapVersion: SoapVersion;
  readonly httpStatus: number;
  readonly detailXml?: XmlElement;

  constructor(init: SoapFaultErrorInit) {
    super(init);
    this.soapVersion = init.soapVersion;
    this.httpStatus = init.httpStatus;
    if (init.detailXml) this.detailXml = init.detailXml;
    this.message = `SOAP fault ${this.code}${this.subcodes ? `/${this.subcodes.join('/')}` : ''}: ${this.reason}`;
  }
}

/** Default longest response body kept on an {@link HttpError} or {@link ResponseError}: 65,536 characters. */
export const DEFAULT_MAX_ERROR_BODY_CHARS = 65_536;

/**
 * The first `max` characters of `body` as a string of their own: a plain slice
 * would keep the whole (possibly huge) response alive for as long as the error.
 */
function keptBody(body: string, max: number): string {
  if (body.length <= max) return body;
  let end = Math.max(0, Math.floor(max));
  const last = body.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--; // do not split a surrogate pair
  return body.slice(0, end).split('').join('');
}

/** A non-2xx HTTP response that is not a SOAP fault. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The response body as text: its first `maxBody` characters (see {@link bodyLength}). */
  readonly body: string;
  /** The length of the whole response body, in characters (more than `body.length` when it was cut). */
  readonly bodyLength: number;
  /** Response headers (lower-case names). */
  readonly headers: Readonly<Record<string, string>>;

  /** @param maxBody longest body kept (default {@link DEFAULT_MAX_ERROR_BODY_CHARS}). */
  constructor(
    status: number,
    body: string,
    headers: Readonly<Record<string, string>> = {},
    maxBody: number = DEFAULT_MAX_ERROR_BODY_CHARS,
  ) {
    // A copy, as the body: the message (and the stack made from it) must not keep the response alive.
    const excerpt = body.length > 200 ? `${keptBody(body, 200)}...` : body;
    super(`HTTP ${status}${excerpt.trim() === '' ? '' : `: ${excerpt.trim()}`}`);
    this.status = status;
    this.body = keptBody(body, maxBody);
    this.bodyLength = body.length;
    this.headers = headers;
  }
}

/** A response that cannot be understood: wrong content type, malformed XML, unexpected element. */
export class ResponseError extends Error {
  override readonly name: string = 'ResponseError';
  /** HTTP status of the response. */
  readonly status: number;
  /** The response body: its first `maxBody` characters (see {@link bodyLength}). */
  readonly body: string;
  /** The length of the whole response body, in characters. */
  readonly bodyLength: number;
  constructor(message: string, info: { status: number; body: string; cause?: unknown; maxBody?: number }) {
    super(message);
    if (info.cause !== undefined) setCause(this, info.cause);
    this.status = info.status;
    this.body = keptBody(info.body, info.maxBody ?? DEFAULT_MAX_ERROR_BODY_CHARS);
    this.bodyLength = info.body.length;
  }
}

/** A client option that limits what a response may hold. */
export type ResponseLimitOption = 'maxResponseNodes' | 'maxDepth';

/**
 * A response refused because it reached one of the client's limits, not because it is
 * wrong: `option` names the client option that raises the limit, `limit` its value.
 */
export class ResponseLimitError extends ResponseError {
  override readonly name: string = 'ResponseLimitError';
  /** The client option whose limit the response reached. */
  readonly option: ResponseLimitOption;
  /** That option's value for the call. */
  readonly limit: number;
  constructor(
    message: string,
    info: {
      status: number;
      body: string;
      cause?: unknown;
      maxBody?: number;
      option: ResponseLimitOption;
      limit: number;
    },
  ) {
    super(message, info);
    this.option = info.option;
    this.limit = info.limit;
  }
}

// ---------------------------------------------------------------------------
// Writing

/** Options for {@link writeFault}. */
export interface WriteFaultOptions {
  /** Add the stack trace (of `cause` when it is an Error) to the detail. Never in production. */
  readonly debug?: boolean | undefined;
  /** The operation's declared faults, to write a typed `detail`. */
  readonly faults?: readonly FaultDesc[] | undefined;
  readonly types?: ServiceDesc['types'] | undefined;
}

/** Namespace of the debug stack-trace detail entry. */
export const DEBUG_NS = 'urn:wsdlc:debug';
const STANDARD_CODES = new Set(['Client', 'Server', 'VersionMismatch', 'MustUnderstand', 'DataEncodingUnknown']);

function clark(code: string): { ns: string; name: string } | undefined {
  if (!code.startsWith('{')) return undefined;
  const end = code.indexOf('}');
  return end < 0 ? undefined : { ns: code.slice(1, end), name: code.slice(end + 1) };
}

/** Writes a code or subcode value as a QName, declaring its namespace on the open start tag. */
function codeText(w: XmlWriter, code: string, envNs: string): string {
  if (STANDARD_CODES.has(code)) return w.qnameText(envNs, code);
  const c = clark(code);
  return c ? w.qnameText(c.ns, c.name) : code;
}

function localOf(code: string): string {
  return clark(code)?.name ?? code;
}

function writeDetailEntries(w: XmlWriter, fault: SoapFault, options: WriteFaultOptions): void {
  const d = fault.detail;
  if (d !== undefined && d !== null) {
    const list = Array.isArray(d) ? d : [d];
    const isEl = (v: unknown): v is XmlElement =>
      typeof v === 'object' && v !== null && 'children' in v && 'ns' in v && 'name' in v && 'attrs' in v;
    if (list.every(isEl)) {
      for (const el of list) w.element(el);
    } else if (typeof d === 'string') {
      w.text(d);
    } else {
      const descs = options.faults ?? [];
      const desc =
        fault.fault !== undefined
          ? descs.find((f) => f.name === fault.fault)
          : descs.length === 1
            ? descs[0]
            : undefined;
      if (!desc || !options.types) {
        throw new TypeError(
          fault.fault !== undefined
            ? `fault "${fault.fault}" is not declared for this operation`
            : 'a SoapFault detail object needs `fault` naming the declared wsdl:fault',
        );
      }
      writeValue(w, desc.element, d, desc.value, options.types);
    }
  }
  if (options.debug) {
    const cause = errorCause(fault);
    const src = cause instanceof Error ? cause : fault;
    if (src.stack) {
      w.start(DEBUG_NS, 'StackTrace');
      w.text(xmlSafeText(src.stack));
      w.end();
    }
  }
}

/**
 * Writes a complete fault envelope (the HTTP status is the caller's: 500 for
 * faults, SOAP 1.1 §6.2 and SOAP 1.2 Part 2 §7.5.1.2; 400 is allowed for Sender in SOAP 1.2).
 */
export function writeFault(version: SoapVersion, fault: SoapFault, options: WriteFaultOptions = {}): string {
  const env = envelopeNamespace(version);
  return writeEnvelope(version, (w) => {
    w.start(env, 'Fault');
    if (version === '1.1') {
      w.start('', 'faultcode');
      let code = codeText(w, fault.code, env);
      if (fault.subcodes) code += fault.subcodes.map((s) => `.${localOf(s)}`).join('');
      w.text(code).end();
      w.start('', 'faultstring').text(xmlSafeText(fault.reason)).end();
      if (fault.actor !== undefined) w.start('', 'faultactor').text(xmlSafeText(fault.actor)).end();
      w.start('', 'detail');
      writeDetailEntries(w, fault, options);
      w.end();
    } else {
      // SOAP 1.2 Part 1 §5.4.6: Value holds a standard code; a custom code becomes the first Subcode.
      const standard = fault.code === 'Client' ? 'Sender' : fault.code === 'Server' ? 'Receiver' : fault.code;
      const isStandard = standard === 'Sender' || standard === 'Receiver' || STANDARD_CODES.has(standard);
      const subcodes = isStandard ? (fault.subcodes ?? []) : [fault.code, ...(fault.subcodes ?? [])];
      w.start(env, 'Code');
      w.start(env, 'Value');
      w.text(w.qnameText(env, isStandard ? standard : 'Receiver'));
      w.end();
      for (const sub of subcodes) {
        w.start(env, 'Subcode');
        w.start(env, 'Value');
        w.text(codeText(w, sub, env));
        w.end();
      }
      for (let i = 0; i < subcodes.length; i++) w.end();
      w.end();
      w.start(env, 'Reason');
      w.start(env, 'Text');
      w.attr(XML_NS, 'lang', fault.lang);
      w.text(xmlSafeText(fault.reason));
      w.end();
      w.end();
      if (fault.node !== undefined) w.start(env, 'Node').text(fault.node).end();
      if (fault.actor !== undefined) w.start(env, 'Role').text(xmlSafeText(fault.actor)).end();
      w.start(env, 'Detail');
      writeDetailEntries(w, fault, options);
      w.end();
    }
    w.end();
  });
}

// ---------------------------------------------------------------------------
// Reading

/** Options for {@link parseFault}. */
export interface ParseFaultOptions {
  /** The operation's declared faults, to type the detail. */
  readonly faults?: readonly FaultDesc[];
  readonly types?: ServiceDesc['types'];
  /** HTTP status of the response (default 500). */
  readonly httpStatus?: number;
}

/** The Fault element of a Body, if the Body holds one. */
export function findFault(body: XmlElement, version: SoapVersion): XmlElement | undefined {
  const env = envelopeNamespace(version);
  for (const c of body.children) if (typeof c !== 'string' && c.name === 'Fault' && c.ns === env) return c;
  return undefined;
}

function child(el: XmlElement, name: string): XmlElement | undefined {
  // Liberal: fault sub-elements are matched by local name (some servers qualify the SOAP 1.1 ones).
  for (const c of el.children) if (typeof c !== 'string' && c.name === name) return c;
  return undefined;
}

function codeOf(el: XmlElement, envNs: string): { code: string; subcodes: string[] } {
  const text = textOf(el).trim();
  const q = resolveQName(el, text);
  const ns = q?.ns ?? '';
  const local = q?.name ?? text.slice(text.indexOf(':') + 1);
  const dot = local.split('.');
  const head = normalizeFaultCode(dot[0]!);
  if (ns === envNs || (STANDARD_CODES.has(head) && q === undefined)) return { code: head, subcodes: dot.slice(1) };
  return { code: ns === '' ? local : `{${ns}}${local}`, subcodes: [] };
}

function qnameValue(el: XmlElement): string {
  const text = textOf(el).trim();
  const q = resolveQName(el, text);
  if (!q) return text;
  return q.ns === '' ? q.name : `{${q.ns}}${q.name}`;
}

/**
 * Reads a SOAP Fault into a {@link SoapFaultError}. `el` is the Fault element or
 * the Body holding it.
 */
export function parseFault(el: XmlElement, version: SoapVersion, options: ParseFaultOptions = {}): SoapFaultError {
  const env = envelopeNamespace(version);
  const fault = el.name === 'Fault' ? el : (findFault(el, version) ?? el);
  let code = 'Server';
  let subcodes: string[] = [];
  let reason = '';
  let lang: string | undefined;
  let actor: string | undefined;
  let node: string | undefined;
  let detailXml: XmlElement | undefined;
  if (version === '1.1') {
    const fc = child(fault, 'faultcode');
    if (fc) ({ code, subcodes } = codeOf(fc, env));
    const fs = child(fault, 'faultstring');
    if (fs) reason = textOf(fs);
    const fa = child(fault, 'faultactor');
    if (fa) actor = textOf(fa).trim();
    detailXml = child(fault, 'detail');
  } else {
    const c = child(fault, 'Code');
    const v = c && child(c, 'Value');
    if (v) code = codeOf(v, env).code;
    for (let sc = c && child(c, 'Subcode'); sc; sc = child(sc, 'Subcode')) {
      const sv = child(sc, 'Value');
      if (sv) subcodes.push(qnameValue(sv));
    }
    const r = child(fault, 'Reason');
    const texts = r ? childElements(r).filter((t) => t.name === 'Text') : [];
    const chosen = texts.find((t) => (attr(t, 'lang', XML_NS) ?? '').toLowerCase().startsWith('en')) ?? texts[0];
    if (chosen) {
      reason = textOf(chosen);
      lang = attr(chosen, 'lang', XML_NS);
    }
    const n = child(fault, 'Node');
    if (n) node = textOf(n).trim();
    const role = child(fault, 'Role');
    if (role) actor = textOf(role).trim();
    detailXml = child(fault, 'Detail');
  }
  let detail: unknown;
  let faultName: string | undefined;
  if (detailXml) {
    const entries = childElements(detailXml);
    const descs = options.faults ?? [];
    // The declared fault's element may follow other detail entries (a server's own diagnostics, say): the first
    // entry that is a declared fault, by namespace and name, else by name; else the first entry, raw.
    let desc: FaultDesc | undefined;
    let entry = entries[0];
    for (const match of [
      (f: FaultDesc, e: XmlElement) => f.element.ns === e.ns && f.element.name === e.name,
      (f: FaultDesc, e: XmlElement) => f.element.name === e.name,
    ]) {
      for (const e of entries) {
        desc = descs.find((f) => match(f, e));
        if (desc) {
          entry = e;
          break;
        }
      }
      if (desc) break;
    }
    if (entry) {
      detail = entry;
      if (desc && options.types) {
        try {
          detail = readValue(entry, desc.value, options.types);
          faultName = desc.name;
        } catch (err) {
          if (!(err instanceof DecodeError)) throw err;
          // Keep the raw element when the detail does not match its declaration.
        }
      }
    } else {
      const t = textOf(detailXml).trim();
      if (t !== '') detail = t;
    }
  }
  return new SoapFaultError({
    code,
    subcodes,
    reason,
    ...(lang !== undefined ? { lang } : {}),
    ...(actor !== undefined ? { actor } : {}),
    ...(node !== undefined ? { node } : {}),
    ...(detail !== undefined ? { detail } : {}),
    ...(faultName !== undefined ? { fault: faultName } : {}),
    ...(detailXml !== undefined ? { detailXml } : {}),
    soapVersion: version,
    httpStatus: options.httpStatus ?? 500,
  });
}
