/**
 * Random record types and documents of them, for the differential tests of the codec's
 * field matching (test/runtime-client/codec-fields-differential.test.ts) and of the
 * streaming decoder (test/runtime-client/stream-decode.test.ts): fields in several
 * namespaces, repeats, xsi:nil, choices, xsd:any, strangers, children in any order.
 */
import type { ComplexDesc, FieldDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';

const NAMESPACES = ['urn:x', 'urn:y', ''] as const;
const PREFIX: Record<string, string> = { 'urn:x': 'x:', 'urn:y': 'y:', '': '' };
const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Records of `xsd:any` fields only: `Holder` holds `rec` elements of type `Rec`, every child of which goes to `$any`. */
export const ANY_RECORDS: Record<string, ComplexDesc> = {
  Holder: {
    name: 'Holder',
    ns: 'urn:r',
    fields: [{ prop: 'rec', name: 'rec', ns: 'urn:r', value: { complex: 'Rec' }, min: 0, max: -1 }],
  },
  Rec: { name: 'Rec', ns: 'urn:r', any: '$any', fields: [] },
};

/** A random number source in [0, 1). */
export type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Random types T0..T(n-1); a field of Ti may be of type Tj for j > i only (documents stay finite). */
export function randomTypes(r: Rand, n: number): Record<string, ComplexDesc> {
  const types: Record<string, ComplexDesc> = {};
  for (let t = 0; t < n; t++) {
    const names = [...NAMES].sort(() => r() - 0.5).slice(0, 1 + Math.floor(r() * 5));
    const fields: FieldDesc[] = names.map((name, i) => {
      const value: ValueDesc =
        t < n - 1 && r() < 0.3
          ? { complex: `T${t + 1 + Math.floor(r() * (n - t - 1))}` }
          : pick(r, [{ scalar: 'string' }, { scalar: 'int' }, { scalar: 'boolean' }] as const);
      const f: Record<string, unknown> = {
        prop: `p${i}`,
        name,
        ns: pick(r, NAMESPACES),
        value,
        min: pick(r, [0, 0, 1, 2]),
        max: pick(r, [1, 1, 3, -1]),
      };
      if (r() < 0.3) f['nillable'] = true;
      if (r() < 0.2) f['choice'] = 0;
      return f as unknown as FieldDesc;
    });
    types[`T${t}`] = { name: `T${t}`, ns: 'urn:x', fields, ...(r() < 0.3 ? { any: '$any' } : {}) };
  }
  return types;
}

/** Random content for type `key`: mostly its own fields, some strangers, in random order. */
export function randomContent(r: Rand, types: Record<string, ComplexDesc>, key: string, depth: number): string {
  const d = types[key]!;
  const kids: string[] = [];
  for (const f of d.fields) {
    const count = r() < 0.15 ? 0 : r() < 0.7 ? 1 : 1 + Math.floor(r() * 3);
    for (let c = 0; c < count; c++) {
      const ns = r() < 0.85 ? f.ns : pick(r, NAMESPACES);
      kids.push(element(r, types, PREFIX[ns]! + f.name, f.value, depth));
    }
  }
  for (let c = Math.floor(r() * 3); c > 0; c--)
    kids.push(element(r, types, PREFIX[pick(r, NAMESPACES)]! + pick(r, [...NAMES, 'z']), { scalar: 'string' }, depth));
  if (r() < 0.7) kids.sort(() => r() - 0.5);
  return kids.join('');
}

function element(r: Rand, types: Record<string, ComplexDesc>, qname: string, value: ValueDesc, depth: number): string {
  if (r() < 0.1) return `<${qname} xsi:nil="true"/>`;
  if ('complex' in value) {
    return depth > 3 ? `<${qname}/>` : `<${qname}>${randomContent(r, types, value.complex, depth + 1)}</${qname}>`;
  }
  return `<${qname}>${pick(r, ['1', '42', 'abc', 'true', 'false', '', ' 7 '])}</${qname}>`;
}
