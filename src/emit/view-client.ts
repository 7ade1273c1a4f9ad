/**
 * View model of `client.ts`: one class per service over the runtime's
 * `ServiceClient`. Template: `templates/client.hbs`.
 */
import { tsString } from './literal.js';
import type { OperationInfo, ServiceInfo, ServiceModel } from './service-model.js';
import { docBlock, importClause, indentLines, mentionsXmlElement } from './view-common.js';

/** One client method. */
export interface ClientMethodView {
  readonly doc: string;
  readonly method: string;
  readonly inputType: string;
  readonly outputType: string;
}

/** One client class. */
export interface ClientServiceView {
  readonly doc: string;
  /** `<S>Client`. */
  readonly className: string;
  /** `<S>Binding`. */
  readonly bindingTypeName: string;
  /** The union of binding kinds as TypeScript (`'soap11' | 'soap12'`), `never` when none. */
  readonly bindingUnion: string;
  /** The default binding as a string literal. */
  readonly defaultBinding: string;
  readonly descriptorName: string;
  readonly operationsName: string;
  readonly methods: readonly ClientMethodView[];
}

/** The view of client.ts. */
export interface ClientView {
  readonly header: string;
  /** The import clause for schema.ts (`{ A, B }`, sorted). */
  readonly schemaImports: string;
  /** The import clause for types.ts (`{ A, B }`, sorted; exactly the names used). */
  readonly typeImports: string;
  /** Whether a method's input or output mentions `XmlElement` (imported from the runtime). */
  readonly usesXmlElement: boolean;
  readonly services: readonly ClientServiceView[];
}

/** The TypeScript type texts of every method's input and output. */
export function typeTexts(sm: ServiceModel): string[] {
  return sm.services.flatMap((s) => s.operations.flatMap((o) => [o.inputTs, o.outputTs]));
}

/** What an operation's method resolves to, and the docs of it. */
export function methodDoc(o: OperationInfo, s: ServiceInfo): string {
  const kinds = o.op.bindings.map((b) => b.kind).filter((k, i, all) => all.indexOf(k) === i && s.bindings.includes(k));
  return docBlock(o.op.documentation, `Operation \`${o.op.name}\`${kinds.length ? ` (bindings: ${kinds.join(', ')})` : ''}.`);
}

/** Builds the client.ts view. */
export function clientView(header: string, sm: ServiceModel, typeImports: readonly string[]): ClientView {
  return {
    header,
    schemaImports: importClause(sm.services.flatMap((s) => [s.names.descriptor, s.names.operations])),
    typeImports: importClause(typeImports),
    usesXmlElement: mentionsXmlElement(typeTexts(sm)),
    services: sm.services.map((s) => ({
      doc: docBlock(s.service.documentation, `Client of the ${s.names.xmlName} service. Default binding: ${s.defaultBinding}.`),
      className: s.names.client,
      bindingTypeName: s.names.binding,
      bindingUnion: s.bindings.length ? s.bindings.map(tsString).join(' | ') : 'never',
      defaultBinding: tsString(s.defaultBinding),
      descriptorName: s.names.descriptor,
      operationsName: s.names.operations,
      methods: s.operations.map((o) => ({ doc: indentLines(methodDoc(o, s), '  '), method: o.names.method, inputType: o.inputTs, outputType: o.outputTs })),
    })),
  };
}
