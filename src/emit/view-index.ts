/**
 * View models of `index.ts` (re-exports) and `wsdl.ts` (the WSDL text served on
 * `?wsdl`). Templates: `templates/index.hbs`, `templates/wsdl.hbs`.
 */
import { commentLine, tsString } from './literal.js';
import { type RuntimeReexportView, runtimeReexports } from './runtime-imports.js';

/** The view of index.ts. */
export interface IndexView {
  readonly header: string;
  /** Whether client.ts exists. */
  readonly client: boolean;
  /** Whether server.ts exists. */
  readonly server: boolean;
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

/** Builds the index.ts view. */
export function indexView(header: string, client: boolean, server: boolean): IndexView {
  const runtimeReexportList = runtimeReexports([
    'HttpError',
    'ResponseError',
    'SoapFault',
    'SoapFaultError',
    'XmlElement',
    client && 'CallOptions',
    client && 'ClientOptions',
    server && 'HandlerOptions',
    server && 'RequestContext',
    server && 'ServiceHandler',
  ]);
  return { header, client, server, runtimeReexports: runtimeReexportList };
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
