/**
 * Partially transmitted and sparse SOAP-encoded arrays (SOAP 1.1 §5.4.2.1 `soapenc:offset`,
 * §5.4.2.2 `soapenc:position`): items land at their indexes with holes between them, and
 * indexes outside the declared size (or absurd without one) are refused, never allocated.
 */
import { describe, expect, it } from 'vitest';
import { readSoapArray, writeSoapArray } from '../../src/runtime/wire/soap-array.js';
import { DecodeError, EncodeError } from '../../src/runtime/wire/scalars.js';
import { parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import type { ComplexDesc } from '../../src/runtime/wire/descriptors.js';

const ENC = 'xmlns:enc="http://schemas.xmlsoap.org/soap/encoding/"';

function read(xml: string): unknown[] {
  const el = parseXml(xml);
  const text = (k: XmlElement): unknown => k.children.join('');
  return readSoapArray(
    el,
    'a',
    0,
    text,
    (k, _at, r) => r(k),
    () => false,
  );
}

describe('soapenc:offset and soapenc:position', () => {
  it('reads a whole array in order', () => {
    expect(read(`<a ${ENC} enc:arrayType="xsd:string[3]"><i>x</i><i>y</i><i>z</i></a>`)).toEqual(['x', 'y', 'z']);
  });

  it('starts a partially transmitted array at its offset, leaving holes before it', () => {
    const a = read(`<a ${ENC} enc:arrayType="xsd:string[5]" enc:offset="[2]"><i>third</i><i>fourth</i></a>`);
    expect(a).toHaveLength(4);
    expect(0 in a).toBe(false);
    expect(1 in a).toBe(false);
    expect(a[2]).toBe('third');
    expect(a[3]).toBe('fourth');
  });

  it('places the items of a sparse array at their positions; an item without one follows the previous', () => {
    const a = read(
      `<a ${ENC} enc:arrayType="xsd:string[10]"><i enc:position="[2]">c</i><i enc:position="[7]">h</i><i>i</i></a>`,
    );
    expect(a).toHaveLength(9);
    expect(Object.keys(a)).toEqual(['2', '7', '8']);
    expect([a[2], a[7], a[8]]).toEqual(['c', 'h', 'i']);
  });

  it.each([
    [`<a ${ENC} enc:arrayType="xsd:string[3]"><i enc:position="[3]">x</i></a>`, /outside the declared size 3/],
    [`<a ${ENC} enc:arrayType="xsd:string[]"><i enc:position="[2000000]">x</i></a>`, /beyond 1048576 items/],
    [`<a ${ENC} enc:arrayType="xsd:string[2]" enc:offset="[5]"><i>x</i></a>`, /offset="\[5\]" is outside/],
    [
      `<a ${ENC} enc:arrayType="xsd:string[4]"><i enc:position="[1]">x</i><i enc:position="[1]">y</i></a>`,
      /repeats an item/,
    ],
    [`<a ${ENC} enc:arrayType="xsd:string[2,2]"><i enc:position="[1,1]">x</i></a>`, /one-dimensional arrays only/],
    [`<a ${ENC} enc:arrayType="xsd:string[2]"><i enc:position="2">x</i></a>`, /is not an index like "\[2\]"/],
  ])('refuses %s', (xml, message) => {
    expect(() => read(xml)).toThrow(DecodeError);
    expect(() => read(xml)).toThrow(message);
  });

  it('refuses to write an array with holes rather than close them up', () => {
    const w = new XmlWriter();
    w.start('', 'a');
    const desc = { name: 'ArrayOfString', fields: [], soapArray: { scalar: 'string' } } as unknown as ComplexDesc;
    const sparse: string[] = [];
    sparse[1] = 'x';
    expect(() => writeSoapArray(w, sparse, desc, 'a', 0, (iw, v) => iw.text(String(v)))).toThrow(EncodeError);
    expect(() => writeSoapArray(w, sparse, desc, 'a', 0, (iw, v) => iw.text(String(v)))).toThrow(/a\[0\].*hole/);
  });
});
