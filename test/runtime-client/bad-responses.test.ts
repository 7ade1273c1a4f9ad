/**
 * The client against servers that misbehave (found by probing the generated
 * client): every case rejects with a clear, typed error, never a crash, a hang,
 * a silently wrong value, or a request sent somewhere else.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, type ClientOptions } from '../../src/runtime/client/client.js';
import type { BindingKind, OperationDesc } from '../../src/runtime/wire/descriptors.js';
import { HttpError, ResponseError } from '../../src/runtime/wire/faults.js';
import { SOAP_11_ENV_NS } from '../../src/runtime/wire/soap-envelope.js';
import { createNodeTransport } from '../../src/runtime/client/transport-node.js';
import { fetchTransport } from '../../src/runtime/client/transport-fetch.js';
import { AUTH_NS, AUTH_SERVICE, LOGIN } from './fixtures/auth-desc.js';
import { startStandIn, type StandIn } from './fixtures/stand-in-server.js';
import { rejection } from '../support/rejection.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const envelope = (inner: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}" xmlns:xsi="${XSI}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const loginResponse = (ticket: string): string =>
  `<LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>${ticket}</ServiceTicket></LoginResult></LoginResponse>`;

let server: StandIn;
let elsewhere: StandIn;
beforeAll(async () => {
  server = await startStandIn();
  elsewhere = await startStandIn();
});
afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

function client(binding: BindingKind = 'soap11', extra: Partial<ClientOptions<BindingKind>> = {}): ServiceClient {
  return new ServiceClient(AUTH_SERVICE, { baseUrl: server.baseUrl, binding, ...extra }, 'soap11');
}

const login = (c: ServiceClient): Promise<unknown> => c.call(LOGIN, { Username: 'u', Password: 'p' });

/** Answers with raw bytes and headers. */
function answer(status: number, headers: Record<string, string>, body: Buffer | string): void {
  server.respond = (_req, res) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    res.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
    res.end(bytes);
  };
}

describe('response size in nodes', () => {
  it('refuses a response with more XML nodes than maxResponseNodes (the tree is many times the text)', async () => {
    answer(
      200,
      { 'Content-Type': 'text/xml; charset=utf-8' },
      envelope(loginResponse(`t</ServiceTicket>${'<a/>'.repeat(5000)}<ServiceTicket>t`)),
    );
    const err = await rejection<Error & { code?: string }>(login(client('soap11', { maxResponseNodes: 1000 })));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toMatch(/more than 1000 XML nodes/);
    // The same response within a larger budget is read.
    await expect(login(client('soap11', { maxResponseNodes: 20_000 }))).resolves.toEqual({ ServiceTicket: 't' });
  });
});

describe('redirects', () => {
  it('are not followed by the fetch transport: the envelope never reaches the other origin', async () => {
    elsewhere.requests.length = 0;
    for (const status of [302, 307]) {
      server.respond = (_req, res) => {
        res.writeHead(status, { Location: `${elsewhere.baseUrl}/steal`, 'Content-Length': '0' });
        res.end();
      };
      const err = await rejection<Error & { code?: string }>(
        login(client('soap11', { transport: fetchTransport(fetch), headers: { 'X-Api-Key': 'k' } })),
      );
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(status);
    }
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('xsi:nil on the response element', () => {
  it('is refused on the SOAP wrapper, and read as null where the response element is nillable', async () => {
    answer(
      200,
      { 'Content-Type': 'text/xml; charset=utf-8' },
      envelope(`<LoginResponse xmlns="${AUTH_NS}" xsi:nil="true"/>`),
    );
    const err = await rejection<Error & { code?: string }>(login(client('soap11')));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toMatch(/^Login: invalid response: xsi:nil is not allowed on .*LoginResponse/);
    const nillableLogin: OperationDesc = {
      ...LOGIN,
      soap11: { ...LOGIN.soap11!, output: { ...LOGIN.soap11!.output!, nillable: true } },
    };
    await expect(client('soap11').call(nillableLogin, { Username: 'u', Password: 'p' })).resolves.toBeNull();
  });

  it('is refused on an HTTP GET result that is not nillable, and read as null where it is', async () => {
    answer(
      200,
      { 'Content-Type': 'text/xml; charset=utf-8' },
      `<EmAuthResult xmlns="${AUTH_NS}" xmlns:xsi="${XSI}" xsi:nil="true"/>`,
    );
    await expect(login(client('httpGet'))).resolves.toBeNull();
    const { nillable, ...output } = LOGIN.httpGet!.output!;
    void nillable;
    const strictLogin: OperationDesc = { ...LOGIN, httpGet: { ...LOGIN.httpGet!, output } };
    const err = await rejection<Error & { code?: string }>(
      client('httpGet').call(strictLogin, { Username: 'u', Password: 'p' }),
    );
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toMatch(/xsi:nil is not allowed on .*EmAuthResult/);
  });
});

describe('character encodings', () => {
  it('refuses malformed UTF-8 instead of reading U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from(envelope(loginResponse('caf')).split('caf')[0]!),
      Buffer.from('caf'),
      Buffer.from([0xe9]),
    ]);
    const body = Buffer.concat([bytes, Buffer.from(envelope(loginResponse('caf')).split('caf')[1]!)]);
    answer(200, { 'Content-Type': 'text/xml; charset=utf-8' }, body);
    const err = await rejection<Error & { code?: string }>(login(client('soap11')));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toBe('response body: the body is not valid UTF-8');
  });

  it('reads the encoding from the XML declaration when the content type has no charset', async () => {
    const text = envelope(loginResponse('café')).replace('encoding="utf-8"', 'encoding="ISO-8859-1"');
    answer(200, { 'Content-Type': 'text/xml' }, Buffer.from(text, 'latin1'));
    await expect(login(client('soap11'))).resolves.toEqual({ ServiceTicket: 'café' });
    answer(
      200,
      { 'Content-Type': 'text/xml' },
      Buffer.from(
        `<?xml version="1.0" encoding="iso-8859-1"?><EmAuthResult xmlns="${AUTH_NS}"><ServiceTicket>café</ServiceTicket></EmAuthResult>`,
        'latin1',
      ),
    );
    await expect(login(client('httpGet'))).resolves.toEqual({ ServiceTicket: 'café' });
  });

  it('reads UTF-16 big-endian, with a byte order mark or a charset', async () => {
    const be = Buffer.from(envelope(loginResponse('tï')).replace('utf-8', 'utf-16'), 'utf16le').swap16();
    answer(200, { 'Content-Type': 'text/xml' }, Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    await expect(login(client('soap11'))).resolves.toEqual({ ServiceTicket: 'tï' });
    answer(200, { 'Content-Type': 'text/xml; charset=utf-16be' }, be);
    await expect(login(client('soap11'))).resolves.toEqual({ ServiceTicket: 'tï' });
  });

  it('reports an error status, not the charset, when an error page is in an unknown charset', async () => {
    answer(500, { 'Content-Type': 'text/html; charset=x-klingon' }, '<h1>Fehler</h1>');
    const err = await rejection<Error & { code?: string }>(login(client('soap11')));
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(500);
    expect((err as HttpError).body).toBe('<h1>Fehler</h1>');
  });

  it('names an unsupported charset of a successful response', async () => {
    answer(200, { 'Content-Type': 'text/xml; charset=x-klingon' }, envelope(loginResponse('t')));
    const err = await rejection<Error & { code?: string }>(login(client('soap11')));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toBe('response body: unsupported charset "x-klingon"');
  });
});

describe('content codings', () => {
  it('are refused with a clear error by the node transports (neither asks for one nor decodes one)', async () => {
    answer(
      200,
      { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Encoding': 'gzip' },
      gzipSync(envelope(loginResponse('t'))),
    );
    for (const extra of [{}, { transport: createNodeTransport() }]) {
      const err = await rejection<Error & { code?: string }>(login(client('soap11', extra)));
      expect(err).toBeInstanceOf(ResponseError);
      expect(err.message).toBe('response has Content-Encoding "gzip", which this transport does not decode');
    }
  });
});

describe('lost connections', () => {
  it('reject with code ECONNRESET on both node transports', async () => {
    server.respond = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': '1000' });
      res.write('<soap:Envelope', () => res.socket?.destroy());
    };
    for (const extra of [{}, { transport: createNodeTransport() }]) {
      const err = await rejection<Error & { code?: string }>(login(client('soap11', extra)));
      expect(err.code).toBe('ECONNRESET');
      expect(err.message).toMatch(/closed the connection mid-response/);
    }
    server.respond = (req, res) => {
      void req;
      res.socket?.destroy();
    };
    const err = await rejection<Error & { code?: string }>(login(client('soap11')));
    expect(err.code).toBe('ECONNRESET');
  });
});
