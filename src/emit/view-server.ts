/**
 * View model of `server.ts`: per service, the implementation interface and the
 * handler factory over the runtime's `createServiceHandler`.
 * Template: `templates/server.hbs`.
 */
import { objectKey } from './literal.js';
import { headersTs, type ServiceModel } from './service-model.js';
import { docBlock, importClause, indentLines, mentionsDataSet, mentionsXmlElement } from './view-common.js';
import { headerTypes, methodDoc, typeTexts } from './view-client.js';
import { type RuntimeImportView, runtimeImports } from './runtime-imports.js';

function contextTypes(h: string | undefined): { ctxType: string; ctxArg: string } {
  return h === undefined
    ? { ctxType: 'Ctx', ctxArg: 'ctx' }
    : { ctxType: `Ctx & SoapHeadersContext<${h}>`, ctxArg: `withSoapHeaders<${h}>(ctx)` };
}

/** One operation of a service interface. */
export interface ServerMethodView {
  readonly doc: string;
  readonly method: string;
  /** The WSDL operation name as an object key (the handler's implementation map is keyed by it). */
  readonly operationKey: string;
  readonly inputType: string;
  readonly outputType: string;
  /** The context parameter's type: `Ctx`, or `Ctx & SoapHeadersContext<{ … }>` when the operation declares SOAP header parts. */
  readonly ctxType: string;
  /** What the handler passes as the context: `ctx`, or `withSoapHeaders<{ … }>(ctx)`. */
  readonly ctxArg: string;
}

/** One service's server stubs. */
export interface ServerServiceView {
  /** JSDoc of the `<S>Service` interface. */
  readonly doc: string;
  /** JSDoc of the `create<S>Handler` function. */
  readonly handlerDoc: string;
  readonly interfaceName: string;
  readonly handlerName: string;
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
  /** Whether an operation declares SOAP header parts (`withSoapHeaders`, `SoapHeadersContext` are imported). */
  readonly usesHeaders: boolean;
  readonly services: readonly ServerServiceView[];
}

/** Builds the server.ts view. */
export function serverView(
  header: string,
  sm: ServiceModel,
  typeImports: readonly string[],
  runtimeBase?: string,
): ServerView {
  const mentioned = [...typeTexts(sm), ...headerTypes(sm)];
  const usesXmlElement = mentionsXmlElement(mentioned);
  const usesHeaders = sm.services.some((s) => s.operations.some((o) => o.headers.length > 0));
  return {
    header,
    runtimeImports: runtimeImports(
      [
        'createServiceHandler',
        'defineOperation',
        'HandlerOptions',
        'RequestContext',
        'ServiceHandler',
        usesHeaders && 'withSoapHeaders',
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
      interfaceName: s.names.service,
      handlerName: s.names.handler,
      descriptorName: s.names.descriptor,
      methods: s.operations.map((o) => ({
        doc: indentLines(methodDoc(o, s), '  '),
        method: o.names.method,
        operationKey: objectKey(o.op.name),
        inputType: o.inputTs,
        outputType: o.outputTs,
        ...contextTypes(headersTs(o)),
      })),
    })),
  };
}
