/**
 * Reads the raw bytes of one document from the file system or over http(s).
 * Failures come back as a plain reason string; the caller turns it into a located error.
 */
import { readFile } from 'node:fs/promises';
import { isHttpUrl } from './display-name.js';

/** The bytes of a document and the address relative references resolve against. */
export interface RawSource {
  readonly bytes: Uint8Array;
  /** Base for relative imports: the final URL after redirects, or the file path. */
  readonly base: string;
}

/** A document that could not be read; `reason` is a short human explanation. */
export class ReadFailure extends Error {
  override readonly name = 'ReadFailure';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** How long one http(s) fetch may take before it is abandoned. */
const FETCH_TIMEOUT_MS = 30_000;

function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

async function readLocal(file: string): Promise<RawSource> {
  try {
    const buf = await readFile(file);
    return { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.length), base: file };
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') throw new ReadFailure('file not found');
    if (code === 'EISDIR') throw new ReadFailure('is a directory, not a file');
    if (code === 'EACCES' || code === 'EPERM') throw new ReadFailure('permission denied');
    throw new ReadFailure(err instanceof Error ? err.message : String(err));
  }
}

async function readRemote(url: string, fetchFn: typeof fetch): Promise<RawSource> {
  let res: Response;
  try {
    res = await fetchFn(url, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new ReadFailure(`fetch failed (${err instanceof Error ? err.message : String(err)}${cause})`);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new ReadFailure(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }
  try {
    const bytes = await readBounded(res, MAX_REMOTE_BYTES);
    return { bytes, base: res.url && isHttpUrl(res.url) ? res.url : url };
  } catch (err) {
    if (err instanceof ReadFailure) throw err;
    throw new ReadFailure(`reading the response failed (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** Largest document accepted from a URL (the largest real contracts are a few MB). */
export const MAX_REMOTE_BYTES = 64 * 1024 * 1024;

/** Reads a response body, giving up (and cancelling the download) past `max` bytes. */
async function readBounded(res: Response, max: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new ReadFailure(`document too large (${declared} bytes; the limit is ${max})`);
  }
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new ReadFailure(`document too large (over ${max} bytes)`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/**
 * Reads a document by identity.
 * @param identity absolute file path or http(s) URL
 * @param fetchFn fetch implementation for URLs
 * @throws ReadFailure when the document cannot be read
 */
export function readSource(identity: string, fetchFn: typeof fetch | undefined): Promise<RawSource> {
  if (!isHttpUrl(identity)) return readLocal(identity);
  if (!fetchFn) return Promise.reject(new ReadFailure('no fetch implementation is available'));
  return readRemote(identity, fetchFn);
}
