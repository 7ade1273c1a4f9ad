/**
 * Hooks and logging around a client's transport: `onRequest` sees (and may
 * change) each outgoing request as text and headers, `onResponse` each response,
 * `onError` each failed call; a {@link ClientLogger} gets one line per exchange with
 * secrets redacted (redact.ts). A client without hooks or logger uses its
 * transport directly: none of this is on its path.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { latin1Decode, latin1Encode } from '../bytes/index.js';
import { redactHeaders, redactText, type RedactOptions } from './redact.js';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

/** An outgoing request as hooks see it: change `url`, `headers` or `body` in place. */
export interface HookRequest {
  /** The WSDL operation name. */
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  /**
   * The envelope (SOAP), form or XML document; absent for GET. A multipart (MTOM,
   * SwA) body is given as Latin-1 text, one character per byte, and sent back as such.
   */
  body?: string;
}

/** A response as hooks see it: change `status`, `headers` or `body` in place before the client reads it. */
export interface HookResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body text; a multipart (MTOM, SwA) body as Latin-1 text, one character per byte. */
  body: string;
}

/** Hooks of a client (each optional; a hook may be async). */
export interface ClientHooks {
  /** Before a request is sent (e.g. to add a header, or sign the envelope). */
  readonly onRequest?: (request: HookRequest) => void | Promise<void>;
  /** After a response arrives, before it is read. */
  readonly onResponse?: (response: HookResponse, request: HookRequest) => void | Promise<void>;
  /** When a call fails (transport error, HTTP error, fault, bad response); the call still rejects with `error`. */
  readonly onError?: (error: unknown, info: { readonly operation: string }) => void;
}

/**
 * Where the client logs: `console` fits, as do pino/winston child loggers wrapped to
 * `(message, fields)`. Fields never hold passwords, tickets, tokens or credential headers.
 */
export interface ClientLogger {
  debug(message: string, fields: Readonly<Record<string, unknown>>): void;
  error(message: string, fields: Readonly<Record<string, unknown>>): void;
}

/** Options of {@link instrument}. */
export interface InstrumentOptions extends RedactOptions {
  readonly hooks?: ClientHooks;
  readonly logger?: ClientLogger;
}

/** The transport with hooks and logging around it (`operation` comes from the request). */
export function instrument(inner: Transport, options: InstrumentOptions): Transport {
  const { hooks, logger } = options;
  const onRequest = hooks?.onRequest;
  const onResponse = hooks?.onResponse;
  return async (req: TransportRequest): Promise<TransportResponse> => {
    const hr: HookRequest = {
      operation: req.operation ?? '',
      method: req.method,
      url: req.url,
      headers: { ...req.headers },
      ...(req.body !== undefined ? { body: bodyText(req.body) } : {}),
    };
    if (onRequest) await onRequest(hr);
    const sent: { -readonly [K in keyof TransportRequest]: TransportRequest[K] } = {
      ...req,
      url: hr.url,
      headers: hr.headers,
    };
    if (hr.body === undefined) delete sent.body;
    else if (req.body === undefined || typeof req.body === 'string' || hr.body !== bodyText(req.body))
      sent.body = bodyOf(hr.body, req.body);
    logger?.debug(`SOAP request ${hr.operation}`, {
      operation: hr.operation,
      method: hr.method,
      url: redactText(hr.url.href, options),
      headers: redactHeaders(hr.headers),
      body: hr.body === undefined ? undefined : redactText(hr.body, options),
    });
    const started = Date.now();
    let res: TransportResponse;
    try {
      res = await inner(sent);
    } catch (err) {
      logger?.error(`SOAP request ${hr.operation} failed`, {
        operation: hr.operation,
        url: redactText(hr.url.href, options),
        error: err instanceof Error ? redactText(err.message, options) : String(err),
        ms: Date.now() - started,
      });
      throw err;
    }
    const raw = res.raw;
    const out: HookResponse = { status: res.status, headers: { ...res.headers }, body: raw ? bodyText(raw) : res.body };
    if (onResponse) await onResponse(out, hr);
    logger?.debug(`SOAP response ${hr.operation}`, {
      operation: hr.operation,
      status: out.status,
      headers: redactHeaders(out.headers),
      body: redactText(out.body, options),
      ms: Date.now() - started,
    });
    if (raw === undefined) return out;
    return { status: out.status, headers: out.headers, body: '', raw: latin1Encode(out.body) };
  };
}

/** A body as hooks see it: text as it is, bytes as Latin-1 text. */
export function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : latin1Decode(body);
}

/** The body to send for hook text `text`: text, or bytes again when the request had bytes. */
function bodyOf(text: string, original: string | Uint8Array | undefined): string | Uint8Array {
  return original === undefined || typeof original === 'string' ? text : latin1Encode(text);
}
