/**
 * Issue 31: the codec matches a record's children to its fields in one pass by local name
 * (readFieldsByName in wire/codec.ts) when the fields are plain elements with distinct
 * names, instead of scanning the children once per field. On random types and random
 * documents (children in any order, other namespaces, unknown elements, repeats, xsi:nil,
 * xsd:any, choices) both ways must read the same values or fail with the same error. The
 * scan per field is what a type with a substitution group gets: an empty `subst` on one
 * field selects it without changing what the field matches.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import type { ComplexDesc } from '../../src/runtime/wire/descriptors.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { prng } from '../support/prng.js';
import { randomContent, randomTypes, XSI } from '../support/random-records.js';

/** The same types, each read by the scan per field (an empty substitution group on its first field). */
function scanned(types: Record<string, ComplexDesc>): Record<string, ComplexDesc> {
  const out: Record<string, ComplexDesc> = {};
  for (const [k, d] of Object.entries(types)) {
    const [first, ...rest] = d.fields;
    out[k] = first === undefined ? d : { ...d, fields: [{ ...first, subst: [] }, ...rest] };
  }
  return out;
}

function outcome(text: string, types: TypeRegistry): { value?: unknown; error?: string } {
  try {
    return { value: readValue(parseXml(text), { complex: 'T0' }, types) };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

describe('fields matched by name read as the scan per field does', () => {
  it('on random types and documents (values and errors alike)', () => {
    const r = prng(31);
    let compared = 0;
    let values = 0;
    for (let round = 0; round < 300; round++) {
      const fast = randomTypes(r, 1 + Math.floor(r() * 4));
      const slow = scanned(fast);
      for (let doc = 0; doc < 10; doc++) {
        const text = `<x:r xmlns:x="urn:x" xmlns:y="urn:y" xmlns:xsi="${XSI}">${randomContent(r, fast, 'T0', 0)}</x:r>`;
        const a = outcome(text, fast);
        const b = outcome(text, slow);
        if (!isDeepStrictEqual(a, b))
          expect({ text, types: fast, byName: a }).toEqual({ text, types: fast, byName: b });
        compared++;
        if (a.value !== undefined) values++;
      }
    }
    expect(compared).toBe(3000);
    // Both outcomes occur often: the comparison is not only of errors.
    expect(values).toBeGreaterThan(400);
    expect(compared - values).toBeGreaterThan(300);
  });

  it('reads children in any order, in one pass, with the liberal match by local name', () => {
    const types: Record<string, ComplexDesc> = {
      R: {
        name: 'R',
        ns: 'urn:x',
        any: '$any',
        fields: [
          { prop: 'a', name: 'a', ns: 'urn:x', value: { scalar: 'int' }, min: 1, max: 1 },
          { prop: 'b', name: 'b', ns: 'urn:x', value: { scalar: 'string' }, min: 0, max: -1 },
          { prop: 'c', name: 'c', ns: 'urn:x', value: { scalar: 'string' }, min: 0, max: 1 },
        ],
      },
    };
    const el = parseXml(
      '<x:R xmlns:x="urn:x" xmlns:y="urn:y"><x:b>2</x:b><y:c>liberal</y:c><x:a>1</x:a><x:b>3</x:b><x:a>9</x:a><q/></x:R>',
    );
    const v = readValue(el, { complex: 'R' }, types) as Record<string, unknown>;
    expect(v['a']).toBe(1);
    expect(v['b']).toEqual(['2', '3']);
    expect(v['c']).toBe('liberal');
    // The second <a> (a single field takes one) and the stranger go to xsd:any.
    expect((v['$any'] as { name: string }[]).map((e) => e.name)).toEqual(['a', 'q']);
  });
});
