/**
 * `xsd:choice` as TypeScript unions (view-types.ts) with a runtime that keeps
 * to them (codec.ts): one member per branch, other branches' properties `?: never`,
 * an optional choice adds an all-`never` member, a repeated choice is one ordered
 * `$items` array of tagged items (more in ordered.test.ts), an extension intersects its base.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readComplexContent, readValue, writeComplexContent, writeValue } from '../../src/runtime/wire/codec.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { EncodeError } from '../../src/runtime/wire/scalars.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { compileTree, generate, ROOT, serviceTypes } from './helpers.js';

const WSDL = 'test/emit/fixtures/choice.wsdl';

function types(): Promise<ServiceDesc['types']> {
  return serviceTypes(WSDL);
}

function encode(value: unknown, key: string, t: ServiceDesc['types']): string {
  const w = new XmlWriter();
  w.start('urn:choice', 'root');
  writeComplexContent(w, value, key, t, 'root');
  w.end();
  return w.toString();
}

describe('xsd:choice', () => {
  it('declares a union member per branch, never for the others, and an empty member for an optional choice', async () => {
    const files = await generate(WSDL, 'choice.wsdl');
    const text = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(text).toMatch(/export type Payment = \{[^}]*amount: number;[^}]*\$items\?: PaymentItem\[\];\s*\} & \(/);
    expect(text).toMatch(/\|\s*\{\s*card: string;\s*iban\?: never;\s*bic\?: never;\s*voucher\?: never;\s*\}/);
    expect(text).toMatch(/iban: string;\s*bic\?: string;/);
    expect(text).toMatch(/\|\s*\{\s*note\?: never;\s*code\?: never;\s*\}/);
    expect(text).toMatch(/export type RefundPayment = Payment & \{\s*\$type\?: 'RefundPayment';\s*\} & \(/);
    expect(text).toMatch(/export type Payment = \{\s*\$type\?: 'Payment' \| 'RefundPayment';/);
  });

  it('lets TypeScript accept one branch and reject two', async () => {
    const files = await generate(WSDL, 'choice.wsdl');
    const usage = [
      "import type { Payment, RefundPayment } from './types.js';",
      "export const a: Payment = { amount: 1, card: '4111' };",
      "export const b: Payment = { amount: 1, iban: 'DE00', bic: 'X', note: 'n', $items: [{ tag: 't' }, { flag: true }] };",
      "export const c: RefundPayment = { amount: 1, voucher: ['v'], ticket: 3 };",
      '// @ts-expect-error two branches of one choice',
      "export const d: Payment = { amount: 1, card: '4111', iban: 'DE00' };",
      '// @ts-expect-error no branch of a required choice',
      'export const e: Payment = { amount: 1 };',
      '// @ts-expect-error two branches of the optional choice',
      "export const f: Payment = { amount: 1, card: 'x', note: 'n', code: 2 };",
      // A derived value where the base is declared: tagged with $type (sent as xsi:type).
      "export const g: RefundPayment = { $type: 'RefundPayment', amount: 1, voucher: ['v'], ticket: 3 };",
      'export const h: Payment = g;',
      '// @ts-expect-error $type names the type or a type derived from it',
      "export const i: RefundPayment = { $type: 'Payment', amount: 1, voucher: ['v'], ticket: 3 };",
      '',
    ].join('\n');
    const errors = compileTree(path.join(ROOT, 'test/tmp/compile/choice'), [
      ...files,
      { path: 'usage.ts', content: usage },
    ]);
    expect(errors).toEqual([]);
  });

  it('writes a RefundPayment where a Payment is declared, with xsi:type and its own fields', async () => {
    const t = await types();
    const w = new XmlWriter();
    writeValue(
      w,
      { name: 'p', ns: 'urn:choice' },
      { $type: 'RefundPayment', amount: 1, voucher: ['v'], ticket: 3 },
      { complex: 'Payment' },
      t,
    );
    const xml = w.toString();
    expect(xml).toMatch(
      /^<p [^>]*xsi:type="ns1:RefundPayment"[^>]*><amount>1<\/amount><voucher>v<\/voucher><ticket>3<\/ticket><\/p>$/,
    );
    expect(xml).toContain('xmlns:ns1="urn:choice"');
    expect(readValue(parseXml(xml), { complex: 'Payment' }, t)).toEqual({
      $type: 'RefundPayment',
      amount: 1,
      $items: [],
      voucher: ['v'],
      ticket: 3,
    });
  });

  it('writes the fields of one branch together and refuses two branches', async () => {
    const t = await types();
    const xml = encode({ amount: 1, iban: 'DE00', bic: 'X' }, 'Payment', t);
    expect(xml).toContain('<iban>DE00</iban><bic>X</bic>');
    expect(() => encode({ amount: 1, card: '4111', iban: 'DE00' }, 'Payment', t)).toThrow(EncodeError);
    expect(() => encode({ amount: 1, card: '4111', reason: 'r', ticket: 2 }, 'RefundPayment', t)).toThrow(
      /only one of reason and ticket/,
    );
  });

  it('reads the branch present and leaves the other branches absent (not empty arrays)', async () => {
    const t = await types();
    const el = parseXml('<root xmlns="urn:choice"><amount>1</amount><card>4111</card><tag>a</tag><tag>b</tag></root>');
    const value = readComplexContent(el, 'Payment', t, 'root');
    expect(value).toEqual({ amount: 1, card: '4111', $items: [{ tag: 'a' }, { tag: 'b' }] });
    expect(Object.keys(value as object)).not.toContain('voucher');
  });
});
