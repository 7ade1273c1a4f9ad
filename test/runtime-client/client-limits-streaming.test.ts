/**
 * Issue 31, item 2: a response that reaches the client's node or depth limit is a
 * `ResponseLimitError` naming the limit and the option that raises it, never "malformed
 * XML", whichever way the client reads it: as it is scanned (wire/soap-response-stream.ts,
 * which turns any error into a StreamFallback, after which the tree is parsed) or as a tree.
 * The streaming decoder is wrapped to check that it did run and fell back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, type ClientOptions } from '../../src/runtime/client/client.js';
import type { BindingKind } from '../../src/runtime/wire/descriptors.js';
import { ResponseLimitError } from '../../src/runtime/wire/faults.js';
import { responseStreaming, type StreamedSoapResponse } from '../../src/runtime/wire/response-streaming.js';
import { SOAP_11_ENV_NS } from '../../src/runtime/wire/soap-envelope.js';
import { decodeSoapResponseStreaming, StreamFallback } from '../../src/runtime/wire/soap-response-stream.js';
import { AUTH_NS, AUTH_SERVICE, LOGIN } from './fixtures/auth-desc.js';
import { startStandIn, type StandIn } from './fixtures/stand-in-server.js';
import { rejection } from '../support/rejection.js';

let server: StandIn;
const registered = responseStreaming.decode;
/** What each streaming decode of the test returned (`undefined`: it fell back to the tree). */
let decoded: (StreamedSoapResponse | undefined)[] = [];

beforeAll(async () => {
  server = await startStandIn();
  if (registered === undefined) throw new Error('soap-response-stream.ts did not register its decoder');
  responseStreaming.decode = (...args) => {
    const r = registered(...args);
    decoded.push(r);
    return r;
  };
});
afterAll(async () => {
  responseStreaming.decode = registered;
  responseStreaming.minLength = 16384;
  await server.close();
});
afterEach(() => {
  decoded = [];
});

/** A Login answer with `extra` after the ticket. */
function loginAnswer(extra: string): string {
  return `<soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}"><soap:Body><LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>t</ServiceTicket>${extra}</LoginResult></LoginResponse></soap:Body></soap:Envelope>`;
}

function answer(body: string): void {
  server.respond = (_req, res) => {
    const bytes = Buffer.from(body);
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(bytes.length) });
    res.end(bytes);
  };
}

function login(options: Partial<ClientOptions<BindingKind>>): Promise<unknown> {
  const client = new ServiceClient(AUTH_SERVICE, { baseUrl: server.baseUrl, binding: 'soap11', ...options }, 'soap11');
  return client.call(LOGIN, { Username: 'u', Password: 'p' });
}

/** 5,000 unknown elements: 5,000 nodes more than the Login answer's own. */
const MANY = loginAnswer('<a/>'.repeat(5000));
/** 40 levels of nesting below LoginResult. */
const DEEP = loginAnswer(`${'<x>'.repeat(40)}${'</x>'.repeat(40)}`);

const LIMITS = [
  {
    option: 'maxResponseNodes',
    body: MANY,
    low: { maxResponseNodes: 2000 },
    limit: 2000,
    message: /more than 2000 XML nodes .*raise the client option maxResponseNodes/,
    high: { maxResponseNodes: 10_000 },
  },
  {
    option: 'maxDepth',
    body: DEEP,
    low: { maxDepth: 20 },
    limit: 20,
    message: /nested deeper than 20 levels .*raise the client option maxDepth/,
    high: { maxDepth: 60 },
  },
] as const;

describe('a limit reached in a response is a ResponseLimitError on both paths', () => {
  for (const path of ['streaming', 'tree'] as const) {
    for (const l of LIMITS) {
      it(`${l.option}, read ${path === 'streaming' ? 'as it is scanned (then as a tree)' : 'as a tree'}`, async () => {
        responseStreaming.minLength = path === 'streaming' ? 0 : Number.POSITIVE_INFINITY;
        answer(l.body);
        const err = await rejection(login(l.low));
        expect(err).toBeInstanceOf(ResponseLimitError);
        expect(err.name).toBe('ResponseLimitError');
        expect((err as ResponseLimitError).option).toBe(l.option);
        expect((err as ResponseLimitError).limit).toBe(l.limit);
        expect(err.message).toMatch(l.message);
        expect(err.message).not.toMatch(/malformed/i);
        // The streaming decoder ran and fell back; the tree gave the error.
        expect(decoded).toEqual(path === 'streaming' ? [undefined] : []);
        decoded = [];
        // Raising the option reads the same answer (streamed when the path is streaming).
        await expect(login(l.high)).resolves.toEqual({ ServiceTicket: 't' });
        if (path === 'streaming') {
          expect(decoded).toHaveLength(1);
          expect(decoded[0]?.value).toEqual({ ServiceTicket: 't' });
        } else expect(decoded).toEqual([]);
      });
    }
  }

  it('the streaming decoder falls back at a limit, giving the limit as its reason', () => {
    const out = LOGIN.soap11!.output!;
    const nodes = decodeSoapResponseStreaming(MANY, '1.1', out, AUTH_SERVICE.types, { maxNodes: 2000 });
    expect(nodes).toBeInstanceOf(StreamFallback);
    expect((nodes as StreamFallback).reason).toMatch(/more than 2000 XML nodes/);
    const depth = decodeSoapResponseStreaming(DEEP, '1.1', out, AUTH_SERVICE.types, { maxDepth: 20 });
    expect(depth).toBeInstanceOf(StreamFallback);
    expect((depth as StreamFallback).reason).toMatch(/deeper than 20 levels/);
  });
});
