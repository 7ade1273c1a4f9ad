/**
 * Descriptors from their compact form. Generated `schema.ts` holds a contract's
 * descriptors as one string of JSON lines in the encoding of descriptor-shapes.ts
 * rather than as object literals: the TypeScript compiler of the project that uses
 * the generated code then scans one string instead of inferring and checking a
 * literal of thousands of objects (protobuf-es v2 embeds its file descriptors the
 * same way). A record's line is parsed, and its descriptor object built, when the
 * descriptor is first used; after that they are the same plain objects the
 * runtime always read, so the client's and the server's hot paths are unchanged.
 */
import type { ComplexDesc, OperationDesc, PortDesc, ScalarKind, ServiceDesc } from './descriptors.js';
import { DESCRIPTOR_FORMAT, SCALAR_KINDS, SHAPES, type PropertyEncoding, type ShapeName } from './descriptor-shapes.js';

/** The decoded contents of one schema.ts. */
interface Decoded {
  readonly types: Readonly<Record<string, ComplexDesc>>;
  readonly services: readonly ServiceDesc[];
}

/** One decoded document, its records built as first read. */
interface Doc {
  readonly types: Readonly<Record<string, ComplexDesc>>;
  /** The number of services. */
  readonly services: number;
  /** Property `name` of service `index` (its `operations`: every one, built now). */
  service(index: number, name: string): unknown;
  /** Operation `j` of service `index`, built once. */
  operation(index: number, j: number): OperationDesc;
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
  #doc: Doc | undefined;
  /** The optional runtime modules the contract needs (see {@link OptionalModule}). */
  readonly modules: readonly OptionalModule[];

  /**
   * @param text the text generated schema.ts embeds (see descriptor-shapes.ts).
   * @param modules the marks of the optional runtime modules the contract needs, which
   *   schema.ts imports by name: held here so that a bundler keeps those modules.
   */
  constructor(text: string, modules: readonly OptionalModule[] = []) {
    this.#text = text;
    this.modules = modules;
  }

  /** The document, its header decoded now if not yet. */
  get #decoded(): Doc {
    if (this.#doc === undefined) {
      this.#doc = decodeDoc(this.#text ?? '');
      this.#text = undefined;
    }
    return this.#doc;
  }

  /** The complex types by key, as a read-only view that decodes on first access. */
  typesView(): Readonly<Record<string, ComplexDesc>> {
    const decoded = (): Readonly<Record<string, ComplexDesc>> => this.#decoded.types;
    const own = (k: string | symbol): boolean => Object.prototype.hasOwnProperty.call(decoded(), k);
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

  /** Service `index` of the contract: an object whose properties are each filled in on first access. */
  service(index: number): ServiceDesc {
    return lazyObject(SERVICE, (n) => this.#decoded.service(index, n));
  }

  /**
   * The operations of service `index` by method name (`methods`: every operation's, in the
   * contract's order), each built on first access.
   */
  operations<M extends string>(index: number, methods: readonly M[]): { readonly [K in M]: OperationDesc } {
    return lazyObject(methods, (m) => this.#decoded.operation(index, methods.indexOf(m as M)));
  }
}

/** A {@link ServiceDesc}'s properties (the first two: items of a service's header record). */
const SERVICE = ['name', 'targetNamespace', 'ports', 'operations', 'types'] as const;

/** An object with the properties `names`, each a {@link lazyProperty} whose value is `resolve(name)`. */
function lazyObject<T extends object>(names: readonly string[], resolve: (name: string) => unknown): T {
  const obj = {};
  for (const n of names) lazyProperty(obj, n, () => resolve(n));
  return obj as T;
}

/**
 * Defines `obj[key]` (`__proto__` like any other: defineProperty, not assignment) as a
 * getter that, on first access, takes its value from `resolve` and turns into a plain
 * read-only data property.
 */
function lazyProperty(obj: object, key: string, resolve: () => unknown): void {
  Object.defineProperty(obj, key, {
    get: () => {
      const value = resolve();
      Object.defineProperty(obj, key, { value, enumerable: true });
      return value;
    },
    enumerable: true,
    configurable: true,
  });
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

/**
 * Decodes the text of one schema.ts: the complex types (a large contract's each built when
 * first read, see {@link LAZY_TYPES_ABOVE}) and every service with all its operations.
 */
export function decodeSchema(text: string): Decoded {
  const doc = decodeDoc(text);
  return {
    types: doc.types,
    services: Array.from({ length: doc.services }, (_, i) => {
      const out: Record<string, unknown> = {};
      for (const n of SERVICE) out[n] = doc.service(i, n);
      return out as unknown as ServiceDesc;
    }),
  };
}

/**
 * Decodes the header of one schema.ts (descriptor-shapes.ts), and the complex types unless
 * the contract is large. A record's line is parsed when the record is built: the first call
 * of a large contract parses the operation and the few types it reads (NetSuite: a few of
 * 1,501), not the whole document.
 */
function decodeDoc(text: string): Doc {
  const lines = text.split('\n');
  /** Line `n` as the array it holds; data that is cut short or changed by hand is refused with the regenerate hint. */
  const line = (n: number): unknown[] => {
    let v: unknown;
    try {
      v = JSON.parse(lines[n] ?? '');
    } catch {}
    if (!Array.isArray(v)) throw bad(n === 0 ? 'unknown format' : `line ${n + 1} is missing or not a record`);
    return v;
  };
  const root = line(0);
  if (root[0] !== DESCRIPTOR_FORMAT) throw bad('unknown format');
  const [, rawNs, enums, rawKeys, qnames, services] = root as [
    number,
    string[],
    string[][],
    string[],
    (string | number)[],
    unknown[][],
  ];
  // Interned: these strings are property names and lookup keys on the hot paths (see intern()).
  const ns = rawNs.map(intern);
  const count = rawKeys.length;
  // Lines: the header, the complex types, the field records, the operations of every service.
  const fields = 1 + count;
  const built: OperationDesc[] = [];
  // A large contract's record is a hash table in V8 either way: made one from the start (as an object without a
  // prototype is), its getters are defined in half the time (NetSuite's 1,501: 9 -> 4.7 ms in a fresh process).
  // Its prototype is set once they are.
  const types: Record<string, ComplexDesc> = count > LAZY_TYPES_ABOVE ? Object.create(null) : {};

  /** One record of `shape`, from an array (see `line`). */
  const record = <T>(shape: ShapeName, data: unknown): T => {
    const out: Record<string, unknown> = {};
    const props = SHAPES[shape];
    const items = data as unknown[];
    for (let i = 0; i < items.length && i < props.length; i++) {
      const v: unknown = items[i];
      if (v === null) continue;
      const [name, enc] = props[i] as readonly [string, PropertyEncoding];
      out[name] = enc === 'prop' && v === 0 ? intern(items[i + 1] as string) : property(enc, v);
    }
    return out as T;
  };

  /** One property's value. */
  const property = (enc: PropertyEncoding, v: unknown): unknown => {
    switch (enc) {
      case 's':
      case 'prop':
        return intern(v as string);
      case 'n':
        return v;
      case 'b':
        return v === 1;
      case 'ns':
        return ns[v as number];
      case 'enum':
        return enums[v as number];
      case 'key':
        return keys[v as number];
      case 'v':
        if (typeof v === 'number') return v >= 0 ? { complex: keys[v] } : { scalar: scalarKind(-v - 1) };
        return { ...record<object>('scalar', v), scalar: scalarKind((v as number[])[0] as number) };
      default:
        if (enc === '[field]') return (v as number[]).map((i) => record('field', line(fields + i)));
        if (enc.startsWith('[')) {
          const shape = enc.slice(1, -1) as ShapeName;
          return (v as unknown[]).map((item) => record(shape, item));
        }
        return record(enc as ShapeName, v);
    }
  };

  for (let i = 0; i < count; i++) {
    lazyProperty(types, rawKeys[i] as string, () => record('complex', line(1 + i)));
  }
  Object.setPrototypeOf(types, Object.prototype);
  // Defining a property interns its name: the record's keys are the keys interned, for one call.
  const names = Object.keys(types);
  const keys = rawKeys.map((k, i) => (names[i] === k ? names[i] : intern(k)));
  // A large contract's types are built one by one as they are first read (an operation needs a
  // few of NetSuite's 1,501); a small contract's all now (reading each), its record keeping fast properties.
  if (count <= LAZY_TYPES_ABOVE) Object.values(types);

  let index: Map<string, string> | undefined;
  qnameIndexes.set(types, () => {
    if (index === undefined) {
      index = new Map();
      // As `${types[k].ns}|${types[k].name}` of each built record would read, from the header's
      // names (0: the key) and namespaces. The name is not interned (as a built record's is): it
      // only goes into this map's key, a new string either way, and interning NetSuite's 1,501
      // names took most of a first lookup's 5 ms.
      for (let i = 0; i < count; i++) {
        const name = qnames[2 * i];
        index.set(`${ns[qnames[2 * i + 1] as number]}|${name === 0 ? rawKeys[i] : name}`, keys[i] as string);
      }
    }
    return index;
  });

  // A service's header record: name, target namespace, ports, the line of its first operation, their number.
  const operation = (index: number, j: number): OperationDesc => {
    const at = ((services[index] as unknown[])[3] as number) + j;
    return (built[at] ??= record('operation', line(at)));
  };

  return {
    types,
    services: services.length,
    service: (index, name) => {
      const s = services[index] as unknown[];
      if (name === 'ports') return (s[2] as unknown[]).map((p) => record<PortDesc>('port', p));
      if (name === 'types') return types;
      if (name !== 'operations') return s[SERVICE.indexOf(name as 'name')];
      return Array.from({ length: s[4] as number }, (_, j) => operation(index, j));
    },
    operation,
  };
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
