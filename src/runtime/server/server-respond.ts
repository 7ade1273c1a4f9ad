/**
 * Writing plain (non-SOAP) responses: status codes with short text bodies, XML
 * documents, and closing a connection whose request body was refused.
 * Ships with generated code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TEXT_PLAIN_UTF8 } from '../wire/namespaces.js';

/** How long a refused connection may linger after its answer was sent, so the client can read it before the socket closes. */
const CLOSE_GRACE_MS = 1000;

/** Sends a complete response with a body and an exact `Content-Length`. */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
  extraHeaders?: Readonly<Record<string, string>>,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const length = Buffer.byteLength(body);
  if (extraHeaders === undefined) {
    res.writeHead(status, ['Content-Type', contentType, 'Content-Length', String(length)]);
  } else {
    const headers: string[] = ['Content-Type', contentType, 'Content-Length', String(length)];
    for (const name in extraHeaders) headers.push(name, extraHeaders[name]!);
    res.writeHead(status, headers);
  }
  res.end(body);
}

/**
 * {@link send} of a 200 response whose body's UTF-8 length is already known (a write
 * plan counts it): the body, often a tree of concatenated strings, is flattened
 * only once, when the socket writes it, instead of also to count its bytes.
 */
export function sendCounted(res: ServerResponse, contentType: string, body: string, byteLength: number): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(200, ['Content-Type', contentType, 'Content-Length', String(byteLength)]);
  res.end(body);
}

/** Sends a text/plain response whose body is exactly `message` (as ASMX sends a fault reason over HTTP GET/POST). */
export function sendText(
  res: ServerResponse,
  status: number,
  message: string,
  extraHeaders?: Readonly<Record<string, string>>,
): void {
  send(res, status, TEXT_PLAIN_UTF8, message, extraHeaders);
}

function destroySocket(this: IncomingMessage): void {
  this.socket.destroy();
}

/**
 * Answers a request whose body was refused (too large, too slow) and closes the
 * connection: `Connection: close`, nothing more is read, and the socket is
 * destroyed shortly after the answer is flushed (the grace lets the client read
 * the answer instead of seeing a reset).
 */
export function sendTextAndClose(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  req.pause();
  sendText(res, status, message, { Connection: 'close' });
  res.once('finish', () => {
    setTimeout(destroySocket.bind(req), CLOSE_GRACE_MS).unref();
  });
}

/**
 * Last-resort answer for a bug in the runtime itself (never the implementation's
 * errors, which become faults): 500 if nothing was sent yet, else the socket is dropped.
 */
export function sendInternalError(res: ServerResponse): void {
  if (!res.headersSent) sendText(res, 500, 'Server was unable to process request.');
  else res.destroy();
}
