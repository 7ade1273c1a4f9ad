/**
 * The requests a scripted test server reads on a raw socket (test/runtime-client's HTTP/1.1
 * transport tests): whole requests, a head and then as many bytes as its Content-Length says.
 */
import type net from 'node:net';

/** Calls `onRequest` with each whole request `socket` receives (latin1: its bytes as they came). */
export function readRequests(socket: net.Socket, onRequest: (request: string) => void): void {
  let buf = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const m = /\r\ncontent-length: (\d+)/i.exec(buf.toString('latin1', 0, end));
      const total = end + 4 + (m ? Number(m[1]) : 0);
      if (buf.length < total) return;
      const request = buf.toString('latin1', 0, total);
      buf = buf.subarray(total);
      onRequest(request);
    }
  });
}
