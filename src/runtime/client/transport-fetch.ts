/**
 * A transport over an injected `fetch` (for tests, proxies, custom dispatchers,
 * or non-Node runtimes), with the same size cap and abort behaviour as the
 * node:http transport.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { concatBytes } from '../bytes/index.js';
import {
  abortReason,
  toResponse,
  timeoutError,
  tooLarge,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';

/** The part of `fetch` the transport calls: the global `fetch`, undici's, a test double. */
export type FetchFunction = (input: URL, init: RequestInit) => Promise<Response>;

/** Creates a transport that performs requests with `fetchFn`. */
export function fetchTransport(fetchFn: FetchFunction): Transport {
  return async (req: TransportRequest): Promise<TransportResponse> => {
    let { signal } = req;
    if (signal?.aborted) throw abortReason(signal);
    const ms = req.timeoutMs;
    let cleanup: (() => void) | undefined;
    if (ms !== undefined && ms > 0) {
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(timeoutError(ms)), ms);
      const user = signal;
      const onUser = (): void => ctl.abort(user ? abortReason(user) : undefined);
      user?.addEventListener('abort', onUser, { once: true });
      cleanup = () => {
        clearTimeout(timer);
        user?.removeEventListener('abort', onUser);
      };
      signal = ctl.signal;
    }
    try {
      return await exchange(fetchFn, req, signal);
    } finally {
      cleanup?.();
    }
  };
}

/** One fetch exchange with the size cap. */
async function exchange(
  fetchFn: FetchFunction,
  req: TransportRequest,
  signal: AbortSignal | undefined,
): Promise<TransportResponse> {
  // Redirects are not followed (as by the other transports): a 3xx answers the call as an HttpError.
  // Following one would re-send the envelope, credentials and headers to wherever Location points.
  const init: RequestInit = { method: req.method, headers: { ...req.headers }, redirect: 'manual' };
  // Bytes (a multipart body) as a copy over a plain ArrayBuffer, which every BodyInit typing accepts.
  if (req.body !== undefined) init.body = typeof req.body === 'string' ? req.body : new Uint8Array(req.body);
  if (signal) init.signal = signal;
  let res: Response;
  try {
    res = await fetchFn(req.url, init);
  } catch (err) {
    if (signal?.aborted) throw abortReason(signal);
    throw err;
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    // Iteration gives each Set-Cookie on its own (Fetch §5.2 "sort and combine"): join them as the other transports do.
    const name = k.toLowerCase();
    const had = headers[name];
    headers[name] = had === undefined ? v : `${had}, ${v}`;
  });
  const declared = Number(headers['content-length']);
  if (declared > req.maxResponseBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(res.status, req.maxResponseBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > req.maxResponseBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge(res.status, req.maxResponseBytes);
        }
        chunks.push(value);
      }
    } catch (err) {
      if (signal?.aborted) throw abortReason(signal);
      throw err;
    }
  }
  return toResponse(res.status, headers, concatBytes(chunks, size));
}
