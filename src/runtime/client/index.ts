/**
 * The client's surface: what generated client.ts imports (with the shared names of
 * ../index.ts), and what users of a generated client may import (transports).
 */
export { ServiceClient, type CallOptions, type CallOptionsWithHeaders, type ClientOptions } from './client.js';
export type { Transport, TransportRequest, TransportResponse } from './transport.js';
export { createHttp1Transport, HttpProtocolError, type Http1TransportOptions } from './transport-http1.js';
export { createNodeTransport, type NodeTransportOptions } from './transport-node.js';
export { fetchTransport } from './transport-fetch.js';
export { isDeclaredFault, type DeclaredFault } from './declared-faults.js';
