/**
 * The Fetch API adapter of the server seam (exchange.ts): an {@link HttpExchange}
 * over a `Request`, whose answer is a `Response`. The body is read from
 * `request.body` chunk by chunk, counted against `maxBodyBytes` (a chunked body
 * has no length to check first) and given up on after `bodyTimeoutMs`; reading
 * stops, and the stream is cancelled, as soon as a limit is passed.
 *
 * Connections belong to the host (Bun, Deno, workerd...): a refused body is
 * answered 413/408 with `Connection: close` where the host passes it on, and the
 * host closes or drains the connection as it does for any early answer.
 *
 * Ships with generated code: web standards only (`Request`, `Response`,
 * `ReadableStream`, `setTimeout`), no Node globals.
 */
import { concatBytes } from '../bytes/concat.js';
import { bodyByteLength } from '../bytes/utf8.js';
import { TEXT_PLAIN_UTF8 } from '../wire/namespaces.js';
import {
  type BodyCallback,
  type BodyLimits,
  BodyReadError,
  bodyAborted,
  bodyLimitError,
  bodyTimedOut,
  declaredTooLarge,
  GENERIC_REASON,
  type HttpExchange,
} from './exchange.js';

function noop(): void {}

/**
 * Reads `body` within `limits`.
 * @throws BodyReadError (`tooLarge`, `timeout`, `aborted`)
 */
async function readStream(body: ReadableStream<Uint8Array>, limits: BodyLimits): Promise<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline: Promise<never> | undefined;
  if (limits.timeoutMs > 0) {
    deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(bodyTimedOut(limits)), limits.timeoutMs);
    });
    deadline.catch(noop);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const r = deadline === undefined ? await reader.read() : await Promise.race([reader.read(), deadline]);
      if (r.done) break;
      total += r.value.byteLength;
      const tooLarge = bodyLimitError(total, limits);
      if (tooLarge !== undefined) throw tooLarge;
      chunks.push(r.value);
    }
  } catch (err) {
    reader.cancel().catch(noop);
    throw err instanceof BodyReadError ? err : bodyAborted();
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
  return concatBytes(chunks, total);
}

/** One Fetch API request and the `Response` it is answered with. */
export class FetchExchange implements HttpExchange {
  readonly request: Request;
  /** The answer, once sent. */
  response: Response | undefined = undefined;
  /** Called with the answer when it is sent after {@link answer} was asked for it. */
  private waiter: ((response: Response) => void) | undefined = undefined;
  /** Headers added to any answer (CORS), as name/value pairs. */
  private added: string[] | undefined = undefined;

  constructor(request: Request) {
    this.request = request;
  }

  get method(): string {
    return this.request.method;
  }

  /** The path and query of the request's (absolute) URL. */
  get target(): string {
    const url = this.request.url;
    const scheme = url.indexOf('://');
    const slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
    if (slash >= 0) return url.slice(slash);
    const q = url.indexOf('?', scheme + 3);
    return q < 0 ? '/' : `/${url.slice(q)}`;
  }

  header(name: string): string | undefined {
    return this.request.headers.get(name) ?? undefined;
  }

  get contextHeaders(): unknown {
    return this.request.headers;
  }

  get contextRequest(): unknown {
    return this.request;
  }

  readBody<A>(limits: BodyLimits, done: BodyCallback<A>, arg: A): void {
    const request = this.request;
    const declared = request.headers.get('content-length');
    const tooLarge = declared === null ? undefined : declaredTooLarge(declared, limits);
    if (tooLarge !== undefined) {
      done(tooLarge, undefined, arg);
      return;
    }
    if (request.bodyUsed) {
      done(
        new BodyReadError(
          'consumed',
          'the request body was already read; give the fetch handler a request whose body is unread',
        ),
        undefined,
        arg,
      );
      return;
    }
    const body = request.body;
    if (body === null) {
      done(undefined, new Uint8Array(0), arg);
      return;
    }
    readStream(body, limits).then(
      (bytes) => done(undefined, bytes, arg),
      (err: unknown) => done(err instanceof BodyReadError ? err : bodyAborted(), undefined, arg),
    );
  }

  scheme(): string {
    return this.request.url.startsWith('https:') ? 'https' : 'http';
  }

  localAuthority(): string {
    const url = this.request.url;
    const start = url.indexOf('://') + 3;
    let end = start;
    while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
    return url.slice(start, end);
  }

  remoteAddress(): string | undefined {
    return undefined;
  }

  mountPath(): string {
    return '';
  }

  addHeader(name: string, value: string): void {
    (this.added ??= []).push(name, value);
  }

  send(
    status: number,
    contentType: string,
    body: string | Uint8Array,
    extraHeaders?: Readonly<Record<string, string>>,
  ): void {
    const headers = this.headers();
    headers.set('Content-Type', contentType);
    if (extraHeaders !== undefined) for (const name in extraHeaders) headers.set(name, extraHeaders[name]!);
    if (this.request.method === 'HEAD') {
      // The length the body would have (RFC 9110 §9.3.2), without the body.
      headers.set('Content-Length', String(bodyByteLength(body)));
      this.answer(new Response(null, { status, headers }));
      return;
    }
    // Typed through Response's own parameter: with the DOM lib, a Uint8Array over any ArrayBufferLike is not a BodyInit.
    this.answer(new Response(body as ConstructorParameters<typeof Response>[0], { status, headers }));
  }

  sendEmpty(status: number, extraHeaders?: Readonly<Record<string, string>>): void {
    const headers = this.headers();
    if (extraHeaders !== undefined) for (const name in extraHeaders) headers.set(name, extraHeaders[name]!);
    // A 204 has no Content-Length (RFC 9110 §8.6); a 202 or 200 says 0.
    if (status !== 204) headers.set('Content-Length', '0');
    this.answer(new Response(null, { status, headers }));
  }

  sendAndClose(status: number, message: string): void {
    this.send(status, TEXT_PLAIN_UTF8, message, { Connection: 'close' });
  }

  drop(): void {
    // The client went away: nothing will read this answer.
    this.answer(new Response(null, { status: 400 }));
  }

  internalError(): void {
    if (this.response === undefined) this.send(500, TEXT_PLAIN_UTF8, GENERIC_REASON);
  }

  /** New response headers holding the ones added by {@link addHeader}. */
  private headers(): Headers {
    const headers = new Headers();
    const added = this.added;
    if (added !== undefined) for (let i = 0; i < added.length; i += 2) headers.append(added[i]!, added[i + 1]!);
    return headers;
  }

  /** Sets the answer (the first one wins) and hands it to whoever waits for it. */
  private answer(response: Response): void {
    if (this.response !== undefined) return;
    this.response = response;
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter(response);
    }
  }

  /** The answer: at once when it was sent during the call into the core, else when it is. */
  responded(): Promise<Response> {
    if (this.response !== undefined) return Promise.resolve(this.response);
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }
}
