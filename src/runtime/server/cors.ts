/**
 * Cross-origin calls from browser pages (the Fetch Standard's CORS protocol,
 * §3.2): off unless `HandlerOptions.cors` lists origins, as ASMX has none. With
 * it on, for the service's paths:
 * - a request whose `Origin` is listed gets `Access-Control-Allow-Origin` (and
 *   `-Allow-Credentials`, `-Expose-Headers`) on whatever it is answered, faults
 *   and errors included, so that the page can read them;
 * - `OPTIONS` is answered 204 with `Allow`; a preflight from a listed origin also
 *   gets `Access-Control-Allow-Methods`, `-Allow-Headers` (`Content-Type` and
 *   `SOAPAction`, which every SOAP request sends, and the ones configured) and
 *   `-Max-Age`. A preflight from another origin gets none of them, so the
 *   browser does not send the request.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { HttpExchange } from './exchange.js';

/** Which browser pages may call the service from another origin (`HandlerOptions.cors`). */
export interface CorsOptions {
  /**
   * The origins allowed (`https://app.example.com`, `http://localhost:5173`: scheme,
   * host and port, as browsers send `Origin`), or `'*'` for any.
   */
  readonly origins: readonly string[] | '*';
  /**
   * Let pages send cookies and HTTP authentication (`Access-Control-Allow-Credentials:
   * true`); the request's origin is then named instead of `*`. Default false.
   */
  readonly credentials?: boolean | undefined;
  /** Request headers pages may send besides `Content-Type` and `SOAPAction`. */
  readonly allowHeaders?: readonly string[] | undefined;
  /** Response headers pages may read besides the CORS-safelisted ones and `Retry-After`. */
  readonly exposeHeaders?: readonly string[] | undefined;
  /** How long a browser may keep a preflight's answer, in seconds. Default 600. */
  readonly maxAgeSeconds?: number | undefined;
}

/** {@link CorsOptions} resolved once per handler. */
export interface CorsPolicy {
  /** Any origin (`'*'`). */
  readonly any: boolean;
  /** The allowed origins, lower-cased. */
  readonly origins: ReadonlySet<string>;
  readonly credentials: boolean;
  readonly allowHeaders: string;
  readonly exposeHeaders: string;
  readonly maxAge: string;
}

/**
 * Resolves `options` for the handler.
 * @throws TypeError when an origin is not `scheme://host[:port]`.
 */
export function corsPolicy(options: CorsOptions): CorsPolicy {
  const any = options.origins === '*';
  const origins = new Set<string>();
  if (options.origins !== '*') {
    for (const o of options.origins) {
      if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(o))
        throw new TypeError(`cors.origins: ${JSON.stringify(o)} is not an origin (scheme://host[:port], no path)`);
      origins.add(o.toLowerCase());
    }
  }
  return {
    any,
    origins,
    credentials: options.credentials ?? false,
    allowHeaders: ['Content-Type', 'SOAPAction', ...(options.allowHeaders ?? [])].join(', '),
    exposeHeaders: ['Retry-After', ...(options.exposeHeaders ?? [])].join(', '),
    maxAge: String(options.maxAgeSeconds ?? 600),
  };
}

/**
 * Adds the CORS response headers when the request's `Origin` is allowed (and
 * `Vary: Origin` whenever the answer depends on it). Returns whether it is allowed.
 */
export function corsHeadersFor(ex: HttpExchange, cors: CorsPolicy): boolean {
  const wildcard = cors.any && !cors.credentials;
  if (!wildcard) ex.addHeader('Vary', 'Origin');
  const origin = ex.header('origin');
  if (origin === undefined || (!cors.any && !cors.origins.has(origin.toLowerCase()))) return false;
  ex.addHeader('Access-Control-Allow-Origin', wildcard ? '*' : origin);
  if (cors.credentials) ex.addHeader('Access-Control-Allow-Credentials', 'true');
  ex.addHeader('Access-Control-Expose-Headers', cors.exposeHeaders);
  return true;
}

/** The headers of the 204 answer to `OPTIONS` at a path that takes `allow`. */
export function preflightHeaders(
  ex: HttpExchange,
  cors: CorsPolicy,
  allow: string,
  allowed: boolean,
): Record<string, string> {
  const methods = `${allow}, OPTIONS`;
  if (!allowed || ex.header('access-control-request-method') === undefined) return { Allow: methods };
  return {
    Allow: methods,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': cors.allowHeaders,
    'Access-Control-Max-Age': cors.maxAge,
  };
}
