/**
 * A node:http server on 127.0.0.1 around a generated handler that records each request body and
 * each response body it writes, in order, for tests that check the wire.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A started recording server: stop it with {@link RecordingServer.close}. */
export interface RecordingServer {
  readonly server: Server;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts `handler` on an ephemeral port of 127.0.0.1, pushing request and response bodies to `wire`.
 * @param handler a generated `create...Handler(impl)` result
 * @param wire where the bodies go, request then response
 */
export async function startRecordingServer(handler: unknown, wire: string[]): Promise<RecordingServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const write = res.end.bind(res);
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) wire.push(String(chunk));
      return (write as (...a: unknown[]) => typeof res)(chunk, ...rest);
    }) as typeof res.end;
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => wire.push(Buffer.concat(chunks).toString('utf8')));
    (handler as (q: unknown, s: unknown) => void)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
