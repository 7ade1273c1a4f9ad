/**
 * A cookie jar for SOAP clients (RFC 6265): ASMX session state
 * (`ASP.NET_SessionId`) and many load balancers keep a session in a cookie. The
 * jar stores what `Set-Cookie` headers say (domain, path, expiry, `Secure`) and
 * sends back the cookies that match a request URL (§5.4). A cookie for another
 * domain than the response's (§5.3 step 6), a malformed one, or a public suffix-like
 * bare TLD domain is refused with a {@link CookieError}; the client drops such
 * cookies, as browsers do, and reports them to `onRejected`.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { hostName } from '../bytes/index.js';
import type { Transport } from './transport.js';

/** A refused `Set-Cookie` header: malformed, or for a domain the response may not set. */
export class CookieError extends Error {
  override name = 'CookieError';
}

interface Cookie {
  readonly name: string;
  readonly value: string;
  /** Lower-case domain, without a leading dot. */
  readonly domain: string;
  /** No `Domain` attribute: only the exact host gets it back (§5.3 step 6). */
  readonly hostOnly: boolean;
  readonly path: string;
  readonly secure: boolean;
  /** Expiry in ms since the epoch; `Infinity` for a session cookie. */
  readonly expires: number;
}

/** The default path of a request path (§5.1.4). */
function defaultPath(path: string): string {
  if (!path.startsWith('/')) return '/';
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** Domain matching (§5.1.3). */
function domainMatch(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host) && !host.includes(':'));
}

/** Path matching (§5.1.4). */
function pathMatch(path: string, cookiePath: string): boolean {
  if (path === cookiePath) return true;
  if (!path.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || path.charAt(cookiePath.length) === '/';
}

/** Holds cookies across calls; share one between clients to share a session. */
export class CookieJar {
  private cookies: Cookie[] = [];

  private readonly now: () => number;
  /** @param now the clock (ms since the epoch); default `Date.now`. */
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /**
   * Stores the cookie of one `Set-Cookie` header received from `url` (§5.2, §5.3).
   * @throws CookieError when the header is malformed or sets a cookie for another domain
   */
  setCookie(header: string, url: URL): void {
    const parts = header.split(';');
    const pair = parts[0]!;
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CookieError(`Set-Cookie without a name=value pair: ${JSON.stringify(header)}`);
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (name === '' || /[\s;,]/.test(name))
      throw new CookieError(`Set-Cookie with an invalid name: ${JSON.stringify(name)}`);
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    let domain = host;
    let hostOnly = true;
    let path = defaultPath(url.pathname);
    let secure = false;
    let expires = Number.POSITIVE_INFINITY;
    let maxAgeSeen = false;
    for (const attr of parts.slice(1)) {
      const i = attr.indexOf('=');
      const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
      const val = i < 0 ? '' : attr.slice(i + 1).trim();
      if (key === 'domain' && val !== '') {
        const d = val.replace(/^\./, '').toLowerCase();
        if (!d.includes('.') && d !== host)
          throw new CookieError(`cookie ${name}: Domain=${val} is a top-level domain, refused`);
        if (!domainMatch(host, d))
          throw new CookieError(`cookie ${name}: Domain=${val} is another domain than the response's host ${host}`);
        domain = d;
        hostOnly = false;
      } else if (key === 'path' && val.startsWith('/')) {
        path = val;
      } else if (key === 'secure') {
        secure = true;
      } else if (key === 'max-age' && /^-?\d+$/.test(val)) {
        maxAgeSeen = true;
        expires = Number(val) <= 0 ? 0 : this.now() + Number(val) * 1000;
      } else if (key === 'expires' && !maxAgeSeen) {
        const t = Date.parse(val);
        if (!Number.isNaN(t)) expires = t;
      }
    }
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.domain === domain && c.path === path));
    if (expires > this.now()) this.cookies.push({ name, value, domain, hostOnly, path, secure, expires });
  }

  /** The `Cookie` header for a request to `url`, or undefined when no cookie matches (§5.4). */
  cookieHeader(url: URL): string | undefined {
    const now = this.now();
    this.cookies = this.cookies.filter((c) => c.expires > now);
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'https:';
    const path = url.pathname || '/';
    const out = this.cookies
      .filter(
        (c) =>
          (c.hostOnly ? host === c.domain : domainMatch(host, c.domain)) &&
          pathMatch(path, c.path) &&
          (!c.secure || secure),
      )
      // Longer paths first (§5.4 step 2).
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`);
    return out.length === 0 ? undefined : out.join('; ');
  }

  /** Every cookie held, as `name=value` with its domain and path (for debugging). */
  list(): { name: string; value: string; domain: string; path: string }[] {
    return this.cookies.map(({ name, value, domain, path }) => ({ name, value, domain, path }));
  }

  /** Forgets every cookie. */
  clear(): void {
    this.cookies = [];
  }
}

/**
 * The transport with a cookie jar: sends the matching cookies, stores the
 * `Set-Cookie`s of each response. A refused cookie is dropped and given to `onRejected`.
 */
export function withCookies(inner: Transport, jar: CookieJar, onRejected?: (error: CookieError) => void): Transport {
  // A page's fetch drops a Cookie request header and hides Set-Cookie (Fetch Standard, forbidden
  // header names): a jar would silently do nothing there.
  if ((globalThis as { document?: unknown }).document !== undefined)
    throw new Error(
      `withCookies cannot work in a browser (${hostName()}): its fetch hides Set-Cookie from scripts and drops a Cookie header. The browser keeps the cookies itself: call without withCookies, and for another origin pass transport: fetchTransport((url, init) => fetch(url, { ...init, credentials: 'include' }))`,
    );
  return async (req) => {
    const cookie = jar.cookieHeader(req.url);
    const sent = cookie === undefined ? req : { ...req, headers: { ...req.headers, Cookie: cookie } };
    const res = await inner(sent);
    const set = res.headers['set-cookie'];
    if (set !== undefined) {
      for (const header of splitSetCookie(set)) {
        try {
          jar.setCookie(header, req.url);
        } catch (err) {
          if (err instanceof CookieError) onRejected?.(err);
          else throw err;
        }
      }
    }
    return res;
  };
}

/**
 * The `Set-Cookie` headers a transport joined with `, ` (one per cookie): split at
 * commas that start a new `name=`, not at those inside an `Expires` date.
 */
export function splitSetCookie(joined: string): string[] {
  return joined
    .split(/,(?=\s*[^;,=\s]+=)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
