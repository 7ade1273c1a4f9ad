/**
 * The runtime's optional features: modules a generated output does not import by
 * itself, that a user imports and passes to the client or server at run time
 * (transports, a cookie jar, WS-Security...). An output gets them only when asked
 * (`--runtime-features`, config key `runtimeFeatures`); what the contract itself
 * needs (a DataSet, SOAP-encoded arrays, MTOM/SwA attachments) it gets without asking, through the
 * imports of the generated files (see runtime-files.ts).
 */

/** Each optional feature's modules (POSIX paths below the runtime folder). */
export const RUNTIME_FEATURES = {
  /** `withCookies(transport, jar)`, `CookieJar`: cookies across calls (RFC 6265). */
  cookies: ['client/cookies.ts'],
  /** `createProxyTransport(url)`, `proxyFromEnv(url)`: an HTTP(S) proxy's CONNECT tunnel. */
  proxy: ['client/proxy.ts'],
  /**
   * `fetchTransport(fetch)`: requests through a `fetch` function (undici, a test double). It now
   * ships with every client (the default transport off Node, transport-default.ts), so this
   * feature adds nothing; the name stays valid for configs that ask for it.
   */
  fetch: [],
  /** `createNodeTransport()`: node:http(s) with an agent of the user's. */
  'node-transport': ['client/transport-node.ts'],
  /** `inMemoryTransport(handler)`: a client calling a handler in the same process (tests). */
  'in-memory': ['client/transport-memory.ts'],
  /** `recordingTransport()`, `replayTransport()`: record exchanges, replay them as fixtures. */
  recording: ['client/transport-record.ts'],
  /**
   * `wsSecurityHeader()` (client), `HandlerOptions.wsSecurity` (server; `import './runtime/wire/ws-security.js'`
   * once): WS-Security UsernameToken. Contracts with a UsernameToken policy get it without asking.
   */
  'ws-security': ['wire/ws-security.ts'],
  /**
   * MTOM/XOP and SOAP with Attachments (`import './runtime/wire/mtom.js'` once): sending
   * `mtom`/`attachments`, reading multipart answers. Contracts that declare binary values
   * or attachments get it without asking (their schema.ts imports it).
   */
  mtom: ['wire/mtom.ts'],
  /** `createMockHandler(descriptor, { seed, replay })`: answers every operation with made-up values (`wsdlc mock`). */
  mock: ['server/mock.ts'],
  /** `readDataSetSchema()`, `decodeDataSet()`, `writeDataSet()`: ADO.NET DataSets outside a contract's types. */
  dataset: ['wire/dataset.ts'],
} as const satisfies Record<string, readonly string[]>;

/** The name of an optional runtime feature, or `all` (every runtime module). */
export type RuntimeFeature = keyof typeof RUNTIME_FEATURES | 'all';

/** Every feature name, for flags, config validation and messages. */
export const RUNTIME_FEATURE_NAMES: readonly RuntimeFeature[] = [
  ...(Object.keys(RUNTIME_FEATURES) as (keyof typeof RUNTIME_FEATURES)[]),
  'all',
].sort() as RuntimeFeature[];

/** Whether `name` names a runtime feature. */
export function isRuntimeFeature(name: string): name is RuntimeFeature {
  return (RUNTIME_FEATURE_NAMES as readonly string[]).includes(name);
}

/** The root modules of `features` (`all`: `undefined`, meaning every module). */
export function featureModules(features: readonly RuntimeFeature[]): string[] | undefined {
  if (features.includes('all')) return undefined;
  return features.flatMap((f) => [...RUNTIME_FEATURES[f as keyof typeof RUNTIME_FEATURES]]);
}
