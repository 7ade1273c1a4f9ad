/**
 * Issue 31, item 3: a record costs the fields it holds, not every field its type declares
 * (Salesforce enterprise's Account declares 79, an answer holds a few). Counted, not timed:
 * the field descriptors are proxies that count the reads of their properties, and a record
 * of 10 fields must read them as often whether its type declares 10 or 500, on both of the
 * client's paths (the tree and codec.ts readFieldsByName; the streaming decoder,
 * codec-stream.ts, which reads them once per type into its plan, stream-plan.ts, and none
 * per record). bench/record-fields.ts gives the times.
 */
import { describe, expect, it } from 'vitest';
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import type { ComplexDesc, FieldDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';

const NS = 'urn:wide';
const HOLDER: ValueDesc = { complex: 'Holder' };
const PRESENT = [0, 3, 7, 9];

/** Reads of field descriptors' properties, by every registry of {@link wide}. */
let reads = 0;

/** `Wide` declaring `width` optional string fields (`extra` adds more fields to it), and a holder of `Wide` records. */
function wide(width: number, extra: (i: number) => Partial<FieldDesc> = () => ({})): TypeRegistry {
  const fields: FieldDesc[] = [];
  for (let i = 0; i < width; i++) {
    const f: FieldDesc = {
      prop: `f${i}`,
      name: `f${i}`,
      ns: NS,
      value: { scalar: 'string' },
      min: 0,
      max: 1,
      ...extra(i),
    };
    fields.push(
      new Proxy(f, {
        get(target, key, receiver) {
          reads++;
          return Reflect.get(target, key, receiver);
        },
      }),
    );
  }
  const types: Record<string, ComplexDesc> = {
    Wide: { name: 'Wide', ns: NS, fields },
    Holder: {
      name: 'Holder',
      ns: NS,
      fields: [{ prop: 'rec', name: 'rec', ns: NS, value: { complex: 'Wide' }, min: 0, max: -1 }],
    },
  };
  return types;
}

function doc(records: number, present: readonly number[] = PRESENT): string {
  let s = `<w:Holder xmlns:w="${NS}">`;
  for (let r = 0; r < records; r++)
    s += `<w:rec>${present.map((i) => `<w:f${i}>v${r}.${i}</w:f${i}>`).join('')}</w:rec>`;
  return `${s}</w:Holder>`;
}

type Path = 'tree' | 'streaming';
function read(path: Path, text: string, types: TypeRegistry): unknown {
  if (path === 'tree') return readValue(parseXml(text), HOLDER, types);
  return decodeStreaming(text, {}, (root) => valueFrame(root, HOLDER, types));
}

/** Field-descriptor reads per record of `path` on a type declaring `width` fields (the type already flattened). */
function readsPerRecord(path: Path, width: number): number {
  const types = wide(width);
  read(path, doc(1), types); // flattens the types: once per registry, not per record
  reads = 0;
  const v = read(path, doc(100), types);
  expect(v).not.toBeInstanceOf(StreamFallback);
  expect((v as { rec: unknown[] }).rec).toHaveLength(100);
  return reads / 100;
}

describe('a record costs the fields it holds, not those its type declares', () => {
  for (const path of ['tree', 'streaming'] as const) {
    it(`${path}: 4 fields read as often on a type of 500 fields as on one of 10`, () => {
      const narrow = readsPerRecord(path, 10);
      // The streaming decoder reads a type's field descriptors once, into its plan (stream-plan.ts), not per record.
      if (path === 'tree') expect(narrow).toBeGreaterThan(0);
      else expect(narrow).toBe(0);
      expect(readsPerRecord(path, 79)).toBe(narrow);
      expect(readsPerRecord(path, 500)).toBe(narrow);
    });

    it(`${path}: the values are those of the narrow type`, () => {
      const want = read('tree', doc(3), wide(10));
      expect(read(path, doc(3), wide(500))).toEqual(want);
      // Children out of their fields' order: the record's properties still in the fields' order.
      const shuffled = read(path, doc(1, [9, 0, 7, 3]), wide(500)) as { rec: Record<string, unknown>[] };
      expect(Object.keys(shuffled.rec[0]!)).toEqual(['f0', 'f3', 'f7', 'f9']);
    });

    it(`${path}: an absent field that matters is still read (a required one fails, an array one is [])`, () => {
      const arrays = wide(500, (i) => (i === 250 ? { max: -1 } : {}));
      const v = read(path, doc(1), arrays) as { rec: Record<string, unknown>[] };
      expect(v.rec[0]).toEqual({ f0: 'v0.0', f3: 'v0.3', f7: 'v0.7', f9: 'v0.9', f250: [] });
      expect(Object.keys(v.rec[0]!)).toEqual(['f0', 'f3', 'f7', 'f9', 'f250']);
      const required = wide(500, (i) => (i === 400 ? { min: 1 } : {}));
      if (path === 'tree') expect(() => read(path, doc(1), required)).toThrow(/f400: missing required element/);
      else expect(read(path, doc(1), required)).toBeInstanceOf(StreamFallback);
    });
  }
});
