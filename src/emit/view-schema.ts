/**
 * View model of `schema.ts`: the runtime descriptors (src/runtime/wire/descriptors.ts)
 * in their compact encoding (one string, see descriptor-encode.ts) and the typed
 * constants that decode it on first use. Template: `templates/schema.hbs`.
 */
import { encodeSchemaData } from './descriptor-encode.js';
import { tsLiteral, tsString } from './literal.js';
import { type RuntimeImportView, runtimeImports, runtimeSpecifier } from './runtime-imports.js';
import type { ServiceModel } from './service-model.js';
import type { TypeRegistry } from './type-registry.js';
import { docBlock } from './view-common.js';
import type { DeclaredFeatures } from '../model/types.js';
import { RUNTIME_SYMBOLS } from '../names/runtime-symbols.js';

/** One operation of a service. */
export interface SchemaOperationView {
  /** The method name (key of the `<S>Operations` object). */
  readonly method: string;
}

/** The descriptors of one service. */
export interface SchemaServiceView {
  /** Index of the service in the encoded data. */
  readonly index: number;
  /** JSDoc block of the `ServiceDesc` constant. */
  readonly doc: string;
  /** `<S>Descriptor` constant name. */
  readonly descriptorName: string;
  /** `<S>Operations` constant name. */
  readonly operationsName: string;
  /** The method names as a TypeScript array literal. */
  readonly methodsLiteral: string;
  readonly operations: readonly SchemaOperationView[];
}

/** The view of schema.ts. */
export interface SchemaView {
  readonly header: string;
  /** The imports from the runtime, one per entry point (`import {clause} from '{from}';`). */
  readonly runtimeImports: readonly RuntimeImportView[];
  /**
   * The marks of the optional runtime modules the contract needs (`[mtomModule]`), handed
   * to `SchemaData` so that bundlers keep the modules, which register themselves with the
   * core when loaded (runtime/wire/descriptor-data.ts `OptionalModule`, codec-extensions.ts,
   * attachments.ts): DataSets, SOAP-encoded arrays, MTOM/SwA attachments, the WS-Security
   * UsernameToken check. Empty when it needs none.
   */
  readonly modulesLiteral: string;
  /**
   * The same modules' specifiers (`./runtime/wire/mtom.js`), for schema templates of the
   * user's written before the marks, which import them for their side effects only
   * (`{{#each codecImports}}import '{{this}}';{{/each}}`): such a template keeps working.
   * The built-in template uses {@link modulesLiteral}.
   */
  readonly codecImports: readonly string[];
  /** The encoded descriptors as a TypeScript string literal. */
  readonly dataLiteral: string;
  readonly services: readonly SchemaServiceView[];
}

/** Builds the schema.ts view. */
export function schemaView(
  header: string,
  registry: TypeRegistry,
  sm: ServiceModel,
  runtimeBase?: string,
  declares?: DeclaredFeatures,
): SchemaView {
  const types = [...registry.complexEntries].map((e) => [e.key, registry.toComplexDesc(e)] as const);
  const serviceDescs = sm.services.map((s) => ({
    name: s.names.xmlName,
    targetNamespace: s.service.name.ns,
    ports: s.ports,
    operations: s.operations.map((o) => o.desc),
  }));
  const { json: data, scalarKinds } = encodeSchemaData(types, serviceDescs);
  const usesSoapArray = types.some(([, t]) => t.soapArray !== undefined);
  // A DataSet is a scalar kind: it may be a field, a part or an operation's element value.
  const usesDataSet = scalarKinds.has('dataSet');
  // MTOM/SwA (runtime/wire/mtom.ts): declared attachments, or any xsd:base64Binary value, which
  // an MTOM server may answer as an XOP part whatever the contract says (docs/fitting-your-project.md, "Runtime features").
  const usesAttachments = declares?.attachments === true || scalarKinds.has('base64');
  // A location that takes values from the input (runtime/wire/http-path.ts): the client's path writer and route check.
  const usesPathTemplates = sm.services.some((s) =>
    s.operations.some((o) =>
      // A SOAP-Response operation's GET (SoapOperationDesc.get) is written as an HTTP GET's.
      [o.desc.httpGet, o.desc.httpPost, o.desc.soap12?.get].some((h) => h?.params.some((p) => p.inPath === true)),
    ),
  );
  const services = sm.services.map((s, index) => ({
    index,
    doc: docBlock(`Descriptor of the ${s.names.xmlName} service (wsdl:service).`, s.service.documentation),
    descriptorName: s.names.descriptor,
    operationsName: s.names.operations,
    methodsLiteral: tsLiteral(
      s.operations.map((o) => o.names.method),
      '',
    ),
    operations: s.operations.map((o) => ({ method: o.names.method })),
  }));
  const modules = [
    usesDataSet && 'dataSetModule',
    usesSoapArray && 'soapArrayModule',
    usesAttachments && 'mtomModule',
    usesPathTemplates && 'httpPathModule',
    // A UsernameToken policy: the client's wsSecurityHeader, the server's check (HandlerOptions.wsSecurity).
    declares?.wsSecurity === true && 'wsSecurityModule',
  ].filter(
    (m): m is 'dataSetModule' | 'soapArrayModule' | 'mtomModule' | 'httpPathModule' | 'wsSecurityModule' => m !== false,
  );
  return {
    header,
    runtimeImports: runtimeImports(
      ['SchemaData', 'ComplexDesc', 'OperationDesc', 'ServiceDesc', ...modules],
      runtimeBase,
    ),
    modulesLiteral: modules.length === 0 ? '' : `[${modules.join(', ')}]`,
    codecImports: modules.map((m) => runtimeSpecifier(RUNTIME_SYMBOLS[m].module, runtimeBase)),
    dataLiteral: tsString(data),
    services,
  };
}
