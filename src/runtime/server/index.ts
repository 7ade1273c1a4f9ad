/**
 * The server's surface: what generated server.ts imports (with the shared names of
 * ../index.ts), and what users implementing a generated service may import.
 */
export { withSoapHeaders, type SoapHeadersContext } from './soap-headers.js';
export { addResponseAttachment } from './response-attachments.js';
export { createImplementationFetchHandler, createImplementationHandler } from './impl-handler.js';
export { createFetchHandler } from './fetch-handler.js';
export {
  createServiceHandler,
  defineOperation,
  type HandlerOptions,
  type OperationImpl,
  type RequestContext,
  type ServiceHandler,
} from './server.js';
export type {
  AnyRequestContext,
  CorsOptions,
  FetchHandler,
  FetchRequestContext,
  OperationContext,
} from './server-types.js';
