/**
 * Derivation cycles and absurd depths (src/model/type-depth-check.ts and the
 * converter's reference-chain guard): a located error each, never a stack
 * overflow; contracts at the limits still generate and compile.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { buildModel, buildModelCollecting } from '../../src/model/index.js';
import { MAX_DERIVATION_DEPTH, MAX_NESTING_DEPTH } from '../../src/model/type-depth-check.js';
import { compileTree, testOptions } from '../emit/helpers.js';
import { loadedFrom, wsdl } from './helpers.js';

/** One SOAP operation whose input and output are the element `tns:Req`. */
const OPERATION = `
<wsdl:message name="M"><wsdl:part name="p" element="tns:Req"/></wsdl:message>
<wsdl:portType name="P"><wsdl:operation name="Op"><wsdl:input message="tns:M"/><wsdl:output message="tns:M"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="B" type="tns:P"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
  <wsdl:operation name="Op"><soap:operation soapAction="urn:t/Op"/>
  <wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:service name="S"><wsdl:port name="p" binding="tns:B"><soap:address location="http://h/S"/></wsdl:port></wsdl:service>`;

function errorsOf(types: string): string[] {
  const outcome = buildModelCollecting(loadedFrom({ name: 'deep.wsdl', text: wsdl(types, OPERATION) }));
  return outcome.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.location?.file}:${d.location?.line}: ${d.message}`);
}

/** A chain of `n` complex types, each extending the one before (T0 has a plain sequence). */
function extensionChain(n: number): string {
  const out = [
    '<s:complexType name="T0"><s:sequence><s:element name="f0" type="s:string"/></s:sequence></s:complexType>',
  ];
  for (let i = 1; i < n; i++) {
    out.push(
      `<s:complexType name="T${i}"><s:complexContent><s:extension base="tns:T${i - 1}"><s:sequence><s:element name="f${i}" type="s:string"/></s:sequence></s:extension></s:complexContent></s:complexType>`,
    );
  }
  return `${out.join('\n')}\n<s:element name="Req" type="tns:T${n - 1}"/>`;
}

/** `n` elements, each with an anonymous type referring to the one before (two nesting levels each). */
function elementRefChain(n: number): string {
  const out = ['<s:element name="E0" type="s:string"/>'];
  for (let i = 1; i < n; i++)
    out.push(
      `<s:element name="E${i}"><s:complexType><s:sequence><s:element ref="tns:E${i - 1}"/></s:sequence></s:complexType></s:element>`,
    );
  return `${out.join('\n')}\n<s:element name="Req"><s:complexType><s:sequence><s:element ref="tns:E${n - 1}"/></s:sequence></s:complexType></s:element>`;
}

/** `n` groups, each referring to the one before, used by Req (declared first, so conversion follows the whole chain). */
function groupChain(n: number): string {
  const out = [
    `<s:element name="Req"><s:complexType><s:sequence><s:group ref="tns:G${n - 1}"/></s:sequence></s:complexType></s:element>`,
  ];
  out.push('<s:group name="G0"><s:sequence><s:element name="f0" type="s:string"/></s:sequence></s:group>');
  for (let i = 1; i < n; i++)
    out.push(`<s:group name="G${i}"><s:sequence><s:group ref="tns:G${i - 1}"/></s:sequence></s:group>`);
  return out.join('\n');
}

/** `n` attribute groups, each referring to the one before, used by Req (declared first). */
function attributeGroupChain(n: number): string {
  const out = [
    `<s:element name="Req"><s:complexType><s:attributeGroup ref="tns:A${n - 1}"/></s:complexType></s:element>`,
  ];
  out.push('<s:attributeGroup name="A0"><s:attribute name="a0" type="s:string"/></s:attributeGroup>');
  for (let i = 1; i < n; i++)
    out.push(`<s:attributeGroup name="A${i}"><s:attributeGroup ref="tns:A${i - 1}"/></s:attributeGroup>`);
  return out.join('\n');
}

describe('derivation cycles', () => {
  it('reports a complexContent cycle once, at its first member, with the loop', () => {
    const types = `
<s:complexType name="A"><s:complexContent><s:extension base="tns:C"><s:sequence/></s:extension></s:complexContent></s:complexType>
<s:complexType name="B"><s:complexContent><s:extension base="tns:A"><s:sequence/></s:extension></s:complexContent></s:complexType>
<s:complexType name="C"><s:complexContent><s:restriction base="tns:B"><s:sequence/></s:restriction></s:complexContent></s:complexType>
<s:element name="Req" type="tns:B"/>`;
    expect(errorsOf(types)).toEqual([
      'deep.wsdl:5: complexType {urn:t}A derives from itself: {urn:t}A -> {urn:t}C -> {urn:t}B -> {urn:t}A (circular definitions are not allowed, XML Schema Part 1 §3.4.6)',
    ]);
  });

  it('reports a type that extends itself', () => {
    const types = `<s:complexType name="A"><s:complexContent><s:extension base="tns:A"/></s:complexContent></s:complexType><s:element name="Req" type="tns:A"/>`;
    expect(errorsOf(types)).toEqual([
      expect.stringMatching(/^deep\.wsdl:4: complexType \{urn:t\}A derives from itself: \{urn:t\}A -> \{urn:t\}A /),
    ]);
  });

  it('reports a simpleContent cycle', () => {
    const types = `
<s:complexType name="A"><s:simpleContent><s:extension base="tns:B"><s:attribute name="a" type="s:string"/></s:extension></s:simpleContent></s:complexType>
<s:complexType name="B"><s:simpleContent><s:extension base="tns:A"/></s:simpleContent></s:complexType>
<s:element name="Req" type="tns:A"/>`;
    expect(errorsOf(types)).toEqual([
      expect.stringMatching(/complexType \{urn:t\}A derives from itself: \{urn:t\}A -> \{urn:t\}B -> \{urn:t\}A/),
    ]);
  });

  it('reports simple type cycles through restriction, list and union (XML Schema Part 2 §4.1.6)', () => {
    const types = `
<s:simpleType name="R1"><s:restriction base="tns:R2"/></s:simpleType>
<s:simpleType name="R2"><s:restriction base="tns:R1"/></s:simpleType>
<s:simpleType name="L"><s:list itemType="tns:L"/></s:simpleType>
<s:simpleType name="U"><s:union memberTypes="s:int"><s:simpleType><s:restriction base="tns:U"/></s:simpleType></s:union></s:simpleType>
<s:element name="Req" type="s:string"/>`;
    const errors = errorsOf(types);
    expect(errors).toEqual([
      expect.stringMatching(
        /^deep\.wsdl:5: simpleType \{urn:t\}R1 derives from itself: \{urn:t\}R1 -> \{urn:t\}R2 -> \{urn:t\}R1 \(.*Part 2 §4\.1\.6\)$/,
      ),
      expect.stringMatching(/^deep\.wsdl:7: simpleType \{urn:t\}L derives from itself: \{urn:t\}L -> \{urn:t\}L /),
      expect.stringMatching(/^deep\.wsdl:8: simpleType \{urn:t\}U derives from itself: \{urn:t\}U -> \{urn:t\}U /),
    ]);
  });

  it('accepts recursion through content (a type containing itself is not a derivation cycle)', () => {
    const types = `<s:complexType name="Node"><s:sequence><s:element name="child" type="tns:Node" minOccurs="0"/></s:sequence></s:complexType><s:element name="Req" type="tns:Node"/>`;
    expect(errorsOf(types)).toEqual([]);
  });
});

describe('depth limits', () => {
  it(`accepts ${MAX_DERIVATION_DEPTH} levels of base types and reports one more once`, () => {
    expect(errorsOf(extensionChain(MAX_DERIVATION_DEPTH))).toEqual([]);
    expect(errorsOf(extensionChain(MAX_DERIVATION_DEPTH + 1))).toEqual([
      `deep.wsdl:${4 + MAX_DERIVATION_DEPTH}: complexType {urn:t}T${MAX_DERIVATION_DEPTH} derives through more than ${MAX_DERIVATION_DEPTH} levels of base types (wsdlc supports at most ${MAX_DERIVATION_DEPTH})`,
    ]);
  });

  it('reports a very long derivation chain with one error (no stack overflow)', () => {
    expect(errorsOf(extensionChain(3000))).toHaveLength(1);
  });

  it(`accepts element references nesting ${MAX_NESTING_DEPTH} levels and reports deeper ones once`, () => {
    const fits = MAX_NESTING_DEPTH / 2 - 1; // E1..E(n-1) and Req: two levels each
    expect(errorsOf(elementRefChain(fits))).toEqual([]);
    const errors = errorsOf(elementRefChain(2000));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^deep\\.wsdl:\\d+: element \\{urn:t\\}E\\d+ nests anonymous types and groups more than ${MAX_NESTING_DEPTH} levels deep, .*; \\d+ more declaration\\(s\\) nest as deep$`,
        ),
      ),
    ]);
  });

  it('cuts a group reference chain too deep to convert, with one error', () => {
    expect(errorsOf(groupChain(MAX_NESTING_DEPTH - 10))).toEqual([]);
    expect(errorsOf(groupChain(20000))).toEqual([
      expect.stringMatching(
        /^deep\.wsdl:\d+: xsd:group \{urn:t\}G\d+ is reached through more than 256 nested element, group or attribute group references/,
      ),
    ]);
  });

  it('cuts an attribute group reference chain too deep to convert, with one error', () => {
    expect(errorsOf(attributeGroupChain(MAX_NESTING_DEPTH - 10))).toEqual([]);
    expect(errorsOf(attributeGroupChain(20000))).toEqual([
      expect.stringMatching(/xsd:attributeGroup \{urn:t\}A\d+ is reached through more than 256 nested/),
    ]);
  });

  it('generates strict-clean code for contracts at the limits', async () => {
    for (const [name, types] of [
      ['derivation', extensionChain(MAX_DERIVATION_DEPTH)],
      ['nesting', elementRefChain(MAX_NESTING_DEPTH / 2 - 1)],
    ] as const) {
      const model = buildModel(loadedFrom({ name: 'deep.wsdl', text: wsdl(types, OPERATION) }));
      const files = await emitFiles(model, testOptions('deep.wsdl'));
      const dir = path.join(tmpdir(), `wsdlc-depth-${name}-${process.pid}`);
      try {
        expect(compileTree(dir, files)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 60_000);
});
