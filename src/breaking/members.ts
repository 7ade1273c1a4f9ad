/**
 * The members of a complex type as a flat list: its elements (content model flattened,
 * extension bases first, XML Schema Part 1 §3.4.2) and its attributes, each with the
 * occurrence bounds it has in an instance.
 */
import { qkey } from '../model/qname-key.js';
import type { ComplexTypeBody, Particle, QName, SourceLocation, TypeRef } from '../model/types.js';
import type { SideIndex } from './context.js';

/** An element or attribute of a type, or a field of an operation's message. */
export interface Member {
  readonly kind: 'element' | 'attribute';
  readonly name: QName;
  readonly min: number;
  /** `Infinity` for unbounded. */
  readonly max: number;
  readonly nillable: boolean;
  readonly type: TypeRef;
  /** Whether its position matters (inside a sequence, not an `all` or a choice). */
  readonly ordered: boolean;
  readonly location?: SourceLocation;
}

const maxOf = (m: number | 'unbounded'): number => (m === 'unbounded' ? Infinity : m);

function flatten(p: Particle, min: number, max: number, ordered: boolean, out: Member[]): void {
  if (p.kind === 'any') return;
  const pMin = p.minOccurs * min;
  const pMax = maxOf(p.maxOccurs) * max;
  if (p.kind === 'element') {
    out.push({
      kind: 'element',
      name: p.name,
      min: pMin,
      max: pMax,
      nillable: p.nillable,
      type: p.type,
      ordered,
      location: p.location,
    });
    return;
  }
  for (const c of p.particles) {
    // A choice makes each alternative optional; an all group has no order.
    flatten(c, p.kind === 'choice' ? 0 : pMin, pMax, ordered && p.kind === 'sequence', out);
  }
}

/** The elements and attributes of a complex type body (extension bases included). */
export function membersOf(side: SideIndex, body: ComplexTypeBody, depth = 0): Member[] {
  const out: Member[] = [];
  if (body.base && body.derivation === 'extension' && depth < 50) {
    const base = side.complexTypes.get(qkey(body.base));
    if (base) out.push(...membersOf(side, base, depth + 1));
  }
  if (body.particle) flatten(body.particle, 1, 1, true, out);
  for (const a of body.attributes) {
    if (a.use === 'prohibited') continue;
    out.push({
      kind: 'attribute',
      name: a.name,
      min: a.use === 'required' ? 1 : 0,
      max: 1,
      nillable: false,
      type: a.type,
      ordered: false,
    });
  }
  return out;
}

/** The complex type body a type reference denotes on one side, if it is complex. */
export function complexBodyOf(side: SideIndex, ref: TypeRef): ComplexTypeBody | undefined {
  if (ref.kind === 'complex') return ref.type;
  if (ref.kind === 'named') return side.complexTypes.get(qkey(ref.ref));
  return undefined;
}
