/**
 * WS-Security 1.0 UsernameToken and Timestamp: building the `wsse:Security`
 * header block (client side) and checking one (server side).
 *
 * - OASIS Web Services Security UsernameToken Profile 1.0 (2004), §3.1:
 *   `Password Type="#PasswordText"` carries the password; `#PasswordDigest` carries
 *   `Base64(SHA-1(nonce + created + password))`, where nonce is the decoded bytes of
 *   `wsse:Nonce` and created the text of `wsu:Created` (§3.1 the digest formula; §3.1
 *   the recommendation to cache nonces and refuse stale `Created` values).
 * - OASIS Web Services Security: SOAP Message Security 1.0 (2004), §10 (`wsu:Timestamp`
 *   with `wsu:Created`/`wsu:Expires`) and §12 (the fault codes:
 *   `wsse:UnsupportedSecurityToken`, `wsse:InvalidSecurity`, `wsse:InvalidSecurityToken`,
 *   `wsse:FailedAuthentication`, `wsse:MessageExpired`).
 *
 * The digest is SHA-1 from `node:crypto` where the host has it (synchronous), else
 * Web Crypto's (asynchronous: the header function then returns a promise, which the
 * client awaits).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import {
  base64Decode,
  base64Encode,
  constantTimeEqual,
  digestSync,
  randomBytes,
  utf8Encode,
  webDigest,
} from '../bytes/index.js';
import { escapeAttr, escapeText } from '../xml/xml-write.js';
import type { XmlElement } from '../xml/xml-parse.js';

import { WSSE_NS, WSU_NS } from './namespaces.js';
import {
  type NonceCache,
  type UsernameTokenPolicy,
  WsSecurityError,
  type WsSecurityResult,
  wsSecuritySupport,
} from './ws-security-policy.js';

export { WSSE_NS, WSU_NS };
export {
  type NonceCache,
  type UsernameTokenPolicy,
  WsSecurityError,
  type WsSecurityFaultCode,
  type WsSecurityResult,
} from './ws-security-policy.js';
import type { OptionalModule } from './descriptor-data.js';
const PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';
/** `Password/@Type` of a clear-text password. */
export const PASSWORD_TEXT: string = `${PROFILE}#PasswordText`;
/** `Password/@Type` of a digest. */
export const PASSWORD_DIGEST: string = `${PROFILE}#PasswordDigest`;
/** `Nonce/@EncodingType` of base64 nonces. */
export const BASE64_BINARY =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

/** Options of {@link wsSecurityHeader}. */
export interface WsSecurityOptions {
  readonly username: string;
  readonly password: string;
  /** `PasswordDigest` (default) or `PasswordText` (only over TLS). */
  readonly passwordType?: 'PasswordDigest' | 'PasswordText';
  /** Add a `wsu:Timestamp` whose `Expires` is this many seconds after `Created` (default 300; 0 for no Timestamp). */
  readonly timestampTtlSeconds?: number;
  /** Send `Nonce` and `Created` with a `PasswordText` token too (default false; a digest always has them). */
  readonly nonceWithText?: boolean;
  /** Mark the block `mustUnderstand` (default true, as zeep and WCF send it). */
  readonly mustUnderstand?: boolean;
  /** The clock (ms since the epoch); default `Date.now`. For tests. */
  readonly now?: () => number;
  /** The nonce bytes (default 16 random bytes). For tests and test vectors. */
  readonly nonce?: () => Uint8Array;
}

/** `Base64(SHA-1(nonce + created + password))` (UsernameToken Profile 1.0 §3.1). */
export async function passwordDigest(nonce: Uint8Array, created: string, password: string): Promise<string> {
  return passwordDigestNow(nonce, created, password);
}

/** {@link passwordDigest}, at once where the host hashes synchronously (Node, Bun, Deno), else a promise (Web Crypto). */
function passwordDigestNow(nonce: Uint8Array, created: string, password: string): string | Promise<string> {
  const now = digestSync('SHA-1', nonce, created, password);
  if (now !== undefined) return base64Encode(now);
  return webDigest('SHA-1', nonce, created, password).then(base64Encode);
}

/** An xsd:dateTime in UTC with milliseconds, as WCF and zeep write it. */
function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * A function that writes a fresh `wsse:Security` block on each call (new nonce,
 * new times): pass it as `soapHeaderXml` of a client. `envelopeNs` is the
 * SOAP envelope namespace (for `mustUnderstand`). With a digest, it returns a
 * promise on hosts whose only SHA-1 is Web Crypto's (browsers, workerd without
 * Node compatibility); the client awaits it.
 */
export function wsSecurityHeader(
  options: WsSecurityOptions,
): (context: { readonly envelopeNs: string }) => string | Promise<string> {
  const type = options.passwordType ?? 'PasswordDigest';
  if (type !== 'PasswordDigest' && type !== 'PasswordText')
    throw new TypeError(`wsSecurity: passwordType must be 'PasswordDigest' or 'PasswordText', not ${String(type)}`);
  const ttl = options.timestampTtlSeconds ?? 300;
  const now = options.now ?? Date.now;
  const makeNonce = options.nonce ?? (() => randomBytes(16));
  const mu = options.mustUnderstand ?? true;
  const user = escapeText(options.username);
  return ({ envelopeNs }) => {
    const t = now();
    const created = isoUtc(t);
    let x = `<wsse:Security xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}"`;
    if (mu) x += ` xmlns:se="${escapeAttr(envelopeNs)}" se:mustUnderstand="1"`;
    x += '>';
    if (ttl > 0) {
      x += `<wsu:Timestamp wsu:Id="TS-1"><wsu:Created>${created}</wsu:Created><wsu:Expires>${isoUtc(t + ttl * 1000)}</wsu:Expires></wsu:Timestamp>`;
    }
    x += `<wsse:UsernameToken wsu:Id="UT-1"><wsse:Username>${user}</wsse:Username>`;
    if (type === 'PasswordDigest') {
      const nonce = makeNonce();
      x += `<wsse:Password Type="${PASSWORD_DIGEST}">`;
      const rest = `</wsse:Password><wsse:Nonce EncodingType="${BASE64_BINARY}">${base64Encode(nonce)}</wsse:Nonce><wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security>`;
      const digest = passwordDigestNow(nonce, created, options.password);
      return typeof digest === 'string' ? x + digest + rest : digest.then((d) => x + d + rest);
    } else {
      x += `<wsse:Password Type="${PASSWORD_TEXT}">${escapeText(options.password)}</wsse:Password>`;
      if (options.nonceWithText === true) {
        x += `<wsse:Nonce EncodingType="${BASE64_BINARY}">${base64Encode(makeNonce())}</wsse:Nonce>`;
        x += `<wsu:Created>${created}</wsu:Created>`;
      }
    }
    return `${x}</wsse:UsernameToken></wsse:Security>`;
  };
}

/** An in-memory {@link NonceCache} bounded to `max` entries (oldest dropped first). */
export function memoryNonceCache(max = 100_000): NonceCache {
  const seen = new Map<string, number>();
  return {
    add(nonce, expiresAt, now) {
      const old = seen.get(nonce);
      if (old !== undefined && old > now) return false;
      seen.delete(nonce);
      seen.set(nonce, expiresAt);
      // Drop expired entries from the front (insertion order is roughly expiry order), then enforce the bound.
      for (const [k, exp] of seen) {
        if (exp > now && seen.size <= max) break;
        seen.delete(k);
      }
      return true;
    },
  };
}

function child(el: XmlElement, ns: string, name: string): XmlElement | undefined {
  for (const c of el.children) if (typeof c !== 'string' && c.name === name && c.ns === ns) return c;
  return undefined;
}

function textOf(el: XmlElement): string {
  let s = '';
  for (const c of el.children) if (typeof c === 'string') s += c;
  return s.trim();
}

function attrOf(el: XmlElement, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name && a.ns === '')?.value;
}

/** The `wsse:Security` block among a SOAP Header's children. */
export function findSecurityHeader(header: XmlElement | undefined): XmlElement | undefined {
  return header === undefined ? undefined : child(header, WSSE_NS, 'Security');
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function timeOf(el: XmlElement, what: string): number {
  const text = textOf(el);
  const t = DATE_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(t))
    throw new WsSecurityError('InvalidSecurity', `${what} is not an xsd:dateTime: ${JSON.stringify(text)}`);
  return t;
}

/**
 * Checks the `wsse:Security` block of a request: its Timestamp (not expired, not
 * from the future beyond the skew) and its UsernameToken (known user, right
 * password or digest, digest nonce not seen before, `Created` within the skew).
 * @throws WsSecurityError with the fault code to answer
 */
export async function checkSecurityHeader(
  security: XmlElement | undefined,
  policy: UsernameTokenPolicy,
  nonces: NonceCache,
): Promise<WsSecurityResult> {
  if (security === undefined)
    throw new WsSecurityError(
      'InvalidSecurity',
      'the request has no wsse:Security header, which this service requires',
    );
  const now = (policy.now ?? Date.now)();
  const skew = (policy.maxSkewSeconds ?? 300) * 1000;
  const ts = child(security, WSU_NS, 'Timestamp');
  if (ts !== undefined) {
    const c = child(ts, WSU_NS, 'Created');
    const e = child(ts, WSU_NS, 'Expires');
    if (c !== undefined && timeOf(c, 'wsu:Timestamp/wsu:Created') > now + skew)
      throw new WsSecurityError('MessageExpired', 'wsu:Timestamp/wsu:Created is in the future');
    if (e !== undefined && timeOf(e, 'wsu:Timestamp/wsu:Expires') + skew < now)
      throw new WsSecurityError('MessageExpired', 'the message has expired (wsu:Timestamp/wsu:Expires is past)');
  }
  const token = child(security, WSSE_NS, 'UsernameToken');
  if (token === undefined)
    throw new WsSecurityError('UnsupportedSecurityToken', 'the wsse:Security header has no wsse:UsernameToken');
  const userEl = child(token, WSSE_NS, 'Username');
  const passEl = child(token, WSSE_NS, 'Password');
  if (userEl === undefined || passEl === undefined)
    throw new WsSecurityError('InvalidSecurityToken', 'wsse:UsernameToken needs wsse:Username and wsse:Password');
  const username = textOf(userEl);
  const type = attrOf(passEl, 'Type') ?? PASSWORD_TEXT;
  const given = textOf(passEl);
  const nonceEl = child(token, WSSE_NS, 'Nonce');
  const createdEl = child(token, WSU_NS, 'Created');
  const created = createdEl === undefined ? undefined : timeOf(createdEl, 'wsse:UsernameToken/wsu:Created');
  if (created !== undefined && Math.abs(created - now) > skew)
    throw new WsSecurityError('MessageExpired', 'wsse:UsernameToken/wsu:Created is outside the allowed clock skew');
  const digest = type === PASSWORD_DIGEST;
  if (!digest && type !== PASSWORD_TEXT)
    throw new WsSecurityError('UnsupportedSecurityToken', `unsupported wsse:Password Type ${JSON.stringify(type)}`);
  if (digest ? policy.allowDigest === false : policy.allowText === false)
    throw new WsSecurityError(
      'UnsupportedSecurityToken',
      `this service does not accept ${digest ? 'PasswordDigest' : 'PasswordText'} tokens`,
    );
  let nonce: Uint8Array | undefined;
  if (nonceEl !== undefined) {
    const enc = attrOf(nonceEl, 'EncodingType');
    if (enc !== undefined && enc !== BASE64_BINARY)
      throw new WsSecurityError('InvalidSecurityToken', `unsupported wsse:Nonce EncodingType ${JSON.stringify(enc)}`);
    try {
      nonce = base64Decode(textOf(nonceEl));
    } catch {
      throw new WsSecurityError('InvalidSecurityToken', 'wsse:Nonce is not base64');
    }
  }
  if (digest && (nonce === undefined || createdEl === undefined))
    throw new WsSecurityError('InvalidSecurityToken', 'a PasswordDigest token needs wsse:Nonce and wsu:Created');
  const expected = await policy.password(username);
  // Unknown user and wrong password answer the same fault: the client learns nothing about which users exist.
  const ok =
    expected !== undefined &&
    (digest ? same(await passwordDigestNow(nonce!, textOf(createdEl!), expected), given) : same(expected, given));
  if (!ok)
    throw new WsSecurityError('FailedAuthentication', 'The security token could not be authenticated or authorized');
  // Remember the nonce only once the token is authentic: a forged one must not burn a client's nonce.
  if (nonce !== undefined && !nonces.add(base64Encode(nonce), (created ?? now) + 2 * skew, now))
    throw new WsSecurityError('FailedAuthentication', 'the nonce of this token was already used (a replayed message)');
  return { username, passwordType: digest ? 'PasswordDigest' : 'PasswordText' };
}

/** Constant-time string comparison. */
function same(a: string, b: string): boolean {
  return constantTimeEqual(utf8Encode(a), utf8Encode(b));
}

// The server's check (HandlerOptions.wsSecurity), given to the server core through ws-security-policy.ts.
wsSecuritySupport.checker = {
  check: (header, policy, nonces) => checkSecurityHeader(findSecurityHeader(header), policy, nonces),
  nonceCache: () => memoryNonceCache(),
};

/** This module's mark, which a generated schema.ts hands to `SchemaData` (see `OptionalModule`). */
export const wsSecurityModule: OptionalModule = { module: 'wire/ws-security' };
