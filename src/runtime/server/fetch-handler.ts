/**
 * The server as a Fetch API handler, `(request: Request) => Promise<Response>`,
 * for Bun (`Bun.serve({ fetch })`), Deno (`Deno.serve(handler)`), a Workers
 * module (`export default { fetch }`), a Next.js App Router route, Hono, and any
 * other host of the Fetch API. It answers as the node:http handler does (the same
 * core, server.ts: statuses, faults, body limits, `?wsdl` naming the address the
 * request came to); paths the service does not own get 404.
 *
 * Ships with generated code: web standards only.
 */
import type { ServiceDesc } from '../wire/descriptors.js';
import { FetchExchange } from './fetch-exchange.js';
import { createServiceCore } from './server.js';
import type { FetchHandler, FetchRequestContext, HandlerOptions, OperationImpl } from './server-types.js';

/**
 * Creates the Fetch API handler of `service`, answering with `impls` (keyed by
 * WSDL operation name). Header and whole-request time limits are the host's.
 * @throws TypeError when an operation the service serves has no implementation,
 *   Error when `options.wsdl` is not well-formed XML.
 */
export function createFetchHandler(
  service: ServiceDesc,
  impls: Readonly<Record<string, OperationImpl<FetchRequestContext>>>,
  options: HandlerOptions<FetchRequestContext> = {},
): FetchHandler {
  const serve = createServiceCore(service, impls, options, 'createFetchHandler');
  return function fetchHandler(request: Request): Promise<Response> {
    const ex = new FetchExchange(request);
    try {
      serve(ex, '404');
    } catch {
      ex.internalError();
    }
    return ex.responded();
  };
}
