/**
 * The default client transport (src/runtime/client/transport-http1.ts) against scripted
 * servers on raw sockets (127.0.0.1): the exact request bytes, every response
 * framing of RFC 9112 §6.3 (also split at every byte), connection reuse and its
 * limits, each protocol error, size caps, timeouts, aborts, HTTPS, and that idle
 * connections never keep a process alive.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHttp1Transport,
  HttpProtocolError,
  type Http1TransportOptions,
} from '../../src/runtime/client/transport-http1.js';
import type { TransportRequest, TransportResponse } from '../../src/runtime/client/transport.js';
import { XmlTextAsRead } from '../../src/runtime/xml/xml-decode.js';
import { readRequests } from '../support/http-requests.js';
import { rejection } from '../support/rejection.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TLS_DIR = path.join(import.meta.dirname, 'fixtures/tls');

/** What the scripted server saw and does. */
interface Scripted {
  readonly port: number;
  /** Raw request bytes (latin1), one entry per request. */
  readonly requests: string[];
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

type Reply = (socket: net.Socket, request: string, index: number) => unknown;

const servers: Scripted[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** Reads whole requests (head, then Content-Length bytes) and lets `reply` answer each with raw bytes. */
async function scripted(reply: Reply, secure = false): Promise<Scripted> {
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  const onConnection = (socket: net.Socket): void => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    readRequests(socket, (request) => {
      requests.push(request);
      void reply(socket, request, requests.length - 1);
    });
  };
  const server = secure
    ? tls.createServer(
        { key: readFileSync(path.join(TLS_DIR, 'key.pem')), cert: readFileSync(path.join(TLS_DIR, 'cert.pem')) },
        onConnection,
      )
    : net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: Scripted = {
    port: (server.address() as net.AddressInfo).port,
    requests,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  servers.push(state);
  return state;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function request(port: number, extra: Partial<TransportRequest> = {}, scheme = 'http'): TransportRequest {
  return {
    method: 'POST',
    url: new URL(`${scheme}://127.0.0.1:${port}/ecomm/Auth.asmx`),
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"urn:x/Login"' },
    body: '<x>ü</x>',
    maxResponseBytes: 1 << 20,
    ...extra,
  };
}

const ok = (body: string, extraHeaders = ''): string =>
  `HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\n${extraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

function transport(options: Http1TransportOptions = {}): ReturnType<typeof createHttp1Transport> {
  return createHttp1Transport(options);
}

describe('requests', () => {
  it('writes the request line, the caller headers in order, Host, Connection and the UTF-8 Content-Length', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>')));
    const res = await transport()(request(s.port));
    expect(res).toEqual({
      status: 200,
      headers: { 'content-type': 'text/xml; charset=utf-8', 'content-length': '4' },
      body: '<r/>',
    });
    expect(Buffer.from(s.requests[0]!, 'latin1').toString('utf8')).toBe(
      'POST /ecomm/Auth.asmx HTTP/1.1\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: "urn:x/Login"\r\n' +
        `Host: 127.0.0.1:${s.port}\r\nConnection: keep-alive\r\nContent-Length: 9\r\n\r\n<x>ü</x>`,
    );
  });

  it('sends GET without a body or Content-Length, with the query', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>')));
    const url = new URL(`http://127.0.0.1:${s.port}/ecomm/Auth.asmx/Login?Username=a%20b&Password=c`);
    await transport()({ method: 'GET', url, headers: {}, maxResponseBytes: 1000 });
    expect(s.requests[0]).toBe(
      `GET /ecomm/Auth.asmx/Login?Username=a%20b&Password=c HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nConnection: keep-alive\r\n\r\n`,
    );
  });

  it('keeps a caller Host header and drops caller framing headers', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>')));
    await transport()(
      request(s.port, {
        headers: { host: 'shop.example.com', 'content-length': '999', 'Transfer-Encoding': 'chunked' },
      }),
    );
    expect(s.requests[0]).toBe(
      'POST /ecomm/Auth.asmx HTTP/1.1\r\nhost: shop.example.com\r\nConnection: keep-alive\r\nContent-Length: 9\r\n\r\n<x>Ã¼</x>',
    );
  });

  it('refuses header names and values that would split the request, before sending anything', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>')));
    const t = transport();
    expect(await rejection(t(request(s.port, { headers: { 'X-A': 'v\r\nInjected: 1' } })))).toBeInstanceOf(TypeError);
    expect(await rejection(t(request(s.port, { headers: { 'X A': 'v' } })))).toBeInstanceOf(TypeError);
    await sleep(20);
    expect(s.requests).toEqual([]);
    expect(s.connections).toBe(0);
  });
});

describe('response framing (RFC 9112 §6.3)', () => {
  const framings: [string, string, string][] = [
    ['Content-Length', ok('<r>ok</r>'), '<r>ok</r>'],
    [
      'chunked, with extensions and trailers',
      'HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\n<r>\r\n6\r\nok</r>\r\n0\r\nX-Trailer: t\r\n\r\n',
      '<r>ok</r>',
    ],
    [
      '100 Continue and 103 before the answer',
      `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n${ok('<r>ok</r>')}`,
      '<r>ok</r>',
    ],
    ['204 No Content', 'HTTP/1.1 204 No Content\r\nServer: x\r\n\r\n', ''],
  ];

  it.each(framings)('%s', async (_name, response, body) => {
    const s = await scripted((sock) => sock.write(response));
    const t = transport();
    expect((await t(request(s.port))).body).toBe(body);
    expect((await t(request(s.port))).body).toBe(body);
    expect(s.connections).toBe(1);
  });

  it.each(framings.slice(0, 3))(
    '%s, split in two at every byte',
    async (_name, response, body) => {
      const bytes = Buffer.from(response, 'latin1');
      const s = await scripted(async (sock, _req, i) => {
        const cut = (i % (bytes.length - 1)) + 1;
        sock.write(bytes.subarray(0, cut));
        await sleep(1);
        sock.write(bytes.subarray(cut));
      });
      const t = transport();
      for (let i = 0; i < bytes.length - 1; i++) expect((await t(request(s.port))).body, `cut at ${i + 1}`).toBe(body);
      expect(s.connections).toBe(1);
    },
    30_000,
  );

  it('reads a body delimited by the connection close, and does not reuse that connection', async () => {
    const s = await scripted((sock) => {
      sock.write('HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\n\r\n<r>');
      setTimeout(() => sock.end('ok</r>'), 5);
    });
    const t = transport();
    expect((await t(request(s.port))).body).toBe('<r>ok</r>');
    expect((await t(request(s.port))).body).toBe('<r>ok</r>');
    expect(s.connections).toBe(2);
  });

  it('keeps headers named like Object members as plain headers', async () => {
    const s = await scripted((sock) =>
      sock.write(Buffer.from(ok('<r/>', 'Constructor: a\r\n__proto__: b\r\nX-Pad: \xa0v\xa0 \r\n'), 'latin1')),
    );
    const h = (await transport()(request(s.port))).headers;
    expect(h['constructor']).toBe('a');
    // biome-ignore lint/suspicious/noProto: the test is that a header named __proto__ is an own property.
    expect(h['__proto__']).toBe('b');
    // Only spaces and tabs are optional white space around a value (RFC 9110 §5.6.3).
    expect(h['x-pad']).toBe('\xa0v\xa0');
  });

  it('joins repeated headers and lower-cases names', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>', 'Set-Cookie: a=1\r\nSET-COOKIE: b=2\r\n')));
    expect((await transport()(request(s.port))).headers['set-cookie']).toBe('a=1, b=2');
  });

  it('decodes the body by its charset', async () => {
    const body = Buffer.from('<r>é</r>', 'latin1');
    const s = await scripted((sock) =>
      sock.write(
        Buffer.concat([
          Buffer.from(
            `HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=ISO-8859-1\r\nContent-Length: ${body.length}\r\n\r\n`,
          ),
          body,
        ]),
      ),
    );
    expect((await transport()(request(s.port))).body).toBe('<r>é</r>');
  });
});

describe('a body read in pieces', () => {
  /** Answers with `body` (Content-Length, or chunked on odd requests) in pieces of 1,001 bytes, each written on its own. */
  async function inPieces(contentType: string, body: Buffer): Promise<Scripted> {
    return scripted(async (sock, _req, i) => {
      const chunked = i % 2 === 1;
      sock.write(
        `HTTP/1.1 200 OK\r\nContent-Type: ${contentType}\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`}\r\n\r\n`,
      );
      for (let at = 0; at < body.length; at += 1001) {
        const piece = body.subarray(at, at + 1001);
        sock.write(
          chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece,
        );
        await sleep(1);
      }
      if (chunked) sock.write('0\r\n\r\n');
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('decodes a UTF-8 body as its pieces arrive, characters split between pieces included', async () => {
    const text = `<r>${'é€😀x'.repeat(1500)}</r>`;
    const s = await inPieces('text/xml; charset=utf-8', Buffer.from(text));
    const end = vi.spyOn(XmlTextAsRead.prototype, 'end');
    const t = transport();
    expect((await t(request(s.port))).body).toBe(text);
    expect((await t(request(s.port))).body).toBe(text);
    // The text came from the decoder of the pieces, not from a decode of the whole body.
    expect(end.mock.results.map((r) => r.value)).toEqual([text, text]);
  });

  it('decodes the whole body where the pieces cannot be: another charset, bytes not valid in UTF-8, a U+FFFD', async () => {
    const end = vi.spyOn(XmlTextAsRead.prototype, 'end');
    const latin1 = `<r>${'é'.repeat(5000)}</r>`;
    const l = await inPieces('text/xml; charset=ISO-8859-1', Buffer.from(latin1, 'latin1'));
    expect((await transport()(request(l.port))).body).toBe(latin1);
    const invalid = Buffer.concat([Buffer.from(`<r>${'é'.repeat(3000)}`), Buffer.from([0xe9]), Buffer.from('</r>')]);
    const i = await inPieces('text/xml; charset=utf-8', invalid);
    expect((await rejection(transport()(request(i.port)))).message).toMatch(/not valid UTF-8/);
    const replacement = `<r>${'\uFFFD'.repeat(3000)}</r>`;
    const r = await inPieces('text/xml', Buffer.from(replacement));
    expect((await transport()(request(r.port))).body).toBe(replacement);
    expect(end).not.toHaveBeenCalled();
  });
});

describe('connection reuse', () => {
  it('opens a new connection after Connection: close, an HTTP/1.0 answer or a short Keep-Alive timeout', async () => {
    for (const extra of ['Connection: close\r\n', 'Keep-Alive: timeout=1\r\n']) {
      const s = await scripted((sock) => sock.write(ok('<r/>', extra)));
      const t = transport();
      await t(request(s.port));
      await t(request(s.port));
      expect(s.connections, extra).toBe(2);
    }
    const s10 = await scripted((sock) => sock.write('HTTP/1.0 200 OK\r\nContent-Length: 4\r\n\r\n<r/>'));
    const t10 = transport();
    await t10(request(s10.port));
    await t10(request(s10.port));
    expect(s10.connections).toBe(2);
  });

  it('does not reuse a connection the caller asked to close', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>')));
    const t = transport();
    for (let i = 0; i < 3; i++) await t(request(s.port, { headers: { Connection: 'close' } }));
    expect(s.connections).toBe(3);
    expect(s.requests[0]).toContain('\r\nConnection: close\r\n');
  });

  it('runs concurrent calls on separate connections, then reuses them', async () => {
    const s = await scripted((sock) => void setTimeout(() => sock.write(ok('<r/>')), 10));
    const t = transport();
    await Promise.all([t(request(s.port)), t(request(s.port)), t(request(s.port))]);
    await Promise.all([t(request(s.port)), t(request(s.port)), t(request(s.port))]);
    expect(s.connections).toBe(3);
  });

  it('notices a connection the server closed while idle and uses a new one', async () => {
    const s = await scripted((sock) => {
      sock.write(ok('<r/>'));
      setTimeout(() => sock.destroy(), 5);
    });
    const t = transport();
    await t(request(s.port));
    await sleep(50);
    expect((await t(request(s.port))).body).toBe('<r/>');
    expect(s.connections).toBe(2);
  });

  it('closes idle connections after keepAliveMs', async () => {
    const s = await scripted((sock) => sock.write(ok('<r/>')));
    const t = transport({ keepAliveMs: 30 });
    await t(request(s.port));
    await t(request(s.port));
    expect(s.connections).toBe(1);
    await sleep(120);
    await t(request(s.port));
    expect(s.connections).toBe(2);
  });

  it('does not reuse a connection that sent more than its response, nor one that sent bytes while idle', async () => {
    const s = await scripted((sock, _r, i) => {
      sock.write(ok('<r/>') + (i === 0 ? 'HTTP/1.1 200 OK\r\n' : ''));
      if (i === 1) setTimeout(() => sock.write('garbage'), 5);
    });
    const t = transport();
    expect((await t(request(s.port))).body).toBe('<r/>');
    expect((await t(request(s.port))).body).toBe('<r/>');
    await sleep(40);
    expect((await t(request(s.port))).body).toBe('<r/>');
    expect(s.connections).toBe(3);
  });

  it('idle connections do not keep the process alive', async () => {
    const s = await scripted((sock) => sock.write(ok('<r>done</r>')));
    const script = `
      import { createHttp1Transport } from ${JSON.stringify(path.join(ROOT, 'src/runtime/client/transport-http1.ts'))};
      const t = createHttp1Transport({ keepAliveMs: 60000 });
      const res = await t({ method: 'GET', url: new URL('http://127.0.0.1:${s.port}/x'), headers: {}, maxResponseBytes: 1000 });
      console.log(res.body);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve(-1);
      }, 10_000);
      child.on('close', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(out.trim()).toBe('<r>done</r>');
    expect(code).toBe(0);
    // The server still holds the connection open: the child exited without closing it.
    expect(s.connections).toBe(1);
  }, 20_000);
});

describe('protocol errors close the connection', () => {
  const bad: [string, string, RegExp][] = [
    [
      'both Transfer-Encoding and Content-Length',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      /both Transfer-Encoding and Content-Length/,
    ],
    [
      'conflicting Content-Length values',
      'HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd',
      /conflicting Content-Length/,
    ],
    ['a malformed Content-Length', 'HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc', /malformed Content-Length/],
    ['a malformed chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', /malformed chunk size/],
    [
      'chunk data longer than its size',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n0\r\n\r\n',
      /longer than its size/,
    ],
    [
      'Transfer-Encoding in an HTTP/1.0 response',
      'HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      /HTTP\/1\.0 response with Transfer-Encoding/,
    ],
    [
      'an unsupported transfer coding',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n',
      /unsupported Transfer-Encoding/,
    ],
    [
      'a folded header line',
      'HTTP/1.1 200 OK\r\nX-A: 1\r\n  continued\r\nContent-Length: 0\r\n\r\n',
      /malformed HTTP header line/,
    ],
    ['white space before a colon', 'HTTP/1.1 200 OK\r\nContent-Length : 0\r\n\r\n', /malformed HTTP header line/],
    ['a malformed status line', 'HTTP/1.1 OK\r\nContent-Length: 0\r\n\r\n', /malformed HTTP status line/],
    ['not HTTP at all', 'SSH-2.0-OpenSSH\r\n\r\n', /malformed HTTP status line/],
    ['101 Switching Protocols', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n', /101/],
  ];

  it.each(bad)('%s', async (_name, response, message) => {
    const s = await scripted((sock, _r, i) => sock.write(i === 0 ? response : ok('<r/>')));
    const t = transport();
    const err = await rejection(t(request(s.port)));
    expect(err).toBeInstanceOf(HttpProtocolError);
    expect(err.message).toMatch(message);
    expect((await t(request(s.port))).body).toBe('<r/>');
    expect(s.connections).toBe(2);
  });

  it('a head over maxHeaderBytes', async () => {
    const s = await scripted((sock) => sock.write(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(2000)}\r\n`));
    const err = await rejection(transport({ maxHeaderBytes: 1024 })(request(s.port)));
    expect(err.message).toMatch(/response head exceeds 1024 bytes/);
  });

  it('a body over maxResponseBytes, declared or streamed', async () => {
    const declared = await scripted((sock) => sock.write('HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n'));
    expect((await rejection(transport()(request(declared.port, { maxResponseBytes: 100 })))).message).toMatch(
      /exceeds the limit of 100 bytes/,
    );
    const streamed = await scripted((sock) => {
      sock.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      for (let i = 0; i < 10; i++) sock.write(`20\r\n${'x'.repeat(32)}\r\n`);
    });
    expect((await rejection(transport()(request(streamed.port, { maxResponseBytes: 100 })))).message).toMatch(
      /exceeds the limit of 100 bytes/,
    );
  });

  it('a connection closed mid-response, or before any response', async () => {
    const mid = await scripted((sock) => sock.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'));
    expect((await rejection(transport()(request(mid.port)))).message).toMatch(/closed the connection mid-response/);
    const none = await scripted((sock) => sock.end());
    expect((await rejection(transport()(request(none.port)))).message).toMatch(/socket hang up/);
  });

  it('a refused connection rejects with the socket error', async () => {
    const s = await scripted(() => undefined);
    const port = s.port;
    await s.close();
    servers.length = 0;
    const err = (await rejection(transport()(request(port)))) as NodeJS.ErrnoException;
    expect(err.code).toBe('ECONNREFUSED');
  });
});

describe('time limits and aborts', () => {
  it('rejects with a TimeoutError and closes the connection; the next call works', async () => {
    const s = await scripted((sock, _r, i) => {
      if (i > 0) sock.write(ok('<r/>'));
    });
    const t = transport();
    const started = performance.now();
    const err = await rejection(t(request(s.port, { timeoutMs: 100 })));
    expect(err.name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await t(request(s.port))).body).toBe('<r/>');
    expect(s.connections).toBe(2);
  });

  it('rejects with the signal reason on abort, before or during the call', async () => {
    const s = await scripted(() => undefined);
    const t = transport();
    const ac = new AbortController();
    const pending = t(request(s.port, { signal: ac.signal }));
    await sleep(20);
    ac.abort();
    expect((await rejection(pending)).name).toBe('AbortError');
    expect((await rejection(t(request(s.port, { signal: AbortSignal.abort(new Error('stop')) })))).message).toBe(
      'stop',
    );
  });
});

describe('HTTPS', () => {
  it('speaks TLS with the given CA, and refuses an untrusted certificate by default', async () => {
    const s = await scripted((sock) => sock.write(ok('<r>secure</r>')), true);
    const ca = readFileSync(path.join(TLS_DIR, 'cert.pem'));
    const t = transport({ tls: { ca } });
    const res: TransportResponse = await t(request(s.port, {}, 'https'));
    expect(res.body).toBe('<r>secure</r>');
    await t(request(s.port, {}, 'https'));
    expect(s.connections).toBe(1);
    const err = (await rejection(transport()(request(s.port, {}, 'https')))) as NodeJS.ErrnoException;
    expect(err.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });
});
