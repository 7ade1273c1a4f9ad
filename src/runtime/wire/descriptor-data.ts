/**
 * Descriptors from their compact form. Generated `schema.ts` holds a contract's
 * descriptors as one JSON string in the encoding of descriptor-shapes.ts rather
 * than as object literals: the TypeScript compiler of the project that uses the
 * generated code then scans one string instead of inferring and checking a
 * literal of thousands of objects (protobuf-es v2 embeds its file descriptors the
 * same way). The string is parsed, and the descriptor objects built, when a
 * descriptor is first used; after that they are the same plain objects the
 * runtime always read, so the client's and the server's hot paths are unchanged.
 */
import type { ComplexDesc, OperationDesc, PortDesc, ScalarKind, ServiceDesc, ValueDesc } from './descriptors.js';
import { DESCRIPTOR_FORMAT, SCALAR_KINDS, SHAPES, type PropertyEncoding, type ShapeName } from './descriptor-shapes.js';

/** The decoded contents of one schema.ts. */
interface Decoded {
  readonly types: Readonly<Record<string, ComplexDesc>>;
  readonly services: readonly ServiceDesc[];
}

/** Tables shared by every record of one document. */
interface Tables {
  readonly ns: readonly string[];
  readonly enums: readonly (readonly string[])[];
  readonly keys: readonly string[];
  /** Field records, referred to by index from lists of fields. */
  readonly fields: readonly unknown[];
}

/**
 * The mark an optional runtime module (wire/dataset.ts, soap-array.ts, mtom.ts,
 * ws-security.ts) exports beside registering itself with the core when it is loaded.
 * A generated schema.ts imports the marks of the modules its contract needs by name
 * and hands them to {@link SchemaData}: a bundler told that the project's files have
 * no side effects (`"sideEffects": false` in package.json) drops an import made only
 * for its side effects, but keeps a module whose export is used, and with it the
 * module's registration.
 */
export interface OptionalModule {
  /** The module's path in the runtime, without extension (`wire/mtom`). */
  readonly module: string;
}

/**
 * The makers of each decoded type record's `{ns}name` index (see {@link typeKeysByQName}),
 * by the record object (and by its {@link SchemaData.typesView}).
 */
const qnameIndexes = new WeakMap<object, () => ReadonlyMap<string, string>>();

/**
 * The registry keys of the complex types of `types` by `ns|name`, when `types` was decoded
 * here (else `undefined`): read from the compact data, so that an `xsi:type` lookup builds
 * no type's descriptor (a large contract builds each when first read).
 */
export function typeKeysByQName(types: object): ReadonlyMap<string, string> | undefined {
  return qnameIndexes.get(types)?.();
}

/** The descriptors of one generated contract, decoded on first use. */
export class SchemaData {
  #text: string | undefined;
  #decoded: Decoded | undefined;
  /** The optional runtime modules the contract needs (see {@link OptionalModule}). */
  readonly modules: readonly OptionalModule[];

  /**
   * @param text the JSON text generated schema.ts embeds (see descriptor-shapes.ts).
   * @param modules the marks of the optional runtime modules the contract needs, which
   *   schema.ts imports by name: held here so that a bundler keeps those modules.
   */
  constructor(text: string, modules: readonly OptionalModule[] = []) {
    this.#text = text;
    this.modules = modules;
  }

  /** Everything, decoded now if not yet. */
  get decoded(): Decoded {
    if (this.#decoded === undefined) {
      this.#decoded = decodeSchema(this.#text ?? '');
      this.#text = undefined;
    }
    return this.#decoded;
  }

  /** The complex types by key, as a read-only view that decodes on first access. */
  typesView(): Readonly<Record<string, ComplexDesc>> {
    const decoded = (): Readonly<Record<string, ComplexDesc>> => this.decoded.types;
    const own = (k: string | symbol): boolean =>
      typeof k === 'string' && Object.prototype.hasOwnProperty.call(decoded(), k);
    const view = new Proxy({} as Record<string, ComplexDesc>, {
      get: (_t, k) => (own(k) ? decoded()[k as string] : undefined),
      has: (_t, k) => own(k),
      ownKeys: () => Object.keys(decoded()),
      getOwnPropertyDescriptor: (_t, k) =>
        own(k) ? { value: decoded()[k as string], enumerable: true, configurable: true, writable: false } : undefined,
      set: () => false,
      defineProperty: () => false,
      deleteProperty: () => false,
    });
    qnameIndexes.set(view, () => typeKeysByQName(decoded()) ?? new Map());
    return view;
  }

  /** Service `index` of the contract: an object whose properties are filled in on first access. */
  service(index: number): ServiceDesc {
    return lazyObject(['name', 'targetNamespace', 'ports', 'operations', 'types'], () => ({ ...this.#service(index) }));
  }

  /** The operations of service `index` by method name, filled in on first access. */
  operations<M extends string>(index: number, methods: readonly M[]): { readonly [K in M]: OperationDesc } {
    return lazyObject(methods, () => {
      const out: Record<string, OperationDesc> = {};
      for (const op of this.#service(index).operations) out[op.method] = op;
      return out;
    });
  }

  #service(index: number): ServiceDesc {
    const s = this.decoded.services[index];
    if (s === undefined) throw new Error(`schema data: no service ${index}`);
    return s;
  }
}

/**
 * An object with the properties `names`, each a getter that, on first access of
 * any, takes every value from `resolve()` and turns all of them into plain
 * read-only data properties.
 */
function lazyObject<T extends object>(names: readonly string[], resolve: () => Record<string, unknown>): T {
  const obj = {} as Record<string, unknown>;
  const fill = (): Record<string, unknown> => {
    const values = resolve();
    for (const n of names) {
      Object.defineProperty(obj, n, { value: values[n], enumerable: true, writable: false, configurable: false });
    }
    return values;
  };
  for (const n of names) {
    Object.defineProperty(obj, n, { get: () => fill()[n], enumerable: true, configurable: true });
  }
  return obj as T;
}

/** An internal error: data that this runtime cannot read (a runtime copy from another wsdlc version). */
function bad(what: string): Error {
  return new Error(`schema data: ${what} (regenerate the contract with this runtime's wsdlc)`);
}

/**
 * Contracts with more complex types than this build each type's descriptor when it
 * is first read rather than all at first use. Such records are hash tables in V8
 * either way; a smaller one stays an object with fast properties.
 */
const LAZY_TYPES_ABOVE = 256;

/** Decodes the JSON text of one schema.ts. */
export function decodeSchema(text: string): Decoded {
  const root: unknown = JSON.parse(text);
  if (!Array.isArray(root) || root[0] !== DESCRIPTOR_FORMAT) throw bad('unknown format');
  const [, ns, enums, keys, complex, services, fields] = root as [
    number,
    string[],
    string[][],
    string[],
    unknown[][],
    unknown[][],
    unknown[],
  ];
  // Interned: these strings are property names and lookup keys on the hot paths (see intern()).
  const tables: Tables = { ns: ns.map(intern), enums, keys: keys.map(intern), fields };
  const types: Record<string, ComplexDesc> = {};
  // A large contract's types are built one by one as they are first read (an operation needs a
  // few of NetSuite's 1,501); a small contract's all at once, keeping the record a plain object.
  const lazy = keys.length > LAZY_TYPES_ABOVE;
  for (let i = 0; i < keys.length; i++) {
    const key = tables.keys[i] as string;
    const build = (): ComplexDesc => record('complex', complex[i], tables);
    // `__proto__` is a key like any other here (defineProperty, not assignment).
    if (!lazy) {
      Object.defineProperty(types, key, { value: build(), enumerable: true, writable: true, configurable: true });
      continue;
    }
    Object.defineProperty(types, key, {
      get: () => {
        const value = build();
        Object.defineProperty(types, key, { value, enumerable: true, writable: true, configurable: true });
        return value;
      },
      enumerable: true,
      configurable: true,
    });
  }
  let index: Map<string, string> | undefined;
  qnameIndexes.set(types, () => {
    if (index === undefined) {
      index = new Map();
      // As `${types[k].ns}|${types[k].name}` of each built record would read (complex: name, ns first).
      // The name is not interned (as a built record's is): it only goes into this map's key, a new
      // string either way, and interning NetSuite's 1,501 names took most of a first lookup's 5 ms.
      for (let i = 0; i < keys.length; i++) {
        const data = complex[i];
        if (!Array.isArray(data)) throw bad('complex is not a record');
        const ns = data[1] === null || data[1] === undefined ? undefined : tables.ns[data[1] as number];
        const name = data[0] === null || data[0] === undefined ? undefined : (data[0] as string);
        index.set(`${ns}|${name}`, tables.keys[i] as string);
      }
    }
    return index;
  });
  return {
    types,
    services: services.map(([name, targetNamespace, ports, operations]) => ({
      name: name as string,
      targetNamespace: targetNamespace as string,
      ports: (ports as unknown[]).map((p) => record('port', p, tables) as unknown as PortDesc),
      operations: (operations as unknown[]).map((o) => record('operation', o, tables) as unknown as OperationDesc),
      types,
    })),
  };
}

/** One record of `shape`. */
function record<T>(shape: ShapeName, data: unknown, tables: Tables): T {
  if (!Array.isArray(data)) throw bad(`${shape} is not a record`);
  const out: Record<string, unknown> = {};
  const props = SHAPES[shape];
  for (let i = 0; i < data.length && i < props.length; i++) {
    const v: unknown = data[i];
    if (v === null) continue;
    const [name, enc] = props[i] as readonly [string, PropertyEncoding];
    out[name] = enc === 'prop' && v === 0 ? intern(data[i + 1] as string) : property(enc, v, tables);
  }
  return out as T;
}

/** One property's value. */
function property(enc: PropertyEncoding, v: unknown, tables: Tables): unknown {
  switch (enc) {
    case 's':
    case 'prop':
      return intern(v as string);
    case 'n':
      return v;
    case 'b':
      return v === 1;
    case 'ns':
      return tables.ns[v as number];
    case 'enum':
      return tables.enums[v as number];
    case 'key':
      return tables.keys[v as number];
    case 'v':
      return value(v, tables);
    default:
      if (enc === '[field]') return (v as unknown[]).map((i) => record('field', tables.fields[i as number], tables));
      if (enc.startsWith('[')) {
        const shape = enc.slice(1, -1) as ShapeName;
        return (v as unknown[]).map((item) => record(shape, item, tables));
      }
      return record(enc as ShapeName, v, tables);
  }
}

/** A {@link ValueDesc}. */
function value(v: unknown, tables: Tables): ValueDesc {
  if (typeof v === 'number') return v >= 0 ? { complex: tables.keys[v] as string } : { scalar: scalarKind(-v - 1) };
  const r = record<{ scalar: number; enum?: string[]; list?: boolean; range?: string }>('scalar', v, tables);
  return { ...r, scalar: scalarKind(r.scalar) } as ValueDesc;
}

/**
 * `s` as an internalized string (the one V8 keeps for property names). JSON.parse
 * internalizes keys but not values, and descriptor strings are used as property
 * names (the decoded input's and the output's properties), type registry keys
 * and compared with parsed names on every request: with values as parsed, the
 * keyed property accesses of the codec and of decode plans take a slower path and
 * allocate (about 85 bytes per Auth request) that literal strings do not.
 */
function intern(s: string): string {
  return Object.keys({ [s]: 0 })[0] ?? s;
}

/** The scalar kind of code `code`. */
function scalarKind(code: number): ScalarKind {
  const kind = SCALAR_KINDS[code];
  if (kind === undefined) throw bad(`unknown scalar kind ${code}`);
  return kind;
}
