/**
 * Writes descriptors in the compact encoding that generated `schema.ts` embeds as
 * one string of JSON lines (format: src/runtime/wire/descriptor-shapes.ts; the runtime reads it
 * back with src/runtime/wire/descriptor-data.ts). Strict: a descriptor property
 * the encoding does not know is an internal error, never silently dropped.
 */
import {
  DESCRIPTOR_FORMAT,
  type PropertyEncoding,
  SCALAR_KINDS,
  SHAPES,
  type ShapeName,
} from '../runtime/wire/descriptor-shapes.js';
import type { ComplexDesc, OperationDesc, PortDesc, ValueDesc } from '../runtime/wire/descriptors.js';

/** One service to encode. */
export interface ServiceToEncode {
  readonly name: string;
  readonly targetNamespace: string;
  readonly ports: readonly PortDesc[];
  readonly operations: readonly OperationDesc[];
}

/**
 * The text (JSON lines) of a contract's descriptors: complex types (in `types` order,
 * which the output follows, so it is deterministic) and services.
 */
export function encodeSchema(
  types: readonly (readonly [string, ComplexDesc])[],
  services: readonly ServiceToEncode[],
): string {
  return encodeSchemaData(types, services).json;
}

/** What {@link encodeSchemaData} returns: the text and what the encoding met on the way. */
export interface EncodedSchema {
  readonly json: string;
  /** The scalar kinds of every value the descriptors hold (`ValueDesc.scalar`), each once. */
  readonly scalarKinds: ReadonlySet<string>;
}

/**
 * {@link encodeSchema}, also telling which scalar kinds the values use (the
 * encoder visits every property, so a view needs no second walk to find them).
 */
export function encodeSchemaData(
  types: readonly (readonly [string, ComplexDesc])[],
  services: readonly ServiceToEncode[],
): EncodedSchema {
  const enc = new Encoder(types.map(([k]) => k));
  const complex = types.map(([, d]) => JSON.stringify(enc.record('complex', d)));
  // Each type's name (0: its key, as for nearly all) and namespace, for xsi:type lookups without a type's line.
  const qnames = types.flatMap(([k, d]) => [d.name === k ? 0 : d.name, enc.ns.indexOf(d.ns)]);
  const ops = services.flatMap((s) => s.operations.map((o) => JSON.stringify(enc.record('operation', o))));
  // Each service's name, target namespace, ports, the line of its first operation and their number.
  let first = 1 + complex.length + enc.fieldJson.length;
  const svc = services.map((s) => {
    const at = first;
    first += s.operations.length;
    return [s.name, s.targetNamespace, s.ports.map((p) => enc.record('port', p)), at, s.operations.length];
  });
  const head = JSON.stringify([DESCRIPTOR_FORMAT, enc.ns, enc.enums, enc.keys, qnames, svc]);
  // One record a line (JSON text holds no raw line break), each parsed by the runtime when its record is first built.
  return { json: [head, ...complex, ...enc.fieldJson, ...ops].join('\n'), scalarKinds: enc.scalarKinds };
}

/** Each shape's property names, for the strictness check of {@link Encoder.record}. */
const SHAPE_NAMES = new Map<ShapeName, ReadonlySet<string>>(
  (Object.keys(SHAPES) as ShapeName[]).map((shape) => [shape, new Set(SHAPES[shape].map(([name]) => name))]),
);

/** Throws for a property of `data` (a record of `shape`) that the encoding does not know. */
function checkKnown(shape: ShapeName, data: Record<string, unknown>): void {
  const names = SHAPE_NAMES.get(shape)!;
  for (const k in data) {
    if (data[k] !== undefined && !names.has(k)) {
      throw new Error(`internal error: descriptor property ${shape}.${k} has no compact encoding`);
    }
  }
}

/** Tables of one document, filled in order of first use. */
class Encoder {
  readonly ns: string[] = [];
  readonly enums: (readonly string[])[] = [];
  /**
   * Field records, each once, as their JSON text: lists of fields hold indexes into it (NetSuite's 18,469
   * fields are 8,314 records).
   */
  readonly fieldJson: string[] = [];
  readonly #fieldIndex = new Map<string, number>();
  readonly #nsIndex = new Map<string, number>();
  readonly #enumIndex = new Map<string, number>();
  readonly #keyIndex: Map<string, number>;
  /** The scalar kinds met in values. */
  readonly scalarKinds = new Set<string>();

  constructor(readonly keys: readonly string[]) {
    this.#keyIndex = new Map(keys.map((k, i) => [k, i]));
  }

  /** One record of `shape` as an array (absent properties `null`, trailing ones left out). */
  record(shape: ShapeName, obj: object): unknown[] {
    const props = SHAPES[shape];
    const data = obj as Record<string, unknown>;
    const out: unknown[] = [];
    let length = 0;
    let present = 0;
    for (let i = 0; i < props.length; i++) {
      const prop = props[i]!;
      const v = data[prop[0]];
      if (v === undefined) {
        out.push(null);
        continue;
      }
      present++;
      const enc = prop[1];
      const encoded =
        enc === 'prop' ? (v === data.name ? 0 : v) : enc === 's' || enc === 'n' ? v : this.#property(enc, v);
      out.push(encoded);
      if (encoded !== null) length = i + 1;
    }
    // No more keys than known properties met: every key is known (the common case, told without walking the
    // keys: a generation runs this briefly, mostly unoptimised, once per field: NetSuite has 18,469).
    if (Object.keys(data).length !== present) checkKnown(shape, data);
    // Trailing absent properties are left out.
    out.length = length;
    return out;
  }

  #property(enc: PropertyEncoding, v: unknown): unknown {
    switch (enc) {
      case 's':
      case 'n':
      case 'prop':
        return v;
      case 'b':
        return v ? 1 : 0;
      case 'ns':
        return this.#namespace(v as string);
      case 'enum':
        return this.#enumeration(v as readonly string[]);
      case 'key':
        return this.#key(v as string);
      case 'v':
        return this.#value(v as ValueDesc);
      default:
        if (enc === '[field]') return (v as readonly object[]).map((item) => this.#field(item));
        if (enc.startsWith('[')) {
          const shape = enc.slice(1, -1) as ShapeName;
          return (v as readonly object[]).map((item) => this.record(shape, item));
        }
        return this.record(enc as ShapeName, v as object);
    }
  }

  #value(v: ValueDesc): unknown {
    if ('complex' in v) return this.#key(v.complex);
    this.scalarKinds.add(v.scalar);
    const code = SCALAR_KINDS.indexOf(v.scalar);
    if (code < 0) throw new Error(`internal error: scalar kind ${v.scalar} has no code`);
    if (v.enum === undefined && v.list === undefined && v.range === undefined) return -code - 1;
    return this.record('scalar', { ...v, scalar: code });
  }

  #key(key: string): number {
    const i = this.#keyIndex.get(key);
    if (i === undefined) throw new Error(`internal error: descriptor refers to unregistered type ${key}`);
    return i;
  }

  #field(field: object): number {
    const rec = this.record('field', field);
    const key = JSON.stringify(rec);
    let i = this.#fieldIndex.get(key);
    if (i === undefined) {
      i = this.fieldJson.length;
      this.fieldJson.push(key);
      this.#fieldIndex.set(key, i);
    }
    return i;
  }

  #namespace(uri: string): number {
    let i = this.#nsIndex.get(uri);
    if (i === undefined) {
      i = this.ns.length;
      this.ns.push(uri);
      this.#nsIndex.set(uri, i);
    }
    return i;
  }

  #enumeration(values: readonly string[]): number {
    const key = JSON.stringify(values);
    let i = this.#enumIndex.get(key);
    if (i === undefined) {
      i = this.enums.length;
      this.enums.push(values);
      this.#enumIndex.set(key, i);
    }
    return i;
  }
}
