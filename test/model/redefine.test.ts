/**
 * xsd:redefine (XML Schema 1.0 Part 1 §4.2.2): the redefined document's components are included and the
 * redefinitions replace them, a reference to its own name inside a redefinition meaning the original;
 * invalid redefinitions are located errors.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModelCollecting, loadModel } from '../../src/model/index.js';
import type { ElementParticle, GroupParticle, Particle } from '../../src/model/types.js';
import { loadedFrom, NS_DECLS } from './helpers.js';

const FIXTURE = path.resolve(import.meta.dirname, '../emit/fixtures/redefine/redefine.wsdl');

/** The element names of a particle, depth first. */
function names(p: Particle | undefined): string[] {
  if (!p || p.kind === 'any') return [];
  if (p.kind === 'element') return [(p as ElementParticle).name.name];
  return (p as GroupParticle).particles.flatMap(names);
}

const BASE = `<s:schema xmlns:s="http://www.w3.org/2001/XMLSchema">
<s:complexType name="T"><s:sequence><s:element name="a" type="s:string"/></s:sequence></s:complexType>
<s:simpleType name="S"><s:restriction base="s:string"/></s:simpleType>
<s:group name="G"><s:sequence><s:element name="g" type="s:string"/></s:sequence></s:group>
</s:schema>`;

/** Diagnostics of a WSDL whose schema (targetNamespace urn:t) redefines base.xsd with `redefinitions`. */
function diagnosticsOf(redefinitions: string, base = BASE): string[] {
  const main = `<?xml version="1.0"?>
<wsdl:definitions ${NS_DECLS} targetNamespace="urn:t">
<wsdl:types><s:schema targetNamespace="urn:t">
<s:redefine schemaLocation="base.xsd">${redefinitions}</s:redefine>
</s:schema></wsdl:types>
</wsdl:definitions>`;
  const outcome = buildModelCollecting(
    loadedFrom({ name: 'main.wsdl', text: main }, { name: 'base.xsd', text: base, chameleonNamespace: 'urn:t' }),
  );
  return outcome.diagnostics.map(
    (d) => `${d.severity} ${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.message}`,
  );
}

describe('xsd:redefine', () => {
  it('replaces each kind of component with its redefinition, the self-reference meaning the original', async () => {
    const model = await loadModel(FIXTURE);
    const s = model.schema;
    const person = s.complexTypes.find((t) => t.name.name === 'Person');
    // Extension of itself: the original content, then the redefinition's; attributes likewise.
    expect(person?.name.ns).toBe('urn:rd');
    expect(names(person?.particle)).toEqual(['firstName', 'lastName', 'country']);
    expect(person?.attributes.map((a) => a.name.name)).toEqual(['id', 'vip']);
    expect(person?.base).toBeUndefined();
    // Restriction of itself: its own content, the original's attributes kept.
    const address = s.complexTypes.find((t) => t.name.name === 'Address');
    expect(names(address?.particle)).toEqual(['street']);
    expect(address?.attributes.map((a) => a.name.name)).toEqual(['kind']);
    // One component per name: the original is not a second type.
    expect(s.complexTypes.filter((t) => t.name.name === 'Person')).toHaveLength(1);
    const rel = s.simpleTypes.find((t) => t.name.name === 'RelType');
    expect(rel).toMatchObject({
      variety: 'restriction',
      facets: { enumeration: ['service', 'option'] },
      baseType: {
        variety: 'restriction',
        base: { name: 'string' },
        facets: { enumeration: ['service', 'option', 'self'] },
      },
    });
    // The original document's own references (Card in base.xsd) see the redefinitions.
    const card = s.complexTypes.find((t) => t.name.name === 'Card');
    expect(names(card?.particle)).toEqual(['holder', 'rel', 'address', 'email', 'phone']);
    expect(card?.attributes.map((a) => a.name.name)).toEqual(['created', 'modified']);
  });

  it('reports a redefinition of a component the redefined document does not declare', () => {
    const lines = diagnosticsOf(
      '<s:complexType name="Nope"><s:complexContent><s:extension base="tns:Nope"/></s:complexContent></s:complexType>',
    );
    expect(lines).toEqual([
      'error main.wsdl:4:39 xsd:redefine of xsd:complexType {urn:t}Nope: base.xsd declares no xsd:complexType named "Nope", so there is nothing to redefine',
    ]);
  });

  it('reports a type redefinition that does not derive from itself', () => {
    const lines = diagnosticsOf(
      '<s:complexType name="T"><s:sequence><s:element name="b" type="s:string"/></s:sequence></s:complexType>' +
        '<s:simpleType name="S"><s:restriction base="s:int"/></s:simpleType>',
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^error main\.wsdl:4:39 xsd:redefine of xsd:complexType \{urn:t\}T: the redefinition must be an extension or restriction whose base names/,
    );
    expect(lines[1]).toMatch(
      /^error main\.wsdl:4:\d+ xsd:redefine of xsd:simpleType \{urn:t\}S: the redefinition must be a restriction whose base names/,
    );
  });

  it('reports a group redefinition that refers to itself more than once, and children that cannot be redefined', () => {
    const lines = diagnosticsOf(
      '<s:group name="G"><s:sequence><s:group ref="tns:G"/><s:group ref="tns:G"/></s:sequence></s:group><s:element name="E"/>',
    );
    expect(lines).toEqual([
      expect.stringMatching(/^error main\.wsdl:4:\d+ xsd:element cannot appear in xsd:redefine/),
      expect.stringMatching(
        /^error main\.wsdl:4:\d+ xsd:redefine of xsd:group \{urn:t\}G: it refers to itself 2 times/,
      ),
    ]);
  });

  it('reports a second redefinition of one component', () => {
    const lines = diagnosticsOf(
      '<s:simpleType name="S"><s:restriction base="tns:S"/></s:simpleType><s:simpleType name="S"><s:restriction base="tns:S"/></s:simpleType>',
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^error main\.wsdl:4:\d+ xsd:redefine of xsd:simpleType \{urn:t\}S: it is already redefined at main\.wsdl:4:\d+$/,
      ),
    ]);
  });

  it('reports a redefined document of another target namespace', () => {
    const lines = diagnosticsOf(
      '<s:simpleType name="S"><s:restriction base="tns:S"/></s:simpleType>',
      BASE.replace('<s:schema ', '<s:schema targetNamespace="urn:other" '),
    );
    expect(lines[0]).toMatch(
      /^error main\.wsdl:4:1 xsd:redefine loads base\.xsd, whose targetNamespace "urn:other" is not/,
    );
  });
});
