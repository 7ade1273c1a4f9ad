/**
 * Test support: serves a Fetch API handler from a node:http server, the way Bun
 * and Deno serve one, so the raw-socket tests of the node:http handler can run
 * against the fetch handler too. The request body is streamed (a chunked or
 * stalled body reaches the handler as it arrives, so its own limits and timeout
 * act); the response is written in one piece with its length. Test-only: the node:http
 * handler, not this, is how wsdlc serves on Node.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A request listener answering every request with `handler`. */
export function fetchOnNode(handler: (request: Request) => Promise<Response>): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const url = target.startsWith('/') ? `http://${req.headers.host ?? '127.0.0.1'}${target}` : target;
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method ?? 'GET';
    const hasBody = method !== 'GET' && method !== 'HEAD';
    let request: Request;
    try {
      request = new Request(url, {
        method,
        headers,
        ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
      } as RequestInit);
    } catch {
      res.writeHead(400).end();
      return;
    }
    handler(request).then(
      async (response) => {
        // As Bun and Deno do for a body of known length: one write with its Content-Length.
        const body = new Uint8Array(await response.arrayBuffer());
        const out: string[] = [];
        for (const [name, value] of response.headers) out.push(name, value);
        if (!response.headers.has('content-length') && response.status !== 204)
          out.push('content-length', String(body.byteLength));
        res.writeHead(response.status, out);
        res.end(method === 'HEAD' ? undefined : body);
      },
      () => {
        res.writeHead(500).end();
      },
    );
  };
}
