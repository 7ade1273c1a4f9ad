/** XSD -> TypeScript / runtime descriptor mapping (src/emit/type-map.ts, type-registry.ts). */
import { describe, expect, it } from 'vitest';
import { emitFiles, type TypeMappingOptions } from '../../src/emit/index.js';
import { builtinScalar } from '../../src/emit/type-map.js';
import type { ComplexType } from '../../src/model/types.js';
import { decodedSchema, schemaText, testOptions } from './helpers.js';
import { buildFixtureModel, complex, el, enumeration, LOC, named, q, xsd } from './model-fixture.js';

const DEFAULTS: TypeMappingOptions = { long: 'number', decimal: 'number', dateTime: 'date' };

describe('builtinScalar', () => {
  it('maps the XSD built-ins per the options', () => {
    expect(builtinScalar('int', DEFAULTS)).toBe('int');
    expect(builtinScalar('unsignedShort', DEFAULTS)).toBe('int');
    expect(builtinScalar('double', DEFAULTS)).toBe('double');
    expect(builtinScalar('long', DEFAULTS)).toBe('int');
    expect(builtinScalar('long', { ...DEFAULTS, long: 'bigint' })).toBe('bigint');
    expect(builtinScalar('integer', { ...DEFAULTS, long: 'string' })).toBe('integerString');
    expect(builtinScalar('decimal', DEFAULTS)).toBe('double');
    expect(builtinScalar('decimal', { ...DEFAULTS, decimal: 'string' })).toBe('decimalString');
    expect(builtinScalar('dateTime', DEFAULTS)).toBe('dateTime');
    expect(builtinScalar('dateTime', { ...DEFAULTS, dateTime: 'string' })).toBe('string');
    expect(builtinScalar('date', DEFAULTS)).toBe('string');
    expect(builtinScalar('duration', DEFAULTS)).toBe('string');
    expect(builtinScalar('base64Binary', DEFAULTS)).toBe('base64');
    expect(builtinScalar('hexBinary', DEFAULTS)).toBe('hex');
    expect(builtinScalar('QName', DEFAULTS)).toBe('qname');
    expect(builtinScalar('anyType', DEFAULTS)).toBe('xml');
    expect(builtinScalar('boolean', DEFAULTS)).toBe('boolean');
  });
});

const everything: ComplexType = complex('Everything', [
  el('req', xsd('string')),
  el('opt', xsd('string'), { minOccurs: 0 }),
  el('nil', xsd('int'), { nillable: true }),
  el('many', xsd('string'), { minOccurs: 0, maxOccurs: 'unbounded' }),
  el('big', xsd('long')),
  el('money', xsd('decimal')),
  el('when', xsd('dateTime')),
  el('day', xsd('date')),
  el('blob', xsd('base64Binary')),
  el('hex', xsd('hexBinary')),
  el('qn', xsd('QName')),
  el('raw', xsd('anyType')),
  el('color', named('Color')),
  el('codes', named('Codes')),
  el('next', named('Everything'), { minOccurs: 0 }),
  el('inline', {
    kind: 'complex',
    type: {
      attributes: [],
      particle: { kind: 'sequence', minOccurs: 1, maxOccurs: 1, particles: [el('x', xsd('float'))] },
    },
  }),
]);

const base = complex('Base', [el('id', xsd('int'))], { documentation: 'The base type.' });
const derived = complex('Derived', [el('extra', xsd('string'))], { base: q('Base'), derivation: 'extension' });
const withChoice = complex('WithChoice', [], {
  particle: { kind: 'choice', minOccurs: 1, maxOccurs: 1, particles: [el('a', xsd('string')), el('b', xsd('int'))] },
  attributes: [{ name: { ns: '', name: 'lang' }, type: xsd('language'), use: 'optional' }],
});
const withText = complex('Amount', [], {
  simpleContent: xsd('decimal'),
  attributes: [{ name: { ns: '', name: 'currency' }, type: xsd('string'), use: 'required' }],
});

async function emitTypes(
  mapping: TypeMappingOptions = DEFAULTS,
): Promise<{ types: string; schema: string; schemaTs: string }> {
  const model = buildFixtureModel([{ name: 'Get', input: [el('e', named('Everything'))], result: named('Derived') }], {
    complexTypes: [everything, base, derived, withChoice, withText],
    simpleTypes: [
      enumeration('Color', ['red', "it's"]),
      { name: q('Codes'), variety: 'list', itemType: xsd('int'), location: LOC },
    ],
  });
  const files = await emitFiles(model, testOptions('fixture.wsdl', { types: mapping }), {});
  return {
    types: files.find((f) => f.path === 'types.ts')?.content ?? '',
    schema: schemaText(files.find((f) => f.path === 'schema.ts')?.content ?? ''),
    schemaTs: files.find((f) => f.path === 'schema.ts')?.content ?? '',
  };
}

describe('types.ts', () => {
  it('maps occurrence, nillability and built-ins with @xsd notes', async () => {
    const { types } = await emitTypes();
    for (const line of [
      'req: string;',
      'opt?: string;',
      'nil: number | null;',
      'many?: string[];',
      'big: number;',
      'money: number;',
      'when: Date;',
      'day: string;',
      'blob: Uint8Array;',
      'hex: Uint8Array;',
      'qn: { ns: string; name: string; };',
      'codes: Codes;',
      'raw: XmlElement;',
      'color: Color;',
      'next?: Everything;',
      'inline: EverythingInline;',
    ]) {
      expect(types).toContain(line);
    }
    expect(types).toContain('/** @xsd long */');
    // `@xsd` names only an XML type the TypeScript type hides (issue 15: no `@xsd string` on `string`, `@xsd Color` on `Color`).
    expect(types).not.toContain('@xsd string');
    expect(types).not.toContain('@xsd Color');
    expect(types).not.toContain('@xsd Codes');
    expect(types).toContain("import type { XmlElement } from './runtime/index.js';");
    expect(types).toContain("export type Color = 'red' | 'it\\'s';");
    expect(types).toContain('export type Codes = number[];');
  });

  it('follows the long/decimal/dateTime options', async () => {
    const { types, schema } = await emitTypes({ long: 'bigint', decimal: 'string', dateTime: 'string' });
    expect(types).toContain('big: bigint;');
    expect(types).toContain('money: string;');
    expect(types).toContain('when: string;');
    expect(schema).toContain("scalar: 'bigint'");
    expect(schema).toContain("scalar: 'decimalString'");
    const asString = await emitTypes({ ...DEFAULTS, long: 'string' });
    expect(asString.types).toContain('big: string;');
    expect(asString.schema).toContain("scalar: 'integerString'");
  });

  it('emits extension as interface inheritance, choice as a union of branches, simple content as $value', async () => {
    const { types, schema } = await emitTypes();
    // `$type` and `$value` are naming conventions (docs/types-and-names.md): no JSDoc per property.
    expect(types).toMatch(/export interface Derived extends Base \{\s*\$type\?: 'Derived';\s*extra: string;\s*\}/);
    expect(types).toMatch(/export interface Base \{\s*\$type\?: 'Base' \| 'Derived';/);
    expect(types).toContain('/** The base type. */');
    expect(types).toMatch(/\|\s*\{\s*a: string;\s*b\?: never;\s*\}/);
    expect(types).toMatch(/\|\s*\{\s*a\?: never;\s*\/\*\* @xsd int \*\/\s*b: number;\s*\}/);
    expect(types).toContain('lang?: string;');
    expect(types).toMatch(/[^/]\s+\$value: number;/);
    expect(types).toContain('currency: string;');
    // Which properties are attributes, said once per type rather than on each property.
    expect(types).toMatch(/\/\*\* XML attribute: `currency`\. \*\/\s*export interface \w+ \{[^}]*\s+currency: string;/);
    expect(types).not.toContain('/** XML attribute. */');
    expect(schema).toMatch(/Derived: \{[^}]*base: 'Base'/);
    expect(schema).toContain('choice: 0');
    expect(schema).toContain('branch: 1');
    expect(schema).toMatch(/text: \{\s*prop: '\$value'/);
  });

  it('types the operation input and output', async () => {
    const { types } = await emitTypes();
    expect(types).toMatch(/export interface GetInput \{[^}]*e: Everything;/);
    // The fixture's GetResult is minOccurs="0": an ASMX server leaves a null result out, so the output may be undefined.
    expect(types).toContain('export type GetOutput = Derived | undefined;');
  });
});

describe('schema.ts descriptors', () => {
  it('describes enumerations, lists, arrays and the unwrapped result', async () => {
    const { schema, schemaTs } = await emitTypes();
    // Enumerations are stored once and shared by the fields that use them.
    expect(schema).toContain("scalar: 'string', enum: ['red', 'it\\'s'] }");
    const { types } = decodedSchema(schemaTs);
    const enums = Object.values(types).flatMap((t) =>
      t.fields.flatMap((f) => ('scalar' in f.value && f.value.enum ? [f.value.enum] : [])),
    );
    expect(enums.length).toBeGreaterThan(0);
    expect(new Set(enums).size).toBe(1);
    expect(schema).toMatch(/scalar: 'int',\s*list: true/);
    expect(schema).toMatch(/prop: 'many',[\s\S]*?min: 0,\s*max: -1/);
    expect(schema).toContain("result: 'GetResult'");
    expect(schema).toContain("action: 'urn:test/Get'");
    expect(schema).toMatch(/input: \{\s*complex: 'GetInput'/);
    expect(schema).toMatch(/output: \{\s*complex: 'Derived'/);
  });
});
