/**
 * SOAP-encoded array types (SOAP 1.1 §5.4.2, WSDL 1.1 §2.2 example 5): the item type and array
 * nesting of `wsdl:arrayType`, the item element a restriction declares, and located errors for
 * values that are not SOAP array types.
 */
import { describe, expect, it } from 'vitest';
import { buildModelCollecting } from '../../src/model/index.js';
import type { ComplexType } from '../../src/model/types.js';
import { XSD_NS } from '../../src/model/types.js';
import { loadedFrom, wsdl } from './helpers.js';

function array(arrayType: string, sequence = ''): { type: ComplexType | undefined; diagnostics: string[] } {
  const text = wsdl(`
<s:complexType name="A"><s:complexContent><s:restriction base="soapenc:Array">${sequence}
  <s:attribute ref="soapenc:arrayType" wsdl:arrayType="${arrayType}"/>
</s:restriction></s:complexContent></s:complexType>`);
  const outcome = buildModelCollecting(loadedFrom({ name: 'a.wsdl', text }));
  return {
    type: outcome.model?.schema.complexTypes.find((t) => t.name.name === 'A'),
    diagnostics: outcome.diagnostics.map((d) => `${d.location?.file}:${d.location?.line} ${d.message}`),
  };
}

describe('SOAP-encoded array types', () => {
  it('reads the item type and the nesting of arrays of arrays', () => {
    expect(array('s:string[]').type).toMatchObject({ soapArrayItem: { ns: XSD_NS, name: 'string' } });
    expect(array('s:string[]').type?.soapArrayNesting).toBeUndefined();
    expect(array('s:string[][]').type).toMatchObject({ soapArrayItem: { name: 'string' }, soapArrayNesting: 1 });
    expect(array('tns:A[][][5]').type).toMatchObject({
      soapArrayItem: { ns: 'urn:t', name: 'A' },
      soapArrayNesting: 2,
    });
    // A multi-dimensional array is its items in order (row-major, SOAP 1.1 §5.4.2.1).
    expect(array('s:int[,]').type).toMatchObject({ soapArrayItem: { name: 'int' } });
    expect(array('s:int[,]').type?.soapArrayNesting).toBeUndefined();
  });

  it('keeps the item element a restriction declares', () => {
    const { type } = array(
      's:int[]',
      '<s:sequence><s:element name="n" type="s:int" maxOccurs="unbounded"/></s:sequence>',
    );
    expect(type?.soapArrayItemElement).toEqual({ ns: 'urn:t', name: 'n' });
  });

  it('reports a wsdl:arrayType that is not a SOAP array type, with its location', () => {
    for (const bad of ['s:string[', 's:string]', 's:string[x]']) {
      const { diagnostics } = array(bad);
      expect(diagnostics, bad).toEqual([
        `a.wsdl:6 wsdl:arrayType="${bad}" is not a SOAP array type (a type name, then [] or [n], as in xsd:string[] or xsd:string[][]; SOAP 1.1 §5.4.2)`,
      ]);
    }
  });
});
