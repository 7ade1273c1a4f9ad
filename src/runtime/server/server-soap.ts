/**
 * Serving one SOAP request: read the body, parse the envelope, pick the
 * operation, decode the input, call the implementation, write the response
 * envelope in the request's SOAP version.
 *
 * Dispatch rules (ASMX-compatible, liberal where that is safe):
 * - SOAP 1.1 (SOAP 1.1 §6.1.1): the `SOAPAction` header, quoted or not, selects
 *   the operation. A missing or unknown SOAPAction is a Client fault "Server did
 *   not recognize the value of HTTP Header SOAPAction: X." (as ASMX), except that
 *   an empty or missing SOAPAction selects among operations whose WSDL
 *   `soapAction` is empty, by the Body's first element.
 * - SOAP 1.2 (SOAP 1.2 Part 2 §7.1.4, RFC 3902): the `action` parameter of the
 *   content type (or, liberally, a `SOAPAction` header) selects the operation
 *   when it names one; otherwise the Body's first element does. Neither: Sender fault.
 * - When one action is shared by several operations, the Body element decides.
 * - The Body's first element must be the operation's input element (same
 *   namespace and local name), else a Client/Sender fault.
 * - A header block with `mustUnderstand` true for this node (SOAP 1.1 §4.2.3,
 *   SOAP 1.2 Part 1 §5.2.3) that the operation does not declare gets a
 *   MustUnderstand fault.
 * - An envelope in the other SOAP version than the content type says gets a
 *   VersionMismatch fault (SOAP 1.1 §4.4.1, SOAP 1.2 Part 1 §5.4.7).
 *
 * Ships with generated code.
 */
import { DecodeError, writeComplexContent, writeElementContent, writeValue } from '../wire/codec.js';
import { decodeSoapHeaders } from './soap-headers.js';
import type { MediaType } from '../wire/content-type.js';
import type { SoapMessageDesc } from '../wire/descriptors.js';
import {
  EnvelopeError,
  operationStart,
  parseEnvelope,
  SOAP_11_ENV_NS,
  SOAP_12_ENV_NS,
  writeEnvelope,
} from '../wire/soap-envelope.js';
import { parseRequestEnvelope, readBodyValue } from './soap-request-envelope.js';
import { type Attachment, attachmentCodec, type MimeMessage } from '../wire/attachments.js';
import { takeResponseAttachments } from './response-attachments.js';
import { attr, type XmlElement } from '../xml/xml-parse.js';
import { WSSE_NS } from '../wire/namespaces.js';
import { WsSecurityError } from '../wire/ws-security-policy.js';
import { XmlWriter, type XmlWriterSnapshot } from '../xml/xml-write.js';
import { WritePlan } from './write-plan.js';
import { elementKey, type SoapDispatch, type SoapRoute } from './server-routes.js';
import { clientFault, faultFor, sendFault, SoapFault, type SoapVersion } from './server-faults.js';
import { readRequestTextThen, type TextRequest } from './server-body-errors.js';
import {
  SOAP_11_ACTOR_NEXT,
  SOAP_12_ROLE_NEXT,
  SOAP_12_ROLE_ULTIMATE_RECEIVER,
  SOAP12_XML_UTF8,
  TEXT_XML_UTF8,
} from '../wire/namespaces.js';
import type { HttpExchange } from './exchange.js';
import { reportError, type HandlerState } from './server-state.js';
import type { RequestContext } from './server-types.js';

/** Removes surrounding whitespace and one pair of double quotes from a SOAPAction value. */
export function unquoteAction(value: string): string {
  const t = value.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/** The last SOAPAction header value unquoted, and its action: clients send the same few over and over. */
let lastActionHeader = '';
let lastAction = '';

/** {@link unquoteAction} of a SOAPAction header, without a new string (and its hashing in the lookup) for a repeated value. */
function soapAction(header: string): string {
  if (header !== lastActionHeader) {
    lastAction = unquoteAction(header);
    lastActionHeader = header;
  }
  return lastAction;
}

function firstElement(el: XmlElement): XmlElement | undefined {
  for (const c of el.children) if (typeof c !== 'string') return c;
  return undefined;
}

function pickByElement(candidates: readonly SoapRoute[], bodyEl: XmlElement | undefined): SoapRoute | undefined {
  if (candidates.length === 1) return candidates[0];
  if (!bodyEl) return undefined;
  for (const r of candidates) {
    const e = r.soap.input.element;
    if (e.name === bodyEl.name && e.ns === bodyEl.ns) return r;
  }
  return undefined;
}

/** Selects the operation of a SOAP request, or returns the fault to answer with. */
function selectRoute(
  dispatch: SoapDispatch,
  version: SoapVersion,
  ex: HttpExchange,
  mediaType: MediaType,
  bodyEl: XmlElement | undefined,
): SoapRoute | SoapFault {
  const header = ex.header('soapaction');
  if (version === '1.1') {
    const action = header === undefined ? '' : soapAction(header);
    const candidates = dispatch.byAction.get(action);
    const route = candidates ? pickByElement(candidates, bodyEl) : undefined;
    if (route) return route;
    if (candidates && action !== '') return bodyMismatch(candidates[0]!, bodyEl);
    return clientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${action}.`);
  }
  const given = mediaType.params['action'] ?? (header === undefined ? undefined : unquoteAction(header));
  if (given !== undefined && given !== '') {
    const candidates = dispatch.byAction.get(given);
    const route = candidates ? pickByElement(candidates, bodyEl) : undefined;
    if (route) return route;
  }
  if (bodyEl) {
    const route = dispatch.byElement.get(elementKey(bodyEl.ns, bodyEl.name));
    if (route) return route;
  }
  if (given !== undefined && given !== '')
    return clientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${given}.`);
  return clientFault('Unable to handle request without a valid action parameter. Please supply a valid soap action.');
}

function bodyMismatch(route: SoapRoute, bodyEl: XmlElement | undefined): SoapFault {
  const e = route.soap.input.element;
  const got = bodyEl ? `{${bodyEl.ns}}${bodyEl.name}` : 'an empty Body';
  return clientFault(
    `Server was unable to read request. ---> Operation ${route.op.name} expects the Body element {${e.ns}}${e.name}, got ${got}.`,
  );
}

/** The first header block this node must understand but does not (SOAP 1.1 §4.2.3, SOAP 1.2 Part 1 §5.2.3). */
function notUnderstood(
  header: XmlElement,
  version: SoapVersion,
  input: SoapMessageDesc,
  security: boolean,
): XmlElement | undefined {
  const envNs = version === '1.1' ? SOAP_11_ENV_NS : SOAP_12_ENV_NS;
  for (const block of header.children) {
    if (typeof block === 'string') continue;
    const mu = attr(block, 'mustUnderstand', envNs);
    if (mu === undefined) continue;
    const m = mu.trim();
    if (m !== '1' && m !== 'true') continue;
    if (version === '1.1') {
      const actor = attr(block, 'actor', envNs);
      if (actor !== undefined && actor !== SOAP_11_ACTOR_NEXT) continue;
    } else {
      const role = attr(block, 'role', envNs);
      if (role !== undefined && role !== SOAP_12_ROLE_NEXT && role !== SOAP_12_ROLE_ULTIMATE_RECEIVER) continue;
    }
    // wsse:Security is understood when the handler checks WS-Security (SOAP Message Security 1.0 §6.1).
    const known =
      (security && block.name === 'Security' && block.ns === WSSE_NS) ||
      (input.headers?.some((h) => h.name === block.name && h.ns === block.ns) ?? false);
    if (!known) return block;
  }
  return undefined;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Serves a SOAP request of `version` at an endpoint with `dispatch`.
 * Never throws: every failure is answered (fault, 4xx) on `ex`. Runs without
 * promises up to the implementation call (the body is read with a listener pair,
 * parsing and decoding are synchronous); a promise returned by the implementation
 * is awaited with one `then`.
 */
export function serveSoap(
  state: HandlerState,
  ex: HttpExchange,
  dispatch: SoapDispatch,
  version: SoapVersion,
  mediaType: MediaType,
): void {
  try {
    readRequestTextThen(new SoapRequest(state, ex, dispatch, version, mediaType));
  } catch {
    ex.internalError();
  }
}

/** One SOAP request while its body is read: one object per request instead of closures over its arguments. */
class SoapRequest implements TextRequest {
  readonly state: HandlerState;
  readonly ex: HttpExchange;
  readonly dispatch: SoapDispatch;
  readonly version: SoapVersion;
  readonly mediaType: MediaType;

  constructor(
    state: HandlerState,
    ex: HttpExchange,
    dispatch: SoapDispatch,
    version: SoapVersion,
    mediaType: MediaType,
  ) {
    this.state = state;
    this.ex = ex;
    this.dispatch = dispatch;
    this.version = version;
    this.mediaType = mediaType;
  }

  onText(text: string | undefined): void {
    if (text === undefined) return;
    try {
      serveSoapText(this.state, this.ex, this.dispatch, this.version, this.mediaType, text);
    } catch {
      this.ex.internalError();
    }
  }
}

function isPromiseLike(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

/**
 * Serves the envelope `text` of a SOAP request of `version`; `mime` is the
 * multipart message it came in (MTOM, SwA), if any: its `xop:Include`s are resolved
 * and its attachments given to the implementation.
 */
export function serveSoapText(
  state: HandlerState,
  ex: HttpExchange,
  dispatch: SoapDispatch,
  version: SoapVersion,
  mediaType: MediaType,
  text: string,
  mime?: MimeMessage,
): void {
  let env: ReturnType<typeof parseRequestEnvelope>;
  try {
    if (mime === undefined) env = parseRequestEnvelope(text, { maxDepth: state.maxDepth });
    else {
      env = parseEnvelope(text, { maxDepth: state.maxDepth });
      if (mime.xop) attachmentCodec('MTOM').resolve(env.envelope, mime);
    }
  } catch (err) {
    const fault =
      err instanceof EnvelopeError && err.problem === 'versionMismatch'
        ? new SoapFault({ code: 'VersionMismatch', reason: err.message })
        : clientFault(`Server was unable to read request. ---> ${message(err)}`);
    sendFault(ex, version, fault, state);
    return;
  }
  if (env.version !== version) {
    const fault = new SoapFault({
      code: 'VersionMismatch',
      reason: `The content type is for SOAP ${version} but the envelope is SOAP ${env.version}.`,
    });
    sendFault(ex, version, fault, state);
    return;
  }
  const bodyEl = firstElement(env.body);
  const route = selectRoute(dispatch, version, ex, mediaType, bodyEl);
  if (route instanceof SoapFault) {
    sendFault(ex, version, route, state);
    return;
  }
  const input = route.soap.input;
  const el = input.element;
  if (!bodyEl || bodyEl.name !== el.name || bodyEl.ns !== el.ns) {
    sendFault(ex, version, bodyMismatch(route, bodyEl), state);
    return;
  }
  if (env.header) {
    const block = notUnderstood(env.header, version, input, state.security !== undefined);
    if (block) {
      const fault = new SoapFault({ code: 'MustUnderstand', reason: `SOAP header ${block.name} was not understood.` });
      sendFault(ex, version, fault, state);
      return;
    }
  }
  let value: unknown;
  let soapHeaders: Record<string, unknown> | undefined;
  try {
    value = readBodyValue(env, bodyEl, input.value, state.types);
    // The operation's input is an object (the wrapper's content): a nil Body element carries none.
    if (value === null && input.part === undefined)
      throw new DecodeError(bodyEl.name, 'xsi:nil is not allowed on the operation element');
    if (input.part !== undefined) value = { [input.part]: value };
    if (input.headers) soapHeaders = decodeSoapHeaders(env.header, input.headers, state.types);
  } catch (err) {
    const fault =
      err instanceof DecodeError
        ? clientFault(`Server was unable to read request. ---> ${err.message}`)
        : faultFor(err, state.debug);
    sendFault(ex, version, fault, state);
    return;
  }
  // The usual context (no SOAP Header) is a plain literal: object spread costs more than the rest of it.
  const ctx = (
    env.header === undefined && soapHeaders === undefined && mime === undefined
      ? { binding: route.binding, operation: route.op.name, headers: ex.contextHeaders, request: ex.contextRequest }
      : {
          binding: route.binding,
          operation: route.op.name,
          headers: ex.contextHeaders,
          request: ex.contextRequest,
          ...(env.header ? { soapHeader: env.header } : {}),
          ...(soapHeaders ? { soapHeaders } : {}),
          ...(mime ? { attachments: mime.attachments, mtom: mime.xop } : {}),
        }
  ) as RequestContext;
  if (state.security !== undefined) {
    checkSecurity(state, ex, version, route, ctx, value, env.header);
    return;
  }
  invoke(state, ex, version, route, ctx, value);
}

/**
 * Answers a GET of the SOAP-Response MEP (SOAP 1.2 Part 2 §6.3) whose input the caller read from the
 * request URI: calls the implementation and answers with a SOAP 1.2 envelope (its result, or a fault).
 * Never throws.
 */
export function answerSoapResponse(state: HandlerState, ex: HttpExchange, route: SoapRoute, input: unknown): void {
  try {
    const ctx = {
      binding: 'soap12',
      operation: route.op.name,
      headers: ex.contextHeaders,
      request: ex.contextRequest,
    } as RequestContext;
    invoke(state, ex, '1.2', route, ctx, input);
  } catch {
    ex.internalError();
  }
}

/** Checks the request's WS-Security header, then calls the implementation, or answers the WS-Security fault. */
function checkSecurity(
  state: HandlerState,
  ex: HttpExchange,
  version: SoapVersion,
  route: SoapRoute,
  ctx: RequestContext,
  value: unknown,
  header: XmlElement | undefined,
): void {
  const { policy, nonces, check } = state.security!;
  check(header, policy, nonces).then(
    (result) => {
      try {
        invoke(state, ex, version, route, { ...ctx, wsSecurity: result }, value);
      } catch {
        ex.internalError();
      }
    },
    (err: unknown) => {
      try {
        if (!(err instanceof WsSecurityError)) {
          implFailed(state, ex, version, route, ctx, err);
          return;
        }
        // SOAP Message Security 1.0 §12: the wsse code is the faultcode (SOAP 1.1), a Subcode of Sender (SOAP 1.2).
        const code = `{${WSSE_NS}}${err.code}`;
        const fault =
          version === '1.1'
            ? new SoapFault({ code, reason: err.message })
            : new SoapFault({ code: 'Client', subcodes: [code], reason: err.message });
        sendFault(ex, version, fault, state);
      } catch {
        ex.internalError();
      }
    },
  );
}

/** Calls the implementation and answers with its result or its fault. */
function invoke(
  state: HandlerState,
  ex: HttpExchange,
  version: SoapVersion,
  route: SoapRoute,
  ctx: RequestContext,
  value: unknown,
): void {
  const impl = state.impls.get(route.op.name)!;
  let result: unknown;
  try {
    result = impl(value, ctx);
  } catch (err) {
    implFailed(state, ex, version, route, ctx, err);
    return;
  }
  if (!isPromiseLike(result)) {
    respond(state, ex, version, route, ctx, result);
    return;
  }
  // A settled promise is awaited as `await` would (its value, or its rejection, one microtask later).
  Promise.resolve(result).then(
    (value: unknown) => {
      try {
        respond(state, ex, version, route, ctx, value);
      } catch {
        ex.internalError();
      }
    },
    (err: unknown) => {
      try {
        implFailed(state, ex, version, route, ctx, err);
      } catch {
        ex.internalError();
      }
    },
  );
}

/** Answers an implementation error: the fault it throws, or a Server fault (reported to `onError` unless a SoapFault). */
function implFailed(
  state: HandlerState,
  ex: HttpExchange,
  version: SoapVersion,
  route: SoapRoute,
  ctx: RequestContext,
  err: unknown,
): void {
  takeResponseAttachments(ctx); // a fault carries none: forget what the implementation added
  if (!(err instanceof SoapFault)) reportError(state, err, ctx);
  sendFault(ex, version, faultFor(err, state.debug), {
    debug: state.debug,
    faults: route.soap.faults,
    types: state.types,
  });
}

/** Writes the response envelope of `result` (202 with no body for a one-way operation). */
function respond(
  state: HandlerState,
  ex: HttpExchange,
  version: SoapVersion,
  route: SoapRoute,
  ctx: RequestContext,
  result: unknown,
): void {
  const output = route.soap.output;
  if (!output) {
    // One-way operation (WSDL 1.1 §2.4.1): nothing to answer (WS-I Basic Profile 1.1 R2714: 202 or 200).
    ex.sendEmpty(202);
    return;
  }
  const extra = takeResponseAttachments(ctx);
  const mtom = state.mtom ?? ctx.mtom === true;
  if (mtom || extra !== undefined) {
    respondMime(state, ex, version, route, ctx, result, mtom, extra);
    return;
  }
  let xml: string;
  try {
    xml = responseXml(state, version, route, result, true);
  } catch (err) {
    reportError(state, err, ctx);
    sendFault(ex, version, faultFor(err, state.debug), state);
    return;
  }
  const contentType = version === '1.1' ? TEXT_XML_UTF8 : SOAP12_XML_UTF8;
  ex.send(200, contentType, xml, undefined, plannedBytes >= 0 ? plannedBytes : undefined);
}

/** The UTF-8 length of the last {@link responseXml} when a write plan wrote it, else -1 (then count the string). */
let plannedBytes = -1;

/**
 * The response envelope of `result`: by the output's write plan when it has one
 * and the value fits it (`plan`: not while MTOM parts are collected), else by the codec.
 * Sets {@link plannedBytes}.
 * @throws EncodeError when it does not fit the output
 */
function responseXml(
  state: HandlerState,
  version: SoapVersion,
  route: SoapRoute,
  result: unknown,
  plan: boolean,
): string {
  const output = route.soap.output!;
  const soap = route.soap;
  plannedBytes = -1;
  if (plan) {
    // The usual case: the output's write plan, when it has one and the value fits it (else the codec below).
    const start = responseStart(soap, version, state);
    if (start.plan !== undefined) {
      const xml =
        output.result === undefined ? start.plan.write(result) : start.plan.writeResult(output.result, result);
      if (xml !== undefined) {
        plannedBytes = start.plan.bytes;
        return xml;
      }
    }
  }
  const wrapped = output.result === undefined ? result : { [output.result]: result };
  if (soap.use === 'literal' || ('complex' in output.value && wrapped !== null && wrapped !== undefined)) {
    // Resume from the constant start (declaration, Envelope, Body, the open response element).
    const start = responseStart(soap, version, state);
    const w = XmlWriter.resume(start.snapshot);
    if (soap.use === 'literal') writeElementContent(w, wrapped, output.value, state.types, output.element.name);
    else
      writeComplexContent(w, wrapped, (output.value as { complex: string }).complex, state.types, output.element.name);
    return w.end().end().end().toString();
  }
  // rpc/encoded with a simple or absent value: the element alone (nil when absent), no encodingStyle.
  return writeEnvelope(version, (w: XmlWriter) => writeValue(w, output.element, wrapped, output.value, state.types));
}

/** Writes the response as a multipart/related message: MTOM (`mtom`) and/or with the attachments `extra` (SwA). */
function respondMime(
  state: HandlerState,
  ex: HttpExchange,
  version: SoapVersion,
  route: SoapRoute,
  ctx: RequestContext,
  result: unknown,
  mtom: boolean,
  extra: readonly Attachment[] | undefined,
): void {
  let body: { contentType: string; body: Uint8Array };
  try {
    body = attachmentCodec(`${route.op.name}: answering ${mtom ? 'MTOM' : 'with attachments'}`).write(
      { version, mtom, threshold: state.mtomThreshold, attachments: extra, action: undefined },
      () => responseXml(state, version, route, result, false),
    );
  } catch (err) {
    reportError(state, err, ctx);
    sendFault(ex, version, faultFor(err, state.debug), state);
    return;
  }
  ex.send(200, body.contentType, body.body);
}

/** The constant start of a response envelope and the write plan of its content (`undefined`: the codec writes it). */
interface ResponseStart {
  readonly snapshot: XmlWriterSnapshot;
  readonly plan: WritePlan | undefined;
}

/** The response start of each operation, per SOAP version (made on first use). */
const responseStarts = new WeakMap<SoapRoute['soap'], { '1.1'?: ResponseStart; '1.2'?: ResponseStart }>();

/**
 * The writer state of a response envelope of `soap` in `version` up to its open
 * response element (rpc/encoded ones carry `encodingStyle`, as requests do), and
 * the write plan of a complex output from there.
 */
function responseStart(soap: SoapRoute['soap'], version: SoapVersion, state: HandlerState): ResponseStart {
  let starts = responseStarts.get(soap);
  if (starts === undefined) responseStarts.set(soap, (starts = {}));
  let start = starts[version];
  if (start === undefined) {
    const output = soap.output!;
    const snapshot = operationStart(version, output.element, soap.use);
    const plan = 'complex' in output.value ? WritePlan.record(snapshot, output.value.complex, state.types) : undefined;
    starts[version] = start = { snapshot, plan };
  }
  return start;
}
