/**
 * Answers for request bodies that could not be read (RFC 9110 §15.5.14 413
 * Content Too Large, §15.5.9 408 Request Timeout). The connection is closed
 * afterwards so a slow or oversized upload cannot hold the socket.
 * Ships with generated code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyReadError } from './http-body.js';
import { sendText, sendTextAndClose } from './server-respond.js';

/**
 * Answers a failed body read: 413 (too large), 408 (too slow), 500 (body consumed
 * by another middleware: a setup error), or just drops an aborted connection.
 */
export function sendBodyError(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (err instanceof BodyReadError) {
    if (err.kind === 'tooLarge') {
      sendTextAndClose(req, res, 413, 'Request body too large.');
      return;
    }
    if (err.kind === 'timeout') {
      sendTextAndClose(req, res, 408, 'Request body not received in time.');
      return;
    }
    if (err.kind === 'consumed') {
      sendText(res, 500, `Server configuration error: ${err.message}.`);
      return;
    }
  }
  req.socket.destroy();
}
