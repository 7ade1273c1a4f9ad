/**
 * Issue 20, item 10: what a client keeps of a hostile answer. Error bodies are
 * cut to `maxErrorBodyChars` (their true length recorded), the default node cap
 * follows the size cap, and the transports do not keep the last response alive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, type ClientOptions } from '../../src/runtime/client/client.js';
import type { BindingKind } from '../../src/runtime/wire/descriptors.js';
import {
  DEFAULT_MAX_ERROR_BODY_CHARS,
  HttpError,
  ResponseError,
  ResponseLimitError,
} from '../../src/runtime/wire/faults.js';
import {
  captured,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RESPONSE_NODES,
  defaultMaxResponseNodes,
} from '../../src/runtime/client/transport.js';
import { createNodeTransport } from '../../src/runtime/client/transport-node.js';
import { SOAP_11_ENV_NS } from '../../src/runtime/wire/soap-envelope.js';
import { AUTH_SERVICE, LOGIN } from './fixtures/auth-desc.js';
import { startStandIn, type StandIn } from './fixtures/stand-in-server.js';
import { rejection } from '../support/rejection.js';

let server: StandIn;
beforeAll(async () => {
  server = await startStandIn();
});
afterAll(async () => {
  await server.close();
});

function client(extra: Partial<ClientOptions<BindingKind>> = {}, binding: BindingKind = 'soap11'): ServiceClient {
  return new ServiceClient(AUTH_SERVICE, { baseUrl: server.baseUrl, binding, ...extra }, 'soap11');
}

function answer(status: number, type: string, body: string): void {
  server.respond = (_req, res) => {
    const bytes = Buffer.from(body);
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(bytes.length) });
    res.end(bytes);
  };
}

const login = (c: ServiceClient): Promise<unknown> => c.call(LOGIN, { Username: 'u', Password: 'p' });
const BIG = 1_000_000;

describe('error bodies are capped', () => {
  it('HttpError keeps 64 Ki characters of a 1 MB error page and records its length', async () => {
    answer(500, 'text/html', `<p>${'x'.repeat(BIG - 7)}</p>`);
    const err = await rejection(login(client()));
    expect(err).toBeInstanceOf(HttpError);
    const e = err as HttpError;
    expect(DEFAULT_MAX_ERROR_BODY_CHARS).toBe(65_536);
    expect(e.body).toHaveLength(65_536);
    expect(e.body.startsWith('<p>xxx')).toBe(true);
    expect(e.bodyLength).toBe(BIG);
    expect(e.message.length).toBeLessThan(300);
  });

  it('maxErrorBodyChars sets the cap, over HTTP GET too', async () => {
    answer(503, 'text/plain', 'y'.repeat(BIG));
    const err = (await rejection(login(client({ maxErrorBodyChars: 100 }, 'httpGet')))) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.body).toBe('y'.repeat(100));
    expect(err.bodyLength).toBe(BIG);
  });

  it('ResponseError (malformed XML of 1 MB) is capped the same way', async () => {
    answer(200, 'text/xml', `<soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}"><soap:Body>${'z'.repeat(BIG)}`);
    const err = (await rejection(login(client({ maxErrorBodyChars: 1000 })))) as ResponseError;
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.body).toHaveLength(1000);
    expect(err.bodyLength).toBeGreaterThan(BIG);
  });

  it('does not cut a surrogate pair in two', async () => {
    answer(500, 'text/plain; charset=utf-8', `${'a'.repeat(9)}😀${'b'.repeat(100)}`);
    const err = (await rejection(login(client({ maxErrorBodyChars: 10 })))) as HttpError;
    expect(err.body).toBe('a'.repeat(9));
  });

  it('a short body is kept whole', async () => {
    answer(500, 'text/plain', 'boom');
    const err = (await rejection(login(client()))) as HttpError;
    expect(err.body).toBe('boom');
    expect(err.bodyLength).toBe(4);
  });
});

describe('default limits keep memory near the size cap', () => {
  it('the default node cap is one node per 16 bytes of the size cap', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
    expect(DEFAULT_MAX_RESPONSE_NODES).toBe(4_194_304);
    expect(defaultMaxResponseNodes(1_600_000)).toBe(100_000);
    expect(defaultMaxResponseNodes(1000)).toBe(10_000);
  });

  it('accepts an answer as dense as real ones (one node per 19 bytes) up to maxResponseBytes', async () => {
    // A Salesforce query answer holds one node per 26 bytes; this one is denser, and nearly 1 MB.
    const fill = '<Field>abcdefghij0123456789</Field>'.repeat(27_000);
    const body = `<soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}"><soap:Body><LoginResponse xmlns="http://schemas.example.com/ecomm/auth"><LoginResult><ServiceTicket>t</ServiceTicket>${fill}</LoginResult></LoginResponse></soap:Body></soap:Envelope>`;
    expect(body.length).toBeLessThan(1_000_000);
    answer(200, 'text/xml', body);
    await expect(login(client({ maxResponseBytes: 1_000_000 }))).resolves.toEqual({ ServiceTicket: 't' });
  });

  it('a smaller maxResponseBytes lowers the node cap with it, and the error names the option', async () => {
    // 100,000 tiny elements in 400 kB: within 1.28 MB, but more than 1.28 MB / 16 = 80,000 nodes.
    answer(
      200,
      'text/xml',
      `<soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}"><soap:Body>${'<a/>'.repeat(100_000)}</soap:Body></soap:Envelope>`,
    );
    const err = await rejection(login(client({ maxResponseBytes: 1_280_000 })));
    expect(err).toBeInstanceOf(ResponseLimitError);
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.name).toBe('ResponseLimitError');
    expect((err as ResponseLimitError).option).toBe('maxResponseNodes');
    expect((err as ResponseLimitError).limit).toBe(80_000);
    expect(err.message).toMatch(/more than 80000 XML nodes/);
    expect(err.message).toMatch(/raise the client option maxResponseNodes/);
    expect(err.message).not.toMatch(/malformed/);
  });

  it('a response nested deeper than maxDepth is a ResponseLimitError naming maxDepth, not malformed XML', async () => {
    const deep = `${'<x>'.repeat(40)}${'</x>'.repeat(40)}`;
    answer(
      200,
      'text/xml',
      `<soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}"><soap:Body><LoginResponse xmlns="http://schemas.example.com/ecomm/auth"><LoginResult><ServiceTicket>t</ServiceTicket>${deep}</LoginResult></LoginResponse></soap:Body></soap:Envelope>`,
    );
    const err = await rejection(login(client({ maxDepth: 20 })));
    expect(err).toBeInstanceOf(ResponseLimitError);
    expect((err as ResponseLimitError).option).toBe('maxDepth');
    expect((err as ResponseLimitError).limit).toBe(20);
    expect(err.message).toMatch(/nested deeper than 20 levels .*raise the client option maxDepth/);
    expect(err.message).not.toMatch(/malformed/);
    await expect(login(client({ maxDepth: 60 }))).resolves.toEqual({ ServiceTicket: 't' });
  });

  it('over HTTP GET too: a limit reached is a ResponseLimitError', async () => {
    answer(
      200,
      'text/xml',
      `<EmAuthResult xmlns="http://schemas.example.com/ecomm/auth"><ServiceTicket>t</ServiceTicket>${'<a/>'.repeat(20_000)}</EmAuthResult>`,
    );
    const err = await rejection(login(client({ maxResponseNodes: 10_000 }, 'httpGet')));
    expect(err).toBeInstanceOf(ResponseLimitError);
    expect((err as ResponseLimitError).option).toBe('maxResponseNodes');
    expect(err.message).not.toMatch(/malformed/);
  });

  for (const [name, transport] of [
    ['http1', undefined],
    ['node:http', createNodeTransport()],
  ] as const) {
    it(`the ${name} transport does not keep the last response alive (its resolvers are released)`, async () => {
      answer(500, 'text/plain', 'x'.repeat(1000));
      await rejection(login(client(transport ? { transport } : {})));
      // Both are the shared no-op again, not the finished call's resolve/reject (which hold its response).
      expect(captured.resolve).toBe(captured.reject);
    });
  }
});
