/**
 * The default transport: a small HTTP/1.1 client (RFC 9112) on node:net and
 * node:tls with a keep-alive connection pool per origin. It does what the client
 * needs and no more: one request at a time per connection (no pipelining), a
 * `Content-Length` request body (never chunked; seed §4.3 rule 2), responses
 * framed by `Content-Length`, `chunked` or the connection's close (RFC 9112 §6.3),
 * interim 1xx responses skipped, and strict limits on everything it reads.
 *
 * Why not node:http: its client machinery (agent, request and response streams,
 * header objects) costs three times our whole SOAP call, per call. Node's own
 * `fetch` (undici) is built the same way, on sockets. For what this client
 * leaves out (proxy agents, client certificates through an `Agent`...),
 * `createNodeTransport` (transport-node.ts) remains: pass it as `transport`.
 *
 * Strict where it matters (response smuggling, RFC 9112 §6.3 and §11.2): a
 * response with both `Transfer-Encoding` and `Content-Length`, conflicting or
 * malformed lengths, malformed chunks, folded or malformed header lines, or a
 * head over `maxHeaderBytes` is an error, and its connection is closed. A
 * connection is reused only after a complete, well-framed response that did not
 * ask for it to close; idle connections are closed after `keepAliveMs` (or the
 * server's `Keep-Alive: timeout`, less a second) and never keep the process alive.
 *
 * Node only (it is the default there, see transport-default.ts), yet safe to bundle
 * for any platform: node:net and node:tls are reached through
 * `process.getBuiltinModule` when the first connection opens, never imported, and
 * the few socket members used are typed here.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import {
  bodyByteLength,
  concatBytes,
  hostName,
  indexOfBytes,
  latin1Decode,
  latin1Encode,
  nodeBuiltin,
  utf8Encode,
} from '../bytes/index.js';
import { deadlineQueue, type DeadlineEntry, type DeadlineQueue } from '../wire/deadline-queue.js';
import { keepLayout } from '../xml/keep-layout.js';
import type { XmlTextAsRead } from '../xml/xml-decode.js';
import {
  abortReason,
  captured,
  decodeContent,
  connectionClosed,
  toResponse,
  releaseCaptured,
  responsePromise,
  timeoutError,
  tooLarge,
  targetOf,
  textAsRead,
  type Target,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';

/**
 * TLS options passed to node:tls `connect` as they are (any of its
 * `ConnectionOptions`; the common ones are listed).
 */
export interface Http1TlsOptions {
  readonly ca?: unknown;
  readonly cert?: unknown;
  readonly key?: unknown;
  readonly pfx?: unknown;
  readonly passphrase?: string | undefined;
  readonly rejectUnauthorized?: boolean | undefined;
  readonly servername?: string | undefined;
  readonly minVersion?: string | undefined;
  readonly maxVersion?: string | undefined;
  readonly ciphers?: string | undefined;
  readonly checkServerIdentity?: unknown;
  readonly secureContext?: unknown;
}

/** The members of a node:net / node:tls socket this transport uses. */
interface NodeSocket {
  readonly destroyed: boolean;
  readonly writable: boolean;
  write(data: string | Uint8Array, encoding?: string): boolean;
  setNoDelay(noDelay: boolean): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  ref(): unknown;
  unref(): unknown;
  destroy(): unknown;
}

/** What this transport takes from node:net and node:tls. */
interface NodeSockets {
  readonly net: {
    connect(options: { host: string; port: number }): NodeSocket;
    isIP(host: string): number;
  };
  readonly tls: { connect(options: Record<string, unknown>): NodeSocket };
}

let net: NodeSockets['net'] | undefined;
let tls: NodeSockets['tls'] | undefined;

/**
 * node:net, found on first use.
 * @throws Error naming the host and the fix where there is none (a browser, workerd, Node before 20.16)
 */
function nodeNet(): NodeSockets['net'] {
  return (net ??= nodeBuiltin<NodeSockets['net']>('node:net') ?? noSockets());
}

/**
 * node:tls, found on first use: by the first `https:` connection, so that a client of
 * `http:` URLs does not load it (about 3 ms of its first call).
 * @throws Error as {@link nodeNet}
 */
function nodeTls(): NodeSockets['tls'] {
  return (tls ??= nodeBuiltin<NodeSockets['tls']>('node:tls') ?? noSockets());
}

function noSockets(): never {
  throw new Error(
    `the HTTP/1.1 transport needs node:net and node:tls through process.getBuiltinModule, which ${hostName()} does not have: use Node 20.16 or later, or pass transport: fetchTransport(fetch)`,
  );
}

/** Options of {@link createHttp1Transport}. */
export interface Http1TransportOptions {
  /** Extra TLS options for `https:` URLs (`ca`, `cert`, `key`, `rejectUnauthorized`...), as node:tls takes them. */
  readonly tls?: Http1TlsOptions;
  /** Idle connections are closed after this many ms (default 4000; the server's `Keep-Alive: timeout` can shorten it). */
  readonly keepAliveMs?: number;
  /** Largest response head (status line and header lines) accepted, in bytes (default 16 KiB, as node:http). */
  readonly maxHeaderBytes?: number;
}

const DEFAULT_KEEP_ALIVE_MS = 4000;
const DEFAULT_MAX_HEADER_BYTES = 16 * 1024;
/** Longest chunk-size line (with extensions) accepted. */
const MAX_CHUNK_LINE = 1024;

/** An HTTP protocol error in a response: the connection it came on is not reused. */
export class HttpProtocolError extends Error {
  override readonly name = 'HttpProtocolError';
}

/** RFC 9110 §5.6.2 token (header names). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value we may send: visible ASCII, Latin-1 and tabs/spaces; no CR, LF or NUL (RFC 9110 §5.5). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const ASCII = /^[\x00-\x7f]*$/;
/** The empty line that ends a response head. */
const HEAD_END = /* @__PURE__ */ new Uint8Array([13, 10, 13, 10]);
/** Leading and trailing optional white space. */
const OWS_EDGES = /^[ \t]+|[ \t]+$/g;
/** `close` among the options of a Connection header. */
const CLOSE_OPTION = /(?:^|,)[ \t]*close[ \t]*(?:,|$)/i;

/** Whether the first transport made has kept the layouts of its exchanges and requests. */
let layoutsKept = false;

/** Creates an HTTP/1.1 transport with its own connection pool. */
export function createHttp1Transport(options: Http1TransportOptions = {}): Transport {
  // The layouts of an exchange and of the requests the client makes (client.ts `exchange`: with a body and
  // a time limit, as most are) outlive the calls (xml/keep-layout.ts). Here, not at the top level: a bundle
  // that leaves this transport out (a browser's) drops them with it.
  if (!layoutsKept) {
    layoutsKept = true;
    keepLayout(Exchange.layoutExample());
    keepLayout(
      Object.assign(
        { method: 'POST', url: new URL('http://localhost/'), headers: {}, maxResponseBytes: 0 },
        { body: '', timeoutMs: 0 },
      ),
    );
  }
  const settings: Settings = {
    tls: options.tls,
    keepAliveMs: options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
    maxHeaderBytes: options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES,
    pools: new Map(),
  };
  return (req) => send(settings, req);
}

interface Settings {
  readonly tls: Http1TlsOptions | undefined;
  readonly keepAliveMs: number;
  readonly maxHeaderBytes: number;
  /** Idle connections by origin (`protocol//host:port`), most recently used last. */
  readonly pools: Map<string, Connection[]>;
}

/**
 * The request head (request line and header lines, RFC 9112 §3, §5). The
 * caller's headers come first, in their order, then `Host` and `Connection`
 * unless given, then `Content-Length` for a body (as node:http orders them).
 * A caller's `Connection: close` marks `ex` to close its connection afterwards.
 * @throws TypeError for a header name or value that cannot be sent as is
 */
function requestHead(
  method: string,
  t: Target,
  headers: Readonly<Record<string, string>>,
  bodyLength: number | undefined,
  ex: Exchange,
): string {
  let head = `${method} ${t.path} HTTP/1.1\r\n`;
  let hasHost = false;
  let hasConnection = false;
  for (const name in headers) {
    const value = headers[name]!;
    if (!TOKEN.test(name)) throw new TypeError(`invalid HTTP header name ${JSON.stringify(name)}`);
    if (!FIELD_VALUE.test(value)) throw new TypeError(`invalid character in HTTP header ${name}`);
    const lower =
      name.length === 4 || name.length === 10 || name.length === 14 || name.length === 17 ? name.toLowerCase() : '';
    if (lower === 'host') hasHost = true;
    else if (lower === 'connection') {
      hasConnection = true;
      // The caller asked to close: this connection must not carry another request (RFC 9112 §9.6).
      if (CLOSE_OPTION.test(value)) ex.closeAfter = true;
    } else if (lower === 'content-length' || lower === 'transfer-encoding') continue; // framing is ours
    head += `${name}: ${value}\r\n`;
  }
  if (!hasHost) head += `Host: ${t.host}\r\n`;
  if (!hasConnection) head += 'Connection: keep-alive\r\n';
  if (bodyLength !== undefined) head += `Content-Length: ${bodyLength}\r\n`;
  return `${head}\r\n`;
}

function send(settings: Settings, req: TransportRequest): Promise<TransportResponse> {
  const { signal } = req;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const promise = responsePromise();
  const ex = new Exchange(req.maxResponseBytes, settings.maxHeaderBytes, captured.resolve, captured.reject);
  releaseCaptured();
  if (req.decompress === true) ex.decompress = true;
  try {
    const t = targetOf(req.url);
    const body = req.body;
    const head = requestHead(req.method, t, req.headers, body === undefined ? undefined : bodyByteLength(body), ex);
    const conn = acquire(settings, t);
    conn.start(ex);
    // One write: head and body together (the head is Latin-1 by definition, the body UTF-8).
    if (body === undefined) conn.socket.write(head, 'latin1');
    else if (typeof body !== 'string') conn.socket.write(concatBytes([latin1Encode(head), body]));
    else if (ASCII.test(head)) conn.socket.write(head + body, 'utf8');
    else conn.socket.write(concatBytes([latin1Encode(head), utf8Encode(body)]));
  } catch (err) {
    ex.fail(err);
    return promise;
  }
  if (signal) {
    const onAbort = (): void => ex.fail(abortReason(signal));
    ex.signal = signal;
    ex.onAbort = onAbort;
    signal.addEventListener('abort', onAbort, { once: true });
  }
  const ms = req.timeoutMs;
  if (ms !== undefined && ms > 0) {
    ex.timeoutMs = ms;
    deadlineQueue(ms).add(ex);
  }
  return promise;
}

/** An idle connection for `t`'s origin, or a new one. */
function acquire(settings: Settings, t: Target): Connection {
  const idle = settings.pools.get(t.origin);
  while (idle !== undefined && idle.length > 0) {
    const conn = idle.pop()!;
    conn.idleList = undefined;
    conn.deadlineQueue?.remove(conn);
    if (conn.socket.destroyed || !conn.socket.writable) continue;
    conn.socket.ref();
    return conn;
  }
  return new Connection(settings, t);
}

// Socket listeners are module-level functions (`this` is the socket): no closures per connection.
const CONNECTION = Symbol('wsdlc.connection');
interface PooledSocket extends NodeSocket {
  [CONNECTION]?: Connection;
}

function onSocketData(this: PooledSocket, chunk: Uint8Array): void {
  this[CONNECTION]?.data(chunk);
}
function onSocketEnd(this: PooledSocket): void {
  this[CONNECTION]?.ended();
}
function onSocketError(this: PooledSocket, err: Error): void {
  this[CONNECTION]?.closed(err);
}
function onSocketClose(this: PooledSocket): void {
  this[CONNECTION]?.closed(undefined);
}

/** One connection of the pool; `DeadlineEntry` for its idle time. */
class Connection implements DeadlineEntry {
  readonly socket: PooledSocket;
  exchange: Exchange | undefined;
  /** The idle list holding it, when idle. */
  idleList: Connection[] | undefined;
  deadline = 0;
  deadlineQueue: DeadlineQueue | undefined = undefined;
  prevDeadline: DeadlineEntry | undefined = undefined;
  nextDeadline: DeadlineEntry | undefined = undefined;
  private readonly settings: Settings;
  private readonly target: Target;

  constructor(settings: Settings, target: Target) {
    this.settings = settings;
    this.target = target;
    const net = nodeNet();
    const socket: PooledSocket = target.secure
      ? nodeTls().connect({
          host: target.hostname,
          port: target.port,
          ...(net.isIP(target.hostname) === 0 ? { servername: target.hostname } : {}),
          ALPNProtocols: ['http/1.1'],
          ...(settings.tls as Record<string, unknown> | undefined),
        })
      : net.connect({ host: target.hostname, port: target.port });
    socket.setNoDelay(true);
    socket[CONNECTION] = this;
    socket.on('data', onSocketData);
    socket.on('end', onSocketEnd);
    socket.on('error', onSocketError);
    socket.on('close', onSocketClose);
    this.socket = socket;
  }

  start(ex: Exchange): void {
    this.exchange = ex;
    ex.connection = this;
  }

  data(chunk: Uint8Array): void {
    const ex = this.exchange;
    if (ex === undefined) {
      // Bytes while idle: not an answer to anything; the connection cannot be trusted.
      this.socket.destroy();
      return;
    }
    ex.feed(chunk);
  }

  /** The server finished sending (FIN). */
  ended(): void {
    const ex = this.exchange;
    if (ex !== undefined) ex.serverEnded();
    else {
      // Closed by the server while idle: out of the pool at once, not at the 'close' event.
      this.leavePool();
      this.socket.destroy();
    }
  }

  /** The socket closed (or failed with `err`). */
  closed(err: Error | undefined): void {
    this.leavePool();
    const ex = this.exchange;
    if (ex === undefined) return;
    if (err === undefined && ex.closeDelimited) ex.serverEnded();
    else ex.fail(err ?? connectionClosed(ex.responseStarted));
  }

  /** After a complete response: back to the pool when `reusable` (for at most `keepAliveMs`, the server's hint), else closed. */
  release(reusable: boolean, keepAliveMs: number): void {
    this.exchange = undefined;
    const socket = this.socket;
    const idleMs = Math.min(this.settings.keepAliveMs, keepAliveMs);
    if (!reusable || socket.destroyed || idleMs <= 0) {
      socket.destroy();
      return;
    }
    let idle = this.settings.pools.get(this.target.origin);
    if (idle === undefined) {
      idle = [];
      this.settings.pools.set(this.target.origin, idle);
    }
    idle.push(this);
    this.idleList = idle;
    deadlineQueue(idleMs).add(this);
    socket.unref();
  }

  /** Idle too long. */
  expired(): void {
    this.leavePool();
    this.socket.destroy();
  }

  private leavePool(): void {
    const idle = this.idleList;
    if (idle !== undefined) {
      const at = idle.indexOf(this);
      if (at >= 0) idle.splice(at, 1);
      this.idleList = undefined;
    }
    this.deadlineQueue?.remove(this);
  }
}

// Where the response parser is (plain constants, not an enum: the runtime stays erasable TypeScript).
const HEAD = 0;
const LENGTH = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const CHUNK_DATA_END = 4;
const TRAILERS = 5;
const UNTIL_CLOSE = 6;
const DONE = 7;

const CR = 0x0d;
const LF = 0x0a;

/** One request/response exchange: the response parser and the call's promise. */
class Exchange implements DeadlineEntry {
  connection: Connection | undefined = undefined;
  settled = false;
  signal: AbortSignal | undefined = undefined;
  onAbort: (() => void) | undefined = undefined;
  timeoutMs = 0;
  deadline = 0;
  deadlineQueue: DeadlineQueue | undefined = undefined;
  prevDeadline: DeadlineEntry | undefined = undefined;
  nextDeadline: DeadlineEntry | undefined = undefined;

  phase: number = HEAD;
  /** The request asked for the connection to close after this exchange. */
  closeAfter = false;
  responseStarted = false;
  closeDelimited = false;
  /** Head bytes seen so far (a head split across packets). */
  private pendingHead: Uint8Array | undefined = undefined;
  /** Partial chunk-size or trailer line. */
  private pendingLine = '';
  private status = 0;
  private headers: Record<string, string> = {};
  /** Decode a gzip/deflate body (the request asked for one). */
  decompress = false;
  private keepAlive = true;
  private keepAliveMs = 0;
  /** Body bytes left in the current length-framed body or chunk. */
  private remaining = 0;
  private readonly chunks: Uint8Array[] = [];
  /**
   * The body's text decoded as its pieces arrive (transport.ts `textAsRead`), from its second
   * piece on: a body of one piece is decoded whole. `null` once it cannot be (the body is then
   * decoded whole when complete).
   */
  private text: XmlTextAsRead | null | undefined = undefined;
  private size = 0;
  private readonly maxResponseBytes: number;
  private readonly maxHeaderBytes: number;
  private readonly resolve: (res: TransportResponse) => void;
  private readonly reject: (err: unknown) => void;

  constructor(
    maxResponseBytes: number,
    maxHeaderBytes: number,
    resolve: (res: TransportResponse) => void,
    reject: (err: unknown) => void,
  ) {
    this.maxResponseBytes = maxResponseBytes;
    this.maxHeaderBytes = maxHeaderBytes;
    this.resolve = resolve;
    this.reject = reject;
  }

  /**
   * An exchange for xml/keep-layout.ts. Its deadline and keep-alive time are doubles, as the deadline
   * queue and a server without `Keep-Alive` make them (a small integer there would be another layout).
   */
  static layoutExample(): Exchange {
    const example = new Exchange(0, 0, noop, noop);
    example.deadline = example.keepAliveMs = 0.5;
    return example;
  }

  /** Bytes from the server. */
  feed(chunk: Uint8Array): void {
    this.responseStarted = true;
    try {
      let at = 0;
      for (;;) {
        if (this.settled) return;
        // A length-framed body is complete as soon as its last byte (or its head, for no body) is in.
        if (this.phase === LENGTH && this.remaining === 0) {
          this.complete(at < chunk.length);
          return;
        }
        if (at >= chunk.length) return;
        switch (this.phase) {
          case HEAD:
            at = this.readHead(chunk, at);
            break;
          case LENGTH:
            at = this.readBody(chunk, at);
            break;
          case CHUNK_SIZE:
            at = this.readChunkSize(chunk, at);
            break;
          case CHUNK_DATA:
            at = this.readBody(chunk, at);
            if (this.remaining === 0) this.phase = CHUNK_DATA_END;
            break;
          case CHUNK_DATA_END:
            at = this.readChunkDataEnd(chunk, at);
            break;
          case TRAILERS:
            at = this.readTrailers(chunk, at);
            break;
          case UNTIL_CLOSE:
            at = this.readBody(chunk, at);
            break;
        }
      }
    } catch (err) {
      this.fail(err);
    }
  }

  /** Head bytes from `at`; returns where the head ended (or `chunk.length` when it goes on). */
  private readHead(chunk: Uint8Array, at: number): number {
    let buf = at === 0 ? chunk : chunk.subarray(at);
    const from = this.pendingHead === undefined ? 0 : Math.max(0, this.pendingHead.length - 3);
    if (this.pendingHead !== undefined) buf = concatBytes([this.pendingHead, buf]);
    const end = indexOfBytes(buf, HEAD_END, from);
    if (end < 0) {
      if (buf.length > this.maxHeaderBytes)
        throw new HttpProtocolError(`response head exceeds ${this.maxHeaderBytes} bytes`);
      this.pendingHead = buf;
      return chunk.length;
    }
    if (end > this.maxHeaderBytes) throw new HttpProtocolError(`response head exceeds ${this.maxHeaderBytes} bytes`);
    const consumedBefore = this.pendingHead === undefined ? 0 : this.pendingHead.length;
    this.pendingHead = undefined;
    this.parseHead(latin1Decode(buf, 0, end));
    return at + (end + 4 - consumedBefore);
  }

  /** Status line and header lines (RFC 9112 §4, §5); sets the body's framing (§6.3). */
  private parseHead(text: string): void {
    const lines = text.split('\r\n');
    const statusLine = lines[0]!;
    const m = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [\t\x20-\x7e\x80-\xff]*)?$/.exec(statusLine);
    if (m === null)
      throw new HttpProtocolError(`malformed HTTP status line ${JSON.stringify(statusLine.slice(0, 100))}`);
    const status = Number(m[2]);
    // No prototype: a header named `constructor` or `__proto__` is just a header.
    const headers = Object.create(null) as Record<string, string>;
    for (let k = 1; k < lines.length; k++) {
      const line = lines[k]!;
      const colon = line.indexOf(':');
      const name = colon > 0 ? line.slice(0, colon) : '';
      // Obsolete line folding (a line starting with white space) and white space before the colon are refused (RFC 9112 §5.1, §5.2).
      if (!TOKEN.test(name))
        throw new HttpProtocolError(`malformed HTTP header line ${JSON.stringify(line.slice(0, 100))}`);
      // Optional white space (RFC 9110 §5.6.3) is spaces and tabs only.
      const value = line.slice(colon + 1).replace(OWS_EDGES, '');
      if (!FIELD_VALUE.test(value)) throw new HttpProtocolError(`invalid character in HTTP header ${name}`);
      const key = name.toLowerCase();
      const prev = headers[key];
      headers[key] = prev === undefined ? value : `${prev}, ${value}`;
    }
    if (status < 200) {
      // Interim response (1xx, RFC 9110 §15.2): skip it and read the final one. 101 would switch protocols: not ours.
      if (status === 101) throw new HttpProtocolError('unexpected 101 Switching Protocols');
      return;
    }
    this.status = status;
    this.headers = headers;
    const connection = (headers['connection'] ?? '').toLowerCase();
    this.keepAlive =
      m[1] === '1' ? !/(?:^|,)\s*close\s*(?:,|$)/.test(connection) : /(?:^|,)\s*keep-alive\s*(?:,|$)/.test(connection);
    this.keepAliveMs = keepAliveHint(headers['keep-alive']);
    const te = headers['transfer-encoding'];
    const cl = headers['content-length'];
    if (status === 204 || status === 304) {
      this.remaining = 0;
      this.phase = LENGTH;
    } else if (te !== undefined) {
      if (cl !== undefined) throw new HttpProtocolError('response has both Transfer-Encoding and Content-Length');
      // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means the framing is faulty.
      if (m[1] === '0') throw new HttpProtocolError('HTTP/1.0 response with Transfer-Encoding');
      const codings = te
        .toLowerCase()
        .split(',')
        .map((c) => c.trim());
      if (codings[codings.length - 1] === 'chunked') {
        if (codings.length > 1) throw new HttpProtocolError(`unsupported Transfer-Encoding ${JSON.stringify(te)}`);
        this.phase = CHUNK_SIZE;
      } else {
        throw new HttpProtocolError(`unsupported Transfer-Encoding ${JSON.stringify(te)}`);
      }
    } else if (cl !== undefined) {
      const length = contentLength(cl);
      if (length > this.maxResponseBytes) throw tooLarge(status, this.maxResponseBytes);
      this.remaining = length;
      this.phase = LENGTH;
    } else {
      // Delimited by the connection's close (RFC 9112 §6.3 rule 8).
      this.keepAlive = false;
      this.closeDelimited = true;
      this.phase = UNTIL_CLOSE;
    }
  }

  /** Body bytes for a length-framed body, a chunk or a close-delimited body. */
  private readBody(chunk: Uint8Array, at: number): number {
    const available = chunk.length - at;
    const take = this.phase === UNTIL_CLOSE ? available : Math.min(available, this.remaining);
    if (take === 0) return at;
    this.size += take;
    if (this.size > this.maxResponseBytes) throw tooLarge(this.status, this.maxResponseBytes);
    const piece = at === 0 && take === chunk.length ? chunk : chunk.subarray(at, at + take);
    this.chunks.push(piece);
    if (this.chunks.length > 1 && this.text !== null) this.decodeAsRead(piece);
    if (this.phase !== UNTIL_CLOSE) this.remaining -= take;
    return at + take;
  }

  /** Decodes `piece`, the body's second piece or a later one, into its text (see {@link text}). */
  private decodeAsRead(piece: Uint8Array): void {
    let text = this.text;
    if (text === undefined) {
      const first = this.chunks[0]!;
      text = textAsRead(this.status, this.headers, first);
      if (text === undefined || !text.push(first)) {
        this.text = null;
        return;
      }
    }
    this.text = text?.push(piece) ? text : null;
  }

  /** A line ending in CRLF from `at` (across packets); `undefined` when it goes on. */
  private line(chunk: Uint8Array, at: number, what: string): { text: string; next: number } | undefined {
    const lf = chunk.indexOf(LF, at);
    if (lf < 0) {
      this.pendingLine += latin1Decode(chunk, at);
      if (this.pendingLine.length > MAX_CHUNK_LINE) throw new HttpProtocolError(`${what} line too long`);
      return undefined;
    }
    const text = this.pendingLine + latin1Decode(chunk, at, lf);
    this.pendingLine = '';
    if (text.length > MAX_CHUNK_LINE) throw new HttpProtocolError(`${what} line too long`);
    if (text.charCodeAt(text.length - 1) !== CR) throw new HttpProtocolError(`${what} line not ended by CRLF`);
    return { text: text.slice(0, -1), next: lf + 1 };
  }

  /** chunk-size [ chunk-ext ] CRLF (RFC 9112 §7.1). */
  private readChunkSize(chunk: Uint8Array, at: number): number {
    const l = this.line(chunk, at, 'chunk size');
    if (l === undefined) return chunk.length;
    const m = /^([0-9A-Fa-f]{1,12})(?:[\t ]*;[\t\x20-\x7e\x80-\xff]*)?$/.exec(l.text);
    if (m === null) throw new HttpProtocolError(`malformed chunk size line ${JSON.stringify(l.text.slice(0, 100))}`);
    const size = parseInt(m[1]!, 16);
    if (size === 0) this.phase = TRAILERS;
    else {
      if (this.size + size > this.maxResponseBytes) throw tooLarge(this.status, this.maxResponseBytes);
      this.remaining = size;
      this.phase = CHUNK_DATA;
    }
    return l.next;
  }

  /** The CRLF after a chunk's data. */
  private readChunkDataEnd(chunk: Uint8Array, at: number): number {
    const l = this.line(chunk, at, 'chunk data');
    if (l === undefined) return chunk.length;
    if (l.text !== '') throw new HttpProtocolError('chunk data longer than its size');
    this.phase = CHUNK_SIZE;
    return l.next;
  }

  /** trailer-section CRLF (RFC 9112 §7.1.2): trailer fields are read and dropped. */
  private readTrailers(chunk: Uint8Array, at: number): number {
    let next = at;
    for (;;) {
      const l = this.line(chunk, next, 'trailer');
      if (l === undefined) return chunk.length;
      next = l.next;
      if (l.text === '') {
        this.complete(next < chunk.length);
        return next;
      }
      if (!TOKEN.test(l.text.slice(0, l.text.indexOf(':')))) throw new HttpProtocolError('malformed trailer line');
    }
  }

  /** The server sent FIN: completes a close-delimited body; anything else ended early. */
  serverEnded(): void {
    if (this.settled) return;
    if (this.closeDelimited && this.phase === UNTIL_CLOSE) this.complete(false);
    else this.fail(connectionClosed(this.responseStarted));
  }

  /** The response is complete; `extraBytes`: the server sent more than its framing. */
  private complete(extraBytes: boolean): void {
    if (this.settled) return;
    this.phase = DONE;
    const status = this.status;
    const headers = this.headers;
    let response: TransportResponse;
    // Inside the try: a close-delimited body completes from the socket's end event, which must not throw.
    try {
      response = this.response(status, headers);
    } catch (err) {
      this.fail(err);
      return;
    }
    this.settle();
    const conn = this.connection;
    const keepAliveMs = this.keepAliveMs;
    this.connection = undefined;
    conn?.release(this.keepAlive && !extraBytes && !this.closeAfter, keepAliveMs);
    this.resolve(response);
  }

  /**
   * The complete response: its text as read ({@link text}), else the whole body decoded
   * (transport.ts `decodeContent`, `toResponse`), also where the text as read fails (joining
   * its parts throws for a text over the engine's longest string): the whole decode then
   * gives its own answer or error, as before the text was read in pieces.
   * @throws ResponseError as decodeContent and toResponse
   */
  private response(status: number, headers: Record<string, string>): TransportResponse {
    const chunks = this.chunks;
    let text: string | undefined;
    try {
      text = this.text?.end();
    } catch {
      text = undefined;
    }
    if (text !== undefined) {
      chunks.length = 0;
      return { status, headers, body: text };
    }
    const bytes = chunks.length === 1 ? chunks[0]! : concatBytes(chunks, this.size);
    // The chunks are copied: let them go now rather than with the exchange.
    chunks.length = 0;
    return toResponse(status, headers, decodeContent(bytes, headers, status, this.decompress, this.maxResponseBytes));
  }

  /** Fails the call and closes its connection (mid-exchange, it cannot be reused). */
  fail(err: unknown): void {
    if (this.settled) return;
    this.settle();
    const conn = this.connection;
    this.connection = undefined;
    if (conn !== undefined) {
      conn.exchange = undefined;
      conn.socket.destroy();
    }
    this.reject(err);
  }

  private settle(): void {
    this.settled = true;
    this.deadlineQueue?.remove(this);
    if (this.onAbort !== undefined) this.signal?.removeEventListener('abort', this.onAbort);
  }

  /** The time limit passed (DeadlineQueue). */
  expired(): void {
    this.fail(timeoutError(this.timeoutMs));
  }
}

/** A Content-Length value: digits; a list of equal values counts as one (RFC 9112 §6.3 rule 5). */
function contentLength(value: string): number {
  let length: number | undefined;
  for (const part of value.split(',')) {
    const v = part.trim();
    if (!/^\d{1,15}$/.test(v))
      throw new HttpProtocolError(`malformed Content-Length ${JSON.stringify(value.slice(0, 100))}`);
    const n = Number(v);
    if (length !== undefined && n !== length)
      throw new HttpProtocolError(`conflicting Content-Length values ${JSON.stringify(value.slice(0, 100))}`);
    length = n;
  }
  return length ?? 0;
}

/** Idle time allowed by `Keep-Alive: timeout=N` (N seconds, less one for safety); `Infinity` when absent. */
function keepAliveHint(value: string | undefined): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  const m = /(?:^|[,;\s])timeout\s*=\s*(\d+)/i.exec(value);
  return m === null ? Number.POSITIVE_INFINITY : Math.max(0, Number(m[1]) * 1000 - 1000);
}

/** The default transport (one shared pool per process). */
export const http1Transport: Transport = /* @__PURE__ */ createHttp1Transport();

function noop(): void {}
