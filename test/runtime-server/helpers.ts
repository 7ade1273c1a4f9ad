/**
 * Test helpers: start a node:http server on 127.0.0.1 with a handler, and speak
 * raw HTTP/1.1 to it over a socket (the requests are written byte for byte as the
 * seed describes them).
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { createFetchHandler } from '../../src/runtime/server/fetch-handler.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import type { AnyRequestContext, HandlerOptions, OperationImpl } from '../../src/runtime/server/server-types.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { fetchOnNode } from '../support/fetch-on-node.js';

/** A running test server. */
export interface TestServer {
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

/** Starts `listener` on 127.0.0.1 on a free port. */
export async function startServer(
  listener: RequestListener<typeof IncomingMessage, typeof ServerResponse>,
): Promise<TestServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A way of serving a service: the node:http handler, or the fetch handler (served from node:http by a test bridge). */
export interface HandlerKind {
  readonly name: string;
  /** Starts `service` answered by `impls` on 127.0.0.1. */
  start(
    service: ServiceDesc,
    impls: Readonly<Record<string, OperationImpl<AnyRequestContext>>>,
    options?: HandlerOptions<AnyRequestContext>,
  ): Promise<TestServer>;
}

/** Both handler forms: tests of the behaviour table run against each (`describe.each(HANDLER_KINDS)`). */
export const HANDLER_KINDS: readonly HandlerKind[] = [
  {
    name: 'node:http handler',
    start: (service, impls, options) => startServer(createServiceHandler(service, impls, options)),
  },
  {
    name: 'fetch handler',
    start: (service, impls, options) => startServer(fetchOnNode(createFetchHandler(service, impls, options))),
  },
];

/** A parsed HTTP response. */
export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Whether the server closed the connection. */
  readonly closed: boolean;
}

/** Parses a raw HTTP/1.1 response (Content-Length bodies only, as our server sends). */
export function parseResponse(data: Buffer, closed: boolean): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(head[0]!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const rest = data.subarray(end + 4);
  if (length !== undefined && rest.length < length) return undefined;
  if (length === undefined && !closed) return undefined;
  return { status, headers, body: rest.subarray(0, length ?? rest.length).toString('utf8'), closed };
}

/**
 * Sends `head` (request line and headers, `\n` or `\r\n` separated, without the
 * blank line) and `body`; adds `Host`, `Content-Length` (when `body` is given and
 * the head has none) and `Connection: close`. Resolves with the response.
 */
export function rawRequest(port: number, head: string, body?: string | Buffer): Promise<RawResponse> {
  const lines = head.trim().split(/\r?\n/);
  const has = (name: string): boolean => lines.some((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!has('host')) lines.push(`Host: 127.0.0.1:${port}`);
  const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes !== undefined && !has('content-length') && !has('transfer-encoding'))
    lines.push(`Content-Length: ${bytes.length}`);
  if (!has('connection')) lines.push('Connection: close');
  const socket = connect(port, '127.0.0.1');
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  if (bytes !== undefined) socket.write(bytes);
  return readResponse(socket);
}

/** Reads one response from `socket` (resolves at end of response or when the socket closes). */
export function readResponse(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (closed: boolean): void => {
      if (done) return;
      const r = parseResponse(data, closed);
      if (r) {
        done = true;
        resolve(r);
        socket.destroy();
      } else if (closed) {
        done = true;
        reject(new Error(`connection closed without a complete response: ${JSON.stringify(data.toString('latin1'))}`));
      }
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

/** Parses a response body as XML (asserting well-formedness on the way). */
export function xml(body: string): XmlElement {
  return parseXml(body);
}

/** Follows a path of child local names from `el` (first match at each step). */
export function at(el: XmlElement, ...names: string[]): XmlElement {
  let cur = el;
  for (const name of names) {
    const next = cur.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
    if (!next) throw new Error(`no <${name}> under <${cur.name}>`);
    cur = next;
  }
  return cur;
}

/** The text content of an element. */
export function text(el: XmlElement): string {
  return el.children.filter((c): c is string => typeof c === 'string').join('');
}

/** A SOAP 1.1 request envelope around `body` (ASMX sample shape). */
export function soap11(body: string, header = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  ${header === '' ? '' : `<soap:Header>${header}</soap:Header>`}
  <soap:Body>
    ${body}
  </soap:Body>
</soap:Envelope>`;
}

/** A SOAP 1.2 request envelope around `body` (ASMX sample shape). */
export function soap12(body: string, header = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">
  ${header === '' ? '' : `<soap12:Header>${header}</soap12:Header>`}
  <soap12:Body>
    ${body}
  </soap12:Body>
</soap12:Envelope>`;
}
