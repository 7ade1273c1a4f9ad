/**
 * A Workers module (bundled by vectors.test.ts for workerd with Node compatibility off):
 * the generated Auth client, with its default transport (the host's fetch), calling the
 * Node server whose base URL is in the request's `?base=` parameter. Answers the
 * results as JSON: Login over SOAP 1.1 and 1.2, a declared fault as a typed error, and
 * which Node globals the worker could see.
 */
import { AuthClient } from '../../generated/auth/client.js';
import { SoapFaultError } from '../../generated/auth/runtime/index.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const base = new URL(request.url).searchParams.get('base') ?? '';
    const out: Record<string, unknown> = {
      host: {
        Buffer: typeof (globalThis as { Buffer?: unknown }).Buffer,
        process: typeof (globalThis as { process?: unknown }).process,
      },
    };
    for (const binding of ['soap11', 'soap12'] as const) {
      const client = new AuthClient({ baseUrl: base, binding });
      out[binding] = await client.login({ Username: 'alice', Password: 'café €' });
      try {
        await client.login({ Username: 'alice', Password: 'wrong' });
        out[`${binding} fault`] = 'no fault';
      } catch (err) {
        out[`${binding} fault`] =
          err instanceof SoapFaultError ? { code: err.code, message: err.message } : String(err);
      }
    }
    return new Response(JSON.stringify(out), { headers: { 'content-type': 'application/json' } });
  },
};
