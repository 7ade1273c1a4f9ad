/**
 * Public types of the server side of the runtime: what an implementation
 * receives and returns, and how the request handler is configured.
 * Ships with generated code.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { BindingKind } from '../wire/descriptors.js';
import type { XmlElement } from '../xml/xml-parse.js';
import type { UsernameTokenPolicy, WsSecurityResult } from '../wire/ws-security-policy.js';
import type { Attachment } from '../wire/attachments.js';
import type { PagesOptions } from './pages/pages-options.js';
import type { CorsOptions } from './cors.js';

export type { CorsOptions } from './cors.js';

/**
 * What an operation implementation learns about the request besides its input,
 * whichever way the service is served; {@link RequestContext} (node:http) and
 * {@link FetchRequestContext} (Fetch API) add the request itself.
 */
export interface OperationContext {
  /** The binding the request came over. */
  readonly binding: BindingKind;
  /** The WSDL operation name. */
  readonly operation: string;
  /** The SOAP `Header` element, when the envelope has one (SOAP bindings only). */
  readonly soapHeader?: XmlElement;
  /**
   * The operation's declared SOAP header parts that the request carried, decoded, by
   * property (WSDL 1.1 §3.7); set over SOAP when the operation declares header parts.
   */
  readonly soapHeaders?: Readonly<Record<string, unknown>>;
  /** The user a checked WS-Security UsernameToken named (set when `HandlerOptions.wsSecurity` is on). */
  readonly wsSecurity?: WsSecurityResult;
  /**
   * The MIME parts of a multipart/related request (MTOM or SOAP with Attachments)
   * other than the envelope, in order; absent for a plain request. An MTOM request's
   * binary values are already in the input as `Uint8Array`s (and listed here too); SwA
   * parts are found by the `cid:` references of the message (`contentId`).
   */
  readonly attachments?: readonly Attachment[];
  /** Whether the request was an MTOM (XOP) package; the response is then MTOM too. */
  readonly mtom?: boolean;
}

/** The context of a request served by the node:http handler (`createServiceHandler`, `create<S>Handler`). */
export interface RequestContext extends OperationContext {
  /** The HTTP request headers (names lower-cased, as node:http gives them). */
  readonly headers: IncomingHttpHeaders;
  /** The raw request (its body has been consumed). */
  readonly request: IncomingMessage;
}

/** The context of a request served by the fetch handler (`createFetchHandler`, `create<S>FetchHandler`). */
export interface FetchRequestContext extends OperationContext {
  /** The request headers. */
  readonly headers: Headers;
  /** The request (its body has been consumed). */
  readonly request: Request;
}

/**
 * The context of either handler: an implementation typed with it (`AuthService<AnyRequestContext>`)
 * can be given to both; narrow with `ctx.headers instanceof Headers` where it matters.
 */
export type AnyRequestContext = RequestContext | FetchRequestContext;

/**
 * An operation implementation: takes the logical input (the same object for all
 * four bindings) and returns the logical output (or a promise of it). Throw a
 * `SoapFault` to answer with a chosen fault; any other error is answered as a
 * generic server fault (its message is not sent unless `debug` is on).
 */
export type OperationImpl<Ctx = RequestContext> = (input: unknown, ctx: Ctx) => unknown;

/**
 * Wraps a typed implementation function as an {@link OperationImpl}. The types are
 * a promise the generated code keeps: the runtime decodes the input according to
 * the service descriptor before calling `fn`.
 */
export function defineOperation<I, O, Ctx = RequestContext>(
  fn: (input: I, ctx: Ctx) => O | Promise<O>,
): OperationImpl<Ctx> {
  return fn as OperationImpl<Ctx>;
}

/** Options of the request handler (`Ctx`: the context `onError` receives, {@link FetchRequestContext} for the fetch handler). */
export interface HandlerOptions<Ctx = RequestContext> {
  /**
   * Prepended to every port's address path. With the default (`''`) the Auth
   * service is served at `/ecomm/Auth.asmx` (the path of the WSDL's address);
   * with `'/api'` at `/api/ecomm/Auth.asmx`. When the handler is mounted as
   * Express/Connect middleware under a path, that mount path comes first as well
   * (Express strips it from `req.url`).
   */
  readonly pathPrefix?: string | undefined;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  readonly maxBodyBytes?: number | undefined;
  /** Deepest XML element nesting accepted in a request; deeper gets a Client fault. Default 64. */
  readonly maxDepth?: number | undefined;
  /**
   * Time allowed to receive a request body, in ms; a slower client gets 408 and its
   * connection is closed. Default 10 000. (Header and whole-request time limits are
   * node:http server settings: see `createServiceHandler`.)
   */
  readonly bodyTimeoutMs?: number | undefined;
  /**
   * Send the message (and stack) of unexpected implementation errors to clients.
   * Off by default: clients then see only "Server was unable to process request.".
   */
  readonly debug?: boolean | undefined;
  /**
   * The service pages, as ASP.NET serves them (on by default; `false` turns them off, and a
   * GET of the service path then answers one line of text): the service page on a GET of the
   * service path, an operation page with sample messages and a test form on `?op=<name>`, and
   * the DISCO document on `?disco`. The test forms answer requests from loopback addresses only,
   * unless `{ testForm: 'any' }` (`'off'`: never).
   */
  readonly pages?: boolean | PagesOptions | undefined;
  /** The WSDL text served on `?wsdl` (addresses rewritten to the request's address). */
  readonly wsdl?: string | undefined;
  /**
   * Believe `X-Forwarded-Proto` and `X-Forwarded-Host` when building the addresses
   * written into the `?wsdl` document (turn on behind a reverse proxy you control).
   * Off by default: the scheme comes from the socket (TLS or not), the host from `Host`.
   */
  readonly trustProxy?: boolean | undefined;
  /**
   * Called with unexpected implementation errors (for logging); the client still
   * gets a generic fault. Default: none (errors are not logged by the runtime).
   */
  readonly onError?: ((err: unknown, ctx: Ctx) => void) | undefined;
  /**
   * Let browser pages of the listed origins call the service (CORS, see cors.ts):
   * preflights (`OPTIONS`) answered for the service's paths, and the CORS response
   * headers on every answer to a listed origin. Off by default, as in ASMX.
   */
  readonly cors?: CorsOptions | undefined;
  /**
   * Require a WS-Security UsernameToken on every SOAP request and check it (wire/ws-security.ts):
   * the password (text or digest), the Timestamp, the clock skew, and digest nonces
   * against replay. A request that fails gets the WS-Security fault (`wsse:FailedAuthentication`,
   * `wsse:InvalidSecurity`, `wsse:MessageExpired`...); the implementation sees
   * `ctx.wsSecurity.username`. HTTP GET/POST requests, which cannot carry the token, get 403.
   * Needs the WS-Security module (runtime/wire/ws-security.ts): generated code whose contract
   * declares a UsernameToken policy loads it; otherwise generate with `--runtime-features
   * ws-security` and `import './runtime/wire/ws-security.js'` once (without it, the handler
   * is refused with an error that says so).
   */
  readonly wsSecurity?: UsernameTokenPolicy | undefined;
  /**
   * Answer every SOAP response as MTOM (`xsd:base64Binary` values as binary MIME parts).
   * Default: answer in kind, MTOM to an MTOM request (as WCF's and CXF's MTOM endpoints
   * do) and in-line base64 otherwise. `false`: never MTOM.
   */
  readonly mtom?: boolean | undefined;
  /** With MTOM, binary values shorter than this many bytes stay in-line base64 (default 0). */
  readonly mtomThreshold?: number | undefined;
  /**
   * Most MIME parts accepted in a multipart/related request, root included (default
   * 100); more get a Client (Sender) fault. The bytes are within `maxBodyBytes`.
   */
  readonly maxRequestParts?: number | undefined;
}

/**
 * A node:http request listener that is also Express/Connect middleware: requests
 * for paths the service does not own are passed to `next()` (or answered 404
 * when there is no `next`).
 */
export type ServiceHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

/**
 * A Fetch API request handler (`Bun.serve`, `Deno.serve`, a Workers module's
 * `fetch`, a Next.js route, Hono): answers every request, 404 for paths the
 * service does not own.
 */
export type FetchHandler = (request: Request) => Promise<Response>;
