/**
 * A tiny HTTP server for the vendor tests, on 127.0.0.1 with an ephemeral port:
 * serves a mutable map of path -> body, and redirects.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running test server. */
export interface DocServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** Path (with query) -> body; change it to simulate upstream changes. */
  readonly docs: Map<string, string>;
  /** Path -> redirect target (path or URL). */
  readonly redirects: Map<string, string>;
  /** Every path requested, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts a server. */
export async function startDocServer(): Promise<DocServer> {
  const docs = new Map<string, string>();
  const redirects = new Map<string, string>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const to = redirects.get(url);
    if (to !== undefined) {
      res.writeHead(301, { location: to });
      res.end();
      return;
    }
    const body = docs.get(url);
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    docs,
    redirects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
