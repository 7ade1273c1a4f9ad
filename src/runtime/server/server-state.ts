/**
 * The per-handler state shared by the SOAP and HTTP request paths: resolved
 * options, implementations and the service's types. Built once in
 * `createServiceHandler`. Ships with generated code.
 */
import type { ServiceDesc } from '../wire/descriptors.js';
import type { NonceCache, UsernameTokenChecker, UsernameTokenPolicy } from '../wire/ws-security-policy.js';
import type { BodyLimits } from './exchange.js';
import type { OperationImpl, RequestContext } from './server-types.js';

/** Resolved handler settings and lookups. */
export interface HandlerState {
  readonly service: ServiceDesc;
  readonly types: ServiceDesc['types'];
  /** Implementations by WSDL operation name. */
  readonly impls: ReadonlyMap<string, OperationImpl>;
  readonly limits: BodyLimits;
  readonly maxDepth: number;
  readonly debug: boolean;
  readonly onError: ((err: unknown, ctx: RequestContext) => void) | undefined;
  /** WS-Security UsernameToken checking (`HandlerOptions.wsSecurity`), or undefined. */
  readonly security:
    | {
        readonly policy: UsernameTokenPolicy;
        readonly nonces: NonceCache;
        readonly check: UsernameTokenChecker['check'];
      }
    | undefined;
  /** `HandlerOptions.mtom`: `true` always, `false` never, `undefined` in kind. */
  readonly mtom: boolean | undefined;
  readonly mtomThreshold: number;
  readonly maxParts: number;
}

/**
 * Tells the handler's `onError` about an error. An `onError` that throws is
 * ignored: the request is still answered with its fault.
 */
export function reportError(state: HandlerState, err: unknown, ctx: RequestContext): void {
  if (state.onError === undefined) return;
  try {
    state.onError(err, ctx);
  } catch {
    // The hook's own failure must not replace the answer the client is owed.
  }
}
