/**
 * Reading request bodies, and the answers for bodies that could not be read
 * (RFC 9110 §15.5.16 415 Unsupported Media Type for an unknown charset,
 * §15.5.14 413 Content Too Large, §15.5.9 408 Request Timeout). The connection
 * is closed after 413 and 408 (where the platform lets the handler) so a slow or
 * oversized upload cannot hold the socket. Ships with generated code.
 */
import type { MediaType } from '../wire/content-type.js';
import { BodyReadError, type HttpExchange } from './exchange.js';
import { decodeXmlBody, isSupportedCharset, XmlEncodingError } from '../xml/xml-decode.js';
import { sendText } from './server-respond.js';
import type { HandlerState } from './server-state.js';

/**
 * Reads and decodes a request body within the handler's limits. Resolves to the
 * text, or to `undefined` once it has answered the request itself (415 for a
 * charset it cannot decode, 413/408/500 per {@link sendBodyError}).
 */
export function readRequestText(
  state: HandlerState,
  ex: HttpExchange,
  mediaType: MediaType | undefined,
): Promise<string | undefined> {
  return new Promise((resolve) => readRequestTextThen({ state, ex, mediaType, onText: resolve }));
}

/** A request whose body {@link readRequestTextThen} reads, and what receives the text. */
export interface TextRequest {
  readonly state: HandlerState;
  readonly ex: HttpExchange;
  readonly mediaType: MediaType | undefined;
  /**
   * Called exactly once: with the text, or with `undefined` after the request
   * was answered. Runs in an event listener: it must not throw.
   */
  onText(text: string | undefined): void;
}

/**
 * {@link readRequestText} without a promise: calls `x.onText` exactly once, with
 * the text (from the request's 'end' event, or at once when the body is already
 * known), or with `undefined` after answering the request itself. Takes one
 * object rather than a callback so that a server makes no closures per request.
 */
export function readRequestTextThen(x: TextRequest): void {
  const charset = x.mediaType?.params['charset'];
  if (charset !== undefined && !isSupportedCharset(charset)) {
    sendText(x.ex, 415, `Unsupported charset: ${charset}.`);
    x.onText(undefined);
    return;
  }
  x.ex.readBody(x.state.limits, bodyRead, x);
}

function bodyRead(err: BodyReadError | undefined, raw: Uint8Array | undefined, x: TextRequest): void {
  if (raw === undefined) {
    sendBodyError(x.ex, err);
    x.onText(undefined);
    return;
  }
  let text: string;
  try {
    text = decodeXmlBody(raw, x.mediaType?.params['charset']);
  } catch (err) {
    if (!(err instanceof XmlEncodingError)) x.ex.internalError();
    else if (err.problem === 'unsupported') sendText(x.ex, 415, `Unsupported charset: ${err.encoding}.`);
    else sendText(x.ex, 400, `The request body is not valid ${err.encoding}.`);
    x.onText(undefined);
    return;
  }
  x.onText(text);
}

/**
 * Answers a failed body read: 413 (too large), 408 (too slow), 500 (body consumed
 * by another middleware: a setup error), or just drops an aborted connection.
 */
export function sendBodyError(ex: HttpExchange, err: unknown): void {
  if (err instanceof BodyReadError) {
    if (err.kind === 'tooLarge') {
      ex.sendAndClose(413, 'Request body too large.');
      return;
    }
    if (err.kind === 'timeout') {
      ex.sendAndClose(408, 'Request body not received in time.');
      return;
    }
    if (err.kind === 'consumed') {
      sendText(ex, 500, `Server configuration error: ${err.message}.`);
      return;
    }
  }
  ex.drop();
}
