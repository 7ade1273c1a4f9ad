import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import type { ComplexType, ElementParticle, GroupParticle, SchemaModel } from '../../src/model/types.js';
import { XSD_NS } from '../../src/model/types.js';
import { loadedFrom, wsdl } from './helpers.js';

function schemaOf(types: string): SchemaModel {
  return buildModel(loadedFrom({ name: 's.wsdl', text: wsdl(types) })).schema;
}

function complex(schema: SchemaModel, name: string): ComplexType {
  const t = schema.complexTypes.find((c) => c.name.name === name);
  if (!t) throw new Error(`no complex type ${name}`);
  return t;
}

const str = { kind: 'named', ref: { ns: XSD_NS, name: 'string' } };

describe('XML Schema components', () => {
  it('reads sequences, choices, occurrence, nillable and defaults', () => {
    const s = schemaOf(`
<s:complexType name="T"><s:sequence>
  <s:element name="a" type="s:string" minOccurs="0" maxOccurs="unbounded" nillable="true" default="x"/>
  <s:choice minOccurs="0"><s:element name="b" type="s:int"/><s:element name="c" type="s:int"/></s:choice>
  <s:any namespace="##other" processContents="lax" maxOccurs="3"/>
</s:sequence></s:complexType>`);
    const p = complex(s, 'T').particle as GroupParticle;
    expect(p.kind).toBe('sequence');
    const a = p.particles[0] as ElementParticle;
    expect(a).toMatchObject({
      kind: 'element',
      name: { ns: 'urn:t', name: 'a' },
      minOccurs: 0,
      maxOccurs: 'unbounded',
      nillable: true,
      default: 'x',
      type: str,
    });
    expect(p.particles[1]).toMatchObject({ kind: 'choice', minOccurs: 0, maxOccurs: 1 });
    expect(p.particles[2]).toEqual({
      kind: 'any',
      namespace: '##other',
      processContents: 'lax',
      minOccurs: 1,
      maxOccurs: 3,
    });
  });

  it('applies elementFormDefault and form to local element names', () => {
    const text = wsdl('')
      .replace('elementFormDefault="qualified"', '')
      .replace(
        '</s:schema>',
        `
<s:complexType name="T"><s:sequence><s:element name="u" type="s:string"/><s:element name="q" form="qualified" type="s:string"/></s:sequence></s:complexType></s:schema>`,
      );
    const m = buildModel(loadedFrom({ name: 'f.wsdl', text }));
    const p = complex(m.schema, 'T').particle as GroupParticle;
    expect((p.particles[0] as ElementParticle).name).toEqual({ ns: '', name: 'u' });
    expect((p.particles[1] as ElementParticle).name).toEqual({ ns: 'urn:t', name: 'q' });
    expect(m.schema.schemas[0]!.elementFormDefault).toBe('unqualified');
  });

  it('inlines groups and attribute groups', () => {
    const s = schemaOf(`
<s:group name="G"><s:sequence><s:element name="g1" type="s:string"/></s:sequence></s:group>
<s:attributeGroup name="AG"><s:attribute name="x" type="s:string" use="required"/><s:anyAttribute/></s:attributeGroup>
<s:complexType name="T"><s:sequence><s:group ref="tns:G" maxOccurs="2"/></s:sequence><s:attributeGroup ref="tns:AG"/><s:attribute name="y" type="s:int"/></s:complexType>`);
    const t = complex(s, 'T');
    const inner = (t.particle as GroupParticle).particles[0] as GroupParticle;
    expect(inner).toMatchObject({ kind: 'sequence', maxOccurs: 2 });
    expect((inner.particles[0] as ElementParticle).name.name).toBe('g1');
    expect(t.attributes.map((a) => [a.name.name, a.use])).toEqual([
      ['x', 'required'],
      ['y', 'optional'],
    ]);
    expect(t.anyAttribute).toBe(true);
    expect(s.groups.map((g) => g.name.name)).toEqual(['G']);
    expect(s.attributeGroups.map((g) => g.name.name)).toEqual(['AG']);
  });

  it('reads extensions, simple content, enumerations, lists and unions', () => {
    const s = schemaOf(`
<s:complexType name="Base"><s:sequence><s:element name="id" type="s:int"/></s:sequence></s:complexType>
<s:complexType name="Derived"><s:complexContent><s:extension base="tns:Base"><s:sequence><s:element name="more" type="s:string"/></s:sequence></s:extension></s:complexContent></s:complexType>
<s:complexType name="Money"><s:simpleContent><s:extension base="s:decimal"><s:attribute name="currency" type="tns:Cur"/></s:extension></s:simpleContent></s:complexType>
<s:simpleType name="Cur"><s:restriction base="s:string"><s:enumeration value="EUR"/><s:enumeration value="USD"/><s:maxLength value="3"/></s:restriction></s:simpleType>
<s:simpleType name="Cs"><s:list itemType="tns:Cur"/></s:simpleType>
<s:simpleType name="U"><s:union memberTypes="s:int tns:Cur"><s:simpleType><s:restriction base="s:string"><s:pattern value="[a-z]+"/></s:restriction></s:simpleType></s:union></s:simpleType>`);
    expect(complex(s, 'Derived')).toMatchObject({ base: { ns: 'urn:t', name: 'Base' }, derivation: 'extension' });
    expect(((complex(s, 'Derived').particle as GroupParticle).particles[0] as ElementParticle).name.name).toBe('more');
    expect(complex(s, 'Money').simpleContent).toEqual({ kind: 'named', ref: { ns: XSD_NS, name: 'decimal' } });
    expect(complex(s, 'Money').attributes[0]!.name).toEqual({ ns: '', name: 'currency' });
    const cur = s.simpleTypes.find((t) => t.name.name === 'Cur')!;
    expect(cur).toMatchObject({
      variety: 'restriction',
      base: { ns: XSD_NS, name: 'string' },
      facets: { enumeration: ['EUR', 'USD'], maxLength: 3 },
    });
    expect(s.simpleTypes.find((t) => t.name.name === 'Cs')).toMatchObject({
      variety: 'list',
      itemType: { kind: 'named', ref: { ns: 'urn:t', name: 'Cur' } },
    });
    const u = s.simpleTypes.find((t) => t.name.name === 'U')!;
    expect(u.variety === 'union' && u.memberTypes.length).toBe(3);
  });

  it('resolves element refs, anonymous types and substitution groups', () => {
    const s = schemaOf(`
<s:element name="Head" type="s:string" abstract="true"/>
<s:element name="Member" substitutionGroup="tns:Head"/>
<s:element name="Anon"><s:complexType><s:sequence><s:element ref="tns:Head" minOccurs="0"/></s:sequence></s:complexType></s:element>`);
    const member = s.elements.find((e) => e.name.name === 'Member')!;
    expect(member.substitutionGroup).toEqual({ ns: 'urn:t', name: 'Head' });
    expect(member.type).toEqual(str);
    const anon = s.elements.find((e) => e.name.name === 'Anon')!;
    expect(anon.type.kind).toBe('complex');
    const ref =
      anon.type.kind === 'complex'
        ? ((anon.type.type.particle as GroupParticle).particles[0] as ElementParticle)
        : undefined;
    expect(ref).toMatchObject({
      name: { ns: 'urn:t', name: 'Head' },
      ref: { ns: 'urn:t', name: 'Head' },
      minOccurs: 0,
      type: str,
    });
  });

  it('reads SOAP-encoded arrays (wsdl:arrayType)', () => {
    const text = wsdl(`
<s:complexType name="ArrayOfString"><s:complexContent><s:restriction base="soapenc:Array">
  <s:attribute ref="soapenc:arrayType" wsdl:arrayType="s:string[]"/>
</s:restriction></s:complexContent></s:complexType>`);
    const s = buildModel(loadedFrom({ name: 'e.wsdl', text })).schema;
    expect(complex(s, 'ArrayOfString')).toMatchObject({
      base: { ns: 'http://schemas.xmlsoap.org/soap/encoding/', name: 'Array' },
      derivation: 'restriction',
      soapArrayItem: { ns: XSD_NS, name: 'string' },
    });
  });

  it('gives a chameleon include the including schema namespace', () => {
    const main = wsdl('<s:include schemaLocation="c.xsd"/><s:element name="E" type="tns:C"/>');
    const inc = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:complexType name="C"><xs:sequence><xs:element name="v" type="xs:string"/></xs:sequence></xs:complexType></xs:schema>`;
    const m = buildModel(
      loadedFrom({ name: 'm.wsdl', text: main }, { name: 'c.xsd', text: inc, chameleonNamespace: 'urn:t' }),
    );
    expect(m.schema.complexTypes.map((c) => c.name)).toEqual([{ ns: 'urn:t', name: 'C' }]);
    expect(m.documents.map((d) => [d.file, d.kind])).toEqual([
      ['m.wsdl', 'wsdl'],
      ['c.xsd', 'xsd'],
    ]);
  });
});
