/**
 * The request handlers of a service from an implementation object whose methods
 * are named like the operations' `method` (what generated `create<S>Handler` and
 * `create<S>FetchHandler` functions call): the generated code passes the object
 * as is, so the user's compiler checks one call per service instead of one typed
 * wrapper per operation. The method types are the generated `<S>Service`
 * interface's: the runtime decodes each input according to the descriptor before
 * calling them.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { OperationDesc, ServiceDesc } from '../wire/descriptors.js';
import { createFetchHandler } from './fetch-handler.js';
import { createServiceHandler } from './server.js';
import type {
  FetchHandler,
  FetchRequestContext,
  HandlerOptions,
  OperationContext,
  OperationImpl,
  ServiceHandler,
} from './server-types.js';
import { withSoapHeaders } from './soap-headers.js';

/** A method of an implementation object, as the runtime calls it. */
type ImplMethod = (this: object, input: unknown, ctx: OperationContext) => unknown;

/** Whether an operation declares SOAP header parts (WSDL 1.1 §3.7): its method then gets `ctx.soapHeaders` always set. */
function declaresHeaders(op: OperationDesc): boolean {
  return op.soap11?.input.headers !== undefined || op.soap12?.input.headers !== undefined;
}

/** The method of `impl` that implements `op`, looked up per call (as `impl.method(…)` would be). */
function methodOf(impl: object, op: OperationDesc): ImplMethod {
  const found = (impl as Readonly<Record<string, unknown>>)[op.method];
  // An Object.prototype member (`toString`) is no implementation.
  if (typeof found !== 'function' || found === (Object.prototype as unknown as Record<string, unknown>)[op.method]) {
    throw new TypeError(`the implementation has no method ${op.method} (operation ${op.name})`);
  }
  return found as ImplMethod;
}

/**
 * The operation implementations calling the methods of `impl`, found by each
 * operation's `method` name when a request calls it (own or inherited, called
 * with `impl` as `this`), as a wrapper calling `impl.method(…)` would: a method
 * missing at that time is an implementation error (a generic server fault; the
 * message only with `debug`). Operations with declared SOAP header parts get a
 * context whose `soapHeaders` is set (`{}` when none was sent), as
 * {@link withSoapHeaders} gives.
 */
function implementationsOf<Ctx extends OperationContext>(
  service: ServiceDesc,
  impl: object,
): Record<string, OperationImpl<Ctx>> {
  const impls: Record<string, OperationImpl<Ctx>> = {};
  for (const op of service.operations) {
    impls[op.name] = declaresHeaders(op)
      ? (input, ctx) => methodOf(impl, op).call(impl, input, withSoapHeaders(ctx))
      : (input, ctx) => methodOf(impl, op).call(impl, input, ctx);
  }
  return impls;
}

/** Creates the node:http request handler of `service` answering with the methods of `impl` (see {@link implementationsOf}). */
export function createImplementationHandler(
  service: ServiceDesc,
  impl: object,
  options: HandlerOptions = {},
): ServiceHandler {
  return createServiceHandler(service, implementationsOf(service, impl), options);
}

/** Creates the Fetch API handler of `service` answering with the methods of `impl` (see {@link implementationsOf}). */
export function createImplementationFetchHandler(
  service: ServiceDesc,
  impl: object,
  options: HandlerOptions<FetchRequestContext> = {},
): FetchHandler {
  return createFetchHandler(service, implementationsOf<FetchRequestContext>(service, impl), options);
}
