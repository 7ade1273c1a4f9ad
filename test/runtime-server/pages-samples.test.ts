/**
 * The samples of the operation pages are the exact messages, placeholders aside:
 * filled with the values of a real call, a sample's request is byte for byte what
 * the generated client sent and its response what the server answered (as recorded
 * by the recording transport), for every binding of Auth.
 */
import { describe, expect, it } from 'vitest';
import { AuthClient, AuthDescriptor, createAuthHandler, type AuthBinding } from '../../generated/auth/index.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import { recordingTransport } from '../../src/runtime/client/transport-record.js';
import { dispatchInProcess } from '../../src/runtime/server/in-process.js';
import {
  operationSamples,
  SampleOutputs,
  sampleText,
  type SampleSlot,
} from '../../src/runtime/server/pages/samples.js';
import { createServiceCore } from '../../src/runtime/server/server.js';

const outputs = new SampleOutputs();
const sampleHandler = createServiceCore(
  AuthDescriptor,
  outputs.impls(AuthDescriptor),
  { pages: false },
  'createServiceHandler',
);

function samplesOf(name: string) {
  const op = AuthDescriptor.operations.find((o) => o.name === name)!;
  return operationSamples(AuthDescriptor, op, '/ecomm/Auth.asmx', outputs, (r) =>
    dispatchInProcess(sampleHandler, r, 'node'),
  );
}

const CASES = [
  { op: 'Login', input: { Username: 'alice & <bob>', Password: 'p"w é' }, ticket: 'T-alice&<x>' },
  { op: 'Logout', input: { ServiceTicket: 'T 1/2?' }, ticket: 'T 1/2?' },
] as const;

describe('Auth samples against recorded exchanges', () => {
  for (const c of CASES) {
    for (const binding of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const satisfies readonly AuthBinding[]) {
      it(`${c.op} over ${binding}`, async () => {
        const handler = createAuthHandler({
          login: async () => ({ ServiceTicket: c.ticket }),
          logout: async () => ({ ServiceTicket: c.ticket }),
        });
        const rec = recordingTransport(inMemoryTransport(handler), { keepSecrets: true });
        const client = new AuthClient({ transport: rec.transport, binding, baseUrl: 'http://localhost' });
        if (c.op === 'Login') await client.login(c.input as { Username: string; Password: string });
        else await client.logout(c.input as { ServiceTicket: string });
        const [ex] = rec.exchanges;
        const sample = (await samplesOf(c.op)).find((s) => s.binding === binding)!;
        expect(sample.problem).toBeUndefined();
        const values: Record<string, string> = {};
        for (const [k, v] of Object.entries(c.input)) values[`${c.op}/${k}`] = v;
        values[`${c.op}/ServiceTicket`] = c.ticket;
        const formEncoded = binding === 'httpGet' || binding === 'httpPost'; // form-encoded request values
        const fillRequest = (s: SampleSlot): string => {
          const v = values[s.path]!;
          if (formEncoded) return new URLSearchParams([['', v]]).toString().slice(1);
          return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        };
        const fillXml = (s: SampleSlot): string =>
          values[s.path]!.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        // Request: line, headers, body.
        const url = new URL(ex!.request.url);
        expect(sampleText(sample.request!.head, fillRequest)).toBe(
          `${ex!.request.method} ${url.pathname}${url.search} HTTP/1.1`,
        );
        const sentHeaders = Object.fromEntries(
          Object.entries(ex!.request.headers).map(([k, v]) => [k.toLowerCase(), v]),
        );
        for (const [name, value] of sample.request!.headers) {
          if (name === 'Content-Length') expect(sampleText(value)).toBe('length');
          else expect(sampleText(value)).toBe(sentHeaders[name.toLowerCase()]);
        }
        expect(sample.request!.headers.map(([n]) => n.toLowerCase()).sort()).toEqual(
          [...Object.keys(sentHeaders), ...(ex!.request.body !== undefined ? ['content-length'] : [])].sort(),
        );
        expect(sampleText(sample.request!.body, fillRequest)).toBe(ex!.request.body ?? '');
        // Response: status, content type, body.
        expect(sampleText(sample.response!.head)).toBe(`HTTP/1.1 ${ex!.response.status} OK`);
        expect(sampleText(sample.response!.headers[0]![1])).toBe(ex!.response.headers['content-type']);
        expect(sampleText(sample.response!.body, fillXml)).toBe(ex!.response.body);
      });
    }
  }

  it('fails when a sample is written by other writers (a changed placeholder text is noticed)', async () => {
    const [soap] = await samplesOf('Login');
    expect(sampleText(soap!.request!.body)).toContain('<Username>string</Username><Password>string</Password>');
    expect(soap!.request!.body.filter((p) => typeof p !== 'string')).toEqual([
      { label: 'string', path: 'Login/Username' },
      { label: 'string', path: 'Login/Password' },
    ]);
  });
});
