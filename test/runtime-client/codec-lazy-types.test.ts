/**
 * Issue 31: a large contract's type descriptors are built one by one as first read
 * (descriptor-data.ts); an `xsi:type` lookup must keep them so, finding the type by its
 * name from the compact data, not by building every type to read its name (the first
 * call of a Salesforce partner client built all 332 of its types that way).
 */
import { describe, expect, it } from 'vitest';
import { encodeSchema } from '../../src/emit/descriptor-encode.js';
import { readValue } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import { decodeSchema, SchemaData } from '../../src/runtime/wire/descriptor-data.js';
import type { ComplexDesc } from '../../src/runtime/wire/descriptors.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';

const NS = 'urn:lazy';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** 400 filler types (more than the 256 above which types are built lazily), a base, a derived type, a holder. */
function contract(): [string, ComplexDesc][] {
  const types: [string, ComplexDesc][] = [];
  for (let i = 0; i < 400; i++)
    types.push([
      `Filler${i}`,
      {
        name: `Filler${i}`,
        ns: NS,
        fields: [{ prop: 'v', name: 'v', ns: NS, value: { scalar: 'int' }, min: 0, max: 1 }],
      },
    ]);
  types.push(
    [
      'Base',
      {
        name: 'Base',
        ns: NS,
        fields: [{ prop: 'id', name: 'id', ns: NS, value: { scalar: 'string' }, min: 1, max: 1 }],
      },
    ],
    [
      'Derived',
      {
        name: 'Derived',
        ns: NS,
        base: 'Base',
        fields: [{ prop: 'extra', name: 'extra', ns: NS, value: { scalar: 'int' }, min: 0, max: 1 }],
      },
    ],
    [
      'Holder',
      {
        name: 'Holder',
        ns: NS,
        fields: [{ prop: 'item', name: 'item', ns: NS, value: { complex: 'Base' }, min: 0, max: -1 }],
      },
    ],
  );
  return types;
}

/** The keys of `types` whose descriptor has been built (a data property, no longer the lazy getter). */
function built(types: object): string[] {
  return Object.keys(types).filter((k) => Object.getOwnPropertyDescriptor(types, k)?.get === undefined);
}

const DOC = `<h:Holder xmlns:h="${NS}" xmlns:xsi="${XSI}"><h:item xsi:type="h:Derived"><h:id>a</h:id><h:extra>7</h:extra></h:item><h:item><h:id>b</h:id></h:item></h:Holder>`;

describe('an xsi:type lookup builds only the descriptors it needs', () => {
  it('reads the derived type, building the holder, base and derived types only', () => {
    const { types } = decodeSchema(encodeSchema(contract(), []));
    expect(built(types)).toEqual([]);
    const v = readValue(parseXml(DOC), { complex: 'Holder' }, types);
    expect(v).toEqual({ item: [{ id: 'a', extra: 7, $type: 'Derived' }, { id: 'b' }] });
    expect(built(types).sort()).toEqual(['Base', 'Derived', 'Holder']);
  });

  it('on the streaming path too (codec-stream.ts)', () => {
    const { types } = decodeSchema(encodeSchema(contract(), []));
    const v = decodeStreaming(DOC, {}, (root) => valueFrame(root, { complex: 'Holder' }, types));
    expect(v).toEqual({ item: [{ id: 'a', extra: 7, $type: 'Derived' }, { id: 'b' }] });
    expect(built(types).sort()).toEqual(['Base', 'Derived', 'Holder']);
  });

  it('through the read-only view of SchemaData too', () => {
    const data = new SchemaData(
      encodeSchema(contract(), [{ name: 'S', targetNamespace: NS, ports: [], operations: [] }]),
    );
    const view = data.typesView();
    const v = readValue(parseXml(DOC), { complex: 'Holder' }, view);
    expect(v).toEqual({ item: [{ id: 'a', extra: 7, $type: 'Derived' }, { id: 'b' }] });
    expect(built(data.service(0).types).sort()).toEqual(['Base', 'Derived', 'Holder']);
  });

  it('an unknown or unrelated xsi:type reads as the declared type', () => {
    const { types } = decodeSchema(encodeSchema(contract(), []));
    const doc = `<h:Holder xmlns:h="${NS}" xmlns:xsi="${XSI}"><h:item xsi:type="h:Nope"><h:id>a</h:id></h:item><h:item xsi:type="h:Filler3"><h:id>b</h:id></h:item></h:Holder>`;
    expect(readValue(parseXml(doc), { complex: 'Holder' }, types)).toEqual({ item: [{ id: 'a' }, { id: 'b' }] });
  });
});
