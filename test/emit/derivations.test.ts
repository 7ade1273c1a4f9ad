/**
 * Derivations the type mapping carries through (found by reviewing corpus output):
 * a simpleContent restriction keeps the base's attributes and value type, an
 * extension inherits `$value` instead of redeclaring it, a complexContent
 * restriction keeps the base's attributes (XML Schema Part 1 §3.4.2), and a
 * union of one kind is that kind (Part 2 §2.5.1.3).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readComplexContent, writeComplexContent } from '../../src/runtime/wire/codec.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { EncodeError } from '../../src/runtime/wire/scalars.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { compileTree, generate, ROOT, schemaText, serviceTypes } from './helpers.js';

const WSDL = 'test/emit/fixtures/derivations.wsdl';
const NS = 'urn:sc';

function types(): Promise<ServiceDesc['types']> {
  return serviceTypes(WSDL);
}

const VALUE = {
  p: { currency: 'EUR', $value: 5 },
  e: { currency: 'EUR', $value: 1.5 },
  t: { currency: 'USD', tag: 'x', $value: 2 },
  r: { a: 'a', id: 7 },
  n: 42,
  cl: 'red',
  m: '2024-01-01',
  iu: 'none',
  ne: { path: ['a', 'b'] },
  o: {
    id: 'x',
    $anyAttributes: [
      { ns: 'urn:ext', name: 'flag', value: 'on' },
      { ns: '', name: 'plain', value: '1' },
    ],
  },
};

describe('derivations', () => {
  it('types restrictions with the base attributes and value, extensions inheriting $value, one-kind unions', async () => {
    const files = await generate(WSDL, 'derivations.wsdl');
    const text = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(text).toMatch(/export interface PositiveMoney \{[^}]*currency: string;[^}]*\$value: number;\s*\}/);
    expect(text).toMatch(/export interface TaggedMoney extends Money \{[^}]*tag\?: string;\s*\}/);
    expect(text).not.toContain('$value2');
    expect(text).toMatch(/export interface ItemR \{[^}]*a: string;[^}]*id: number;[^}]*\}/);
    // default and fixed values reach the JSDoc, escaped (a WSDL's text never ends the comment).
    expect(text).toMatch(/\/\*\* @defaultValue "x" \(assumed by the schema when absent or empty\) \*\/\n\s*a: string;/);
    expect(text).toContain('Fixed by the schema: "D".');
    expect(text).toContain('@defaultValue "*\\/ alert(1) /*"');
    expect(text).toContain('export type NumU = number;');
    expect(text).toContain('export type ColorOrLevel = string;');
    expect(text).toContain('  $anyAttributes?: { ns: string; name: string; value: string }[];');
    // A repeated choice of one element is required like a sequence (minOccurs 1 of the choice).
    expect(text).toMatch(/export interface NonEmptyPaths \{\s*path: string\[\];\s*\}/);
    const usage = [
      "import type { OpInput } from './types.js';",
      `export const v: OpInput = ${JSON.stringify(VALUE)};`,
      '',
    ].join('\n');
    expect(
      compileTree(path.join(ROOT, 'test/tmp/compile/derivations'), [...files, { path: 'usage.ts', content: usage }]),
    ).toEqual([]);
  });

  it('writes and reads the inherited attributes and values', async () => {
    const t = await types();
    const w = new XmlWriter();
    w.start(NS, 'Req');
    writeComplexContent(w, VALUE, 'OpInput', t, 'Req');
    w.end();
    const xml = w.toString();
    expect(xml).toContain('<p currency="EUR">5</p>');
    expect(xml).toContain('<t currency="USD" tag="x">2</t>');
    expect(xml).toContain('<r id="7"><a>a</a></r>');
    expect(xml).toContain('<n>42</n>');
    expect(xml).toContain('<o id="x" xmlns:ns1="urn:ext" ns1:flag="on" plain="1"/>');
    expect(readComplexContent(parseXml(xml), 'OpInput', t, 'Req')).toEqual(VALUE);
    expect(() => readComplexContent(parseXml(xml.replace('<n>42</n>', '<n>4.5</n>')), 'OpInput', t, 'Req')).toThrow(
      /Req\/n: invalid integer/,
    );
    expect(() =>
      readComplexContent(parseXml(xml.replace('<ne><path>a</path><path>b</path></ne>', '<ne/>')), 'OpInput', t, 'Req'),
    ).toThrow(/ne\/path: missing required element/);
  });

  it('types the result of a nillable SOAP response element as | null, and describes it so', async () => {
    const files = await generate('test/emit/fixtures/nillable-response.wsdl', 'nillable-response.wsdl');
    expect(files.find((f) => f.path === 'types.ts')?.content).toContain('export type GetOutput = Item | null;');
    expect(schemaText(files.find((f) => f.path === 'schema.ts')?.content ?? '')).toContain(
      "output: { element: { name: 'GetResp', ns: 'urn:nil' }, value: { complex: 'Item' }, nillable: true }",
    );
  });

  it('keeps attributes matched by xsd:anyAttribute, never xsi:* ones, and writes only plain, undeclared, distinct names', async () => {
    const t = await types();
    const el = parseXml(
      `<o xmlns="${NS}" xmlns:x="urn:ext" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="1" x:a="2" xsi:type="Open" b="3"/>`,
    );
    expect(readComplexContent(el, 'Open', t, 'o')).toEqual({
      id: '1',
      $anyAttributes: [
        { ns: 'urn:ext', name: 'a', value: '2' },
        { ns: '', name: 'b', value: '3' },
      ],
    });
    const write = (attrs: unknown): string => {
      const w = new XmlWriter();
      w.start(NS, 'o');
      writeComplexContent(w, { $anyAttributes: attrs }, 'Open', t, 'o');
      w.end();
      return w.toString();
    };
    expect(write([{ name: 'b', value: 'a"<' }])).toBe(`<o xmlns="${NS}" b="a&quot;&lt;"/>`);
    for (const bad of [
      [{ name: 'a b', value: '' }],
      [{ name: 'xmlns', value: 'urn:evil' }],
      [{ name: 'id', value: '1' }],
      [
        { name: 'b', value: '1' },
        { name: 'b', value: '2' },
      ],
      [{ ns: 'http://www.w3.org/2001/XMLSchema-instance', name: 'nil', value: 'true' }],
      'x',
    ]) {
      expect(() => write(bad), JSON.stringify(bad)).toThrow(EncodeError);
    }
  });
});
