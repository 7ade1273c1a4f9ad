/**
 * View model of `schema.ts`: the runtime descriptors (src/runtime/wire/descriptors.ts)
 * as typed constants. Template: `templates/schema.hbs`.
 */
import { objectKey, TsCode, tsLiteral, tsString } from './literal.js';
import type { ServiceModel } from './service-model.js';
import type { TypeRegistry } from './type-registry.js';
import { docBlock } from './view-common.js';
import { type RuntimeImportView, runtimeImports } from './runtime-imports.js';

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

/** A constant hoisted out of the descriptors (a namespace URI or an enumeration). */
export interface SchemaConstView {
  /** The constant's name (`NS_1`, `ENUM_1`: no contract name can take this form in schema.ts). */
  readonly name: string;
  /** Its value as a TypeScript literal. */
  readonly literal: string;
}

/** The view of schema.ts. */
export interface SchemaView {
  readonly header: string;
  /** The imports from the runtime, one per entry point (`import {clause} from '{from}';`). */
  readonly runtimeImports: readonly RuntimeImportView[];
  /** Namespace URIs used by the descriptors, in order of first use. */
  readonly namespaces: readonly SchemaConstView[];
  /** Enumerations used by the descriptors (each distinct list once), in order of first use. */
  readonly enums: readonly SchemaConstView[];
  readonly types: readonly SchemaTypeView[];
  readonly services: readonly SchemaServiceView[];
}

/** Builds the schema.ts view. */
export function schemaView(header: string, registry: TypeRegistry, sm: ServiceModel): SchemaView {
  const hoist = new ConstantHoister();
  const types = [...registry.complexEntries].map((e) => ({
    key: objectKey(e.key),
    literal: tsLiteral(hoist.apply(registry.toComplexDesc(e)), '  '),
  }));
  const services = sm.services.map((s) => ({
    doc: docBlock(`Descriptor of the ${s.names.xmlName} service (wsdl:service).`, s.service.documentation),
    descriptorName: s.names.descriptor,
    operationsName: s.names.operations,
    nameLiteral: tsString(s.names.xmlName),
    namespaceLiteral: tsString(s.service.name.ns),
    portsLiteral: tsLiteral(s.ports, '  '),
    operations: s.operations.map((o) => ({ method: o.names.method, literal: tsLiteral(hoist.apply(o.desc), '  ') })),
  }));
  return {
    header,
    runtimeImports: runtimeImports(['ComplexDesc', 'OperationDesc', 'ServiceDesc']),
    namespaces: hoist.namespaces,
    enums: hoist.enums,
    types,
    services,
  };
}

/**
 * Replaces namespace URIs (`ns` properties) and enumeration lists (`enum`
 * properties) in descriptor data by references to constants declared once at
 * the top of schema.ts. Large contracts repeat a handful of namespaces and
 * enumerations thousands of times; hoisting keeps schema.ts readable and small.
 * Numbering follows first use, so the output is deterministic.
 */
class ConstantHoister {
  readonly namespaces: SchemaConstView[] = [];
  readonly enums: SchemaConstView[] = [];
  readonly #nsRefs = new Map<string, TsCode>();
  readonly #enumRefs = new Map<string, TsCode>();

  /** A copy of `value` with namespaces and enumerations replaced by constant references. */
  apply(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.apply(v));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === 'ns' && typeof v === 'string' && v !== '') out[k] = this.#namespace(v);
      else if (k === 'enum' && Array.isArray(v)) out[k] = this.#enumeration(v);
      else out[k] = this.apply(v);
    }
    return out;
  }

  #namespace(uri: string): TsCode {
    let ref = this.#nsRefs.get(uri);
    if (!ref) {
      ref = new TsCode(`NS_${this.#nsRefs.size + 1}`);
      this.#nsRefs.set(uri, ref);
      this.namespaces.push({ name: ref.code, literal: tsString(uri) });
    }
    return ref;
  }

  #enumeration(values: readonly unknown[]): TsCode {
    const key = JSON.stringify(values);
    let ref = this.#enumRefs.get(key);
    if (!ref) {
      ref = new TsCode(`ENUM_${this.#enumRefs.size + 1}`);
      this.#enumRefs.set(key, ref);
      this.enums.push({ name: ref.code, literal: tsLiteral(values) });
    }
    return ref;
  }
}
