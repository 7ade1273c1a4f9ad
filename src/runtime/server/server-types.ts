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

/** What an operation implementation learns about the request besides its input. */
export interface RequestContext {
  /** The binding the request came over. */
  readonly binding: BindingKind;
  /** The WSDL operation name. */
  readonly operation: string;
  /** The HTTP request headers (names lower-cased, as node:http gives them). */
  readonly headers: IncomingHttpHeaders;
  /** The raw request (its body has been consumed). */
  readonly request: IncomingMessage;
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

/**
 * An operation implementation: takes the logical input (the same object for all
 * four bindings) and returns the logical output (or a promise of it). Throw a
 * `SoapFault` to answer with a chosen fault; any other error is answered as a
 * generic server fault (its message is not sent unless `debug` is on).
 */
export type OperationImpl = (input: unknown, ctx: RequestContext) => unknown;

/**
 * Wraps a typed implementation function as an {@link OperationImpl}. The types are
 * a promise the generated code keeps: the runtime decodes the input according to
 * the service descriptor before calling `fn`.
 */
export function defineOperation<I, O>(fn: (input: I, ctx: RequestContext) => O | Promise<O>): OperationImpl {
  return fn as OperationImpl;
}

/** Options of the request handler. */
export interface HandlerOptions {
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
  readonly onError?: ((err: unknown, ctx: RequestContext) => void) | undefined;
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
