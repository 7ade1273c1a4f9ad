/**
 * The compact descriptor encoding: what generated schema.ts embeds decodes to
 * exactly the descriptors the emitter built, for every contract of the corpus
 * that builds a model, and the generated constants decode only when first used.
 */
import { describe, expect, it } from 'vitest';
import { encodeSchema } from '../../src/emit/descriptor-encode.js';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { decodeSchema, SchemaData } from '../../src/runtime/wire/descriptor-data.js';
import { SCALAR_KIND_SET, SCALAR_KINDS } from '../../src/runtime/wire/descriptor-shapes.js';
import type { ComplexDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { buildingContracts, loadCorpusModel } from '../corpus-generate/corpus-files.js';

/** The services' data through encode and decode. */
function roundTrip(services: readonly ServiceDesc[]): ReturnType<typeof decodeSchema> {
  const types = Object.entries(services[0]?.types ?? {}) as [string, ComplexDesc][];
  return decodeSchema(encodeSchema(types, services));
}

describe('compact descriptors', () => {
  it('decode to the descriptors the emitter built, for every corpus contract', { timeout: 240_000 }, async () => {
    let checked = 0;
    for (const rel of buildingContracts()) {
      const services = serviceDescriptors(await loadCorpusModel(rel), { types: DEFAULT_TYPE_MAPPING });
      if (services.length === 0) continue;
      const decoded = roundTrip(services);
      expect(decoded.services, rel).toEqual(services);
      expect(Object.keys(decoded.types), rel).toEqual(Object.keys(services[0]?.types ?? {}));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('hold each distinct field record once, lists of fields referring to it by index (issue 15: output size)', () => {
    const id = { prop: 'id', name: 'id', ns: 'urn:x', value: { scalar: 'string' }, min: 0, max: 1 } as const;
    const a: ComplexDesc = { name: 'A', ns: 'urn:x', fields: [id, { ...id, prop: 'a', name: 'a' }] };
    const b: ComplexDesc = { name: 'B', ns: 'urn:x', fields: [id] };
    const text = encodeSchema(
      [
        ['A', a],
        ['B', b],
      ],
      [],
    );
    // A header line, a line per type, then a line per distinct field record.
    const lines = text.split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toHaveLength(1 + 2 + 2);
    expect(lines[1]).toBe('["A",0,null,[0,1]]');
    expect(lines[2]).toBe('["B",0,null,[0]]');
    expect(text.match(/"id"/g)).toHaveLength(1);
    const decoded = decodeSchema(text);
    expect(decoded.types['A']).toEqual(a);
    expect(decoded.types['B']).toEqual(b);
    // Each list gets its own objects, as before the table.
    expect(decoded.types['B']?.fields[0]).not.toBe(decoded.types['A']?.fields[0]);
  });

  it("refuse another format's data with a clear error (format 2: one JSON array, no lines)", () => {
    const format2 = '[2,["urn:x"],[],["T"],[["T",0,null,[]]],[],[]]';
    expect(() => decodeSchema(format2)).toThrow(
      "schema data: unknown format (regenerate the contract with this runtime's wsdlc)",
    );
    expect(() => new SchemaData(format2).service(0).name).toThrow(/unknown format/);
  });

  it('refuse data cut short or changed by hand with the regenerate hint, when the record is built', () => {
    const hint = "(regenerate the contract with this runtime's wsdlc)";
    expect(() => decodeSchema('')).toThrow(`schema data: unknown format ${hint}`);
    // A header naming one type whose line is missing; a line that is not a record; a field index past the end.
    const header = '[3,[""],[],["A"],[0,0],[]]';
    expect(() => decodeSchema(header).types['A']).toThrow(`schema data: line 2 is missing or not a record ${hint}`);
    expect(() => decodeSchema(`${header}\n5`).types['A']).toThrow(/line 2 is missing or not a record/);
    expect(() => decodeSchema(`${header}\n["A",0,null,[7]]`).types['A']).toThrow(/line 10 is missing or not a record/);
    expect(decodeSchema(`${header}\n["A",0,null,[]]`).types['A']).toEqual({ name: 'A', ns: '', fields: [] });
  });

  it('split lines only between records: names, namespaces and enumerations with line breaks round-trip exactly', () => {
    const odd = 'a\nb\u2028c\u2029d\\ne\r';
    const field = { prop: 'f', name: odd, ns: odd, value: { scalar: 'string', enum: [odd, 'x\ny'] }, min: 1, max: 1 };
    const keys = Array.from({ length: 300 }, (_, i) => (i === 0 ? odd : `T${i}`));
    const types = keys.map((k) => [k, { name: k, ns: odd, fields: [field] }] as [string, ComplexDesc]);
    const text = encodeSchema(types, []);
    expect(encodeSchema(types, [])).toBe(text);
    const decoded = decodeSchema(text);
    expect(decoded.types[odd]).toEqual(types[0]?.[1]);
    expect(decoded.types['T299']).toEqual(types[299]?.[1]);
  });

  it("keep __proto__ and constructor as type keys of a large contract's record (built without a prototype)", () => {
    const keys = Array.from({ length: 300 }, (_, i) => (i === 0 ? '__proto__' : i === 1 ? 'constructor' : `T${i}`));
    const types = keys.map((k) => [k, { name: k, ns: 'urn:x', fields: [] }] as [string, ComplexDesc]);
    const decoded = decodeSchema(encodeSchema(types, []));
    expect(Object.keys(decoded.types)).toEqual(keys);
    expect(Object.getPrototypeOf(decoded.types)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded.types, '__proto__')?.get?.()).toEqual(types[0]?.[1]);
    expect(decoded.types['constructor']).toEqual(types[1]?.[1]);
  });

  it('give every scalar kind a code, once', () => {
    expect([...SCALAR_KINDS].sort()).toEqual(Object.keys(SCALAR_KIND_SET).sort());
    expect(new Set(SCALAR_KINDS).size).toBe(SCALAR_KINDS.length);
  });

  it('refuse a descriptor property the encoding does not know', () => {
    const type: ComplexDesc = { name: 'T', ns: '', fields: [] };
    const odd = { ...type, surprise: 1 } as ComplexDesc;
    expect(() => encodeSchema([['T', odd]], [])).toThrow(/complex\.surprise has no compact encoding/);
    expect(() => encodeSchema([['T', type]], [])).not.toThrow();
    // A property present but undefined is absent, known or not.
    const unset = { ...type, surprise: undefined, base: undefined } as ComplexDesc;
    expect(encodeSchema([['T', unset]], [])).toBe(encodeSchema([['T', type]], []));
    const field = { prop: 'a', name: 'a', ns: '', value: { scalar: 'string' }, min: 1, max: 1 } as const;
    const oddField = { ...type, fields: [{ ...field, extra: true }] } as unknown as ComplexDesc;
    expect(() => encodeSchema([['T', oddField]], [])).toThrow(/field\.extra has no compact encoding/);
  });

  it('keep __proto__ as a type key, not a prototype', () => {
    const t: ComplexDesc = { name: '__proto__', ns: 'urn:x', fields: [] };
    const decoded = decodeSchema(encodeSchema([['__proto__', t]], []));
    expect(Object.keys(decoded.types)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(decoded.types)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded.types, '__proto__')?.value).toEqual(t);
  });

  it("build a large contract's types one by one, as each is first read", () => {
    const keys = Array.from({ length: 300 }, (_, i) => `T${i}`);
    const types = keys.map(
      (k, i) =>
        [
          k,
          {
            name: k,
            ns: 'urn:x',
            fields: [
              { prop: 'n', name: 'n', ns: 'urn:x', value: { complex: keys[(i + 1) % 300] ?? 'T0' }, min: 0, max: 1 },
            ],
          },
        ] as [string, ComplexDesc],
    );
    const decoded = decodeSchema(encodeSchema(types, []));
    expect(Object.keys(decoded.types)).toEqual(keys);
    // Built without a prototype (faster in V8), then given the plain one.
    expect(Object.getPrototypeOf(decoded.types)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded.types, 'T7')?.get).toBeTypeOf('function');
    const t7 = decoded.types.T7;
    expect(t7).toEqual(types[7]?.[1]);
    // Built once, then a plain data property holding the same object.
    expect(Object.getOwnPropertyDescriptor(decoded.types, 'T7')?.value).toBe(t7);
    expect(Object.getOwnPropertyDescriptor(decoded.types, 'T8')?.get).toBeTypeOf('function');
    // A small contract's record holds data properties from the start.
    const small = decodeSchema(
      encodeSchema(
        keys.slice(0, 3).map((k) => [k, { name: k, ns: 'urn:x', fields: [] }]),
        [],
      ),
    ).types;
    expect(Object.getOwnPropertyDescriptor(small, 'T1')?.value).toBeDefined();
  });

  it('are decoded on first use only, then read as plain data', () => {
    const service: ServiceDesc = {
      name: 'S',
      targetNamespace: 'urn:s',
      ports: [{ name: 'P', kind: 'soap11', address: 'http://h/p', path: '/p' }],
      operations: [{ name: 'Op', method: 'op', input: { complex: 'T' } }],
      types: { T: { name: 'T', ns: 'urn:s', fields: [] } },
    };
    const text = encodeSchema(Object.entries(service.types), [service]);
    const data = new SchemaData(`{${text.slice(1)}`);
    // Broken text: nothing is parsed until a descriptor is read.
    const ops = data.operations(0, ['op']);
    const desc = data.service(0);
    const types = data.typesView();
    expect(() => desc.name).toThrow(/schema data: unknown format/);

    const good = new SchemaData(text);
    const goodOps = good.operations(0, ['op']);
    const goodDesc = good.service(0);
    expect(goodOps.op).toEqual(service.operations[0]);
    expect(goodDesc.operations[0]).toBe(goodOps.op);
    expect(goodDesc).toEqual(service);
    expect(Object.getOwnPropertyDescriptor(goodDesc, 'types')).toMatchObject({ writable: false, enumerable: true });
    expect(Object.keys(good.typesView())).toEqual(['T']);
    expect(good.typesView().T).toBe(goodDesc.types.T);
    expect(ops).toBeDefined();
    expect(types).toBeDefined();
  });
});
