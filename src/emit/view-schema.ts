/**
 * View model of `schema.ts`: the runtime descriptors (src/runtime/descriptors.ts)
 * as typed constants. Template: `templates/schema.hbs`.
 */
import { objectKey, tsLiteral, tsString } from './literal.js';
import type { ServiceModel } from './service-model.js';
import type { TypeRegistry } from './type-registry.js';
import { docBlock } from './view-common.js';

/** One entry of `SCHEMA_TYPES`. */
export interface SchemaTypeView {
  /** Object key (identifier or string literal). */
  readonly key: string;
  /** The `ComplexDesc` as a TypeScript literal. */
  readonly literal: string;
}

/** One operation descriptor. */
export interface SchemaOperationView {
  /** The method name (key of the `<S>Operations` object). */
  readonly method: string;
  /** The `OperationDesc` as a TypeScript literal. */
  readonly literal: string;
}

/** The descriptors of one service. */
export interface SchemaServiceView {
  /** JSDoc block of the `ServiceDesc` constant. */
  readonly doc: string;
  /** `<S>Descriptor` constant name. */
  readonly descriptorName: string;
  /** `<S>Operations` constant name. */
  readonly operationsName: string;
  /** Service name as a string literal. */
  readonly nameLiteral: string;
  /** Target namespace as a string literal. */
  readonly namespaceLiteral: string;
  /** The `PortDesc[]` as a TypeScript literal. */
  readonly portsLiteral: string;
  readonly operations: readonly SchemaOperationView[];
}

/** The view of schema.ts. */
export interface SchemaView {
  readonly header: string;
  readonly types: readonly SchemaTypeView[];
  readonly services: readonly SchemaServiceView[];
}

/** Builds the schema.ts view. */
export function schemaView(header: string, registry: TypeRegistry, sm: ServiceModel): SchemaView {
  const types = [...registry.complexEntries]
    .map((e) => ({ key: objectKey(e.key), literal: tsLiteral(registry.toComplexDesc(e), '  ') }));
  const services = sm.services.map((s) => ({
    doc: docBlock(`Descriptor of the ${s.names.xmlName} service (wsdl:service).`, s.service.documentation),
    descriptorName: s.names.descriptor,
    operationsName: s.names.operations,
    nameLiteral: tsString(s.names.xmlName),
    namespaceLiteral: tsString(s.service.name.ns),
    portsLiteral: tsLiteral(s.ports, '  '),
    operations: s.operations.map((o) => ({ method: o.names.method, literal: tsLiteral(o.desc, '  ') })),
  }));
  return { header, types, services };
}
