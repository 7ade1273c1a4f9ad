/**
 * The client's surface: what generated client.ts imports (with the shared names of
 * ../index.ts), and what users of a generated client may import (transports).
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
} from './client.js';
export { instrument, type ClientHooks, type ClientLogger, type HookRequest, type HookResponse } from './hooks.js';
export { redactHeaders, redactText, REDACTED, type RedactOptions } from './redact.js';
export { inMemoryTransport, type InMemoryTransportOptions, type RequestListener } from './transport-memory.js';
export {
  FixtureError,
  loadFixtures,
  recordingTransport,
  replayTransport,
  saveFixtures,
  type RecordedExchange,
  type Recorder,
  type RecordingOptions,
  type ReplayOptions,
} from './transport-record.js';
export type { Transport, TransportRequest, TransportResponse } from './transport.js';
export { createHttp1Transport, HttpProtocolError, type Http1TransportOptions } from './transport-http1.js';
export { createNodeTransport, type NodeTransportOptions } from './transport-node.js';
export { fetchTransport } from './transport-fetch.js';
export { isDeclaredFault, type DeclaredFault } from './declared-faults.js';
export { CookieError, CookieJar, splitSetCookie, withCookies } from './cookies.js';
export {
  bypassesProxy,
  createProxyTransport,
  ProxyError,
  proxyFromEnv,
  type ProxyTransportOptions,
} from './proxy.js';
