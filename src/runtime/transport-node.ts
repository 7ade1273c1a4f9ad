/**
 * The default transport: node:http / node:https with shared keep-alive agents,
 * an explicit `Content-Length` (never chunked; seed §4.3 rule 2), a response
 * size cap and prompt abort.
 *
 * Ships with generated code: imports only node:* modules and sibling runtime files.
 */
import http from 'node:http';
import https from 'node:https';
import { abortReason, decodeBody, timeoutError, tooLarge, type Transport, type TransportRequest, type TransportResponse } from './transport.js';

/** Keep-alive agents shared by every client in the process. */
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** Options for {@link createNodeTransport}. */
export interface NodeTransportOptions {
  /** Agent for `http:` URLs (default: a shared keep-alive agent). */
  readonly httpAgent?: http.Agent;
  /** Agent for `https:` URLs (default: a shared keep-alive agent). */
  readonly httpsAgent?: https.Agent;
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in h) {
    const v = h[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** Creates a node:http / node:https transport. */
export function createNodeTransport(options: NodeTransportOptions = {}): Transport {
  const httpAgent = options.httpAgent ?? agents.http;
  const httpsAgent = options.httpsAgent ?? agents.https;
  return (req: TransportRequest) =>
    new Promise<TransportResponse>((resolve, reject) => {
      const { signal } = req;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const secure = req.url.protocol === 'https:';
      if (!secure && req.url.protocol !== 'http:') {
        reject(new TypeError(`unsupported URL scheme ${req.url.protocol}`));
        return;
      }
      let headers: Record<string, string | number> = req.headers;
      let payload: Buffer | undefined;
      if (req.body !== undefined) {
        payload = Buffer.from(req.body, 'utf8');
        headers = { ...req.headers, 'Content-Length': payload.length };
      }
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (err: unknown, res?: TransportResponse): void => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (err !== undefined) reject(err);
        else resolve(res!);
      };
      const request = (secure ? https : http).request(
        {
          protocol: req.url.protocol,
          hostname: req.url.hostname.startsWith('[') ? req.url.hostname.slice(1, -1) : req.url.hostname,
          port: req.url.port,
          path: req.url.pathname + req.url.search,
          method: req.method,
          headers,
          agent: secure ? httpsAgent : httpAgent,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const declared = Number(res.headers['content-length']);
          if (declared > req.maxResponseBytes) {
            request.destroy();
            finish(tooLarge(status, req.maxResponseBytes));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > req.maxResponseBytes) {
              request.destroy();
              finish(tooLarge(status, req.maxResponseBytes));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => {
            if (settled) return;
            try {
              const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
              const ct = res.headers['content-type'];
              finish(undefined, { status, headers: flattenHeaders(res.headers), body: decodeBody(bytes, ct, status) });
            } catch (err) {
              finish(err);
            }
          });
          res.on('error', (err) => finish(err));
          res.on('close', () => {
            if (!res.complete) finish(new Error('the server closed the connection mid-response'));
          });
        },
      );
      const onAbort = (): void => {
        const reason = signal ? abortReason(signal) : undefined;
        request.destroy();
        finish(reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const ms = req.timeoutMs;
      if (ms !== undefined && ms > 0) {
        // A plain timer is cheaper per call than an AbortController + AbortSignal.timeout.
        timer = setTimeout(() => {
          request.destroy();
          finish(timeoutError(ms));
        }, ms);
      }
      request.on('error', (err) => finish(err));
      request.end(payload);
    });
}

/** The default transport (shared keep-alive agents). */
export const nodeTransport: Transport = createNodeTransport();
