/**
 * View model of `server.ts`: per service, the implementation interface and the
 * handler factories over the runtime's `createImplementationHandler` and
 * `createImplementationFetchHandler` (which
 * calls the implementation's methods by name: no typed wrapper per operation).
 * Template: `templates/server.hbs`.
 */
import type { HeaderSets } from './header-sets.js';
import type { ServiceModel } from './service-model.js';
import { docBlock, importClause, indentLines, mentionsDataSet, mentionsXmlElement } from './view-common.js';
import { methodDoc, typeTexts } from './view-client.js';
import { type RuntimeImportView, runtimeImports } from './runtime-imports.js';

/** The context parameter's type of an operation with header set `set` (or none). */
function ctxTypeOf(set: string | undefined): string {
  return set === undefined ? 'Ctx' : `Ctx & SoapHeadersContext<${set}>`;
}

/** One operation of a service interface. */
export interface ServerMethodView {
  readonly doc: string;
  readonly method: string;
  readonly inputType: string;
  readonly outputType: string;
  /** The context parameter's type: `Ctx`, or `Ctx & SoapHeadersContext<Set>` (a header set of types.ts) when the operation declares SOAP header parts. */
  readonly ctxType: string;
}

/** One service's server stubs. */
export interface ServerServiceView {
  /** JSDoc of the `<S>Service` interface. */
  readonly doc: string;
  /** JSDoc of the `create<S>Handler` function. */
  readonly handlerDoc: string;
  /** JSDoc of the `create<S>FetchHandler` function. */
  readonly fetchHandlerDoc: string;
  readonly interfaceName: string;
  readonly handlerName: string;
  readonly fetchHandlerName: string;
  readonly descriptorName: string;
  readonly methods: readonly ServerMethodView[];
}

/** The view of server.ts. */
export interface ServerView {
  readonly header: string;
  /** The import clause for schema.ts (`{ A, B }`, sorted). */
  readonly schemaImports: string;
  /** Names imported from types.ts, comma-separated. */
  readonly typeImports: string;
  /** Whether a method's input or output mentions `XmlElement` (imported from the runtime). */
  readonly usesXmlElement: boolean;
  /** The imports from the runtime, one per entry point (`import {clause} from '{from}';`). */
  readonly runtimeImports: readonly RuntimeImportView[];
  /** Whether an operation declares SOAP header parts (`SoapHeadersContext` is imported). */
  readonly usesHeaders: boolean;
  readonly services: readonly ServerServiceView[];
}

/** Builds the server.ts view. */
export function serverView(
  header: string,
  sm: ServiceModel,
  typeImports: readonly string[],
  hs: HeaderSets,
  runtimeBase?: string,
): ServerView {
  const mentioned = typeTexts(sm);
  const usesXmlElement = mentionsXmlElement(mentioned);
  const usesHeaders = sm.services.some((s) => s.operations.some((o) => o.headers.length > 0));
  return {
    header,
    runtimeImports: runtimeImports(
      [
        'createImplementationFetchHandler',
        'createImplementationHandler',
        'FetchHandler',
        'FetchRequestContext',
        'HandlerOptions',
        'OperationContext',
        'RequestContext',
        'ServiceHandler',
        usesHeaders && 'SoapHeadersContext',
        usesXmlElement && 'XmlElement',
        mentionsDataSet(mentioned) && 'DataSet',
      ],
      runtimeBase,
    ),
    schemaImports: importClause(sm.services.map((s) => s.names.descriptor)),
    typeImports: importClause(typeImports),
    usesXmlElement,
    usesHeaders,
    services: sm.services.map((s) => ({
      doc: docBlock(
        s.service.documentation,
        `Implementation of the ${s.names.xmlName} service: one method per operation. Throw a \`SoapFault\` to answer with a fault.`,
      ),
      handlerDoc: docBlock(
        `Creates the HTTP request handler of the ${s.names.xmlName} service (all its bindings), for \`http.createServer\` or as middleware. The WSDL is served on \`?wsdl\`.`,
      ),
      fetchHandlerDoc: docBlock(
        `Creates the Fetch API handler of the ${s.names.xmlName} service (all its bindings), \`(request: Request) => Promise<Response>\`, for \`Bun.serve\`, \`Deno.serve\`, a Workers module's \`fetch\`, a Next.js route or Hono. It answers as the node:http handler does; paths the service does not own get 404. Type \`impl\` with \`AnyRequestContext\` to serve it both ways.`,
      ),
      interfaceName: s.names.service,
      handlerName: s.names.handler,
      fetchHandlerName: s.names.fetchHandler,
      descriptorName: s.names.descriptor,
      methods: s.operations.map((o) => ({
        doc: indentLines(methodDoc(o, s), '  '),
        method: o.names.method,
        inputType: o.inputTs,
        outputType: o.outputTs,
        ctxType: ctxTypeOf(hs.byOperation.get(o)),
      })),
    })),
  };
}
