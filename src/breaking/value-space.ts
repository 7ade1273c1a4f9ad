/**
 * The value space of a simple type, resolved through its restriction chain to a
 * built-in type plus the merged facets (XML Schema Part 2 §4.1.6, §4.3), and how two
 * value spaces compare: narrowed (the new one accepts fewer values) or widened.
 */
import { qkey } from '../model/qname-key.js';
import { type Facets, type SimpleTypeBody, type TypeRef, XSD_NS } from '../model/types.js';
import type { SideIndex } from './context.js';

/** The built-in derivation tree (Part 2 §3.3): child -> parent. Primitives derive from anySimpleType. */
const BUILTIN_PARENT: Readonly<Record<string, string>> = {
  normalizedString: 'string',
  token: 'normalizedString',
  language: 'token',
  NMTOKEN: 'token',
  Name: 'token',
  NCName: 'Name',
  ID: 'NCName',
  IDREF: 'NCName',
  ENTITY: 'NCName',
  integer: 'decimal',
  nonPositiveInteger: 'integer',
  negativeInteger: 'nonPositiveInteger',
  long: 'integer',
  int: 'long',
  short: 'int',
  byte: 'short',
  nonNegativeInteger: 'integer',
  unsignedLong: 'nonNegativeInteger',
  unsignedInt: 'unsignedLong',
  unsignedShort: 'unsignedInt',
  unsignedByte: 'unsignedShort',
  positiveInteger: 'nonNegativeInteger',
};

/** Whether built-in `a` is `b` or derives from it. */
function derivesFrom(a: string, b: string): boolean {
  if (b === 'anySimpleType' || b === 'anyType') return true;
  for (let t: string | undefined = a; t !== undefined; t = BUILTIN_PARENT[t]) if (t === b) return true;
  return false;
}

/** A bound of an ordered value space: the value and whether it is excluded. */
interface Bound {
  readonly value: string;
  readonly exclusive: boolean;
}

/** An atomic value space: a built-in and the facets restricting it. */
export interface AtomicSpace {
  readonly kind: 'atomic';
  readonly builtin: string;
  readonly enumeration?: readonly string[];
  readonly patterns: readonly string[];
  readonly minLength: number;
  readonly maxLength: number;
  readonly lower?: Bound;
  readonly upper?: Bound;
  readonly totalDigits?: number;
  readonly fractionDigits?: number;
}

/** A value space: atomic, a list of atomic values, or a union. */
export type ValueSpace =
  | AtomicSpace
  | { readonly kind: 'list'; readonly item: ValueSpace }
  | { readonly kind: 'union'; readonly members: readonly ValueSpace[]; readonly names: readonly string[] };

const ANY: AtomicSpace = { kind: 'atomic', builtin: 'anySimpleType', patterns: [], minLength: 0, maxLength: Infinity };

/** Applies one restriction step's facets to its base. */
function restrict(base: AtomicSpace, f: Facets): AtomicSpace {
  const minLength = f.length ?? f.minLength;
  const maxLength = f.length ?? f.maxLength;
  const lower: Bound | undefined =
    f.minExclusive !== undefined
      ? { value: f.minExclusive, exclusive: true }
      : f.minInclusive !== undefined
        ? { value: f.minInclusive, exclusive: false }
        : base.lower;
  const upper: Bound | undefined =
    f.maxExclusive !== undefined
      ? { value: f.maxExclusive, exclusive: true }
      : f.maxInclusive !== undefined
        ? { value: f.maxInclusive, exclusive: false }
        : base.upper;
  const totalDigits = f.totalDigits ?? base.totalDigits;
  const fractionDigits = f.fractionDigits ?? base.fractionDigits;
  const enumeration = f.enumeration ?? base.enumeration;
  return {
    kind: 'atomic',
    builtin: base.builtin,
    patterns: [...base.patterns, ...(f.pattern ?? [])],
    minLength: minLength ?? base.minLength,
    maxLength: maxLength ?? base.maxLength,
    ...(enumeration ? { enumeration } : {}),
    ...(lower ? { lower } : {}),
    ...(upper ? { upper } : {}),
    ...(totalDigits !== undefined ? { totalDigits } : {}),
    ...(fractionDigits !== undefined ? { fractionDigits } : {}),
  };
}

/**
 * The value space of a simple type reference, or `undefined` when it names a complex type.
 * @param depth guards against (invalid) circular restrictions
 */
export function valueSpaceOf(side: SideIndex, ref: TypeRef, depth = 0): ValueSpace | undefined {
  if (depth > 50) return ANY;
  if (ref.kind === 'complex') return undefined;
  if (ref.kind === 'simple') return bodySpace(side, ref.type, depth);
  if (ref.ref.ns === XSD_NS) {
    if (ref.ref.name === 'anyType') return undefined;
    return { ...ANY, builtin: ref.ref.name };
  }
  const named = side.simpleTypes.get(qkey(ref.ref));
  if (named) return bodySpace(side, named, depth);
  return side.complexTypes.has(qkey(ref.ref)) ? undefined : { ...ANY, builtin: `{${ref.ref.ns}}${ref.ref.name}` };
}

function bodySpace(side: SideIndex, body: SimpleTypeBody, depth: number): ValueSpace {
  if (body.variety === 'list') return { kind: 'list', item: valueSpaceOf(side, body.itemType, depth + 1) ?? ANY };
  if (body.variety === 'union') {
    return {
      kind: 'union',
      members: body.memberTypes.map((m) => valueSpaceOf(side, m, depth + 1) ?? ANY),
      names: body.memberTypes.map((m) => (m.kind === 'named' ? m.ref.name : '(anonymous)')),
    };
  }
  const base: ValueSpace = body.baseType
    ? bodySpace(side, body.baseType, depth + 1)
    : body.base
      ? (valueSpaceOf(side, { kind: 'named', ref: body.base }, depth + 1) ?? ANY)
      : ANY;
  return base.kind === 'atomic' ? restrict(base, body.facets) : base;
}

/** One difference between two value spaces. */
export interface SpaceDiff {
  /** `narrowed`: the new space accepts fewer values; `widened`: more; `changed`: unrelated. */
  readonly kind: 'narrowed' | 'widened' | 'changed' | 'enum-added' | 'enum-removed' | 'member-removed';
  readonly message: string;
}

/** Compares two numbers or, failing that, two strings (ISO dates compare lexically). */
function cmpValue(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** >0 when bound `b` (new) is tighter than `a` (old); lower bounds when `lower`. */
function boundTightening(a: Bound | undefined, b: Bound | undefined, lower: boolean): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const c = cmpValue(b.value, a.value) * (lower ? 1 : -1);
  if (c !== 0) return c;
  return Number(b.exclusive) - Number(a.exclusive);
}

function showBound(b: Bound | undefined, lower: boolean): string {
  if (!b) return 'none';
  return `${lower ? (b.exclusive ? 'minExclusive' : 'minInclusive') : b.exclusive ? 'maxExclusive' : 'maxInclusive'} ${b.value}`;
}

function tighter(kind: number, what: string, out: SpaceDiff[]): void {
  if (kind > 0) out.push({ kind: 'narrowed', message: what });
  else if (kind < 0) out.push({ kind: 'widened', message: what });
}

function compareAtomic(o: AtomicSpace, n: AtomicSpace, out: SpaceDiff[]): void {
  if (o.builtin !== n.builtin) {
    if (derivesFrom(o.builtin, n.builtin))
      out.push({ kind: 'widened', message: `base type ${o.builtin} became ${n.builtin}` });
    else if (derivesFrom(n.builtin, o.builtin))
      out.push({ kind: 'narrowed', message: `base type ${o.builtin} became ${n.builtin}` });
    else {
      out.push({ kind: 'changed', message: `type ${o.builtin} became ${n.builtin}` });
      return;
    }
  }
  if (o.enumeration || n.enumeration) {
    if (!o.enumeration) out.push({ kind: 'narrowed', message: 'an enumeration now restricts the values' });
    else if (!n.enumeration) out.push({ kind: 'widened', message: 'the enumeration was lifted' });
    else {
      const removed = o.enumeration.filter((v) => !n.enumeration?.includes(v));
      const added = n.enumeration.filter((v) => !o.enumeration?.includes(v));
      for (const v of removed) out.push({ kind: 'enum-removed', message: `enumeration value "${v}" was removed` });
      for (const v of added) out.push({ kind: 'enum-added', message: `enumeration value "${v}" was added` });
    }
  }
  tighter(n.minLength - o.minLength, `minimum length ${o.minLength} became ${n.minLength}`, out);
  tighter(o.maxLength - n.maxLength, `maximum length ${show(o.maxLength)} became ${show(n.maxLength)}`, out);
  tighter(
    boundTightening(o.lower, n.lower, true),
    `lower bound ${showBound(o.lower, true)} became ${showBound(n.lower, true)}`,
    out,
  );
  tighter(
    boundTightening(o.upper, n.upper, false),
    `upper bound ${showBound(o.upper, false)} became ${showBound(n.upper, false)}`,
    out,
  );
  tighter(
    (o.totalDigits ?? Infinity) - (n.totalDigits ?? Infinity),
    `totalDigits ${show(o.totalDigits)} became ${show(n.totalDigits)}`,
    out,
  );
  tighter(
    (o.fractionDigits ?? Infinity) - (n.fractionDigits ?? Infinity),
    `fractionDigits ${show(o.fractionDigits)} became ${show(n.fractionDigits)}`,
    out,
  );
  const addedP = n.patterns.filter((p) => !o.patterns.includes(p));
  const removedP = o.patterns.filter((p) => !n.patterns.includes(p));
  for (const p of addedP) out.push({ kind: 'narrowed', message: `pattern "${p}" was added` });
  for (const p of removedP) out.push({ kind: 'widened', message: `pattern "${p}" was removed` });
}

function show(n: number | undefined): string {
  return n === undefined || n === Infinity ? 'none' : String(n);
}

/** Every difference between an old and a new value space. */
export function compareSpaces(o: ValueSpace, n: ValueSpace): SpaceDiff[] {
  const out: SpaceDiff[] = [];
  if (o.kind === 'atomic' && n.kind === 'atomic') compareAtomic(o, n, out);
  else if (o.kind === 'list' && n.kind === 'list') out.push(...compareSpaces(o.item, n.item));
  else if (o.kind === 'union' && n.kind === 'union') {
    o.names.forEach((name, i) => {
      const j = n.names.indexOf(name);
      const om = o.members[i];
      const nm = j >= 0 ? n.members[j] : undefined;
      if (!nm || !om) out.push({ kind: 'member-removed', message: `union member ${name} was removed` });
      else out.push(...compareSpaces(om, nm));
    });
    for (const name of n.names)
      if (!o.names.includes(name)) out.push({ kind: 'widened', message: `union member ${name} was added` });
  } else if (n.kind === 'union' && n.members.some((m) => compareSpaces(o, m).length === 0)) {
    out.push({ kind: 'widened', message: 'the type became a union that includes it' });
  } else
    out.push({
      kind: 'changed',
      message: `a${o.kind === 'atomic' ? 'n atomic' : ` ${o.kind}`} type became a ${n.kind}`,
    });
  return out;
}
