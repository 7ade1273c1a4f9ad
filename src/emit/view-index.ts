/**
 * View models of `index.ts` (re-exports) and `wsdl.ts` (the WSDL text served on
 * `?wsdl`). Templates: `templates/index.hbs`, `templates/wsdl.hbs`.
 */
import { commentLine, tsString } from './literal.js';
import { type RuntimeReexportView, runtimeReexports } from './runtime-imports.js';
import type { ClientView } from './view-client.js';
import { exportClause } from './view-common.js';
import type { ServerView } from './view-server.js';

/**
 * The view of index.ts. Every value is re-exported by name (`export { a, type B }
 * from`), not with `export *`: CommonJS consumers (TypeScript's and esbuild's
 * CommonJS output, tsx in a CommonJS package) and bundlers then see each name
 * statically (issue 19). types.ts holds types only, erased everywhere, so it
 * stays `export type *`, which keeps index.ts small for contracts of thousands
 * of types.
 */
export interface IndexView {
  readonly header: string;
  /** The export clause of client.ts (`{ AuthClient, type AuthBinding }`); `undefined` when there is no client. */
  readonly clientExports: string | undefined;
  /** The export clause of server.ts; `undefined` when there is no server. */
  readonly serverExports: string | undefined;
  /** The export clause of schema.ts. */
  readonly schemaExports: string;
  /** The runtime's errors and option types re-exported, one entry per runtime entry point. */
  readonly runtimeReexports: readonly RuntimeReexportView[];
}

/** The view of wsdl.ts. */
export interface WsdlView {
  readonly header: string;
  /** Whether the WSDL text is known. */
  readonly hasText: boolean;
  /** The WSDL text as a string literal (`''` when unknown). */
  readonly literal: string;
  /** The contract's label, safe inside a comment. */
  readonly label: string;
}

/** Builds the index.ts view from the views of the files it re-exports. */
export function indexView(
  header: string,
  client: ClientView | undefined,
  server: ServerView | undefined,
  schemaNames: readonly string[],
  runtimeBase?: string,
): IndexView {
  const clientNames = client?.services.flatMap((s) => [
    s.className,
    `type ${s.bindingTypeName}`,
    ...s.faults.flatMap((f) => [f.guardName, `type ${f.typeName}`]),
  ]);
  const serverNames = server?.services.flatMap((s) => [s.handlerName, s.fetchHandlerName, `type ${s.interfaceName}`]);
  return {
    header,
    clientExports: clientNames === undefined ? undefined : exportClause(clientNames),
    serverExports: serverNames === undefined ? undefined : exportClause(serverNames),
    schemaExports: exportClause(schemaNames),
    runtimeReexports: runtimeReexports(
      [
        'HttpError',
        'ResponseError',
        'SoapFault',
        'SoapFaultError',
        'MultipartError',
        'XmlElement',
        client && 'CallOptions',
        client && 'ClientOptions',
        client && 'CallMeta',
        server && 'HandlerOptions',
        server && 'RequestContext',
        server && 'FetchRequestContext',
        server && 'AnyRequestContext',
        server && 'FetchHandler',
        server && 'CorsOptions',
        server && 'ServiceHandler',
        server && 'addResponseAttachment',
      ],
      runtimeBase,
    ),
  };
}

/** Builds the wsdl.ts view. */
export function wsdlView(header: string, sourceLabel: string, text: string | undefined): WsdlView {
  return {
    header,
    hasText: text !== undefined,
    literal: text !== undefined ? tsString(text) : '',
    label: commentLine(sourceLabel).replace(/\*\//g, '*\\/'),
  };
}
