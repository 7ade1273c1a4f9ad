/**
 * Loading WSDL 2.0 from files: `include` and `import` of WSDL 2.0 documents and
 * `xs:import` with `schemaLocation` directly in `types` (WSDL 2.0 Part 1 §4.1,
 * §4.2, §3.1.1) are followed relative to the referring document, and a missing
 * one is a located error (a warning with --lenient).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { loadModel, validateContract } from '../../src/model/index.js';
import { expectWsdlcError, writeTree, type TempTree } from '../load/helpers.js';

const NS = `xmlns="http://www.w3.org/ns/wsdl" xmlns:tns="urn:t" xmlns:x="urn:x" xmlns:wsoap="http://www.w3.org/ns/wsdl/soap"`;

let tree: TempTree;
beforeAll(async () => {
  tree = await writeTree({
    'main.wsdl': `<?xml version="1.0"?>
<description ${NS} targetNamespace="urn:t">
  <include location="parts/abstract.wsdl"/>
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/soap" wsoap:version="1.1" wsoap:protocol="http://www.w3.org/2006/01/soap11/bindings/HTTP/">
    <operation ref="tns:Echo" wsoap:action="urn:echo"/>
  </binding>
  <service name="S" interface="tns:I"><endpoint name="E" binding="tns:B" address="http://example.com/echo"/></service>
</description>
`,
    'parts/abstract.wsdl': `<?xml version="1.0"?>
<description ${NS} targetNamespace="urn:t">
  <types>
    <xs:import xmlns:xs="http://www.w3.org/2001/XMLSchema" namespace="urn:x" schemaLocation="../xsd/x.xsd"/>
  </types>
  <interface name="I">
    <operation name="Echo" pattern="http://www.w3.org/ns/wsdl/in-out">
      <input element="x:Echo"/><output element="x:Echo"/>
    </operation>
  </interface>
</description>
`,
    'xsd/x.xsd': `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x" elementFormDefault="qualified">
  <xs:element name="Echo"><xs:complexType><xs:sequence><xs:element name="text" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
</xs:schema>
`,
    'missing.wsdl': `<?xml version="1.0"?>
<description ${NS} targetNamespace="urn:t">
  <import namespace="urn:o" location="nowhere.wsdl"/>
</description>
`,
  });
});
afterAll(() => tree.remove());

describe('loading WSDL 2.0', () => {
  it('follows include, and xs:import in types, relative to each document', async () => {
    const set = await loadDocuments('main.wsdl', { cwd: tree.dir });
    expect(set.documents.map((d) => [d.displayName, d.kind])).toEqual([
      ['main.wsdl', 'wsdl'],
      ['parts/abstract.wsdl', 'wsdl'],
      ['xsd/x.xsd', 'xsd'],
    ]);
    const model = await loadModel('main.wsdl', { cwd: tree.dir });
    expect(model.operations[0]).toMatchObject({ name: 'Echo', input: { fields: [{ name: 'text' }] } });
    expect(model.operations[0]!.bindings[0]).toMatchObject({ kind: 'soap11', soapAction: 'urn:echo' });
  });

  it('a missing import is a located error; --lenient skips it with a warning', async () => {
    const err = await expectWsdlcError(loadDocuments('missing.wsdl', { cwd: tree.dir }));
    expect(err.message).toMatch(/^missing\.wsdl:3:3: cannot load wsdl:import "nowhere\.wsdl"/);
    const diags = await validateContract('missing.wsdl', { cwd: tree.dir, lenient: true });
    expect(diags).toEqual([
      expect.objectContaining({ severity: 'warning', location: { file: 'missing.wsdl', line: 3, column: 3 } }),
    ]);
  });
});
