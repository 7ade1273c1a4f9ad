/**
 * Lenient mode, issue 16: a contract that uses `s:`, `soap:` and `xsd:` without declaring
 * them and includes its types with `location=` instead of `schemaLocation=` is refused
 * strictly (same located errors as before) and generated leniently, every recovery a located
 * warning that the manifest records and `wsdlc check --lenient` repeats. Hand-written contract.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel, validateContract } from '../../src/model/index.js';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';
import { testOptions } from '../emit/helpers.js';

const XSD = 'http://www.w3.org/2001/XMLSchema';

/** The till contract; `declare` adds the declarations it forgot (then only the include is wrong). */
function till(declare = ''): string {
  return `<?xml version="1.0"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:tns="urn:till"${declare} targetNamespace="urn:till">
  <wsdl:types>
    <s:schema targetNamespace="urn:till" elementFormDefault="qualified">
      <s:include location="till-types.xsd"/>
      <s:element name="Total">
        <s:complexType><s:sequence><s:element name="amount" type="s:int"/></s:sequence></s:complexType>
      </s:element>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="ScanIn"><wsdl:part name="p" element="tns:Scan"/></wsdl:message>
  <wsdl:message name="TotalOut"><wsdl:part name="p" element="tns:Total"/></wsdl:message>
  <wsdl:portType name="Till">
    <wsdl:operation name="Scan"><wsdl:input message="tns:ScanIn"/><wsdl:output message="tns:TotalOut"/></wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="TillSoap" type="tns:Till">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
    <wsdl:operation name="Scan">
      <soap:operation soapAction="urn:till#Scan"/>
      <wsdl:input><soap:body use="literal"/></wsdl:input>
      <wsdl:output><soap:body use="literal"/></wsdl:output>
    </wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="TillService">
    <wsdl:port name="TillPort" binding="tns:TillSoap"><soap:address location="http://127.0.0.1/till"/></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;
}

// Declares xs, but writes xsd:string in a QName value.
const TYPES = `<xs:schema xmlns:xs="${XSD}" targetNamespace="urn:till" elementFormDefault="qualified">
  <xs:element name="Scan">
    <xs:complexType><xs:sequence><xs:element name="barcode" type="xsd:string"/></xs:sequence></xs:complexType>
  </xs:element>
</xs:schema>
`;

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

/** A folder holding wsdl/till.wsdl and wsdl/till-types.xsd. */
function project(main = till()): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(path.join(dir, 'wsdl'));
  writeFileSync(path.join(dir, 'wsdl/till.wsdl'), main);
  writeFileSync(path.join(dir, 'wsdl/till-types.xsd'), TYPES);
  return dir;
}

const EXPECTED_WARNINGS = [
  `wsdl/till.wsdl:4:6: unbound prefix s: read as ${XSD} (lenient: its conventional namespace, throughout the document)`,
  'wsdl/till.wsdl:17:6: unbound prefix soap: read as http://schemas.xmlsoap.org/wsdl/soap/ (lenient: its conventional namespace, throughout the document)',
  'wsdl/till.wsdl:5:7: xsd:include has no schemaLocation attribute, but a "location" attribute (lenient: "till-types.xsd" is followed as its schemaLocation)',
  `wsdl/till-types.xsd:3:34: unbound namespace prefix "xsd" in type="xsd:string" (lenient: read as ${XSD})`,
];

describe('lenient mode: unbound conventional prefixes and include location=', () => {
  it('strict mode refuses the contract at the first unbound prefix, as before', async () => {
    const dir = project();
    const diagnostics = await validateContract('wsdl/till.wsdl', { cwd: dir });
    expect(
      diagnostics.map((d) => `${d.location?.file}:${d.location?.line}:${d.location?.column}: ${d.message}`),
    ).toEqual(['wsdl/till.wsdl:4:6: not well-formed XML: unbound namespace prefix "s" in element name <s:schema>']);
  });

  it('strict mode still refuses include location= and an unbound prefix in a QName value, at the same places', async () => {
    const dir = project(till(` xmlns:s="${XSD}" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"`));
    const diagnostics = await validateContract('wsdl/till.wsdl', { cwd: dir });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors[0]).toEqual({
      severity: 'error',
      message:
        'xsd:include has no schemaLocation attribute (it has a "location" attribute; the attribute is schemaLocation), so nothing is included',
      location: { file: 'wsdl/till.wsdl', line: 5, column: 7 },
    });
    // Nothing was included, so the element the part names is undefined.
    expect(errors.slice(1).map((e) => e.message)).toEqual([
      expect.stringMatching(/^undefined element \{urn:till\}Scan in part "p" of message ScanIn/),
    ]);
  });

  it('lenient mode reads the contract, each recovery a located warning, and types it as intended', async () => {
    const dir = project();
    const model = await loadModel('wsdl/till.wsdl', { cwd: dir, lenient: true });
    expect(model.operations.map((o) => o.name)).toEqual(['Scan']);
    const warnings = model.warnings.map(
      (d) => `${d.location?.file}:${d.location?.line}:${d.location?.column}: ${d.message}`,
    );
    expect(warnings).toEqual(EXPECTED_WARNINGS);
    // The lenient record is the same list, located relative to the main document's folder.
    expect(
      model.lenient?.replaced.map((d) => `${d.location?.file}:${d.location?.line}:${d.location?.column}: ${d.message}`),
    ).toEqual(EXPECTED_WARNINGS.map((w) => w.replace(/^wsdl\//, '')));
    const files = await emitFiles(model, testOptions('till.wsdl'), {});
    const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
    // xsd:string and s:int were read as XML Schema types, not replaced by xsd:anyType.
    expect(types).toMatch(/barcode: string;/);
    expect(types).toMatch(/export type ScanOutput = number;/);
    expect(types).not.toMatch(/XmlElement/);
  });

  it('CLI: the manifest records the recoveries, check --lenient prints the same warnings, strict check refuses', async () => {
    const dir = project();
    const strict = await runCli(['generate', 'wsdl/till.wsdl', '-o', 'out'], dir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/wsdl\/till\.wsdl:4:6: error: not well-formed XML: unbound namespace prefix "s"/);

    const gen = await runCli(['generate', 'wsdl/till.wsdl', '-o', 'out', '--lenient'], dir);
    expect(gen.code).toBe(0);
    const warnings = gen.stderr.split('\n').filter((l) => l.includes(': warning: '));
    expect(warnings).toEqual(EXPECTED_WARNINGS.map((w) => w.replace(/^(\S+:\d+:\d+): /, '$1: warning: ')));
    const manifest = JSON.parse(readFileSync(path.join(dir, 'out/.wsdlc-manifest.json'), 'utf8')) as {
      lenient?: { replaced: string[] };
    };
    expect(manifest.lenient?.replaced).toEqual(EXPECTED_WARNINGS.map((w) => w.replace(/^wsdl\//, '')));

    const check = await runCli(['check', 'wsdl/till.wsdl', '-o', 'out', '--lenient'], dir);
    expect(check.code).toBe(0);
    expect(check.stderr.split('\n').filter((l) => l.includes(': warning: '))).toEqual(warnings);
    const strictCheck = await runCli(['check', 'wsdl/till.wsdl', '-o', 'out'], dir);
    expect(strictCheck.code).toBe(1);
    expect(strictCheck.stderr).toMatch(
      /wsdl\/till\.wsdl:4:6: error: not well-formed XML: unbound namespace prefix "s"/,
    );
  });
});
