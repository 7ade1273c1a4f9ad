/**
 * Genuine contract faults keep their errors, and the errors say why the
 * reference does not resolve. (Fixtures reduced from the shared corpus
 * failures listed in test/corpus/genuine-failures.md.)
 */
import { describe, expect, it } from 'vitest';
import { buildModelCollecting } from '../../src/model/index.js';
import { editDistance, referenceHint } from '../../src/model/reference-hints.js';
import type { Diagnostic } from '../../src/model/types.js';
import { loadedFrom, wsdl, NS_DECLS, type InlineDoc } from './helpers.js';

function diagnostics(...docs: InlineDoc[]): { errors: Diagnostic[]; warnings: Diagnostic[] } {
  const outcome = buildModelCollecting(loadedFrom(...docs));
  expect(outcome.model).toBeUndefined();
  return {
    errors: outcome.diagnostics.filter((d) => d.severity === 'error'),
    warnings: outcome.diagnostics.filter((d) => d.severity === 'warning'),
  };
}

const messages = (errors: readonly Diagnostic[]): string[] => errors.map((d) => d.message);

describe('hints on undefined references', () => {
  it('suggests a near-miss spelling (node-soap builtin_types.wsdl)', () => {
    const text = wsdl(
      '<s:element name="normalizedstringElement" type="s:normalizedString"/>',
      '<wsdl:message name="M"><wsdl:part name="p" element="tns:normalizedStringElement"/></wsdl:message>',
    );
    expect(messages(diagnostics({ name: 'b.wsdl', text }).errors)).toEqual([
      'undefined element {urn:t}normalizedStringElement in part "p" of message M (did you mean {urn:t}normalizedstringElement?)',
    ]);
  });

  it('names the namespace where a binding of that name exists (node-soap tnsImportConflict)', () => {
    const main = `<wsdl:definitions ${NS_DECLS} targetNamespace="urn:t"><wsdl:import namespace="urn:foo" location="foo.wsdl"/>
<wsdl:service name="S"><wsdl:port name="p" binding="tns:B"><soap:address location="x"/></wsdl:port></wsdl:service></wsdl:definitions>`;
    const foo = `<wsdl:definitions ${NS_DECLS} xmlns:f="urn:foo" targetNamespace="urn:foo">
<wsdl:portType name="P"/><wsdl:binding name="B" type="f:P"><soap:binding/></wsdl:binding></wsdl:definitions>`;
    const { errors } = diagnostics({ name: 'root.wsdl', text: main }, { name: 'foo.wsdl', text: foo });
    expect(errors).toEqual([
      {
        severity: 'error',
        message: 'undefined binding {urn:t}B (a binding named "B" exists in namespace "urn:foo")',
        location: { file: 'root.wsdl', line: 2, column: 24 },
      },
    ]);
  });

  it('points at a misspelt schema element such as <xs:simpletype> (node-soap-samples ref_element_should_have_correct_namespace)', () => {
    const text = wsdl(`<s:simpletype name="Short"><s:restriction base="s:string"/></s:simpletype>
<s:element name="E" type="Short"/>`);
    const { errors, warnings } = diagnostics({ name: 'c.wsdl', text });
    expect(messages(warnings)).toEqual([
      '<s:simpletype> is not an XML Schema element (did you mean s:simpleType? element names are case-sensitive); it is ignored',
    ]);
    expect(messages(errors)).toEqual([
      'undefined type Short (c.wsdl:4:1 declares it with <s:simpletype>, which is not an XML Schema element; did you mean s:simpleType?)',
    ]);
  });

  it('warns about an xsd:import whose schema has another targetNamespace, and quotes it in the error (NetSuite samples)', () => {
    const main = `<wsdl:definitions ${NS_DECLS} xmlns:f="urn:faults_2013" targetNamespace="urn:t">
<wsdl:types><s:schema targetNamespace="urn:t"><s:import namespace="urn:faults_2013" schemaLocation="faults.xsd"/>
<s:element name="E" type="f:Code"/></s:schema></wsdl:types></wsdl:definitions>`;
    const faults = `<s:schema xmlns:s="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:faults_2011"><s:simpleType name="Code"><s:restriction base="s:string"/></s:simpleType></s:schema>`;
    const { errors, warnings } = diagnostics({ name: 'main.wsdl', text: main }, { name: 'faults.xsd', text: faults });
    expect(warnings).toEqual([
      {
        severity: 'warning',
        message:
          'xsd:import namespace="urn:faults_2013" loads faults.xsd, which has targetNamespace "urn:faults_2011"; its components are in that namespace',
        location: { file: 'main.wsdl', line: 2, column: 47 },
      },
    ]);
    expect(messages(errors)).toEqual([
      'undefined type {urn:faults_2013}Code (a type named "Code" exists in namespace "urn:faults_2011"; the xsd:import at main.wsdl:2:47 loaded faults.xsd, which has targetNamespace "urn:faults_2011")',
    ]);
  });

  it('says when nothing at all is declared in the namespace', () => {
    const text = wsdl('<s:element name="E" xmlns:o="urn:other" type="o:T"/>');
    expect(messages(diagnostics({ name: 'n.wsdl', text }).errors)).toEqual([
      'undefined type {urn:other}T (nothing is declared in namespace "urn:other": is an import or include missing?)',
    ]);
  });

  it('reports an xsd:include without schemaLocation at the include (node-soap CyberSourceTransaction_1.26_3)', () => {
    const text = wsdl('<s:include location="types.xsd"/>');
    expect(diagnostics({ name: 'i.wsdl', text }).errors).toEqual([
      {
        severity: 'error',
        message:
          'xsd:include has no schemaLocation attribute (it has a "location" attribute; the attribute is schemaLocation), so nothing is included',
        location: { file: 'i.wsdl', line: 4, column: 1 },
      },
    ]);
  });

  it('lists the parts a message has when soap:body names another (node-soap ref_element_same_as_type)', () => {
    const text = wsdl(
      '',
      `<wsdl:message name="In"/><wsdl:portType name="P"><wsdl:operation name="Op"><wsdl:input message="tns:In"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="B" type="tns:P"><soap:binding/><wsdl:operation name="Op"><wsdl:input><soap:body parts="parameters" use="literal"/></wsdl:input></wsdl:operation></wsdl:binding>`,
    );
    expect(messages(diagnostics({ name: 'p.wsdl', text }).errors)).toEqual([
      'soap:body names part "parameters" which message {urn:t}In does not have (it has no parts)',
    ]);
  });

  it('tells that a main document with an xsd:schema root is a schema, not a WSDL (RetrieveFareQuote childs/*.wsdl)', () => {
    const text = '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x"/>';
    expect(messages(diagnostics({ name: 'childxs0.wsdl', text }).errors)).toEqual([
      'not a WSDL 1.1 document: this is an XML Schema document (root xsd:schema); compile the WSDL that imports it',
    ]);
  });
});

describe('referenceHint', () => {
  it('prefers "declared as another kind", then near misses, then other namespaces', () => {
    const q = { ns: 'urn:a', name: 'Item' };
    expect(
      referenceHint({
        missing: q,
        sameKind: { label: 'type', names: [{ ns: 'urn:a', name: 'Items' }] },
        otherKinds: [{ label: 'element', names: [q] }],
      }),
    ).toBe(' ({urn:a}Item is declared as an element, not as a type)');
    expect(
      referenceHint({
        missing: q,
        sameKind: {
          label: 'type',
          names: [
            { ns: 'urn:a', name: 'Items' },
            { ns: 'urn:b', name: 'Item' },
          ],
        },
      }),
    ).toBe(' (did you mean {urn:a}Items?)');
    expect(referenceHint({ missing: q, sameKind: { label: 'type', names: [{ ns: 'urn:b', name: 'Item' }] } })).toBe(
      ' (a type named "Item" exists in namespace "urn:b")',
    );
    expect(
      referenceHint({
        missing: q,
        sameKind: { label: 'type', names: [{ ns: 'urn:a', name: 'Completely' }] },
        loadedNamespaces: new Set(['urn:a']),
      }),
    ).toBe('');
  });

  it('computes bounded edit distances', () => {
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abc', 'abc', 1)).toBe(0);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
