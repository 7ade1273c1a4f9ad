/**
 * The fetch transport, the default off Node (transport-default.ts): repeated
 * Set-Cookie headers all reach the cookie jar, and the default transport is the
 * HTTP/1.1 one on Node and fetch where `process` says nothing of Node.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultTransport, isNode } from '../../src/runtime/client/transport-default.js';
import { fetchTransport } from '../../src/runtime/client/transport-fetch.js';
import { http1Transport } from '../../src/runtime/client/transport-http1.js';

describe('fetchTransport', () => {
  it('keeps every Set-Cookie header, joined as the other transports join repeated headers', async () => {
    const fake = async (): Promise<Response> =>
      new Response('<a/>', {
        headers: [
          ['content-type', 'text/xml'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT'],
        ],
      });
    const res = await fetchTransport(fake)({
      method: 'GET',
      url: new URL('http://127.0.0.1:1/'),
      headers: {},
      maxResponseBytes: 1000,
    });
    expect(res.headers['set-cookie']).toBe('a=1; Path=/, b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT');
    expect(res.body).toBe('<a/>');
  });
});

describe('the default transport', () => {
  it('is the HTTP/1.1 transport on Node', () => {
    expect(isNode()).toBe(true);
    expect(defaultTransport()).toBe(http1Transport);
  });

  it('is not Node on a host whose globals say Bun, Deno or workerd', () => {
    vi.stubGlobal('Bun', {});
    expect(isNode()).toBe(false);
    vi.unstubAllGlobals();
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(isNode()).toBe(false);
    vi.unstubAllGlobals();
    expect(isNode()).toBe(true);
  });
});
