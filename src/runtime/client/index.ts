/**
 * The client's core surface: what generated client.ts imports (with the shared names
 * of ../index.ts), the default transport, hooks and declared faults. The optional
 * transports and features are modules of their own that users import directly
 * (`./transport-fetch.js`, `./transport-node.js`, `./transport-memory.js`,
 * `./transport-record.js`, `./cookies.js`, `./proxy.js`), so that an output written
 * without them (see `--runtime-features`) still compiles; nothing here may import them.
 */
export {
  ServiceClient,
  type CallMeta,
  type CallOptions,
  type CallOptionsWithHeaders,
  type ClientOptions,
  type ClientOptionsWithHeaders,
  type HttpAuth,
  type SoapHeaderContext,
  type SoapHeaderXml,
  type SoapHeaderXmlFunction,
} from './client.js';
export { instrument, type ClientHooks, type ClientLogger, type HookRequest, type HookResponse } from './hooks.js';
export { redactHeaders, redactText, REDACTED, type RedactOptions } from './redact.js';
export type { Transport, TransportRequest, TransportResponse } from './transport.js';
export { createHttp1Transport, HttpProtocolError, type Http1TransportOptions } from './transport-http1.js';
export { isDeclaredFault, type DeclaredFault } from './declared-faults.js';
