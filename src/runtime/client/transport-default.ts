/**
 * The transport a client uses when given none, by platform: on Node, the HTTP/1.1
 * transport (transport-http1.ts: several times cheaper per call than node:http or
 * Node's fetch); everywhere else (Bun, Deno, workerd, browsers), the host's `fetch`,
 * which those hosts implement natively. Neither choice imports a `node:` module, so
 * a browser bundle of a client builds without shims.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { hostName } from '../bytes/index.js';
import { type FetchFunction, fetchTransport } from './transport-fetch.js';
import { http1Transport } from './transport-http1.js';
import type { Transport } from './transport.js';

/** The globals that tell the hosts apart (`process.release.name` is `node` on Bun, Deno and workerd too). */
interface HostGlobals {
  Bun?: unknown;
  Deno?: unknown;
  navigator?: { userAgent?: string };
  process?: { versions?: { node?: string }; getBuiltinModule?: unknown };
  fetch?: FetchFunction;
}

/** Whether this is Node itself, with `process.getBuiltinModule` (20.16+) to reach node:net. */
export function isNode(): boolean {
  const g = globalThis as unknown as HostGlobals;
  if (g.Bun !== undefined || g.Deno !== undefined) return false;
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return false;
  return typeof g.process?.versions?.node === 'string' && typeof g.process.getBuiltinModule === 'function';
}

let chosen: Transport | undefined;

/** The host's `fetch`, looked up at each call (a test or polyfill may set it later). */
function globalFetch(input: URL, init: RequestInit): Promise<Response> {
  const f = (globalThis as unknown as HostGlobals).fetch;
  if (typeof f !== 'function')
    return Promise.reject(
      new Error(`${hostName()} has no fetch: pass a transport (transport: fetchTransport(yourFetch))`),
    );
  return f(input, init);
}

/** The default transport of this host (chosen once). */
export function defaultTransport(): Transport {
  if (chosen === undefined) chosen = isNode() ? http1Transport : fetchTransport(globalFetch);
  return chosen;
}
