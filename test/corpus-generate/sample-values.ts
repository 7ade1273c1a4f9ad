/**
 * A deterministic sample-value builder driven by the runtime descriptors
 * (src/runtime/wire/descriptors.ts), for round-trip tests: every field is filled
 * (required and optional), arrays get 2 items, a choice takes its first branch
 * (the items of an ordered choice take its branches in turn; mixed content gets text around its items),
 * an enumeration its first value, dates are fixed, and a recursive type is
 * expanded at most {@link MAX_RECURSION} times on one path (deeper, optional
 * fields are left out and arrays are empty; the same past {@link MAX_FULL_DEPTH}
 * levels or {@link MAX_NODES} complex values, to keep samples of huge contracts small).
 *
 * Also {@link canonical}: a plain JSON-able form of a value (Dates, bytes,
 * bigints and parsed XML made comparable) so that "the same value" means
 * `expect(canonical(a)).toEqual(canonical(b))`.
 */
import { selectableMembers } from '../../src/runtime/wire/codec.js';
import type { ComplexDesc, FieldDesc, ScalarKind, ServiceDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { decodeScalar } from '../../src/runtime/wire/scalars.js';
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';

/** How many times one complex type may appear on a path from the root. */
export const MAX_RECURSION = 3;
/** Beyond this nesting depth only required content is filled (keeps huge contracts' samples small). */
export const MAX_FULL_DEPTH = 8;
/** After this many complex values in one sample, only required content is filled (EWS types fan out wide). */
export const MAX_NODES = 500;

const LEXICAL: Readonly<Record<Exclude<ScalarKind, 'qname' | 'xml' | 'dataSet'>, string>> = {
  string: 'text',
  boolean: 'true',
  int: '2',
  double: '1.5',
  bigint: '2',
  integerString: '2',
  decimalString: '1.5',
  dateTime: '2024-01-02T03:04:05.000Z',
  base64: 'AQID',
  hex: '0A0B0C',
};

/** A parsed-XML value as the runtime's parser would build it. */
export function sampleXml(name: string, children: (XmlElement | string)[]): XmlElement {
  return {
    ns: 'urn:wsdlc:sample',
    name,
    prefix: '',
    attrs: [],
    nsDecls: {},
    children,
    parent: undefined,
    line: 0,
    column: 0,
  };
}

function scalarSample(kind: ScalarKind, enumValues: readonly string[] | undefined): unknown {
  if (kind === 'xml') return sampleXml('content', ['text']);
  if (kind === 'qname') return { ns: 'urn:wsdlc:sample', name: 'q' };
  if (kind === 'dataSet')
    return {
      schema: {
        name: 'NewDataSet',
        namespace: '',
        tables: [
          {
            name: 'Table',
            columns: [
              { name: 'Id', type: 'int' },
              { name: 'Name', type: 'string' },
            ],
          },
        ],
      },
      tables: { Table: [{ Id: 1, Name: 'text' }] },
    };
  const lexical = enumValues && enumValues.length > 0 ? enumValues[0]! : LEXICAL[kind];
  return decodeScalar(kind, lexical);
}

function isArray(f: { readonly max: number }): boolean {
  return f.max === -1 || f.max > 1;
}

/** Builds sample values for the complex types of one service. */
export class SampleBuilder {
  readonly #types: ServiceDesc['types'];
  #nodes = 0;

  constructor(types: ServiceDesc['types']) {
    this.#types = types;
  }

  /** A sample for a value description. */
  value(desc: ValueDesc): unknown {
    this.#nodes = 0;
    return this.#value(desc, [], 0);
  }

  #value(desc: ValueDesc, path: string[], depth: number): unknown {
    if ('scalar' in desc) {
      const one = scalarSample(desc.scalar, desc.enum);
      return desc.list ? [one, one] : one;
    }
    return this.#complex(desc.complex, path, depth);
  }

  #chain(key: string): ComplexDesc[] {
    const chain: ComplexDesc[] = [];
    for (let k: string | undefined = key; k !== undefined; k = this.#types[k]?.base) {
      const d = this.#types[k];
      if (!d) throw new Error(`unknown complex type ${k}`);
      chain.unshift(d);
      if (chain.length > 50) throw new Error(`circular base chain at ${key}`);
    }
    return chain;
  }

  #complex(key: string, path: string[], depth: number, pick = 0): unknown {
    if (depth > 40) throw new Error(`required content recurses without end at ${path.join('/')}`);
    const chain = this.#chain(key);
    const own = chain[chain.length - 1]!;
    const here = [...path, key];
    const seen = here.filter((k) => k === key).length;
    const full = seen <= MAX_RECURSION && depth <= MAX_FULL_DEPTH && this.#nodes++ < MAX_NODES;
    if (own.soapArray) {
      return full ? [this.#value(own.soapArray, here, depth + 1), this.#value(own.soapArray, here, depth + 1)] : [];
    }
    // A type whose content is one ordered group: its value is the group's items.
    if (own.array === true && own.fields[0] !== undefined) return this.#field(own.fields[0], here, depth, full);
    const out: Record<string, unknown> = {};
    for (const d of chain) {
      for (const a of d.attrs ?? []) {
        if (!full && !a.required) continue;
        out[a.prop] = this.#value(a.value, here, depth + 1);
      }
      if (d.text) out[d.text.prop] = this.#value(d.text.value, here, depth + 1);
      const taken = new Map<number, number>();
      for (const f of d.fields) {
        if (f.choice !== undefined) {
          // One branch of each choice group: the first, or for the items of an ordered choice each in turn.
          const branches = [...new Set(d.fields.filter((g) => g.choice === f.choice).map((g) => g.branch ?? -1))];
          const wanted = branches[pick % branches.length];
          const branch = f.branch ?? -1;
          if (branch !== wanted || (branch === -1 && taken.has(f.choice))) continue;
          taken.set(f.choice, branch);
        }
        const v = this.#field(f, here, depth, full);
        if (v !== undefined) out[f.prop] = v;
      }
      if (d.any !== undefined && full) out[d.any] = [sampleXml('extra', [sampleXml('inner', ['1'])])];
    }
    return out;
  }

  #field(f: FieldDesc, path: string[], depth: number, full: boolean): unknown {
    const required = f.min > 0;
    // Text-only mixed content: one string (adjacent strings read back as one).
    if (f.ordered === 'mixed' && !('complex' in f.value)) return full ? ['text'] : [];
    if (f.ordered !== undefined && 'complex' in f.value) {
      // An ordered group or mixed content: items taking the choice's branches in turn; mixed text around them.
      if (!full && !required) return [];
      const n = Math.max(full ? 2 : 0, f.min);
      const items: unknown[] = [];
      for (let i = 0; i < n; i++) items.push(this.#complex(f.value.complex, path, depth + 1, i));
      return f.ordered === 'mixed' ? ['text ', ...items.flatMap((item) => [item, ' more'])] : items;
    }
    if (isArray(f)) {
      if (!full && !required) return [];
      const n = Math.max(full ? 2 : 0, f.min);
      const items: unknown[] = [];
      for (let i = 0; i < n; i++) items.push(this.#item(f, i, path, depth));
      return items;
    }
    if (!full && !required) return undefined;
    return this.#item(f, 0, path, depth);
  }

  /**
   * Item `i` of a field: for the head of a substitution group, the head and its
   * members in turn (members only when the head is abstract), tagged with `$type`
   * where a member's type differs from the head's, as the codec expects.
   */
  #item(f: FieldDesc, i: number, path: string[], depth: number): unknown {
    const members = selectableMembers(f);
    const options = members.length === 0 ? [] : [...(f.abstract === true ? [] : [undefined]), ...members];
    const pick = options.length === 0 ? undefined : options[i % options.length];
    if (pick === undefined) return this.#value(f.value, path, depth + 1);
    const v = this.#value(pick.value, path, depth + 1);
    const tagged = 'complex' in pick.value && (!('complex' in f.value) || pick.value.complex !== f.value.complex);
    if (tagged && typeof v === 'object' && v !== null && !Array.isArray(v))
      (v as Record<string, unknown>)['$type'] = (pick.value as { complex: string }).complex;
    return v;
  }
}

function isXml(v: object): v is XmlElement {
  return 'children' in v && 'nsDecls' in v && 'name' in v && 'ns' in v;
}

function canonicalXmlChildren(el: XmlElement): unknown[] {
  return el.children.map((c) =>
    typeof c === 'string' ? c : { ns: c.ns, name: c.name, content: canonicalXmlChildren(c) },
  );
}

/**
 * A JSON-able form of a decoded or sample value: `undefined` properties dropped,
 * Dates as ISO strings, bytes as hex, bigints as text, parsed XML as its content
 * (element names, namespaces and text; not prefixes or positions).
 */
export function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  if (typeof value !== 'object') return value;
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof Uint8Array)
    return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (isXml(value)) return { $xml: canonicalXmlChildren(value) };
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = canonical(v);
  }
  return out;
}
