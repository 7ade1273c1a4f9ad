import { describe, expect, it } from 'vitest';
import type { ServiceDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { DecodeError, EncodeError, readValue, writeValue } from '../../src/runtime/wire/codec.js';
import { parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { AUTH_NS, AUTH_SERVICE } from './fixtures/auth-desc.js';

const NS = 'urn:test';
const f = (prop: string, value: ValueDesc, min = 1, max = 1, extra: Record<string, unknown> = {}) => ({
  prop,
  name: prop,
  ns: NS,
  value,
  min,
  max,
  ...extra,
});
const TYPES: ServiceDesc['types'] = {
  Base: {
    name: 'Base',
    ns: NS,
    fields: [f('id', { scalar: 'int' })],
    attrs: [{ prop: 'version', name: 'version', ns: '', value: { scalar: 'int' } }],
  },
  Derived: {
    name: 'Derived',
    ns: NS,
    base: 'Base',
    fields: [
      f('tags', { scalar: 'string' }, 0, -1),
      f('color', { scalar: 'string', enum: ['red', 'green'] }, 0),
      f('note', { scalar: 'string' }, 1, 1, { nillable: true }),
      f('byName', { scalar: 'string' }, 1, 1, { choice: 0 }),
      f('byId', { scalar: 'int' }, 1, 1, { choice: 0 }),
      f('children', { complex: 'Base' }, 0, -1),
    ],
    attrs: [{ prop: 'lang', name: 'lang', ns: 'urn:attr', value: { scalar: 'string' }, required: true }],
    any: 'extra',
  },
  Money: {
    name: 'Money',
    ns: NS,
    fields: [],
    attrs: [{ prop: 'currency', name: 'currency', ns: '', value: { scalar: 'string' }, required: true }],
    text: { prop: 'value', value: { scalar: 'decimalString' } },
  },
  Scalars: {
    name: 'Scalars',
    ns: NS,
    fields: [
      f('b', { scalar: 'boolean' }, 0),
      f('i', { scalar: 'int' }, 0),
      f('d', { scalar: 'double' }, 0, -1),
      f('big', { scalar: 'bigint' }, 0),
      f('is', { scalar: 'integerString' }, 0),
      f('ds', { scalar: 'decimalString' }, 0),
      f('dt', { scalar: 'dateTime' }, 0),
      f('b64', { scalar: 'base64' }, 0),
      f('hex', { scalar: 'hex' }, 0),
      f('q', { scalar: 'qname' }, 0),
      f('list', { scalar: 'int', list: true }, 0),
      f('raw', { scalar: 'xml' }, 0),
    ],
  },
  Ranged: {
    name: 'Ranged',
    ns: NS,
    fields: [
      f('ub', { scalar: 'int', range: 'unsignedByte' }, 0),
      f('i32', { scalar: 'int', range: 'int' }, 0),
      f('pos', { scalar: 'integerString', range: 'positiveInteger' }, 0),
      f('ul', { scalar: 'bigint', range: 'unsignedLong' }, 0),
      f('shorts', { scalar: 'int', list: true, range: 'short' }, 0),
    ],
  },
};

/** A valid Derived value to carry test values in its `children` (declared Base). */
const ROOT = { id: 1, note: null, byName: 'r', lang: 'y' };

function roundTrip(value: unknown, desc: ValueDesc, types = TYPES, name = 'root'): { xml: string; back: unknown } {
  const w = new XmlWriter();
  writeValue(w, { name, ns: NS }, value, desc, types);
  const xml = w.toString();
  return { xml, back: readValue(parseXml(xml), desc, types) };
}

describe('codec: Auth shapes', () => {
  it('writes the Login wrapper in the Auth namespace, fields in order', () => {
    const w = new XmlWriter();
    writeValue(
      w,
      { name: 'Login', ns: AUTH_NS },
      { Password: 'p<w', Username: 'alice' },
      { complex: 'Login' },
      AUTH_SERVICE.types,
    );
    expect(w.toString()).toBe(
      `<Login xmlns="${AUTH_NS}"><Username>alice</Username><Password>p&lt;w</Password></Login>`,
    );
  });
  it('reads LoginResponse by namespace whatever the prefixes', () => {
    const el = parseXml(
      `<a:LoginResponse xmlns:a="${AUTH_NS}"><b:LoginResult xmlns:b="${AUTH_NS}">\n <a:ServiceTicket>T-1</a:ServiceTicket></b:LoginResult></a:LoginResponse>`,
    );
    expect(readValue(el, { complex: 'LoginResponse' }, AUTH_SERVICE.types)).toEqual({
      LoginResult: { ServiceTicket: 'T-1' },
    });
  });
  it('reports a missing required element with its path', () => {
    const el = parseXml(`<LoginResponse xmlns="${AUTH_NS}"><LoginResult><Other/></LoginResult></LoginResponse>`);
    expect(() => readValue(el, { complex: 'LoginResponse' }, AUTH_SERVICE.types)).toThrow(
      new DecodeError('LoginResponse/LoginResult/ServiceTicket', 'missing required element'),
    );
    try {
      readValue(el, { complex: 'LoginResponse' }, AUTH_SERVICE.types);
    } catch (e) {
      expect((e as Error).message).toBe('LoginResponse/LoginResult/ServiceTicket: missing required element');
    }
  });
  it('accepts an unqualified child with the right local name (liberal)', () => {
    const el = parseXml(`<EmAuthResult xmlns="${AUTH_NS}"><ServiceTicket xmlns="">T</ServiceTicket></EmAuthResult>`);
    expect(readValue(el, { complex: 'EmAuthResult' }, AUTH_SERVICE.types)).toEqual({ ServiceTicket: 'T' });
  });
  it('throws EncodeError naming a missing required field on write', () => {
    const w = new XmlWriter();
    expect(() =>
      writeValue(w, { name: 'Login', ns: AUTH_NS }, { Username: 'a' }, { complex: 'Login' }, AUTH_SERVICE.types),
    ).toThrow(/Login\/Password: missing required field/);
    expect(() =>
      writeValue(
        new XmlWriter(),
        { name: 'Login', ns: AUTH_NS },
        { Username: 1, Password: 'x' },
        { complex: 'Login' },
        AUTH_SERVICE.types,
      ),
    ).toThrow(EncodeError);
  });
  it('reads xsi:nil roots as null', () => {
    const el = parseXml(
      `<EmAuthResult xmlns="${AUTH_NS}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="true"/>`,
    );
    expect(readValue(el, { complex: 'EmAuthResult' }, AUTH_SERVICE.types)).toBeNull();
  });
});

describe('codec: structure', () => {
  const full = {
    version: 2,
    id: 7,
    lang: 'en',
    tags: ['a', 'b'],
    color: 'red',
    note: null,
    byId: 5,
    children: [{ id: 1 }, { id: 2, version: 1 }],
  };
  it('round-trips extension, arrays, enums, nillable, attributes and choice', () => {
    const { xml, back } = roundTrip(full, { complex: 'Derived' });
    expect(xml).toContain('<id>7</id><tags>a</tags><tags>b</tags>'); // base fields first
    expect(xml).toContain('<note xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/>');
    expect(xml).toMatch(/ version="2" xmlns:ns1="urn:attr" ns1:lang="en"/);
    expect(xml).not.toContain('byName');
    expect(back).toEqual(full);
  });
  it('reads empty arrays as [] and omits absent optionals', () => {
    const { back } = roundTrip({ id: 1, lang: 'x', note: 'n', byName: 'k' }, { complex: 'Derived' });
    expect(back).toEqual({ id: 1, lang: 'x', note: 'n', byName: 'k', tags: [], children: [] });
  });
  it('validates enumerations on write and read', () => {
    expect(() => roundTrip({ ...full, color: 'blue' }, { complex: 'Derived' })).toThrow(
      /root\/color: "blue" is not one of "red", "green"/,
    );
    const el = parseXml(
      `<r xmlns="${NS}" xmlns:a="urn:attr" a:lang="x"><id>1</id><color>blue</color><note/><byId>1</byId></r>`,
    );
    expect(() => readValue(el, { complex: 'Derived' }, TYPES)).toThrow(/r\/color: "blue" is not one of/);
  });
  it('refuses two members of one choice on write', () => {
    expect(() => roundTrip({ ...full, byName: 'x' }, { complex: 'Derived' })).toThrow(/xsd:choice/);
  });
  it('requires required attributes', () => {
    const el = parseXml(`<r xmlns="${NS}"><id>1</id><note/><byId>1</byId></r>`);
    expect(() => readValue(el, { complex: 'Derived' }, TYPES)).toThrow(/r\/@lang: missing required attribute/);
    expect(() => roundTrip({ id: 1, note: 'n', byId: 1 }, { complex: 'Derived' })).toThrow(
      /@lang: missing required attribute/,
    );
  });
  it('collects unknown elements into the xsd:any property as raw elements and writes them back', () => {
    const el = parseXml(
      `<r xmlns="${NS}" xmlns:a="urn:attr" a:lang="x"><id>1</id><note/><byId>1</byId><x:ext xmlns:x="urn:ext">hi</x:ext></r>`,
    );
    const v = readValue(el, { complex: 'Derived' }, TYPES) as { extra: XmlElement[] };
    expect(v.extra).toHaveLength(1);
    expect(v.extra[0]!.ns).toBe('urn:ext');
    const w = new XmlWriter();
    writeValue(w, { name: 'r', ns: NS }, v, { complex: 'Derived' }, TYPES);
    expect(w.toString()).toContain('<x:ext xmlns:x="urn:ext">hi</x:ext>');
  });
  it('reads out-of-order children', () => {
    const el = parseXml(`<r xmlns="${NS}" xmlns:a="urn:attr" a:lang="x"><byId>3</byId><note>n</note><id>1</id></r>`);
    expect(readValue(el, { complex: 'Derived' }, TYPES)).toMatchObject({ id: 1, note: 'n', byId: 3 });
  });
  it('honours xsi:type naming a derived type', () => {
    const el = parseXml(
      `<r xmlns="${NS}" xmlns:t="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:a="urn:attr" xsi:type="t:Derived" a:lang="x"><id>1</id><note/><byName>k</byName></r>`,
    );
    expect(readValue(el, { complex: 'Base' }, TYPES)).toMatchObject({
      id: 1,
      byName: 'k',
      lang: 'x',
      $type: 'Derived',
    });
    // The declared type itself is not tagged.
    expect(readValue(parseXml(`<r xmlns="${NS}"><id>1</id></r>`), { complex: 'Base' }, TYPES)).toEqual({ id: 1 });
  });
  it('writes a derived value named by $type with xsi:type and its own fields, and reads it back as such', () => {
    const value = { $type: 'Derived', id: 7, note: null, byName: 'k', lang: 'x' };
    const { xml, back } = roundTrip({ ...ROOT, children: [value] }, { complex: 'Derived' }, TYPES);
    expect(xml).toMatch(
      /<children [^>]*xsi:type="(\w+:)?Derived"[^>]*><id>7<\/id><note xsi:nil="true"\/><byName>k<\/byName><\/children>/,
    );
    expect(back).toMatchObject({ children: [{ $type: 'Derived', id: 7, byName: 'k', lang: 'x' }] });
    // A base value (no $type) is written without xsi:type.
    expect(roundTrip({ ...ROOT, children: [{ id: 1 }] }, { complex: 'Derived' }, TYPES).xml).toMatch(
      /<children><id>1<\/id><\/children>/,
    );
  });
  it('refuses a $type that is not a type of the service or does not derive from the declared one', () => {
    expect(() => roundTrip({ ...ROOT, children: [{ $type: 'Nope', id: 1 }] }, { complex: 'Derived' })).toThrow(
      /children\[0\]: \$type "Nope" is not a type of this service|children: \$type "Nope"/,
    );
    expect(() => roundTrip({ ...ROOT, children: [{ $type: 'Money', id: 1 }] }, { complex: 'Derived' })).toThrow(
      /\$type Money does not derive from Base/,
    );
    expect(() => roundTrip({ ...ROOT, children: [{ $type: 'toString', id: 1 }] }, { complex: 'Derived' })).toThrow(
      /is not a type of this service/,
    );
  });
  it('handles simple content with attributes', () => {
    const { xml, back } = roundTrip({ currency: 'EUR', value: '12.50' }, { complex: 'Money' });
    expect(xml).toBe(`<root xmlns="${NS}" currency="EUR">12.50</root>`);
    expect(back).toEqual({ currency: 'EUR', value: '12.50' });
  });
  it('includes the path of nested decode errors', () => {
    const el = parseXml(
      `<r xmlns="${NS}" xmlns:a="urn:attr" a:lang="x"><id>1</id><note/><byId>1</byId><children><id>x</id></children></r>`,
    );
    expect(() => readValue(el, { complex: 'Derived' }, TYPES)).toThrow('r/children[0]/id: invalid integer "x"');
  });
});

describe('codec: scalars', () => {
  it('round-trips every scalar kind', () => {
    const value = {
      b: true,
      i: -42,
      d: [1.5, Infinity, -Infinity, NaN, 1e21],
      big: 12345678901234567890n,
      is: '-123456789012345678901234567890',
      ds: '3.14159265358979323846',
      dt: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678)),
      b64: new Uint8Array([0, 1, 2, 250, 255]),
      hex: new Uint8Array([0xde, 0xad, 0xbe, 0xef]),
      q: { ns: 'urn:q', name: 'Thing' },
      list: [1, 2, 3],
    };
    const { xml, back } = roundTrip(value, { complex: 'Scalars' });
    expect(xml).toContain('<d>INF</d><d>-INF</d><d>NaN</d><d>1E+21</d>');
    expect(xml).toContain('<dt>2024-01-02T03:04:05.678Z</dt>');
    expect(xml).toContain('<b64>AAEC+v8=</b64><hex>DEADBEEF</hex>');
    expect(xml).toMatch(/<q xmlns:ns1="urn:q">ns1:Thing<\/q>/);
    expect(xml).toContain('<list>1 2 3</list>');
    expect(back).toEqual(value);
  });
  it('reads lexical variants: 1/0 booleans, timezones, whitespace', () => {
    const el = parseXml(`<r xmlns="${NS}"><b> 1 </b><i>+7</i><dt>2024-01-02T05:04:05+02:00</dt><d>-1.5e-3</d></r>`);
    const v = readValue(el, { complex: 'Scalars' }, TYPES) as { b: boolean; i: number; dt: Date; d: number[] };
    expect(v.b).toBe(true);
    expect(v.i).toBe(7);
    expect(v.dt.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(v.d).toEqual([-0.0015]);
  });
  it.each([
    ['b', 'yes', /invalid xsd:boolean/],
    ['i', '1.5', /invalid integer/],
    ['i', '9007199254740993', /safe JS number range/],
    ['d', 'abc', /invalid number/],
    ['is', '12a', /invalid integer/],
    ['ds', '1e5', /invalid decimal/],
    ['dt', '2024-13-01', /invalid xsd:dateTime/],
    // Impossible fields would otherwise roll over into another instant (Date.UTC is lenient).
    ['dt', '2024-02-30T00:00:00Z', /invalid xsd:dateTime/],
    ['dt', '2023-02-29T00:00:00Z', /invalid xsd:dateTime/],
    ['dt', '2024-01-01T24:30:00Z', /invalid xsd:dateTime/],
    ['dt', '2024-01-01T10:00:60Z', /invalid xsd:dateTime/],
    ['dt', '2024-01-01T10:00:00+14:30', /invalid timezone/],
    ['dt', '2024-01-01T10:00:00+02:60', /invalid timezone/],
    ['b64', '@@@', /base64Binary/],
    ['hex', 'abc', /hexBinary/],
    ['q', 'nope:x', /undeclared prefix/],
  ])('rejects invalid %s %j', (field, text, err) => {
    const el = parseXml(`<r xmlns="${NS}"><${field}>${text}</${field}></r>`);
    expect(() => readValue(el, { complex: 'Scalars' }, TYPES)).toThrow(err);
  });
  it('reads the end of a day as 24:00:00 and leap days of leap years only', () => {
    const el = parseXml(`<r xmlns="${NS}"><dt>2024-12-31T24:00:00Z</dt></r>`);
    expect((readValue(el, { complex: 'Scalars' }, TYPES) as { dt: Date }).dt.toISOString()).toBe(
      '2025-01-01T00:00:00.000Z',
    );
    const leap = parseXml(`<r xmlns="${NS}"><dt>2000-02-29T00:00:00-14:00</dt></r>`);
    expect((readValue(leap, { complex: 'Scalars' }, TYPES) as { dt: Date }).dt.toISOString()).toBe(
      '2000-02-29T14:00:00.000Z',
    );
  });
  it.each([
    ['ub', '256', 'unsignedByte'],
    ['ub', '-1', 'unsignedByte'],
    ['i32', '2147483648', 'int'],
    ['pos', '0', 'positiveInteger'],
    ['ul', '18446744073709551616', 'unsignedLong'],
    ['shorts', '1 40000', 'short'],
  ])('rejects %s %j outside xsd:%s (XML Schema Part 2 §3.3)', (field, text, range) => {
    const el = parseXml(`<r xmlns="${NS}"><${field}>${text}</${field}></r>`);
    expect(() => readValue(el, { complex: 'Ranged' }, TYPES)).toThrow(
      new RegExp(`^r/${field}: ".*" is out of range for xsd:${range}$`),
    );
  });
  it('reads and writes integers at the bounds of their built-in types', () => {
    const value = { ub: 255, i32: -2147483648, pos: '1', ul: 18446744073709551615n, shorts: [-32768, 32767] };
    expect(roundTrip(value, { complex: 'Ranged' }).back).toEqual(value);
  });
  it('refuses to write integers outside their built-in types', () => {
    expect(() => roundTrip({ ub: 300 }, { complex: 'Ranged' })).toThrow(
      /root\/ub: 300 is out of range for xsd:unsignedByte/,
    );
    expect(() => roundTrip({ shorts: [1, -40000] }, { complex: 'Ranged' })).toThrow(
      /root\/shorts: -40000 is out of range for xsd:short/,
    );
    expect(() => roundTrip({ pos: '-5' }, { complex: 'Ranged' })).toThrow(EncodeError);
  });
  it('rejects wrongly typed values on write', () => {
    expect(() => roundTrip({ i: 1.5 }, { complex: 'Scalars' })).toThrow(/root\/i: expected an integer/);
    expect(() => roundTrip({ dt: 'yesterday' }, { complex: 'Scalars' })).toThrow(/root\/dt/);
    // A dateTime given as text gets the same field checks as one read.
    expect(() => roundTrip({ dt: '2023-02-30T00:00:00Z' }, { complex: 'Scalars' })).toThrow(
      /root\/dt: invalid xsd:dateTime/,
    );
    expect(() => roundTrip({ dt: '2023-01-01T25:00:00Z' }, { complex: 'Scalars' })).toThrow(EncodeError);
    expect(roundTrip({ dt: '2023-01-01T24:00:00Z' }, { complex: 'Scalars' }).xml).toContain(
      '<dt>2023-01-01T24:00:00Z</dt>',
    );
    expect(() => roundTrip({ b: 'true' }, { complex: 'Scalars' })).toThrow(EncodeError);
  });
  it('keeps anyType content as a raw element', () => {
    const el = parseXml(`<r xmlns="${NS}"><raw><x:y xmlns:x="urn:y">1</x:y></raw></r>`);
    const v = readValue(el, { complex: 'Scalars' }, TYPES) as { raw: XmlElement };
    expect(v.raw.name).toBe('raw');
    const w = new XmlWriter();
    writeValue(w, { name: 'r', ns: NS }, v, { complex: 'Scalars' }, TYPES);
    expect(w.toString()).toBe(`<r xmlns="${NS}"><d/><raw><x:y xmlns:x="urn:y">1</x:y></raw></r>`.replace('<d/>', ''));
  });
});

describe('codec: multi-reference values (SOAP encoding)', () => {
  const ENC_TYPES: ServiceDesc['types'] = {
    Person: {
      name: 'Person',
      ns: '',
      fields: [f('name', { scalar: 'string' }), f('friend', { complex: 'Person' }, 0)],
    },
    Call: {
      name: 'Call',
      ns: '',
      fields: [
        f('firstName', { scalar: 'string' }),
        f('who', { complex: 'Person' }, 0),
        f('ids', { scalar: 'int' }, 0, -1),
      ],
    },
    Link: {
      name: 'Link',
      ns: '',
      fields: [],
      attrs: [{ prop: 'href', name: 'href', ns: '', value: { scalar: 'string' } }],
    },
  };
  const body = (inner: string): XmlElement => {
    const env = parseXml(`<Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${inner}</Body>`);
    return env.children.find((c): c is XmlElement => typeof c !== 'string')!;
  };
  it('reads href="#id" accessors (SOAP 1.1 §5.4.1) and enc:ref (SOAP 1.2 Part 2 §3.1.5.3) as the values they name', () => {
    const call = body(
      '<m:call xmlns:m="urn:m"><firstName href="#id1"/><who href="#id2"/><ids href="#id3"/><ids>4</ids></m:call>' +
        '<multiRef id="id1" xsi:type="xsd:string">Multi</multiRef><multiRef id="id2"><name>Ann</name><friend href="#id4"/></multiRef>' +
        '<multiRef id="id3">3</multiRef><multiRef id="id4"><name>Bo</name></multiRef>',
    );
    expect(readValue(call, { complex: 'Call' }, ENC_TYPES)).toEqual({
      firstName: 'Multi',
      who: { name: 'Ann', friend: { name: 'Bo' } },
      ids: [3, 4],
    });
    const soap12 = body(
      '<call xmlns:enc="http://www.w3.org/2003/05/soap-encoding"><firstName enc:ref="a"/><who><name enc:id="a">Cy</name></who></call>',
    );
    expect(readValue(soap12, { complex: 'Call' }, ENC_TYPES)).toEqual({
      firstName: 'Cy',
      who: { name: 'Cy' },
      ids: [],
    });
  });
  it('refuses a reference to nothing and a cycle, instead of reading empty values', () => {
    expect(() => readValue(body('<call><firstName href="#nope"/></call>'), { complex: 'Call' }, ENC_TYPES)).toThrow(
      /call\/firstName: reference "nope" names no value in the message/,
    );
    const cyclic = body(
      '<call><firstName>x</firstName><who href="#p"/></call><multiRef id="p"><name>P</name><friend href="#p"/></multiRef>',
    );
    expect(() => readValue(cyclic, { complex: 'Call' }, ENC_TYPES)).toThrow(
      /multi-reference values nest more than 64 deep/,
    );
  });
  it('bounds what references cost: a value referred to many times over is refused, large and shared graphs are read', () => {
    const types: ServiceDesc['types'] = {
      Node: {
        name: 'Node',
        ns: '',
        fields: [f('kid', { complex: 'Node' }, 0, -1), f('name', { scalar: 'string' }, 0)],
      },
    };
    // Eight references to a value with eight references to a value ... six deep: 300,000 reads from a 1 KB message.
    let fanned = `<root>${'<kid href="#1"/>'.repeat(8)}</root>`;
    for (let l = 1; l < 6; l++)
      fanned += `<multiRef id="${l}">${`<kid href="#${l + 1}"/>`.repeat(8)}<name>n</name></multiRef>`;
    fanned += '<multiRef id="6"><name>leaf</name></multiRef>';
    expect(() => readValue(body(fanned), { complex: 'Node' }, types)).toThrow(
      /^root\/kid\[0\]\/.*: the message follows more multi-references than its 6 values allow/,
    );
    // An array of 3,000 values, each referred to once (as SOAP encoders write them), and values shared five times each.
    const many = `<root>${Array.from({ length: 3000 }, (_, i) => `<kid href="#v${i}"/>`).join('')}</root>${Array.from({ length: 3000 }, (_, i) => `<multiRef id="v${i}"><name>${i}</name></multiRef>`).join('')}`;
    expect((readValue(body(many), { complex: 'Node' }, types) as { kid: unknown[] }).kid).toHaveLength(3000);
    const shared = `<root>${Array.from({ length: 500 }, (_, i) => `<kid href="#s${i % 100}"/>`).join('')}</root>${Array.from({ length: 100 }, (_, i) => `<multiRef id="s${i}"><name>${i}</name></multiRef>`).join('')}`;
    expect((readValue(body(shared), { complex: 'Node' }, types) as { kid: { name: string }[] }).kid[499]).toEqual({
      name: '99',
      kid: [],
    });
  });

  it('keeps href as data where the type declares it (a literal <link href="#top"/>)', () => {
    expect(readValue(body('<link href="#top"/>'), { complex: 'Link' }, ENC_TYPES)).toEqual({ href: '#top' });
  });
});
