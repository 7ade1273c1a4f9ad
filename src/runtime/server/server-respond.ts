/**
 * Writing plain (non-SOAP) responses through the server seam (exchange.ts):
 * status codes with short text bodies, and the answer to a request whose body
 * was refused. Ships with generated code.
 */
import { TEXT_PLAIN_UTF8 } from '../wire/namespaces.js';
import type { HttpExchange } from './exchange.js';

/** Sends a text/plain response whose body is exactly `message` (as ASMX sends a fault reason over HTTP GET/POST). */
export function sendText(
  ex: HttpExchange,
  status: number,
  message: string,
  extraHeaders?: Readonly<Record<string, string>>,
): void {
  ex.send(status, TEXT_PLAIN_UTF8, message, extraHeaders);
}
