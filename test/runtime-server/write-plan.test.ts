/**
 * Write plans (src/runtime/server/write-plan.ts) against the codec: for response
 * shapes of every kind a plan covers (and some it must refuse), random values,
 * including texts that need escaping and texts XML cannot hold, are written by
 * the plan and by the general writer (XmlWriter + codec, as the server wrote every
 * response before plans). The plan must give the same bytes, or decline
 * (`undefined`) when the codec writes something else or throws; and it must not
 * decline the values it exists for.
 */
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import { AUTH_NS, authService, LOGIN_ACTION, LOGOUT_ACTION } from './fixtures/auth-desc.js';
import { rawRequest, soap11, startServer, type TestServer } from './helpers.js';
import { writeComplexContent, writeElementContent, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import type { FieldDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { operationStart } from '../../src/runtime/wire/soap-envelope.js';
import { WritePlan } from '../../src/runtime/server/write-plan.js';
import { XmlWriter, type XmlWriterSnapshot } from '../../src/runtime/xml/xml-write.js';
import { prng } from '../support/decode-compare.js';

const N = 'urn:t';
const str = { scalar: 'string' } as const;
const f = (prop: string, value: ValueDesc, min = 1, extra: Partial<FieldDesc> = {}): FieldDesc => ({
  prop,
  name: prop,
  ns: N,
  value,
  min,
  max: 1,
  ...extra,
});

const types: TypeRegistry = {
  // The Auth response: LoginResponse > LoginResult > ServiceTicket.
  AuthResult: { name: 'AuthResult', ns: N, fields: [f('ServiceTicket', str)] },
  LoginResponse: { name: 'LoginResponse', ns: N, fields: [f('LoginResult', { complex: 'AuthResult' })] },
  // Every plannable scalar kind, restrictions, optional and nillable fields, a field in no namespace.
  Scalars: {
    name: 'Scalars',
    ns: N,
    fields: [
      f('s', str),
      f('i', { scalar: 'int', range: 'short' }),
      f('d', { scalar: 'double' }),
      f('b', { scalar: 'boolean' }),
      f('big', { scalar: 'bigint' }),
      f('is', { scalar: 'integerString' }),
      f('ds', { scalar: 'decimalString' }),
      f('t', { scalar: 'dateTime' }),
      f('h', { scalar: 'hex' }),
      f('e', { scalar: 'string', enum: ['a&b', 'c'] }),
      f('l', { scalar: 'int', list: true }),
      f('opt', str, 0),
      f('nil', str, 1, { nillable: true }),
      { prop: 'bare', name: 'bare', ns: '', value: str, min: 1, max: 1 },
      f('other', str, 1, { ns: 'urn:other' }),
    ],
  },
  Base: { name: 'Base', ns: N, fields: [f('x', str)] },
  Derived: { name: 'Derived', ns: N, base: 'Base', fields: [f('y', { complex: 'Scalars' }, 0)] },
  Holder: { name: 'Holder', ns: N, fields: [f('inner', { complex: 'Base' }), f('z', str)] },
  Empty: { name: 'Empty', ns: N, fields: [] },
  // Shapes a plan refuses: their markup depends on the value.
  WithArray: { name: 'WithArray', ns: N, fields: [{ ...f('a', str), max: -1 }] },
  WithAttr: {
    name: 'WithAttr',
    ns: N,
    fields: [f('a', str)],
    attrs: [{ prop: 'id', name: 'id', ns: '', value: str }],
  },
  WithChoice: { name: 'WithChoice', ns: N, fields: [f('a', str, 0, { choice: 0 }), f('b', str, 0, { choice: 0 })] },
  WithQName: { name: 'WithQName', ns: N, fields: [f('q', { scalar: 'qname' })] },
  WithBase64: { name: 'WithBase64', ns: N, fields: [f('b', { scalar: 'base64' })] },
  Recursive: { name: 'Recursive', ns: N, fields: [f('next', { complex: 'Recursive' }, 0)] },
};

/** What the server wrote before plans: the envelope start resumed, the codec, the envelope closed. */
function general(
  start: XmlWriterSnapshot,
  value: unknown,
  key: string,
  use: 'literal' | 'encoded',
): { xml?: string; error?: string } {
  try {
    const w = XmlWriter.resume(start);
    if (use === 'literal') writeElementContent(w, value, { complex: key }, types, 'Response');
    else writeComplexContent(w, value, key, types, 'Response');
    return { xml: w.end().end().end().toString() };
  } catch (err) {
    return { error: String(err) };
  }
}

/** Texts: plain, needing escapes, outside the BMP, and characters XML 1.0 cannot hold. */
function randomText(rnd: () => number): string {
  const alphabet = ['a', 'Z', '0', ' ', '&', '<', '>', '"', "'", '\r', '\n', '\t', 'é', '€', '😀', ']]>'];
  const bad = ['\u0000', '\u0001', '\uD800', '\uDC00', '\uFFFE', '\uFFFF', '\u001F'];
  let s = '';
  const n = rnd() < 0.02 ? 0 : 1 + Math.floor(rnd() * 8);
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
  if (rnd() < 0.02) s += bad[Math.floor(rnd() * bad.length)];
  return s;
}

/** A value for `desc`: usually one that fits, sometimes a wrong type, missing, null or with a `$type`. */
function randomValue(rnd: () => number, desc: ValueDesc, depth: number): unknown {
  const r = rnd();
  if (r < 0.01) return undefined;
  if (r < 0.02) return null;
  if (r < 0.025) return 42n ** 20n; // fits no scalar but bigint/int's check
  if ('complex' in desc) return randomObject(rnd, desc.complex, depth + 1);
  switch (desc.scalar) {
    case 'string':
      if (desc.enum !== undefined) return rnd() < 0.98 ? desc.enum[Math.floor(rnd() * desc.enum.length)] : 'zz';
      return randomText(rnd);
    case 'int':
      if (desc.list) return [1, -2, Math.floor(rnd() * 100)].slice(0, rnd() < 0.02 ? 0 : 1 + Math.floor(rnd() * 3));
      return rnd() < 0.98 ? Math.floor(rnd() * 70000) - 35000 : 1.5;
    case 'double':
      return [0, -1.5, 1e21, Number.NaN, Infinity, -Infinity, 3.25e-7][Math.floor(rnd() * 7)];
    case 'boolean':
      return rnd() < 0.5;
    case 'bigint':
      return BigInt(Math.floor(rnd() * 1e9)) * 1_000_000_007n;
    case 'integerString':
      return rnd() < 0.98 ? String(Math.floor(rnd() * 1e6) - 5e5) : '1.5';
    case 'decimalString':
      return rnd() < 0.98 ? `${Math.floor(rnd() * 1e4)}.${Math.floor(rnd() * 100)}` : 'x';
    case 'dateTime':
      return rnd() < 0.98 ? new Date(Math.floor(rnd() * 4e12)) : new Date(Number.NaN);
    case 'hex':
      return Uint8Array.from({ length: rnd() < 0.02 ? 0 : 1 + Math.floor(rnd() * 4) }, () => Math.floor(rnd() * 256));
    case 'base64':
      return Uint8Array.from([1, 2, 3]);
    case 'qname':
      return { ns: 'urn:q', name: 'n' };
    default:
      return randomText(rnd);
  }
}

function randomObject(rnd: () => number, key: string, depth: number): unknown {
  if (depth > 3) return {};
  const out: Record<string, unknown> = {};
  for (let k: string | undefined = key; k !== undefined; k = types[k]!.base)
    for (const field of types[k]!.fields) out[field.prop] = randomValue(rnd, field.value, depth);
  if (rnd() < 0.05) out['$type'] = rnd() < 0.5 ? key : 'Derived';
  if (rnd() < 0.05) out['extra'] = 'ignored';
  return out;
}

const planned = ['LoginResponse', 'Scalars', 'Derived', 'Holder', 'Empty', 'Base'];
const refused = ['WithArray', 'WithAttr', 'WithChoice', 'WithQName', 'WithBase64', 'Recursive'];

describe('write plans', () => {
  for (const version of ['1.1', '1.2'] as const) {
    for (const use of ['literal', 'encoded'] as const) {
      for (const key of planned) {
        it(`${key}, SOAP ${version} ${use}: the plan writes what the codec writes`, () => {
          const start = operationStart(version, { ns: N, name: 'Response' }, use);
          const plan = WritePlan.record(start, key, types);
          expect(plan).toBeDefined();
          const rnd = prng(key.length * 7919 + (version === '1.1' ? 1 : 2) + (use === 'literal' ? 0 : 10));
          let written = 0;
          let declined = 0;
          for (let i = 0; i < 1500; i++) {
            const value = randomObject(rnd, key, 0);
            const expected = general(start, value, key, use);
            const got = plan!.write(value);
            if (got !== undefined) {
              written++;
              expect({ xml: got, value }).toEqual({ xml: expected.xml, value });
              // The plan's count of the response's UTF-8 bytes is its Content-Length.
              expect({ bytes: plan!.bytes, value }).toEqual({ bytes: Buffer.byteLength(got), value });
            } else declined++;
            // The same object as a single result field (the server's `output.result`), without the wrapper object.
            const prop = types[key]!.fields[0]?.prop;
            if (prop !== undefined && typeof value === 'object' && value !== null) {
              const result = (value as Record<string, unknown>)[prop];
              const viaResult = plan!.writeResult(prop, result);
              if (viaResult !== undefined) {
                written++;
                expect(plan!.bytes).toBe(Buffer.byteLength(viaResult));
                expect({ xml: viaResult, result }).toEqual({
                  xml: general(start, { [prop]: result }, key, use).xml,
                  result,
                });
              }
            }
          }
          // Most random values fill every field with something writable: the plan must write those
          // (and the values it declines, written or refused by the codec above, must occur).
          expect(written).toBeGreaterThan(300);
          if (key !== 'Empty') expect(declined).toBeGreaterThan(0);
        });
      }
    }
  }

  it('writes the Auth Login response as the bench expects, escaping the ticket', () => {
    const start = operationStart('1.1', { ns: N, name: 'LoginResponse' }, 'literal');
    const plan = WritePlan.record(start, 'LoginResponse', types)!;
    expect(plan.write({ LoginResult: { ServiceTicket: 'a<b&c>\r' } })).toBe(
      general(start, { LoginResult: { ServiceTicket: 'a<b&c>\r' } }, 'LoginResponse', 'literal').xml,
    );
    expect(plan.write({ LoginResult: { ServiceTicket: 'a<b&c>\r' } })).toContain(
      '<ServiceTicket>a&lt;b&amp;c&gt;&#xD;</ServiceTicket>',
    );
    // A text XML cannot hold, an empty text, a missing field: the codec's business.
    expect(plan.write({ LoginResult: { ServiceTicket: 'a\u0000' } })).toBeUndefined();
    expect(plan.write({ LoginResult: { ServiceTicket: '' } })).toBeUndefined();
    expect(plan.write({ LoginResult: {} })).toBeUndefined();
    expect(plan.write(null)).toBeUndefined();
  });

  it('writes ASCII responses as one-byte strings (the pieces are cut from two-byte markup)', () => {
    // V8 serializes a one-byte string with the tag '"' and a two-byte one with 'c' (after the version header
    // and any padding bytes, 0): a two-byte response costs twice the bytes to flatten and a slower UTF-8
    // encoding on every write.
    const tag = (s: string): string =>
      String.fromCharCode(
        serialize(s)
          .subarray(2)
          .find((b) => b !== 0)!,
      );
    const start = operationStart('1.1', { ns: N, name: 'LoginResponse' }, 'literal');
    const plan = WritePlan.record(start, 'LoginResponse', types)!;
    const xml = plan.write({ LoginResult: { ServiceTicket: 'ticket-alice' } })!;
    expect(tag(xml)).toBe('"');
    expect(plan.bytes).toBe(Buffer.byteLength(xml));
    // A value outside Latin-1 makes a two-byte response, counted right.
    const wide = plan.write({ LoginResult: { ServiceTicket: 'é€😀' } })!;
    expect(tag(wide)).toBe('c');
    expect(plan.bytes).toBe(Buffer.byteLength(wide));
  });

  for (const key of refused) {
    it(`has no plan for ${key}`, () => {
      const start = operationStart('1.1', { ns: N, name: 'Response' }, 'literal');
      expect(WritePlan.record(start, key, types)).toBeUndefined();
    });
  }

  it('has no plan when a name holds a marker character', () => {
    const odd: TypeRegistry = { T: { name: 'T', ns: N, fields: [f('a', str, 1, { name: 'a\uE000b' })] } };
    const start = operationStart('1.1', { ns: N, name: 'Response' }, 'literal');
    expect(WritePlan.record(start, 'T', odd)).toBeUndefined();
  });
});

describe('the server writes responses by plan', () => {
  let srv: TestServer;
  const tickets: string[] = [];
  beforeAll(async () => {
    srv = await startServer(
      createServiceHandler(authService, {
        Login: () => ({ ServiceTicket: tickets.shift() }),
        Logout: async () => ({ ServiceTicket: tickets.shift() }),
      }),
    );
  });
  afterAll(() => srv.close());

  const envelope = (ticket: string, op: 'Login' | 'Logout') =>
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
    `<${op}Response xmlns="${AUTH_NS}"><${op}Result>${ticket}</${op}Result></${op}Response></soap:Body></soap:Envelope>`;

  it('by plan when the value fits it, by the codec when not: the same bytes', async () => {
    const write = vi.spyOn(WritePlan.prototype, 'writeResult');
    try {
      const cases: [string, string, 'Login' | 'Logout', boolean][] = [
        ['t-1', '<ServiceTicket>t-1</ServiceTicket>', 'Login', true],
        ['a&b<c>\r\n"é😀', '<ServiceTicket>a&amp;b&lt;c&gt;&#xD;\n"é😀</ServiceTicket>', 'Logout', true],
        ['', '<ServiceTicket/>', 'Login', false],
      ];
      for (const [ticket, markup, op, byPlan] of cases) {
        tickets.push(ticket);
        write.mockClear();
        const r = await rawRequest(
          srv.port,
          `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${op === 'Login' ? LOGIN_ACTION : LOGOUT_ACTION}"`,
          soap11(
            op === 'Login'
              ? `<Login xmlns="${AUTH_NS}"><Username>u</Username><Password>p</Password></Login>`
              : `<Logout xmlns="${AUTH_NS}"><ServiceTicket>x</ServiceTicket></Logout>`,
          ),
        );
        expect(r.status).toBe(200);
        expect(r.body).toBe(envelope(markup, op));
        expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
        expect(write).toHaveBeenCalledTimes(1);
        expect(write.mock.results[0]!.value !== undefined).toBe(byPlan);
      }
    } finally {
      write.mockRestore();
    }
  });

  it('answers a ticket XML cannot hold with the codec fault', async () => {
    tickets.push('bad\u0001');
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml; charset=utf-8\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(`<Login xmlns="${AUTH_NS}"><Username>u</Username><Password>p</Password></Login>`),
    );
    expect(r.status).toBe(500);
    expect(r.body).toContain('soap:Server');
  });
});
