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
import type { TLSSocket } from 'node:tls';
import { bodyKindOf, parseContentType } from '../wire/content-type.js';
import type { ServiceDesc } from '../wire/descriptors.js';
import { choosePath } from '../wire/http-routes.js';
import { buildRoutes, type HttpEndpoint, type RouteTable, type ServiceEndpoint } from './server-routes.js';
import { routeKey } from '../wire/path-template-match.js';
import { TEXT_XML_UTF8 } from '../wire/namespaces.js';
import { send, sendInternalError, sendText } from './server-respond.js';
import { serveHttp } from './server-http.js';
import { serveHttpXml } from './server-http-xml.js';
import { serveSoap } from './server-soap.js';
import { serveSoapMime } from './server-soap-mime.js';
import { attachmentsMissing, attachmentSupport, DEFAULT_MAX_PARTS } from '../wire/attachments.js';
import type { HandlerState } from './server-state.js';
import type { HandlerOptions, OperationImpl, ServiceHandler } from './server-types.js';
import { WsdlServer } from './wsdl-rewrite.js';
import { dispatchInProcess } from './in-process.js';
import { readRequestText } from './server-body-errors.js';
import { SampleOutputs } from './pages/samples.js';
import { ServicePages } from './pages/service-pages.js';
import { type UsernameTokenPolicy, wsSecurityMissing, wsSecuritySupport } from '../wire/ws-security-policy.js';

export { SoapFault } from '../wire/faults.js';
export { defineOperation } from './server-types.js';
export type { HandlerOptions, OperationImpl, RequestContext, ServiceHandler } from './server-types.js';

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

function firstHeader(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  const comma = v.indexOf(',');
  return (comma < 0 ? v : v.slice(0, comma)).trim();
}

/** `scheme://host` of the request (see {@link HandlerOptions.trustProxy}). */
function originOf(req: IncomingMessage, trustProxy: boolean): string {
  let scheme = (req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http';
  let host = req.headers.host;
  if (trustProxy) {
    const proto = firstHeader(req.headers['x-forwarded-proto'])?.toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    const fwdHost = firstHeader(req.headers['x-forwarded-host']);
    if (fwdHost !== undefined && fwdHost !== '') host = fwdHost;
  }
  if (host === undefined || !HOST_SHAPE.test(host)) {
    const addr = req.socket.localAddress ?? '127.0.0.1';
    host = `${addr.includes(':') ? `[${addr}]` : addr}:${req.socket.localPort ?? 80}`;
  }
  return `${scheme}://${host}`;
}

/** The path Express/Connect mounted the handler at (`''` when none): `originalUrl`'s path minus `url`'s path. */
function mountPathOf(req: IncomingMessage, path: string): string {
  const original: unknown = (req as IncomingMessage & { originalUrl?: unknown }).originalUrl;
  if (typeof original !== 'string' || original === req.url) return '';
  const q = original.indexOf('?');
  const originalPath = q < 0 ? original : original.slice(0, q);
  return originalPath.length > path.length && originalPath.endsWith(path)
    ? originalPath.slice(0, originalPath.length - path.length)
    : '';
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
function refusedCoding(req: IncomingMessage, res: ServerResponse): boolean {
  const coding = req.headers['content-encoding'];
  if (coding === undefined) return false;
  const c = coding.trim().toLowerCase();
  if (c === '' || c === 'identity') return false;
  sendText(res, 415, `Unsupported content encoding ${JSON.stringify(coding)}; send the body without a content coding.`);
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
 * Creates the request handler of `service`, answering with `impls` (keyed by WSDL
 * operation name). Use it as a node:http request listener or as Express/Connect
 * middleware (requests for other paths go to `next()`).
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
  const routes = buildRoutes(service, options.pathPrefix ?? '');
  const implMap = new Map<string, OperationImpl>();
  const missing: string[] = [];
  for (const op of service.operations) {
    const impl = Object.prototype.hasOwnProperty.call(impls, op.name) ? impls[op.name] : undefined;
    if (typeof impl === 'function') implMap.set(op.name, impl);
    else missing.push(op.name);
  }
  if (missing.length > 0) {
    throw new TypeError(
      `createServiceHandler(${service.name}): no implementation for operation(s) ${missing.join(', ')}`,
    );
  }
  if (options.mtom === true && attachmentSupport.codec === undefined)
    throw new TypeError(attachmentsMissing(`createServiceHandler(${service.name}): mtom: true`));
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
    onError: options.onError,
    security: securityOf(service.name, options.wsSecurity),
    mtom: options.mtom,
    mtomThreshold: options.mtomThreshold ?? 0,
    maxParts: options.maxRequestParts ?? DEFAULT_MAX_PARTS,
  };
  const wsdl = options.wsdl === undefined ? undefined : new WsdlServer(options.wsdl, routes.portPaths);
  const trustProxy = options.trustProxy ?? false;
  const pages =
    options.pages === false ? undefined : servicePagesOf(service, options, routes, wsdl, () => serviceHandler);
  const helpText = `${service.name} web service. Operations: ${service.operations.map((o) => o.name).join(', ')}.`;

  function serveServicePath(
    req: IncomingMessage,
    res: ServerResponse,
    svc: ServiceEndpoint,
    path: string,
    query: string,
  ): void {
    const method = req.method;
    if (method === 'POST') {
      if (refusedCoding(req, res)) return;
      const mediaType = parseContentType(req.headers['content-type']);
      const kind = bodyKindOf(mediaType);
      if (kind === 'form' && pages !== undefined && pages.isTestForm(query)) {
        void answerPage(pages, req, res, path, query, mediaType);
        return;
      }
      if (kind === 'soap11' && svc.soap11) {
        serveSoap(state, req, res, svc.soap11, '1.1', mediaType);
        return;
      }
      if (kind === 'soap12' && svc.soap12) {
        serveSoap(state, req, res, svc.soap12, '1.2', mediaType);
        return;
      }
      if (mediaType.type === 'multipart/related' && (svc.soap11 || svc.soap12)) {
        // MTOM or SOAP with Attachments: the SOAP version is read from the root part (server-soap-mime.ts).
        serveSoapMime(state, req, res, svc, mediaType);
        return;
      }
      const accepted = [svc.soap11 ? 'text/xml' : '', svc.soap12 ? 'application/soap+xml' : '']
        .filter((t) => t !== '')
        .join(' or ');
      sendText(
        res,
        415,
        `Unsupported content type ${JSON.stringify(mediaType.type)}; expected ${accepted || 'nothing (no SOAP port here)'}.`,
      );
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      if (asksForWsdl(query)) {
        if (!wsdl) {
          sendText(res, 404, 'No WSDL is available for this service.');
          return;
        }
        const mount = mountPathOf(req, path);
        send(res, 200, TEXT_XML_UTF8, wsdl.documentFor(originOf(req, trustProxy), mount, mount + svc.path));
        return;
      }
      if (pages !== undefined) {
        void answerPage(pages, req, res, path, query, undefined);
        return;
      }
      sendText(res, 200, wsdl ? `${helpText} WSDL: ${svc.path}?wsdl` : helpText);
      return;
    }
    sendText(res, 405, `Method ${method ?? ''} is not allowed here.`, { Allow: svc.allow });
  }

  function serveOperationPath(
    req: IncomingMessage,
    res: ServerResponse,
    ep: HttpEndpoint,
    query: string,
    pathValues?: readonly (readonly [string, string])[],
  ): void {
    const method = req.method;
    if (state.security !== undefined) {
      sendText(res, 403, 'This service requires a WS-Security UsernameToken: call it over SOAP.');
      return;
    }
    if (method === 'GET' && ep.get) {
      void serveHttp(state, req, res, ep.get, query, undefined, pathValues);
      return;
    }
    if (method === 'POST' && (ep.post || ep.postXml)) {
      if (refusedCoding(req, res)) return;
      const mediaType = parseContentType(req.headers['content-type']);
      const kind = bodyKindOf(mediaType);
      if (kind === 'form' && ep.post) {
        void serveHttp(state, req, res, ep.post, query, mediaType, pathValues);
        return;
      }
      // text/xml or application/xml: an XML document input (WSDL 1.1 §5.6), dispatched by its root element.
      if (kind === 'soap11' && ep.postXml) {
        void serveHttpXml(state, req, res, ep.postXml, mediaType);
        return;
      }
      const accepted = [ep.post ? 'application/x-www-form-urlencoded' : '', ep.postXml ? 'text/xml' : '']
        .filter((t) => t !== '')
        .join(' or ');
      sendText(res, 415, `Unsupported content type ${JSON.stringify(mediaType.type)}; expected ${accepted}.`);
      return;
    }
    sendText(res, 405, `Method ${method ?? ''} is not allowed here.`, { Allow: ep.allow });
  }

  /** Answers a service page (a test form's POST: once its body is read). */
  async function answerPage(
    pages: ServicePages,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
    mediaType: ReturnType<typeof parseContentType> | undefined,
  ): Promise<void> {
    try {
      const body = mediaType === undefined ? undefined : await readRequestText(state, req, res, mediaType);
      if (mediaType !== undefined && body === undefined) return;
      const mount = mountPathOf(req, path);
      const answer = await pages.answer({
        method: mediaType === undefined ? 'GET' : 'POST',
        path,
        mount,
        query,
        origin: originOf(req, trustProxy),
        remoteAddress: req.socket.remoteAddress,
        body,
      });
      send(res, answer.status, answer.contentType, answer.body, answer.headers);
    } catch {
      sendInternalError(res);
    }
  }

  /**
   * An operation located at the service path itself (`http:operation location="/"`): SOAP
   * requests and `?wsdl` go to the service, other GET/POST requests to the operation.
   */
  function servicePathFirst(req: IncomingMessage, svc: ServiceEndpoint, ep: HttpEndpoint, query: string): boolean {
    if (req.method === 'POST') {
      const mediaType = parseContentType(req.headers['content-type']);
      const kind = bodyKindOf(mediaType);
      return (
        (kind === 'soap11' && svc.soap11 !== undefined) ||
        (kind === 'soap12' && svc.soap12 !== undefined) ||
        mediaType.type === 'multipart/related'
      );
    }
    if (req.method === 'GET') return ep.get === undefined || asksForWsdl(query);
    return true;
  }

  // The lookup key of the last path seen: clients call the same path over and over, and
  // routeKey() makes a new lower-cased string each time.
  let lastPath = '';
  let lastKey = routeKey('');
  const serviceHandler: ServiceHandler = (req, res, next) => {
    let url = req.url ?? '/';
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
      if (svc !== undefined && (ep === undefined || servicePathFirst(req, svc, ep, query))) {
        serveServicePath(req, res, svc, path, query);
        return;
      }
      if (ep !== undefined) {
        serveOperationPath(req, res, ep, query, hit.values);
        return;
      }
    }
    if (owns(routes, key)) {
      sendText(res, 404, `Not found: ${path}`);
      return;
    }
    if (next) next();
    else sendText(res, 404, `Not found: ${path}`);
  };
  return serviceHandler;
}

/**
 * The service pages of a handler: its own requests go back to it (`self`), samples to a
 * second handler of the same service whose implementation answers placeholders (made on first use).
 */
function servicePagesOf(
  service: ServiceDesc,
  options: HandlerOptions,
  routes: RouteTable,
  wsdl: WsdlServer | undefined,
  self: () => ServiceHandler,
): ServicePages {
  const outputs = new SampleOutputs();
  let sampleHandler: ServiceHandler | undefined;
  return new ServicePages(
    service,
    wsdl?.root,
    routes.portPaths,
    typeof options.pages === 'object' ? options.pages : {},
    (r) => dispatchInProcess(self(), r),
    (r) =>
      dispatchInProcess((sampleHandler ??= createServiceHandler(service, outputs.impls(service), { pages: false })), r),
    outputs,
  );
}
