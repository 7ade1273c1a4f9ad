/**
 * Sample values of a service's descriptors: one value for an operation's input or
 * output that the codec can write, built the way ASP.NET's help pages build their
 * sample messages (DefaultWsdlHelpGenerator): every optional field present, two
 * items per array, the first branch of a choice, the first substitute of an
 * abstract element, and recursion cut off after a few levels (then only what is
 * required). What goes into each simple value is the caller's: a placeholder
 * ({@link SampleText}) for the service pages, a valid value for a mock.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { selectableMembers } from './codec.js';
import type { ComplexDesc, FieldDesc, ScalarKind, ServiceDesc, ValueDesc } from './descriptors.js';

/** A simple value description (scalar, enumeration, list). */
export type SimpleSampleDesc = Extract<ValueDesc, { readonly scalar: unknown }>;

/** Makes the value of one simple element or attribute; `path` names it (`Login/Username`). */
export type SampleLeaf = (desc: SimpleSampleDesc, path: string) => unknown;

/** How many times one complex type may appear on a path from the root before only required content is written. */
const MAX_RECURSION = 2;
/** Beyond this depth only required content is written. */
const MAX_FULL_DEPTH = 6;
/** Past this many complex values in one sample, only required content is written (huge contracts). */
const MAX_NODES = 200;
/** Deeper than this, required content recurses without end: the sample gives up. */
const MAX_DEPTH = 40;

/** The XML Schema type name a simple value stands for, as ASP.NET's samples show it (`string`, `int`, `dateTime`). */
export function sampleTypeName(desc: SimpleSampleDesc): string {
  if (desc.range !== undefined) return desc.range;
  const names: Readonly<Record<ScalarKind, string>> = {
    string: 'string',
    boolean: 'boolean',
    int: 'integer',
    double: 'double',
    bigint: 'integer',
    integerString: 'integer',
    decimalString: 'decimal',
    dateTime: 'dateTime',
    base64: 'base64Binary',
    hex: 'hexBinary',
    qname: 'QName',
    xml: 'anyType',
    dataSet: 'DataSet',
  };
  return names[desc.scalar];
}

/** The placeholder ASP.NET shows for a simple value: its type name, or its enumeration values joined by ` or `. */
export function samplePlaceholder(desc: SimpleSampleDesc): string {
  if (desc.enum !== undefined && desc.enum.length > 0) return desc.enum.join(' or ');
  return sampleTypeName(desc);
}

function isArray(f: { readonly max: number }): boolean {
  return f.max === -1 || f.max > 1;
}

/** Builds sample values over one service's complex types. */
export class SampleValues {
  readonly #types: ServiceDesc['types'];
  readonly #leaf: SampleLeaf;
  readonly #random: (() => number) | undefined;
  #nodes = 0;

  /**
   * @param leaf makes each simple value
   * @param random with it, an array gets between `minOccurs` and `min(maxOccurs, minOccurs + 2)`
   *   items, a choice a random branch and an abstract element a random substitute (a mock's
   *   answers); without it, two items, the first branch and the first substitute (the pages' samples)
   */
  constructor(types: ServiceDesc['types'], leaf: SampleLeaf, random?: () => number) {
    this.#types = types;
    this.#leaf = leaf;
    this.#random = random;
  }

  /** A whole number in [0, n) from the random source, or 0 without one. */
  #pick(n: number): number {
    return this.#random === undefined || n <= 1 ? 0 : Math.min(n - 1, Math.floor(this.#random() * n));
  }

  /**
   * A sample of `desc`, its simple values made by the leaf function.
   * @throws Error when required content recurses without end (no finite sample exists)
   */
  value(desc: ValueDesc, path = ''): unknown {
    this.#nodes = 0;
    return this.#value(desc, path, [], 0);
  }

  /** Samples of the declared SOAP header parts, by property. */
  headers(fields: readonly FieldDesc[], path = 'Header'): Record<string, unknown> {
    this.#nodes = 0;
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = this.#field(f, `${path}/${f.name}`, [], 0, true);
      if (v !== undefined) out[f.prop] = v;
    }
    return out;
  }

  #value(desc: ValueDesc, path: string, seen: readonly string[], depth: number): unknown {
    if ('scalar' in desc) return this.#leaf(desc, path);
    return this.#complex(desc.complex, path, seen, depth);
  }

  #chain(key: string): ComplexDesc[] {
    const chain: ComplexDesc[] = [];
    for (let k: string | undefined = key; k !== undefined; k = this.#types[k]?.base) {
      const d = this.#types[k];
      if (d === undefined || chain.includes(d)) break;
      chain.unshift(d);
    }
    return chain;
  }

  #complex(key: string, path: string, seen: readonly string[], depth: number): unknown {
    if (depth > MAX_DEPTH) throw new Error(`${path}: required content recurses without end`);
    const chain = this.#chain(key);
    const own = chain[chain.length - 1];
    if (own === undefined) return {};
    const here = [...seen, key];
    const full =
      here.filter((k) => k === key).length <= MAX_RECURSION && depth <= MAX_FULL_DEPTH && this.#nodes++ < MAX_NODES;
    if (own.soapArray !== undefined) {
      const item = own.soapArray;
      return full
        ? [this.#value(item, `${path}/item`, here, depth + 1), this.#value(item, `${path}/item`, here, depth + 1)]
        : [];
    }
    if (own.array === true && own.fields[0] !== undefined)
      return this.#field(own.fields[0], path, here, depth, full) ?? [];
    const out: Record<string, unknown> = {};
    for (const d of chain) {
      for (const a of d.attrs ?? []) {
        if (!full && a.required !== true) continue;
        out[a.prop] = this.#leaf('scalar' in a.value ? a.value : { scalar: 'string' }, `${path}/@${a.name}`);
      }
      if (d.text !== undefined) {
        const t = d.text.value;
        out[d.text.prop] = this.#leaf('scalar' in t ? t : { scalar: 'string' }, path);
      }
      // One branch of each choice group (fields of one branch go together): the first, or a random one.
      const branchOf = (f: FieldDesc, i: number): string =>
        f.branch === undefined ? `field ${i}` : `branch ${f.branch}`;
      const picked = new Map<number, string>();
      for (const f of d.fields) {
        if (f.choice === undefined || picked.has(f.choice)) continue;
        const branches = [...new Set(d.fields.flatMap((g, j) => (g.choice === f.choice ? [branchOf(g, j)] : [])))];
        // Past the depth limit, the branch that ends soonest (simple values, then types not on the path).
        const weight = (b: string): number =>
          Math.max(
            ...d.fields.flatMap((g, j) =>
              g.choice === f.choice && branchOf(g, j) === b
                ? [!('complex' in g.value) ? 0 : here.includes(g.value.complex) ? 2 : 1]
                : [],
            ),
          );
        const simplest = branches.reduce((best, b) => (weight(b) < weight(best) ? b : best), branches[0]!);
        picked.set(f.choice, full ? branches[this.#pick(branches.length)]! : simplest);
      }
      for (const [i, f] of d.fields.entries()) {
        if (f.choice !== undefined && picked.get(f.choice) !== branchOf(f, i)) continue;
        const v = this.#field(
          f,
          `${path}/${f.name === '' ? f.prop : f.name}`,
          here,
          depth,
          full || f.choice !== undefined,
        );
        if (v !== undefined) out[f.prop] = v;
      }
    }
    return out;
  }

  #field(f: FieldDesc, path: string, seen: readonly string[], depth: number, full: boolean): unknown {
    const required = f.min > 0 && f.choice === undefined;
    if (f.ordered !== undefined) {
      if (!full && !required) return undefined;
      if (!('complex' in f.value)) return [this.#leaf(f.value, path)];
      const item = this.#complex(f.value.complex, path, seen, depth + 1);
      return [item];
    }
    if (isArray(f)) {
      if (!full && !required) return undefined;
      const n = this.#random === undefined ? (full ? Math.max(2, f.min) : f.min) : f.min + (full ? this.#pick(3) : 0);
      const limited = f.max > 0 ? Math.min(n, f.max) : n;
      const items: unknown[] = [];
      for (let i = 0; i < limited; i++) items.push(this.#item(f, path, seen, depth));
      return items;
    }
    if (!full && !required) return undefined;
    return this.#item(f, path, seen, depth);
  }

  /** One occurrence of a field: the element's own type, or its first substitute when the head is abstract. */
  #item(f: FieldDesc, path: string, seen: readonly string[], depth: number): unknown {
    if (f.abstract === true) {
      const members = selectableMembers(f);
      const member = members[this.#pick(members.length)];
      if (member !== undefined) {
        const v = this.#value(member.value, path, seen, depth + 1);
        if ('complex' in member.value && typeof v === 'object' && v !== null && !Array.isArray(v))
          (v as Record<string, unknown>)['$type'] = member.value.complex;
        return v;
      }
    }
    return this.#value(f.value, path, seen, depth + 1);
  }
}
