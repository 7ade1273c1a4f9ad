/**
 * The server's surface: what generated server.ts imports (with the shared names of
 * ../index.ts), and what users implementing a generated service may import.
 */
export { withSoapHeaders, type SoapHeadersContext } from './soap-headers.js';
export { addResponseAttachment } from './response-attachments.js';
export { createImplementationHandler } from './impl-handler.js';
export {
  createServiceHandler,
  defineOperation,
  type HandlerOptions,
  type OperationImpl,
  type RequestContext,
  type ServiceHandler,
} from './server.js';
