/**
 * Fetching one remote document for `wsdlc vendor`, bounded: http(s) only (also after
 * redirects), a byte limit enforced while reading, and a timeout.
 */
import { isHttpUrl } from '../load/display-name.js';

/** A fetched document. */
export interface Fetched {
  readonly bytes: Uint8Array;
  /** The URL after redirects: the base its relative references resolve against. */
  readonly finalUrl: string;
}

/** Why a document could not be fetched. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
}

/**
 * Fetches `url`, giving up past `maxBytes` bytes or `timeoutMs`.
 * @throws FetchFailure with a short reason
 */
export async function fetchBounded(
  url: string,
  fetchFn: typeof fetch,
  maxBytes: number,
  timeoutMs: number,
): Promise<Fetched> {
  if (!isHttpUrl(url)) throw new FetchFailure('only http and https URLs are vendored');
  let res: Response;
  try {
    res = await fetchFn(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new FetchFailure(`fetch failed (${err instanceof Error ? err.message : String(err)}${cause})`);
  }
  const finalUrl = res.url || url;
  if (!isHttpUrl(finalUrl)) {
    await res.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`redirected to ${finalUrl}, which is not http(s)`);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`document too large (${declared} bytes; the limit is ${maxBytes}, see --max-bytes)`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new FetchFailure(`document too large (over ${maxBytes} bytes, see --max-bytes)`);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes, finalUrl };
}
