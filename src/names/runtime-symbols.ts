/**
 * The runtime symbols generated code imports or re-exports: one table, from which
 * the emitter writes every `import ... from './runtime/index.js'` (see
 * src/emit/runtime-imports.ts) and the names pass reserves identifiers (reserved.ts).
 * `test/emit/runtime-symbols.test.ts` checks that the entry point the table names
 * exports each of them, as a value or as a type as the table says, so a renamed or
 * moved runtime symbol fails there instead of in generated code.
 *
 * Modelled on protobuf-es's `runtime-imports.ts`: generated files never spell a
 * runtime name the table does not know.
 */

/** Whether a runtime symbol is imported as a value or with `type`. */
export type RuntimeSymbolKind = 'value' | 'type';

/**
 * The runtime module a symbol is imported from: `shared` is `runtime/index.ts`
 * (xml and wire, shipped with every output), `client` is `runtime/client/index.ts`,
 * `server` is `runtime/server/index.ts` (each shipped only with that side); the
 * others are optional modules an output gets only when its generated files import
 * them: `dataset` (wire/dataset.ts, contracts with an ASMX DataSet) and `soapArray`
 * (wire/soap-array.ts, rpc/encoded arrays) and `mtom` (wire/mtom.ts, MTOM/XOP and SwA
 * attachments), `httpPath` (wire/http-path.ts, HTTP locations taking input values) and
 * `wsSecurity` (wire/ws-security.ts, contracts with a UsernameToken
 * policy); schema.ts imports each by its mark (`mtomModule`, ...), for its registration.
 */
export type RuntimeModule =
  | 'shared'
  | 'client'
  | 'server'
  | 'dataset'
  | 'soapArray'
  | 'mtom'
  | 'httpPath'
  | 'wsSecurity';

/** A runtime symbol's kind and entry point. */
export interface RuntimeSymbolInfo {
  readonly kind: RuntimeSymbolKind;
  readonly module: RuntimeModule;
}

/** Every runtime symbol generated code may import, with its kind and entry point. */
export const RUNTIME_SYMBOLS = {
  // client.ts
  ServiceClient: { kind: 'value', module: 'client' },
  ClientOptions: { kind: 'type', module: 'client' },
  ClientOptionsWithHeaders: { kind: 'type', module: 'client' },
  CallOptions: { kind: 'type', module: 'client' },
  CallOptionsWithHeaders: { kind: 'type', module: 'client' },
  CallMeta: { kind: 'type', module: 'client' },
  isDeclaredFault: { kind: 'value', module: 'client' },
  DeclaredFault: { kind: 'type', module: 'client' },
  // server.ts
  createServiceHandler: { kind: 'value', module: 'server' },
  createImplementationHandler: { kind: 'value', module: 'server' },
  createImplementationFetchHandler: { kind: 'value', module: 'server' },
  createFetchHandler: { kind: 'value', module: 'server' },
  defineOperation: { kind: 'value', module: 'server' },
  withSoapHeaders: { kind: 'value', module: 'server' },
  HandlerOptions: { kind: 'type', module: 'server' },
  OperationImpl: { kind: 'type', module: 'server' },
  RequestContext: { kind: 'type', module: 'server' },
  FetchRequestContext: { kind: 'type', module: 'server' },
  AnyRequestContext: { kind: 'type', module: 'server' },
  OperationContext: { kind: 'type', module: 'server' },
  FetchHandler: { kind: 'type', module: 'server' },
  CorsOptions: { kind: 'type', module: 'server' },
  ServiceHandler: { kind: 'type', module: 'server' },
  SoapHeadersContext: { kind: 'type', module: 'server' },
  // schema.ts and types.ts
  SchemaData: { kind: 'value', module: 'shared' },
  ComplexDesc: { kind: 'type', module: 'shared' },
  OperationDesc: { kind: 'type', module: 'shared' },
  ServiceDesc: { kind: 'type', module: 'shared' },
  ValueDesc: { kind: 'type', module: 'shared' },
  FieldDesc: { kind: 'type', module: 'shared' },
  BindingKind: { kind: 'type', module: 'shared' },
  XmlElement: { kind: 'type', module: 'shared' },
  XmlAttribute: { kind: 'type', module: 'shared' },
  DataSet: { kind: 'type', module: 'dataset' },
  // schema.ts: the marks of optional modules (runtime/wire/descriptor-data.ts, OptionalModule)
  dataSetModule: { kind: 'value', module: 'dataset' },
  soapArrayModule: { kind: 'value', module: 'soapArray' },
  mtomModule: { kind: 'value', module: 'mtom' },
  httpPathModule: { kind: 'value', module: 'httpPath' },
  wsSecurityModule: { kind: 'value', module: 'wsSecurity' },
  OneOf: { kind: 'type', module: 'shared' },
  // index.ts re-exports (errors users catch)
  HttpError: { kind: 'value', module: 'shared' },
  ResponseError: { kind: 'value', module: 'shared' },
  SoapFault: { kind: 'value', module: 'shared' },
  SoapFaultError: { kind: 'value', module: 'shared' },
  DecodeError: { kind: 'value', module: 'shared' },
  MultipartError: { kind: 'value', module: 'shared' },
  // index.ts re-export of the server side (SOAP with Attachments responses)
  addResponseAttachment: { kind: 'value', module: 'server' },
} as const satisfies Record<string, RuntimeSymbolInfo>;

/** The name of a runtime symbol generated code may use. */
export type RuntimeSymbol = keyof typeof RUNTIME_SYMBOLS;

/** Every runtime symbol name (for reserving identifiers). */
export const RUNTIME_SYMBOL_NAMES: readonly RuntimeSymbol[] = Object.keys(RUNTIME_SYMBOLS) as RuntimeSymbol[];

/** The runtime entry point of each module, relative to the runtime folder, without extension. */
export const RUNTIME_MODULE_PATHS: Readonly<Record<RuntimeModule, string>> = {
  shared: 'index',
  client: 'client/index',
  server: 'server/index',
  dataset: 'wire/dataset',
  soapArray: 'wire/soap-array',
  mtom: 'wire/mtom',
  httpPath: 'wire/http-path',
  wsSecurity: 'wire/ws-security',
};
