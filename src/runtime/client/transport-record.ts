/**
 * Fixtures for tests: {@link recordingTransport} passes each exchange to another
 * transport and keeps a copy (secrets redacted, see redact.ts); {@link replayTransport}
 * answers from such copies without any server. Fixtures are plain JSON
 * ({@link saveFixtures}/{@link loadFixtures}), so they can be checked in and reviewed.
 *
 * Replay matches a request to a recorded exchange by method, URL path and
 * query, and the operation (the `SOAPAction` header, the `action` of a SOAP 1.2
 * content type, and the first element of the SOAP Body); with `matchBody` the
 * whole body must be equal as well (after redaction, as it was recorded). Each
 * recorded exchange answers once, in order; with `repeat` the last match answers again.
 *
 * Ships with generated code: imports only node:* modules and sibling runtime files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { bodyText } from './hooks.js';
import { redactHeaders, redactText, type RedactOptions } from './redact.js';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

/** One recorded HTTP exchange (JSON-safe). */
export interface RecordedExchange {
  readonly request: {
    readonly method: 'GET' | 'POST';
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: string;
  };
  readonly response: TransportResponse;
}

/** Options of {@link recordingTransport}. */
export interface RecordingOptions extends RedactOptions {
  /** Keep secrets in the recording (default false: passwords, tickets, tokens and credentials headers become `***`). */
  readonly keepSecrets?: boolean;
}

/** A recording transport and what it has recorded so far. */
export interface Recorder {
  readonly transport: Transport;
  /** The exchanges so far, in order. */
  readonly exchanges: RecordedExchange[];
  /** Writes the exchanges to a JSON file. */
  save(path: string): void;
}

/** Records every exchange `inner` performs (redacted unless `keepSecrets`). Failed exchanges are not recorded. */
export function recordingTransport(inner: Transport, options: RecordingOptions = {}): Recorder {
  const exchanges: RecordedExchange[] = [];
  const keep = options.keepSecrets === true;
  const scrub = (s: string): string => (keep ? s : redactText(s, options));
  const transport: Transport = async (req) => {
    const res = await inner(req);
    const request: RecordedExchange['request'] = {
      method: req.method,
      url: keep ? req.url.href : redactText(req.url.href, options),
      headers: keep ? { ...req.headers } : redactHeaders(req.headers),
      ...(req.body !== undefined ? { body: scrub(bodyText(req.body)) } : {}),
    };
    exchanges.push({
      request,
      response: {
        status: res.status,
        headers: keep ? { ...res.headers } : redactHeaders(res.headers),
        body: scrub(res.raw === undefined ? res.body : bodyText(res.raw)),
      },
    });
    return res;
  };
  return { transport, exchanges, save: (path) => saveFixtures(path, exchanges) };
}

/** Writes exchanges as pretty-printed JSON. */
export function saveFixtures(path: string, exchanges: readonly RecordedExchange[]): void {
  writeFileSync(path, `${JSON.stringify(exchanges, null, 2)}\n`);
}

/**
 * Reads exchanges written by {@link saveFixtures}.
 * @throws FixtureError naming the file when it is not such a list
 */
export function loadFixtures(path: string): RecordedExchange[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new FixtureError(`${path}: not a fixture file: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new FixtureError(`${path}: expected a JSON array of recorded exchanges`);
  data.forEach((e: unknown, i) => {
    const x = e as Partial<RecordedExchange> | null;
    if (
      x === null ||
      typeof x !== 'object' ||
      typeof x.request?.url !== 'string' ||
      typeof x.response?.status !== 'number' ||
      typeof x.response.body !== 'string'
    ) {
      throw new FixtureError(
        `${path}: entry ${i} is not a recorded exchange (request.url, response.status, response.body)`,
      );
    }
  });
  return data as RecordedExchange[];
}

/** A request that no recorded exchange answers, or a malformed fixture file. */
export class FixtureError extends Error {
  override name = 'FixtureError';
}

/** Options of {@link replayTransport}. */
export interface ReplayOptions extends RedactOptions {
  /** Require the request body to equal the recorded one (after the same redaction). Default false. */
  readonly matchBody?: boolean;
  /** Let a used exchange answer again when no unused one matches (default false: each answers once). */
  readonly repeat?: boolean;
}

/** What identifies a request's operation: method, path+query, SOAP action and Body element. */
function keyOf(method: string, url: string, headers: Readonly<Record<string, string>>, body?: string): string {
  let path = url;
  try {
    const u = new URL(url);
    path = u.pathname + u.search;
  } catch {
    // a relative or redacted URL: compare as recorded
  }
  let action = '';
  for (const [k, v] of Object.entries(headers)) {
    const name = k.toLowerCase();
    if (name === 'soapaction') action = v.replace(/^"|"$/g, '');
    else if (name === 'content-type' && action === '') action = /action="?([^";]*)/i.exec(v)?.[1] ?? '';
  }
  return `${method} ${path} ${action} ${bodyElement(body)}`;
}

/** The first element inside a SOAP Body, as `{ns}name` text (prefix-free), or ''. */
function bodyElement(body: string | undefined): string {
  if (body === undefined) return '';
  const m = /<(?:[\w.-]+:)?Body\b[^>]*>\s*<([\w.-]+:)?([\w.-]+)/.exec(body);
  return m ? m[2]! : '';
}

/** Answers requests from recorded exchanges; a request nothing matches rejects with a {@link FixtureError}. */
export function replayTransport(
  exchanges: readonly RecordedExchange[] | string,
  options: ReplayOptions = {},
): Transport {
  const list = typeof exchanges === 'string' ? loadFixtures(exchanges) : exchanges;
  const keys = list.map((e) => keyOf(e.request.method, e.request.url, e.request.headers, e.request.body));
  const used = new Array<boolean>(list.length).fill(false);
  return async (req: TransportRequest) => {
    const sent = req.body === undefined ? undefined : bodyText(req.body);
    const key = keyOf(req.method, req.url.href, req.headers, sent);
    // A recording keeps bodies redacted (the default) or as sent (`keepSecrets`): either compares equal.
    const body = sent === undefined ? undefined : redactText(sent, options);
    const sameBody = (rec: string | undefined): boolean => rec === sent || rec === body;
    const fits = (i: number): boolean =>
      keys[i] === key && (options.matchBody !== true || sameBody(list[i]!.request.body));
    let found = -1;
    for (let i = 0; i < list.length && found < 0; i++) if (!used[i] && fits(i)) found = i;
    if (found < 0 && options.repeat === true)
      for (let i = list.length - 1; i >= 0 && found < 0; i--) if (fits(i)) found = i;
    if (found < 0) {
      const near = keys.indexOf(key);
      const why =
        near >= 0
          ? options.matchBody === true && !sameBody(list[near]!.request.body)
            ? 'the recorded request with this operation has another body'
            : 'every recorded exchange for it was already used (pass `repeat: true` to reuse them)'
          : `recorded: ${[...new Set(keys)].join('; ') || 'nothing'}`;
      throw new FixtureError(`no recorded exchange for ${key.trim()}: ${why}`);
    }
    used[found] = true;
    const r = list[found]!.response;
    return { status: r.status, headers: { ...r.headers }, body: r.body };
  };
}
