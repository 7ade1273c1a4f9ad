/**
 * View model of `client.ts`: one class per service over the runtime's
 * `ServiceClient`. Template: `templates/client.hbs`.
 */
import { tsString } from './literal.js';
import type { HeaderSets } from './header-sets.js';
import type { OperationInfo, ServiceInfo, ServiceModel } from './service-model.js';
import { docBlock, importClause, indentLines, mentionsDataSet, mentionsXmlElement } from './view-common.js';
import { type RuntimeImportView, runtimeImports } from './runtime-imports.js';

/** One client method. */
export interface ClientMethodView {
  readonly doc: string;
  readonly method: string;
  readonly inputType: string;
  readonly outputType: string;
  /** `CallOptions`, or `CallOptionsWithHeaders<Set>` (a header set of types.ts) when the operation declares SOAP header parts. */
  readonly optionsType: string;
}

/** The declared faults of one operation: a union type and its type guard, declared beside the client. */
export interface ClientFaultView {
  readonly doc: string;
  readonly guardDoc: string;
  /** `<Op>Fault`: the union of `DeclaredFault<'name', Detail>`. */
  readonly typeName: string;
  /** `is<Op>Fault`. */
  readonly guardName: string;
  /** The union's members as TypeScript. */
  readonly union: string;
  /** The fault names as an array literal. */
  readonly names: string;
}

/** One client class. */
export interface ClientServiceView {
  readonly doc: string;
  /** `<S>Client`. */
  readonly className: string;
  /** `<S>Binding`. */
  readonly bindingTypeName: string;
  /** `ClientOptions<Binding>`, or `ClientOptionsWithHeaders<Binding, Set>` when operations declare SOAP header parts. */
  readonly clientOptionsType: string;
  /** The union of binding kinds as TypeScript (`'soap11' | 'soap12'`), `never` when none. */
  readonly bindingUnion: string;
  /** The default binding as a string literal. */
  readonly defaultBinding: string;
  readonly descriptorName: string;
  readonly operationsName: string;
  readonly methods: readonly ClientMethodView[];
  /** Operations' declared fault unions and guards (none when no operation declares a fault). */
  readonly faults: readonly ClientFaultView[];
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
  /** Whether any operation declares a fault (`DeclaredFault`/`isDeclaredFault` are imported). */
  readonly usesFaults: boolean;
  /** The imports from the runtime, one per entry point (`import {clause} from '{from}';`). */
  readonly runtimeImports: readonly RuntimeImportView[];
  readonly services: readonly ClientServiceView[];
}

/** The TypeScript type texts of every method's input and output. */
export function typeTexts(sm: ServiceModel): string[] {
  return sm.services.flatMap((s) => s.operations.flatMap((o) => [o.inputTs, o.outputTs]));
}

/** The detail types of declared faults (what client.ts imports from types.ts besides inputs and outputs). */
export function faultDetailTypes(sm: ServiceModel): string[] {
  return sm.services.flatMap((s) => s.operations.flatMap((o) => o.faults.map((f) => f.detailTs)));
}

/** The constructor's options type: client-wide `soapHeaders` typed by the service's header set (every part its operations declare). */
function clientOptionsTypeOf(s: ServiceInfo, hs: HeaderSets): string {
  const set = hs.byService.get(s);
  return set === undefined
    ? `ClientOptions<${s.names.binding}>`
    : `ClientOptionsWithHeaders<${s.names.binding}, ${set}>`;
}

function optionsTypeOf(o: OperationInfo, hs: HeaderSets): string {
  const set = hs.byOperation.get(o);
  return set === undefined ? 'CallOptions' : `CallOptionsWithHeaders<${set}>`;
}

/** Names of the fault unions and guards of every operation, unique against `taken`. */
function faultNames(
  sm: ServiceModel,
  taken: ReadonlySet<string>,
): Map<OperationInfo, { typeName: string; guardName: string }> {
  const used = new Set(taken);
  for (const s of sm.services)
    for (const n of [s.names.client, s.names.binding, s.names.descriptor, s.names.operations]) used.add(n);
  const out = new Map<OperationInfo, { typeName: string; guardName: string }>();
  for (const s of sm.services) {
    for (const o of s.operations) {
      if (o.faults.length === 0) continue;
      const base = o.names.method.charAt(0).toUpperCase() + o.names.method.slice(1);
      let typeName = `${base}Fault`;
      for (let i = 2; used.has(typeName) || used.has(`is${typeName}`); i++) typeName = `${base}Fault${i}`;
      used.add(typeName);
      used.add(`is${typeName}`);
      out.set(o, { typeName, guardName: `is${typeName}` });
    }
  }
  return out;
}

function throwsTag(o: OperationInfo, typeName: string | undefined): string | undefined {
  if (!typeName) return undefined;
  const list = o.faults.map((f) => `\`${f.name}\``).join(', ');
  return `@throws {${typeName}} a declared fault (${list}); narrow with \`is${typeName}(err)\`, then on \`err.fault\`. Other faults reject with \`SoapFaultError\`.`;
}

/** What an operation's method resolves to, and the docs of it. */
export function methodDoc(o: OperationInfo, s: ServiceInfo, throws?: string): string {
  const kinds = o.op.bindings
    .filter((b, i, all) => all.findIndex((x) => x.kind === b.kind) === i && s.bindings.includes(b.kind))
    .map((b) => (b.mep === 'soap-response' ? `${b.kind} by the SOAP-Response MEP, an HTTP GET` : b.kind));
  return docBlock(
    o.op.documentation,
    `Operation \`${o.op.name}\`${kinds.length ? ` (bindings: ${kinds.join(', ')})` : ''}.`,
    throws,
  );
}

/** Builds the client.ts view. */
export function clientView(
  header: string,
  sm: ServiceModel,
  typeImports: readonly string[],
  declared: ReadonlySet<string>,
  hs: HeaderSets,
  runtimeBase?: string,
): ClientView {
  const fnames = faultNames(sm, declared);
  /** Every type text the client mentions, to tell which runtime types it imports. */
  const mentioned = [...typeTexts(sm), ...faultDetailTypes(sm)];
  const ops = sm.services.flatMap((s) => s.operations);
  return {
    header,
    schemaImports: importClause(sm.services.flatMap((s) => [s.names.descriptor, s.names.operations])),
    typeImports: importClause(typeImports),
    usesXmlElement: mentionsXmlElement(mentioned),
    usesFaults: fnames.size > 0,
    runtimeImports: runtimeImports(
      [
        'ServiceClient',
        sm.services.some((s) => s.operations.every((o) => o.headers.length === 0)) && 'ClientOptions',
        ops.some((o) => o.headers.length > 0) && 'ClientOptionsWithHeaders',
        ops.some((o) => o.headers.length === 0) && 'CallOptions',
        ops.some((o) => o.headers.length > 0) && 'CallOptionsWithHeaders',
        fnames.size > 0 && 'isDeclaredFault',
        fnames.size > 0 && 'DeclaredFault',
        mentionsXmlElement(mentioned) && 'XmlElement',
        mentionsDataSet(mentioned) && 'DataSet',
      ],
      runtimeBase,
    ),
    services: sm.services.map((s) => ({
      doc: docBlock(
        s.service.documentation,
        `Client of the ${s.names.xmlName} service. Default binding: ${s.defaultBinding}.`,
      ),
      className: s.names.client,
      bindingTypeName: s.names.binding,
      clientOptionsType: clientOptionsTypeOf(s, hs),
      bindingUnion: s.bindings.length ? s.bindings.map(tsString).join(' | ') : 'never',
      defaultBinding: tsString(s.defaultBinding),
      descriptorName: s.names.descriptor,
      operationsName: s.names.operations,
      methods: s.operations.map((o) => ({
        doc: indentLines(methodDoc(o, s, throwsTag(o, fnames.get(o)?.typeName)), '  '),
        method: o.names.method,
        inputType: o.inputTs,
        outputType: o.outputTs,
        optionsType: optionsTypeOf(o, hs),
      })),
      faults: s.operations.flatMap((o) => {
        const n = fnames.get(o);
        if (!n) return [];
        return [
          {
            doc: docBlock(
              undefined,
              `A declared fault of \`${o.op.name}\`: \`fault\` names the \`wsdl:fault\`, \`detail\` is its decoded detail.`,
            ),
            guardDoc: docBlock(
              undefined,
              `Whether \`err\` is a declared fault of \`${o.op.name}\` (then narrow on \`err.fault\`).`,
            ),
            typeName: n.typeName,
            guardName: n.guardName,
            union: o.faults.map((f) => `DeclaredFault<${tsString(f.name)}, ${f.detailTs}>`).join(' | '),
            names: `[${o.faults.map((f) => tsString(f.name)).join(', ')}]`,
          },
        ];
      }),
    })),
  };
}
