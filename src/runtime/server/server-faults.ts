/**
 * Turning errors into SOAP faults on the server, and sending them with the right
 * status: SOAP 1.1 always 500 (SOAP 1.1 §6.2); SOAP 1.2 400 for `env:Sender`
 * and 500 otherwise (SOAP 1.2 Part 2 §7.5.2.2, table 20).
 * Ships with generated code.
 */
import type { FaultDesc, ServiceDesc } from '../wire/descriptors.js';
import { SoapFault, writeFault } from '../wire/faults.js';
import { soapContentType, type SoapVersion } from '../wire/soap-envelope.js';
import { GENERIC_REASON, type HttpExchange } from './exchange.js';

export { SoapFault } from '../wire/faults.js';
export type { SoapVersion } from '../wire/soap-envelope.js';

/** A Client (SOAP 1.2: Sender) fault: the request is at fault. */
export function clientFault(reason: string): SoapFault {
  return new SoapFault({ code: 'Client', reason });
}

/**
 * The fault to answer for an error thrown by an implementation (or by writing
 * its result): a `SoapFault` as is; anything else a Server fault with a generic
 * reason, or — with `debug` — the error's message (and, in the fault detail,
 * its stack).
 */
export function faultFor(err: unknown, debug: boolean): SoapFault {
  if (err instanceof SoapFault) return err;
  if (!debug) return new SoapFault({ code: 'Server', reason: GENERIC_REASON });
  const msg = err instanceof Error ? err.message : String(err);
  return new SoapFault({ code: 'Server', reason: `${GENERIC_REASON} ---> ${msg}`, cause: err });
}

/** The HTTP status of a fault response (see the file comment). */
export function faultStatus(version: SoapVersion, fault: SoapFault): number {
  return version === '1.2' && fault.code === 'Client' ? 400 : 500;
}

/** What {@link sendFault} needs to write a typed fault detail. */
export interface FaultContext {
  readonly debug: boolean;
  /** The operation's declared faults (for a typed `detail`). */
  readonly faults?: readonly FaultDesc[] | undefined;
  readonly types?: ServiceDesc['types'] | undefined;
}

/**
 * Sends `fault` as a SOAP fault envelope of `version`. A fault whose detail
 * cannot be written (undeclared fault name, value not matching the declaration)
 * is sent as a Server fault with the generic reason instead.
 */
export function sendFault(ex: HttpExchange, version: SoapVersion, fault: SoapFault, context: FaultContext): void {
  let xml: string;
  let sent = fault;
  try {
    xml = writeFault(version, fault, context);
  } catch (err) {
    sent = faultFor(err, context.debug);
    xml = writeFault(version, sent, { debug: context.debug });
  }
  ex.send(
    faultStatus(version, sent),
    soapContentType(version),
    xml,
    sent.retryAfter === undefined ? undefined : { 'Retry-After': String(sent.retryAfter) },
  );
}

/**
 * Status and headers of a fault answered over HTTP GET/POST (no envelope): 500,
 * or for a temporary failure ({@link SoapFault.retryAfter}) 503 for a Server
 * fault and 429 for a Client one, with `Retry-After`.
 */
export function httpFaultStatus(fault: SoapFault): {
  status: number;
  headers: Readonly<Record<string, string>> | undefined;
} {
  if (fault.retryAfter === undefined) return { status: 500, headers: undefined };
  return { status: fault.code === 'Client' ? 429 : 503, headers: { 'Retry-After': String(fault.retryAfter) } };
}
