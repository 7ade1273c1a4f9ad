/**
 * Requests that repeat earlier markup with other values, as a client's traffic
 * does: the server reads them from their recorded shape (soap-request-envelope.ts),
 * decoding the Body by plan (decode-plan.ts) when there is no Header and from
 * the tree otherwise. Over real sockets, every request must reach the
 * implementation with its own values, in fresh objects.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DecodePlan } from '../../src/runtime/server/decode-plan.js';
import { createServiceHandler, type RequestContext } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION } from './fixtures/auth-desc.js';
import {
  at,
  rawRequest,
  soap11,
  soap12,
  startServer,
  text,
  xml,
  type RawResponse,
  type TestServer,
} from './helpers.js';

const calls: { input: Record<string, unknown>; ctx: RequestContext }[] = [];
let srv: TestServer;

beforeAll(async () => {
  const handler = createServiceHandler(authService, {
    Login: (input, ctx) => {
      const value = input as Record<string, unknown>;
      calls.push({ input: { ...value }, ctx });
      // An implementation may change its input: the next request must not see it.
      value['Username'] = 'changed';
      value['extra'] = true;
      return { ServiceTicket: `ticket-for-${String(calls[calls.length - 1]!.input['Username'])}` };
    },
    Logout: (input) => ({ ServiceTicket: (input as { ServiceTicket: string }).ServiceTicket }),
  });
  srv = await startServer(handler);
});
afterAll(() => srv.close());

const VALUES: readonly (readonly [string, string])[] = [
  ['alice', 's3cret'],
  ['bob', 'hunter2'],
  ['  spaced  ', '\tTAB\t'],
  ['zoë', 'pässwörd'],
  ['carol', ' '],
  ['dave', 'x'],
];

function login11(user: string, password: string, header = ''): Promise<RawResponse> {
  return rawRequest(
    srv.port,
    `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
    soap11(`<Login xmlns="${AUTH_NS}"><Username>${user}</Username><Password>${password}</Password></Login>`, header),
  );
}

describe('requests of one shape', () => {
  it('reach the implementation with their own values, decoded by plan, in fresh objects', async () => {
    const decode = vi.spyOn(DecodePlan.prototype, 'decode');
    for (const [user, password] of VALUES) {
      const r = await login11(user, password);
      expect(r.status).toBe(200);
      expect(calls[calls.length - 1]!.input).toEqual({ Username: user, Password: password });
      expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe(`ticket-for-${user}`);
    }
    // The first request (or two, once the shared memo is full) is scanned; the later ones match its shape.
    expect(decode.mock.calls.length).toBeGreaterThanOrEqual(VALUES.length - 2);
    decode.mockRestore();
  });

  it('with a SOAP Header are read from their own tree: header values and ctx.soapHeader are each request’s', async () => {
    const decode = vi.spyOn(DecodePlan.prototype, 'decode');
    for (const [user, password] of VALUES) {
      const r = await login11(user, password, `<Trace xmlns="urn:test">${user}-trace</Trace>`);
      expect(r.status).toBe(200);
      const { input, ctx } = calls[calls.length - 1]!;
      expect(input).toEqual({ Username: user, Password: password });
      expect(ctx.soapHeader).toBeDefined();
      expect(text(at(ctx.soapHeader!, 'Trace'))).toBe(`${user}-trace`);
    }
    expect(decode).not.toHaveBeenCalled();
    decode.mockRestore();
  });

  it('in SOAP 1.2, and with values the shape cannot take (a reference, a CR), are read as usual', async () => {
    for (const [user, password] of VALUES) {
      const r = await rawRequest(
        srv.port,
        `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: application/soap+xml; charset=utf-8; action="${LOGIN_ACTION}"`,
        soap12(`<Login xmlns="${AUTH_NS}"><Username>${user}</Username><Password>${password}</Password></Login>`),
      );
      expect(r.status).toBe(200);
      expect(calls[calls.length - 1]!.input).toEqual({ Username: user, Password: password });
    }
    const r = await login11('a&amp;b', 'line\r\nbreak');
    expect(r.status).toBe(200);
    expect(calls[calls.length - 1]!.input).toEqual({ Username: 'a&b', Password: 'line\nbreak' });
  });

  it('that break the shape are refused as before, and the next request of the shape is served', async () => {
    const bad = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(`<Login xmlns="${AUTH_NS}"><Username>eve</Username><Password>x</Pass></Login>`),
    );
    expect(bad.status).toBe(500);
    expect(bad.body).toContain('soap:Client');
    const good = await login11('frank', 'y');
    expect(good.status).toBe(200);
    expect(calls[calls.length - 1]!.input).toEqual({ Username: 'frank', Password: 'y' });
  });
});
