/**
 * The server side of the runtime: `createServiceHandler` serves a service
 * described by a {@link ServiceDesc} over SOAP 1.1, SOAP 1.2, HTTP GET and HTTP
 * POST, the way an ASP.NET ASMX endpoint does, from one implementation object.
 *
 * Paths: each port is served at `pathPrefix` + the path of its WSDL address
 * (`/ecomm/Auth.asmx`); HTTP GET/POST operations at that path + the operation's
 * `http:operation location` (`/ecomm/Auth.asmx/Login`). Paths match
 * case-insensitively (as IIS does); a trailing `/` is ignored.
 *
 * Status codes and faults (ASMX behaviour where the seed is silent):
 * - success: 200 (202 with an empty body for one-way SOAP operations);
 * - SOAP faults: SOAP 1.1 always 500 (SOAP 1.1 §6.2); SOAP 1.2 400 for
 *   `env:Sender` faults and 500 for the rest (SOAP 1.2 Part 2 §7.5.2.2; ASMX
 *   uses 500 for both, clients of both accept either);
 * - implementation errors that are not a `SoapFault`: Server/Receiver fault
 *   "Server was unable to process request." — the message and stack are sent only
 *   with `debug: true`;
 * - HTTP GET/POST: 400 text/plain for a missing or invalid parameter, 500
 *   text/plain with the fault reason for implementation faults;
 * - malformed XML, a DOCTYPE, nesting deeper than `maxDepth`, a value of the
 *   wrong type, a missing required element, a missing or unknown SOAPAction, an
 *   unknown Body element: Client (Sender) fault, the implementation is not called;
 * - a POST with a content type the path does not take, or with a content coding
 *   (`Content-Encoding: gzip`; none is decoded): 415; a method the path
 *   does not take: 405 with `Allow`; an unknown path under a service path: 404;
 * - a body over `maxBodyBytes`: 413 (from `Content-Length` before reading, or
 *   while counting streamed bytes) and the connection is closed; a body not
 *   received within `bodyTimeoutMs`: 408 and the connection is closed;
 * - an envelope of the other SOAP version than the content type, or an unknown
 *   envelope namespace: VersionMismatch fault; an unknown `mustUnderstand` header
 *   block: MustUnderstand fault (SOAPAction and Body dispatch rules: server-soap.ts).
 *
 * `GET <service path>?wsdl` (any case) answers `options.wsdl` with the port
 * addresses rewritten (wsdl-rewrite.ts; scheme from the socket, host from `Host`,
 * or from `X-Forwarded-Proto`/`X-Forwarded-Host` with `trustProxy`). Other GETs of
 * the service path answer the service pages (pages/service-pages.ts: the service
 * page, `?op=` operation pages with samples and a test form, `?disco`), or with
 * `pages: false` a one-line text description.
 *
 * Ships with generated code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyKindOf, parseContentType } from '../wire/content-type.js';
import type { ServiceDesc } from '../wire/descriptors.js';
import { choosePath } from '../wire/http-routes.js';
import { buildRoutes, type HttpEndpoint, type RouteTable, type ServiceEndpoint } from './server-routes.js';
import { routeKey } from '../wire/path-template-match.js';
import { TEXT_XML_UTF8 } from '../wire/namespaces.js';
import { sendText } from './server-respond.js';
import type { HttpExchange } from './exchange.js';
import { NodeExchange } from './node-exchange.js';
import { corsHeadersFor, type CorsPolicy, corsPolicy, preflightHeaders } from './cors.js';
import { serveHttp } from './server-http.js';
import { serveHttpXml } from './server-http-xml.js';
import { serveSoap } from './server-soap.js';
import { serveSoapMime } from './server-soap-mime.js';
import { attachmentsMissing, attachmentSupport, DEFAULT_MAX_PARTS } from '../wire/attachments.js';
import type { HandlerState } from './server-state.js';
import type { HandlerOptions, OperationContext, OperationImpl, ServiceHandler } from './server-types.js';
import { WsdlServer } from './wsdl-rewrite.js';
import { dispatchInProcess } from './in-process.js';
import { readRequestText } from './server-body-errors.js';
import { SampleOutputs } from './pages/samples.js';
import { ServicePages } from './pages/service-pages.js';
import type { MediaType } from '../wire/content-type.js';
import { type UsernameTokenPolicy, wsSecurityMissing, wsSecuritySupport } from '../wire/ws-security-policy.js';

export { SoapFault } from '../wire/faults.js';
export { defineOperation } from './server-types.js';
export type {
  AnyRequestContext,
  CorsOptions,
  FetchHandler,
  FetchRequestContext,
  HandlerOptions,
  OperationContext,
  OperationImpl,
  RequestContext,
  ServiceHandler,
} from './server-types.js';

/** Default `maxBodyBytes`: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES: number = 1024 * 1024;
/** Default `maxDepth` of request XML. */
export const DEFAULT_MAX_DEPTH = 64;
/** Default `bodyTimeoutMs`: 10 s. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/** The scheme and authority of an absolute-form request target (RFC 9112 §3.2.2), as sent to proxies. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** A Host header we are willing to write into a WSDL: host name, IPv4, [IPv6], optional port. */
const HOST_SHAPE = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

function firstHeader(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const comma = v.indexOf(',');
  return (comma < 0 ? v : v.slice(0, comma)).trim();
}

/** `scheme://host` of the request (see {@link HandlerOptions.trustProxy}). */
function originOf(ex: HttpExchange, trustProxy: boolean): string {
  let scheme = ex.scheme();
  let host = ex.header('host');
  if (trustProxy) {
    const proto = firstHeader(ex.header('x-forwarded-proto'))?.toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    const fwdHost = firstHeader(ex.header('x-forwarded-host'));
    if (fwdHost !== undefined && fwdHost !== '') host = fwdHost;
  }
  if (host === undefined || !HOST_SHAPE.test(host)) host = ex.localAuthority();
  return `${scheme}://${host}`;
}

/** Whether the raw query string has a `wsdl` key (any case, any value), as ASMX accepts `?WSDL`. */
function asksForWsdl(query: string): boolean {
  if (query === '') return false;
  for (const key of new URLSearchParams(query).keys()) if (key.toLowerCase() === 'wsdl') return true;
  return false;
}

/**
 * Answers 415 for a request body with a content coding (gzip, br, ...): none is
 * decoded here (RFC 9110 §8.4, §15.5.16). Returns whether it answered.
 */
function refusedCoding(ex: HttpExchange): boolean {
  const coding = ex.header('content-encoding');
  if (coding === undefined) return false;
  const c = coding.trim().toLowerCase();
  if (c === '' || c === 'identity') return false;
  sendText(ex, 415, `Unsupported content encoding ${JSON.stringify(coding)}; send the body without a content coding.`);
  return true;
}

function owns(routes: RouteTable, key: string): boolean {
  for (const prefix of routes.ownedPrefixes) if (key.startsWith(prefix)) return true;
  return false;
}

/**
 * The server's WS-Security check of `policy` (HandlerOptions.wsSecurity), or undefined.
 * @throws TypeError when the WS-Security module (wire/ws-security.ts) is not loaded
 */
function securityOf(service: string, policy: UsernameTokenPolicy | undefined): HandlerState['security'] {
  if (policy === undefined) return undefined;
  const checker = wsSecuritySupport.checker;
  if (checker === undefined) throw new TypeError(wsSecurityMissing(`createServiceHandler(${service}): wsSecurity`));
  return { policy, nonces: policy.nonceCache ?? checker.nonceCache(), check: checker.check };
}

/**
 * What a {@link ServiceCore} does with a request for a path the service does not
 * own: `'pass'` leaves it unanswered (the adapter calls the next middleware),
 * `'404'` answers 404.
 */
export type NotOwned = 'pass' | '404';

/**
 * The platform-neutral server: answers one request through the seam
 * (exchange.ts). Returns `false` only for a path the service does not own when
 * `notOwned` is `'pass'`; otherwise the request has been (or will be) answered.
 */
export type ServiceCore = (ex: HttpExchange, notOwned: NotOwned) => boolean;

/**
 * The core of the request handler of `service`, answering with `impls` (keyed by
 * WSDL operation name); {@link createServiceHandler} serves it on node:http and
 * `createFetchHandler` (fetch-handler.ts) with the Fetch API.
 * @throws TypeError when an operation the service serves has no implementation,
 *   Error when `options.wsdl` is not well-formed XML.
 */
export function createServiceCore<Ctx extends OperationContext>(
  service: ServiceDesc,
  impls: Readonly<Record<string, OperationImpl<Ctx>>>,
  options: HandlerOptions<Ctx>,
  factory: string,
): ServiceCore {
  const routes = buildRoutes(service, options.pathPrefix ?? '');
  // Each implementation gets the context its adapter makes (RequestContext on node:http,
  // FetchRequestContext with the Fetch API): the core handles them as one type.
  const implMap = new Map<string, OperationImpl>();
  const missing: string[] = [];
  for (const op of service.operations) {
    const impl = Object.prototype.hasOwnProperty.call(impls, op.name) ? impls[op.name] : undefined;
    if (typeof impl === 'function') implMap.set(op.name, impl as unknown as OperationImpl);
    else missing.push(op.name);
  }
  if (missing.length > 0) {
    throw new TypeError(`${factory}(${service.name}): no implementation for operation(s) ${missing.join(', ')}`);
  }
  if (options.mtom === true && attachmentSupport.codec === undefined)
    throw new TypeError(attachmentsMissing(`${factory}(${service.name}): mtom: true`));
  const state: HandlerState = {
    service,
    types: service.types,
    impls: implMap,
    limits: {
      maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    },
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    debug: options.debug ?? false,
    onError: options.onError as HandlerState['onError'],
    security: securityOf(service.name, options.wsSecurity),
    mtom: options.mtom,
    mtomThreshold: options.mtomThreshold ?? 0,
    maxParts: options.maxRequestParts ?? DEFAULT_MAX_PARTS,
  };
  const wsdl = options.wsdl === undefined ? undefined : new WsdlServer(options.wsdl, routes.portPaths);
  const trustProxy = options.trustProxy ?? false;
  const cors: CorsPolicy | undefined = options.cors === undefined ? undefined : corsPolicy(options.cors);
  const pages =
    options.pages === false
      ? undefined
      : servicePagesOf(service, options as unknown as HandlerOptions, routes, wsdl, () => serveRequest, factory);
  const helpText = `${service.name} web service. Operations: ${service.operations.map((o) => o.name).join(', ')}.`;

  function serveServicePath(ex: HttpExchange, svc: ServiceEndpoint, path: string, query: string): void {
    const method = ex.method;
    if (method === 'POST') {
      if (refusedCoding(ex)) return;
      const mediaType = parseContentType(ex.header('content-type'));
      const kind = bodyKindOf(mediaType);
      if (kind === 'form' && pages !== undefined && pages.isTestForm(query)) {
        void answerPage(pages, ex, path, query, mediaType);
        return;
      }
      if (kind === 'soap11' && svc.soap11) {
        serveSoap(state, ex, svc.soap11, '1.1', mediaType);
        return;
      }
      if (kind === 'soap12' && svc.soap12) {
        serveSoap(state, ex, svc.soap12, '1.2', mediaType);
        return;
      }
      if (mediaType.type === 'multipart/related' && (svc.soap11 || svc.soap12)) {
        // MTOM or SOAP with Attachments: the SOAP version is read from the root part (server-soap-mime.ts).
        serveSoapMime(state, ex, svc, mediaType);
        return;
      }
      const accepted = [svc.soap11 ? 'text/xml' : '', svc.soap12 ? 'application/soap+xml' : '']
        .filter((t) => t !== '')
        .join(' or ');
      sendText(
        ex,
        415,
        `Unsupported content type ${JSON.stringify(mediaType.type)}; expected ${accepted || 'nothing (no SOAP port here)'}.`,
      );
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      if (asksForWsdl(query)) {
        if (!wsdl) {
          sendText(ex, 404, 'No WSDL is available for this service.');
          return;
        }
        const mount = ex.mountPath(path);
        ex.send(200, TEXT_XML_UTF8, wsdl.documentFor(originOf(ex, trustProxy), mount, mount + svc.path));
        return;
      }
      if (pages !== undefined) {
        void answerPage(pages, ex, path, query, undefined);
        return;
      }
      sendText(ex, 200, wsdl ? `${helpText} WSDL: ${svc.path}?wsdl` : helpText);
      return;
    }
    sendText(ex, 405, `Method ${method} is not allowed here.`, { Allow: svc.allow });
  }

  function serveOperationPath(
    ex: HttpExchange,
    ep: HttpEndpoint,
    query: string,
    pathValues?: readonly (readonly [string, string])[],
  ): void {
    const method = ex.method;
    if (state.security !== undefined) {
      sendText(ex, 403, 'This service requires a WS-Security UsernameToken: call it over SOAP.');
      return;
    }
    if (method === 'GET' && ep.get) {
      void serveHttp(state, ex, ep.get, query, undefined, pathValues);
      return;
    }
    if (method === 'POST' && (ep.post || ep.postXml)) {
      if (refusedCoding(ex)) return;
      const mediaType = parseContentType(ex.header('content-type'));
      const kind = bodyKindOf(mediaType);
      if (kind === 'form' && ep.post) {
        void serveHttp(state, ex, ep.post, query, mediaType, pathValues);
        return;
      }
      // text/xml or application/xml: an XML document input (WSDL 1.1 §5.6), dispatched by its root element.
      if (kind === 'soap11' && ep.postXml) {
        void serveHttpXml(state, ex, ep.postXml, mediaType);
        return;
      }
      const accepted = [ep.post ? 'application/x-www-form-urlencoded' : '', ep.postXml ? 'text/xml' : '']
        .filter((t) => t !== '')
        .join(' or ');
      sendText(ex, 415, `Unsupported content type ${JSON.stringify(mediaType.type)}; expected ${accepted}.`);
      return;
    }
    sendText(ex, 405, `Method ${method} is not allowed here.`, { Allow: ep.allow });
  }

  /** Answers a service page (a test form's POST: once its body is read). */
  async function answerPage(
    pages: ServicePages,
    ex: HttpExchange,
    path: string,
    query: string,
    mediaType: MediaType | undefined,
  ): Promise<void> {
    try {
      const body = mediaType === undefined ? undefined : await readRequestText(state, ex, mediaType);
      if (mediaType !== undefined && body === undefined) return;
      const mount = ex.mountPath(path);
      const answer = await pages.answer({
        method: mediaType === undefined ? 'GET' : 'POST',
        path,
        mount,
        query,
        origin: originOf(ex, trustProxy),
        remoteAddress: ex.remoteAddress(),
        body,
      });
      ex.send(answer.status, answer.contentType, answer.body, answer.headers);
    } catch {
      ex.internalError();
    }
  }

  /**
   * An operation located at the service path itself (`http:operation location="/"`): SOAP
   * requests and `?wsdl` go to the service, other GET/POST requests to the operation.
   */
  function servicePathFirst(ex: HttpExchange, svc: ServiceEndpoint, ep: HttpEndpoint, query: string): boolean {
    const method = ex.method;
    if (method === 'POST') {
      const mediaType = parseContentType(ex.header('content-type'));
      const kind = bodyKindOf(mediaType);
      return (
        (kind === 'soap11' && svc.soap11 !== undefined) ||
        (kind === 'soap12' && svc.soap12 !== undefined) ||
        mediaType.type === 'multipart/related'
      );
    }
    if (method === 'GET') return ep.get === undefined || asksForWsdl(query);
    return true;
  }

  // The lookup key of the last path seen: clients call the same path over and over, and
  // routeKey() makes a new lower-cased string each time.
  let lastPath = '';
  let lastKey = routeKey('');
  function serveRequest(ex: HttpExchange, notOwned: NotOwned): boolean {
    let url = ex.target;
    // A fragment is never part of a request target (RFC 9112 §3.2, RFC 3986 §3.5): drop it, as
    // URL parsers (and nginx) do, rather than let it reach the last parameter's value.
    const hash = url.indexOf('#');
    if (hash >= 0) url = url.slice(0, hash);
    if (url.charCodeAt(0) !== 47 /* / */) url = url.replace(ABSOLUTE_FORM, '') || '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    if (path !== lastPath) {
      lastKey = routeKey(path);
      lastPath = path;
    }
    const key = lastKey;
    // The route choice the client checks its paths with too (wire http-routes.ts).
    const hit = choosePath(routes.http, path, key);
    if (hit !== undefined) {
      const svc = hit.service;
      const ep = hit.endpoint;
      // CORS (cors.ts): the response headers for a listed origin, and the answer to a preflight.
      if (cors !== undefined && corsAnswered(ex, cors, svc?.allow ?? ep!.allow)) return true;
      if (svc !== undefined && (ep === undefined || servicePathFirst(ex, svc, ep, query))) {
        serveServicePath(ex, svc, path, query);
        return true;
      }
      if (ep !== undefined) {
        serveOperationPath(ex, ep, query, hit.values);
        return true;
      }
    }
    if (owns(routes, key)) {
      if (cors !== undefined) corsHeadersFor(ex, cors);
      sendText(ex, 404, `Not found: ${path}`);
      return true;
    }
    if (notOwned === 'pass') return false;
    sendText(ex, 404, `Not found: ${path}`);
    return true;
  }
  return serveRequest;
}

/**
 * The service pages of a handler: its own requests go back to its core (`self`), samples to
 * a second core of the same service whose implementation answers placeholders (made on first
 * use). Both are called in process (in-process.ts), with the context `factory`'s handler makes.
 */
function servicePagesOf(
  service: ServiceDesc,
  options: HandlerOptions,
  routes: RouteTable,
  wsdl: WsdlServer | undefined,
  self: () => ServiceCore,
  factory: string,
): ServicePages {
  const outputs = new SampleOutputs();
  let sampleCore: ServiceCore | undefined;
  const flavour = factory === 'createFetchHandler' ? 'fetch' : 'node';
  return new ServicePages(
    service,
    wsdl?.root,
    routes.portPaths,
    typeof options.pages === 'object' ? options.pages : {},
    (r) => dispatchInProcess(self(), r, flavour),
    (r) =>
      dispatchInProcess(
        (sampleCore ??= createServiceCore(service, outputs.impls(service), { pages: false }, factory)),
        r,
        flavour,
      ),
    outputs,
  );
}

/**
 * Adds the CORS response headers when the request's `Origin` is allowed, and
 * answers an `OPTIONS` request (a preflight, or a plain one) with 204. Returns
 * whether it answered.
 */
function corsAnswered(ex: HttpExchange, cors: CorsPolicy, allow: string): boolean {
  const allowed = corsHeadersFor(ex, cors);
  if (ex.method !== 'OPTIONS') return false;
  ex.sendEmpty(204, preflightHeaders(ex, cors, allow, allowed));
  return true;
}

/**
 * Creates the request handler of `service`, answering with `impls` (keyed by WSDL
 * operation name). Use it as a node:http request listener or as Express/Connect
 * middleware (requests for other paths go to `next()`). Its request path makes no
 * fetch objects (`Request`, `Response`, `Headers`, `URL`); for Bun, Deno, Workers
 * and other Fetch API hosts use `createFetchHandler` (fetch-handler.ts), which
 * answers the same way.
 *
 * Time limits of the whole request and of its headers are node:http server
 * settings, not the handler's; recommended values:
 * ```ts
 * const server = createServer(handler);
 * server.headersTimeout = 10_000;   // headers must arrive within 10 s
 * server.requestTimeout = 30_000;   // whole request within 30 s
 * server.keepAliveTimeout = 5_000;  // idle keep-alive connections
 * server.maxHeadersCount = 100;
 * ```
 *
 * @throws TypeError when an operation the service serves has no implementation,
 *   Error when `options.wsdl` is not well-formed XML.
 */
export function createServiceHandler(
  service: ServiceDesc,
  impls: Readonly<Record<string, OperationImpl>>,
  options: HandlerOptions = {},
): ServiceHandler {
  const serve = createServiceCore(service, impls, options, 'createServiceHandler');
  return function serviceHandler(req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void {
    if (!serve(new NodeExchange(req, res), next === undefined ? '404' : 'pass')) next!();
  };
}
