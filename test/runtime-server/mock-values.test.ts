/**
 * The mock's simple values honour string facets (length, minLength, maxLength,
 * pattern), union member types and the lexical forms of built-in types read as
 * strings, when the descriptors carry them (`sampleFacets`, as `wsdlc mock` builds
 * them); generated descriptors never carry them. The corpus-wide proof under libxml2
 * is test/corpus-generate/mock-xsd.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import { defaultLoad } from '../../src/generate/pipeline.js';
import { patternSample } from '../../src/runtime/server/mock-pattern.js';
import { mockLeaf } from '../../src/runtime/server/mock-values.js';
import type { ComplexDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import type { SimpleSampleDesc } from '../../src/runtime/wire/sample-values.js';
import { seededRandom } from '../../src/runtime/wire/seeded-random.js';

const WSDL = `<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:f" targetNamespace="urn:f">
  <types><s:schema targetNamespace="urn:f" elementFormDefault="qualified">
    <s:simpleType name="Code"><s:restriction base="s:string"><s:pattern value="[A-Z]{3}-\\d{2,4}"/></s:restriction></s:simpleType>
    <s:simpleType name="ShortCode"><s:restriction base="tns:Code"><s:maxLength value="6"/></s:restriction></s:simpleType>
    <s:simpleType name="Max3"><s:restriction base="s:string"><s:maxLength value="3"/></s:restriction></s:simpleType>
    <s:simpleType name="Min12"><s:restriction base="s:string"><s:minLength value="12"/></s:restriction></s:simpleType>
    <s:simpleType name="Len5"><s:restriction base="s:token"><s:length value="5"/></s:restriction></s:simpleType>
    <s:simpleType name="Unbounded"><s:restriction base="s:string"><s:enumeration value="unbounded"/></s:restriction></s:simpleType>
    <s:simpleType name="Occurs"><s:union memberTypes="s:nonNegativeInteger tns:Unbounded"/></s:simpleType>
    <s:simpleType name="When"><s:union memberTypes="s:date tns:Code"/></s:simpleType>
    <s:element name="Get"><s:complexType><s:sequence><s:element name="x" type="s:string"/></s:sequence></s:complexType></s:element>
    <s:element name="GetResponse"><s:complexType><s:sequence>
      <s:element name="code" type="tns:Code"/><s:element name="shortCode" type="tns:ShortCode"/>
      <s:element name="max3" type="tns:Max3"/><s:element name="min12" type="tns:Min12"/>
      <s:element name="len5" type="tns:Len5"/><s:element name="occurs" type="tns:Occurs"/>
      <s:element name="when" type="tns:When"/><s:element name="day" type="s:date"/>
      <s:element name="plain" type="s:string"/>
    </s:sequence></s:complexType></s:element>
  </s:schema></types>
  <message name="In"><part name="p" element="tns:Get"/></message>
  <message name="Out"><part name="p" element="tns:GetResponse"/></message>
  <portType name="PT"><operation name="Get"><input message="tns:In"/><output message="tns:Out"/></operation></portType>
  <binding name="B" type="tns:PT"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Get"><soap:operation soapAction="urn:get"/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
  </binding>
  <service name="S"><port name="P" binding="tns:B"><soap:address location="http://localhost/s"/></port></service>
</definitions>
`;

const dir = mkdtempSync(path.join(tmpdir(), 'wsdlc-mock-values-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The response type's fields by name, from descriptors built with or without sample facets. */
async function fields(sampleFacets: boolean): Promise<Map<string, SimpleSampleDesc>> {
  const file = path.join(dir, 'f.wsdl');
  writeFileSync(file, WSDL);
  const { model } = await defaultLoad(file, { cwd: dir });
  const [service] = serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING, sampleFacets }) as [ServiceDesc];
  const out = new Map<string, SimpleSampleDesc>();
  const type = Object.values(service.types).find((t: ComplexDesc) => t.fields.some((f) => f.name === 'code'));
  for (const f of type?.fields ?? []) if ('scalar' in f.value) out.set(f.name, f.value);
  return out;
}

describe('mock values within facets, unions and built-in lexical forms', () => {
  let faceted = new Map<string, SimpleSampleDesc>();
  beforeAll(async () => {
    faceted = await fields(true);
  });

  const CHECKS: Record<string, (v: unknown) => boolean> = {
    code: (v) => typeof v === 'string' && /^[A-Z]{3}-\d{2,4}$/.test(v),
    shortCode: (v) => typeof v === 'string' && /^[A-Z]{3}-\d{2,4}$/.test(v) && v.length <= 6,
    max3: (v) => typeof v === 'string' && v.length <= 3 && v.length > 0,
    min12: (v) => typeof v === 'string' && v.length >= 12,
    len5: (v) => typeof v === 'string' && v.length === 5,
    occurs: (v) => typeof v === 'string' && /^(\d+|unbounded)$/.test(v),
    when: (v) => typeof v === 'string' && (/^\d{4}-\d{2}-\d{2}$/.test(v) || /^[A-Z]{3}-\d{2,4}$/.test(v)),
    day: (v) => typeof v === 'string' && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)$/.test(v),
  };

  for (const [name, ok] of Object.entries(CHECKS)) {
    it(`${name}: 200 seeds, every value fits`, () => {
      const desc = faceted.get(name);
      expect(desc, name).toBeDefined();
      for (let seed = 0; seed < 200; seed++) {
        const v = mockLeaf(desc!, seededRandom(seed));
        expect(ok(v), `${name} seed ${seed}: ${JSON.stringify(v)}`).toBe(true);
      }
    });
  }

  it('a union of a number and an enumeration gives both kinds over seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 50; seed++)
      seen.add(/^\d+$/.test(String(mockLeaf(faceted.get('occurs')!, seededRandom(seed)))) ? 'n' : 'e');
    expect(seen).toEqual(new Set(['n', 'e']));
  });

  it('generated descriptors carry no facets (schema.ts is unchanged by them)', async () => {
    for (const [name, desc] of await fields(false)) expect(desc.facets, name).toBeUndefined();
    expect(faceted.get('plain')?.facets).toBeUndefined();
  });

  it('patterns: the constructs contracts use, and undefined for what is not covered', () => {
    const r = seededRandom(3);
    const cases: [string, RegExp][] = [
      ['\\d{5}(-\\d{4})?', /^\d{5}(-\d{4})?$/],
      ['[0-9a-fA-F]{8}-[0-9a-fA-F]{4}', /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}$/],
      ['[a-z-[aeiou]]{4}', /^[b-df-hj-np-tv-z]{4}$/],
      ['[^\\s]+', /^\S+$/],
      ['\\p{Lu}\\p{Ll}*', /^\p{Lu}\p{Ll}*$/u],
      ['(abc|de)+x?', /^(abc|de)+x?$/],
      ['[+-]?\\d+(\\.\\d+)?', /^[+-]?\d+(\.\d+)?$/],
      ['$\\d^', /^\$\d\^$/], // ^ and $ are plain characters in XML Schema
    ];
    for (const [p, re] of cases) for (let i = 0; i < 20; i++) expect(patternSample(p, r), p).toMatch(re);
    expect(patternSample('\\p{IsNoSuchBlock}', r)).toBeUndefined();
    expect(patternSample('a{3,1}', r)).toBeUndefined();
  });
});
