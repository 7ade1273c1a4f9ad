/**
 * Reading request bodies, and the answers for bodies that could not be read
 * (RFC 9110 §15.5.16 415 Unsupported Media Type for an unknown charset,
 * §15.5.14 413 Content Too Large, §15.5.9 408 Request Timeout). The connection
 * is closed after 413 and 408 so a slow or oversized upload cannot hold the socket.
 * Ships with generated code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodingOf, type MediaType } from './content-type.js';
import { BodyReadError, decodeBody, readBody } from './http-body.js';
import { sendText, sendTextAndClose } from './server-respond.js';
import type { HandlerState } from './server-state.js';

/**
 * Reads and decodes a request body within the handler's limits. Returns the
 * text, or `undefined` once it has answered the request itself (415 for a
 * charset it cannot decode, 413/408/500 per {@link sendBodyError}).
 */
export async function readRequestText(
  state: HandlerState,
  req: IncomingMessage,
  res: ServerResponse,
  mediaType: MediaType | undefined,
): Promise<string | undefined> {
  const encoding = encodingOf(mediaType?.params['charset']);
  if (encoding === undefined) {
    sendText(res, 415, `Unsupported charset: ${mediaType?.params['charset'] ?? ''}.`);
    return undefined;
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, state.limits);
  } catch (err) {
    sendBodyError(req, res, err);
    return undefined;
  }
  return decodeBody(raw, encoding);
}

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
