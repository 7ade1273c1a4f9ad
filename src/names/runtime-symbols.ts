/**
 * The runtime symbols generated code imports or re-exports: one table, from which
 * the emitter writes every `import ... from './runtime/index.js'` (see
 * src/emit/runtime-imports.ts) and the names pass reserves identifiers (reserved.ts).
 * `test/emit/runtime-symbols.test.ts` checks that src/runtime/index.ts exports each
 * of them, as a value or as a type as the table says, so a renamed runtime symbol
 * fails there instead of in generated code.
 *
 * Modelled on protobuf-es's `runtime-imports.ts`: generated files never spell a
 * runtime name the table does not know.
 */

/** Whether a runtime symbol is imported as a value or with `type`. */
export type RuntimeSymbolKind = 'value' | 'type';

/** Every runtime symbol generated code may import, with its kind. */
export const RUNTIME_SYMBOLS = {
  // client.ts
  ServiceClient: 'value',
  ClientOptions: 'type',
  CallOptions: 'type',
  CallOptionsWithHeaders: 'type',
  isDeclaredFault: 'value',
  DeclaredFault: 'type',
  // server.ts
  createServiceHandler: 'value',
  defineOperation: 'value',
  withSoapHeaders: 'value',
  HandlerOptions: 'type',
  OperationImpl: 'type',
  RequestContext: 'type',
  ServiceHandler: 'type',
  SoapHeadersContext: 'type',
  // schema.ts and types.ts
  ComplexDesc: 'type',
  OperationDesc: 'type',
  ServiceDesc: 'type',
  ValueDesc: 'type',
  FieldDesc: 'type',
  BindingKind: 'type',
  XmlElement: 'type',
  XmlAttribute: 'type',
  // index.ts re-exports (errors users catch)
  HttpError: 'value',
  ResponseError: 'value',
  SoapFault: 'value',
  SoapFaultError: 'value',
  DecodeError: 'value',
} as const satisfies Record<string, RuntimeSymbolKind>;

/** The name of a runtime symbol generated code may use. */
export type RuntimeSymbol = keyof typeof RUNTIME_SYMBOLS;

/** Every runtime symbol name (for reserving identifiers). */
export const RUNTIME_SYMBOL_NAMES: readonly RuntimeSymbol[] = Object.keys(RUNTIME_SYMBOLS) as RuntimeSymbol[];
