/**
 * The transport a client uses when given none, by platform: on Node, the HTTP/1.1
 * transport (transport-http1.ts: several times cheaper per call than node:http or
 * Node's fetch); everywhere else (Bun, Deno, workerd, browsers), the host's `fetch`,
 * which those hosts implement natively.
 *
 * The HTTP/1.1 transport is loaded on Node only, by `import()` of a specifier passed
 * as an argument (see {@link importSibling}): bundlers follow literal specifiers only,
 * so esbuild, Rollup/Vite and webpack leave it out of every bundle (10 KB minified
 * that a browser would never run), and no `node:` module is imported anywhere here.
 * Plain Node (tsc's ESM or CommonJS output, tsx, vitest, the `@wsdlc/runtime` package)
 * finds the module beside this one. A package export condition (`node`/`browser`)
 * would not do: this file is also copied into users' folders, where relative imports
 * see no condition. The load starts when this module is evaluated on Node, so it is
 * usually done before the first call; a call that comes sooner waits for it.
 *
 * A Node application bundled into one file has no transport-http1.js beside it: the
 * client then uses Node's `fetch` (slower per call, same behaviour); pass
 * `transport: http1Transport` to keep the HTTP/1.1 transport in such a bundle.
 *
 * The streaming decoder of large responses (wire/soap-response-stream.ts) and the memos
 * of repeated envelopes (wire/envelope-memos.ts) are loaded the same way, on Node, Bun
 * and Deno; a bundle that wants them imports them once.
 
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { hostName } from '../bytes/index.js';
import { type FetchFunction, fetchTransport } from './transport-fetch.js';
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

/** The host's `fetch`, looked up at each call (a test or polyfill may set it later). */
function globalFetch(input: URL, init: RequestInit): Promise<Response> {
  const f = (globalThis as unknown as HostGlobals).fetch;
  if (typeof f !== 'function')
    return Promise.reject(
      new Error(`${hostName()} has no fetch: pass a transport (transport: fetchTransport(yourFetch))`),
    );
  return f(input, init);
}

/**
 * `import(specifier)` relative to this module. The specifier is a parameter, not a
 * literal, so bundlers do not follow it (the comments quiet Vite's and webpack's notes
 * about it); tsc's CommonJS output turns it into a `require` of the same sibling.
 */
function importSibling(specifier: string): Promise<unknown> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
}

/** What this module needs of transport-http1.ts (a type only: nothing is imported). */
type Http1Module = Pick<typeof import('./transport-http1.js'), 'http1Transport'>;

/** Whether this host runs the runtime's files from disk (Node, Bun, Deno), so that `import()` finds a sibling module. */
function runsFromDisk(): boolean {
  const g = globalThis as unknown as HostGlobals;
  return g.Bun !== undefined || g.Deno !== undefined || isNode();
}

/** The default transport once it and the modules below are loaded. */
let loaded: Transport | undefined;

/**
 * The loads started when this module is evaluated on hosts that run files from disk:
 * the HTTP/1.1 transport on Node (`fetch` where it could not be loaded: a Node bundle
 * without it; the host's `fetch` on Bun and Deno); the streaming decoder of large
 * responses (wire/soap-response-stream.ts, which registers itself in
 * wire/response-streaming.ts); the memos of repeated small envelopes
 * (wire/envelope-memos.ts). A bundle (a browser's, a Worker's) leaves the last two out,
 * and its clients read large responses as trees (same results). The first calls wait
 * for all three, so that no call reads a large response as a tree because it came
 * before the streaming decoder was loaded (a process's first large answer did).
 */
const ready: Promise<Transport> | undefined = runsFromDisk()
  ? Promise.all([
      isNode()
        ? importSibling('./transport-http1.js').then(
            (m) => (m as Http1Module).http1Transport,
            () => fetchTransport(globalFetch),
          )
        : fetchTransport(globalFetch),
      importSibling('../wire/soap-response-stream.js').catch(() => undefined),
      importSibling('../wire/envelope-memos.js').catch(() => undefined),
    ]).then(([t]) => (loaded = t))
  : undefined;

/** Sends through the default transport, waiting for the loads on the first calls. */
const lazy: Transport = (request) => (loaded !== undefined ? loaded(request) : ready!.then((t) => t(request)));

/**
 * The default transport of this host: the HTTP/1.1 transport on Node (itself once loaded), else
 * `fetch` (a closure per client in a bundle: a few bytes less to download than a shared one).
 */
export function defaultTransport(): Transport {
  return ready !== undefined ? (loaded ?? lazy) : fetchTransport(globalFetch);
}

/** Settles when the default transport and the streaming decoder are loaded (at once in a bundle); the transport. */
export async function defaultTransportReady(): Promise<Transport> {
  return ready ?? defaultTransport();
}
