/**
 * Substitution groups (XML Schema Part 1 §3.3.6), shaped like EWS's t:Path: a
 * reference to a group head reads any member element, typed as the head's and
 * the members' types; a value is written as the member its `$type` names; an
 * abstract head must be written as a member.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readComplexContent, writeComplexContent } from '../../src/runtime/wire/codec.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { EncodeError } from '../../src/runtime/wire/scalars.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { compileTree, generate, ROOT, serviceTypes } from './helpers.js';

const WSDL = 'test/emit/fixtures/substitution.wsdl';
const NS = 'urn:subst';

function types(): Promise<ServiceDesc['types']> {
  return serviceTypes(WSDL);
}

function encode(value: unknown, t: ServiceDesc['types']): string {
  const w = new XmlWriter();
  w.start(NS, 'Find');
  writeComplexContent(w, value, 'FindInput', t, 'Find');
  w.end();
  return w.toString();
}

describe('substitution groups whose members share a type', () => {
  it("read members as the shared type, untagged; a simple member as the head's type", async () => {
    const t = await types();
    const xml = `<Find xmlns="${NS}"><FieldURI FieldURI="a"/><Square><size>2</size></Square><Circle><size>3</size></Circle><Count>5</Count></Find>`;
    expect(readComplexContent(parseXml(xml), 'FindInput', t, 'Find')).toEqual({
      Path: { $type: 'PathToUnindexedFieldType', FieldURI: 'a' },
      Path2: [],
      Shape: [{ size: 2 }, { size: 3 }],
      Label: '5',
    });
  });

  it("refuses to guess which member to write for an abstract head, and writes a simple member's value as the head", async () => {
    const t = await types();
    const base = { Path: { $type: 'PathToUnindexedFieldType', FieldURI: 'a' } };
    expect(() => encode({ ...base, Shape: [{ size: 2 }] }, t)).toThrow(
      /Find\/Shape\[0\]: Shape is abstract and its substitutes cannot be told apart by type/,
    );
    expect(() => encode({ ...base, Shape: [{ $type: 'ShapeType', size: 2 }] }, t)).toThrow(EncodeError);
    expect(encode({ ...base, Label: '5' }, t)).toContain('<Label>5</Label>');
  });
});

describe('substitution groups', () => {
  it('types a reference to a head as the head and its members (members only when the head is abstract)', async () => {
    const files = await generate(WSDL, 'substitution.wsdl');
    const text = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(text).toContain('  Path: PathToUnindexedFieldType | PathToIndexedFieldType;');
    expect(text).toContain('  Path2?: (PathToUnindexedFieldType | PathToIndexedFieldType)[];');
    expect(text).toContain('  Vehicle?: VehicleType | CarType;');
    // Members that $type cannot tell apart (same type as another member or the head) are not offered.
    expect(text).toContain('  Shape?: ShapeType[];');
    expect(text).toContain('  Label?: string;');
    const usage = [
      "import type { FindInput } from './types.js';",
      "export const a: FindInput = { Path: { $type: 'PathToUnindexedFieldType', FieldURI: 'item:Subject' }, Vehicle: { $type: 'CarType', wheels: 4, doors: 5 } };",
      "export const b: FindInput = { Path: { $type: 'PathToIndexedFieldType', FieldURI: 'x', FieldIndex: '1' }, Path2: [{ $type: 'PathToUnindexedFieldType', FieldURI: 'y' }] };",
      '',
    ].join('\n');
    expect(
      compileTree(path.join(ROOT, 'test/tmp/compile/substitution'), [...files, { path: 'usage.ts', content: usage }]),
    ).toEqual([]);
  });

  it("writes the member element that the value's $type names, and the head for the head's own type", async () => {
    const t = await types();
    const xml = encode(
      {
        Path: { $type: 'PathToUnindexedFieldType', FieldURI: 'item:Subject' },
        Path2: [
          { $type: 'PathToIndexedFieldType', FieldURI: 'x', FieldIndex: '1' },
          { $type: 'PathToUnindexedFieldType', FieldURI: 'y' },
        ],
        Vehicle: { $type: 'CarType', wheels: 4, doors: 5 },
      },
      t,
    );
    expect(xml).toBe(
      `<Find xmlns="${NS}"><FieldURI FieldURI="item:Subject"/><IndexedFieldURI FieldURI="x" FieldIndex="1"/><FieldURI FieldURI="y"/>` +
        '<Car><wheels>4</wheels><doors>5</doors></Car></Find>',
    );
    expect(encode({ Path: { $type: 'PathToUnindexedFieldType', FieldURI: 'z' }, Vehicle: { wheels: 2 } }, t)).toContain(
      '<Vehicle><wheels>2</wheels></Vehicle>',
    );
  });

  it('refuses a value for an abstract head that names no member', async () => {
    const t = await types();
    expect(() => encode({ Path: { FieldURI: 'item:Subject' } }, t)).toThrow(EncodeError);
    expect(() => encode({ Path: { FieldURI: 'item:Subject' } }, t)).toThrow(
      /Find\/Path: Path is abstract: set \$type to the type of one of its substitutes: FieldURI \(\$type 'PathToUnindexedFieldType'\), IndexedFieldURI/,
    );
  });

  it('reads member elements in place of the head, tagged with their type, and round-trips them', async () => {
    const t = await types();
    const xml = `<Find xmlns="${NS}"><IndexedFieldURI FieldURI="x" FieldIndex="2"/><FieldURI FieldURI="a"/><IndexedFieldURI FieldURI="b" FieldIndex="3"/><Bike><wheels>2</wheels></Bike></Find>`;
    const value = readComplexContent(parseXml(xml), 'FindInput', t, 'Find');
    expect(value).toEqual({
      Path: { $type: 'PathToIndexedFieldType', FieldURI: 'x', FieldIndex: '2' },
      Path2: [
        { $type: 'PathToUnindexedFieldType', FieldURI: 'a' },
        { $type: 'PathToIndexedFieldType', FieldURI: 'b', FieldIndex: '3' },
      ],
      // Bike has the head's own type: read as a VehicleType (written back as the head).
      Vehicle: { wheels: 2 },
      Shape: [],
    });
    expect(encode(value, t)).toBe(
      xml.replace('<Bike><wheels>2</wheels></Bike>', '<Vehicle><wheels>2</wheels></Vehicle>'),
    );
  });
});
