/**
 * The seam between the SOAP server core and the optional WS-Security module
 * (ws-security.ts): the types of the server's WS-Security options and results, the
 * error whose code becomes the WS-Security fault, and the slot the module fills when
 * it is loaded. The server core never imports the module, so an output whose
 * contract declares no WS-Security policy does not carry it.
 *
 * The module is loaded by the generated schema.ts of a contract with a
 * WS-SecurityPolicy UsernameToken assertion, or by the user, who generates with
 * `--runtime-features ws-security` and imports it (`wsSecurityHeader` for a client;
 * `import './runtime/wire/ws-security.js'` once for a server). Without it,
 * `HandlerOptions.wsSecurity` is refused when the handler is made, and a request whose
 * `wsse:Security` header is marked mustUnderstand gets the MustUnderstand fault
 * (SOAP 1.1 §4.2.3, SOAP 1.2 Part 1 §5.2.3), as for any header nobody checks.
 *
 * Ships with generated code.
 */
import type { XmlElement } from '../xml/xml-tree.js';
import { optionalModuleMissing } from './codec-extensions.js';

/** The WS-Security fault codes (SOAP Message Security 1.0 §12), as local names in the `wsse` namespace. */
export type WsSecurityFaultCode =
  | 'UnsupportedSecurityToken'
  | 'InvalidSecurity'
  | 'InvalidSecurityToken'
  | 'FailedAuthentication'
  | 'MessageExpired';

/** A refused `wsse:Security` header: `code` is the WS-Security fault to answer with. */
export class WsSecurityError extends Error {
  override name = 'WsSecurityError';
  readonly code: WsSecurityFaultCode;
  constructor(code: WsSecurityFaultCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** Remembers nonces for a while, to refuse a replayed digest (UsernameToken Profile 1.0 §3.1). */
export interface NonceCache {
  /** Records `nonce` until `expiresAt` (ms; `now` is the checker's clock); returns false when it is there unexpired. */
  add(nonce: string, expiresAt: number, now: number): boolean;
}

/** How the server checks a UsernameToken. */
export interface UsernameTokenPolicy {
  /** The password of `username`, or undefined for an unknown user. */
  readonly password: (username: string) => string | undefined | Promise<string | undefined>;
  /** Accept `PasswordText` (default true) and `PasswordDigest` (default true). */
  readonly allowText?: boolean;
  readonly allowDigest?: boolean;
  /** How far `Created` (token and Timestamp) may be from the server's clock, in seconds (default 300). */
  readonly maxSkewSeconds?: number;
  /** Where nonces of digests are remembered (default: an in-memory cache per handler). */
  readonly nonceCache?: NonceCache;
  /** The clock (ms since the epoch); default `Date.now`. For tests. */
  readonly now?: () => number;
}

/** What a checked Security header established. */
export interface WsSecurityResult {
  readonly username: string;
  readonly passwordType: 'PasswordText' | 'PasswordDigest';
}

/** What the WS-Security module (ws-security.ts) gives the server core. */
export interface UsernameTokenChecker {
  /**
   * Checks the `wsse:Security` block among the children of a request's SOAP Header.
   * @throws WsSecurityError (as a rejection) with the fault code to answer
   */
  readonly check: (
    header: XmlElement | undefined,
    policy: UsernameTokenPolicy,
    nonces: NonceCache,
  ) => Promise<WsSecurityResult>;
  /** A new in-memory nonce cache (the default of {@link UsernameTokenPolicy.nonceCache}). */
  readonly nonceCache: () => NonceCache;
}

/** The loaded WS-Security module's checker, set by ws-security.ts when it is loaded. */
export const wsSecuritySupport: { checker: UsernameTokenChecker | undefined } = { checker: undefined };

/** The message of a WS-Security need the runtime cannot meet without the WS-Security module. */
export function wsSecurityMissing(what: string): string {
  return optionalModuleMissing(what, 'WS-Security', 'wire/ws-security', 'ws-security', 'a UsernameToken policy');
}
