import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { WsdlcError } from '../../src/util/errors.js';
import { expectWsdlcError, wsdl, writeTree, type TempTree } from './helpers.js';

let tree: TempTree;

beforeAll(async () => {
  tree = await writeTree({
    'doctype.wsdl':
      '<?xml version="1.0"?>\n<!DOCTYPE foo [ <!ENTITY x "y"> ]>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"/>\n',
    'broken.wsdl':
      '<?xml version="1.0"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n  <wsdl:types>\n  </wsdl:typo>\n</wsdl:definitions>\n',
    'wsdl20.wsdl':
      '<?xml version="1.0"?>\n\n  <definitions xmlns="http://www.w3.org/ns/wsdl" targetNamespace="urn:x"/>\n',
    'html.wsdl': '<html><body>Service unavailable</body></html>',
    'missing-import.wsdl': wsdl(
      '\n  <wsdl:types>\n    <xs:schema targetNamespace="urn:t">\n      <xs:import namespace="urn:gone" schemaLocation="schemas/gone.xsd"/>\n    </xs:schema>\n  </wsdl:types>\n',
    ),
    'bad-child.wsdl': wsdl('\n<wsdl:import namespace="urn:c" location="child.xsd"/>'),
    'child.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:element name="a">\n</xs:schema>\n',
    'bad-uri.wsdl': wsdl('<wsdl:import namespace="urn:c" location="http://[::1"/>'),
    'dir-import.wsdl': wsdl('<wsdl:import namespace="urn:c" location="adir"/>'),
    'adir/x.txt': 'x',
  });
});
afterAll(async () => {
  await tree.remove();
});

const load = (file: string) => loadDocuments(file, { cwd: tree.dir });

describe('loadDocuments: located errors', () => {
  it('refuses a DOCTYPE with its location', async () => {
    const err = await expectWsdlcError(load('doctype.wsdl'));
    expect(err.diagnostics[0]?.location).toMatchObject({ file: 'doctype.wsdl', line: 2 });
    expect(err.message).toMatch(/^doctype\.wsdl:2:\d+: DOCTYPE declarations are not allowed/);
  });

  it('reports XML that is not well-formed at the exact line and column', async () => {
    const err = await expectWsdlcError(load('broken.wsdl'));
    // Line 4 is "  </wsdl:typo>"; saxes detects the mismatch at the closing ">" (column 14).
    const loc = err.diagnostics[0]?.location;
    expect(loc?.file).toBe('broken.wsdl');
    expect(loc?.line).toBe(4);
    expect(loc?.column).toBe(14);
    expect(err.message).toMatch(/not well-formed XML: unexpected close tag/);
    expect(err.exitCode).toBe(1);
  });

  it('refuses a WSDL 2.0 namespace root other than description at the root element', async () => {
    const err = await expectWsdlcError(load('wsdl20.wsdl'));
    expect(err.message).toMatch(
      /^wsdl20\.wsdl:3:3: root element is <definitions> in namespace http:\/\/www\.w3\.org\/ns\/wsdl; expected wsdl:definitions .*a WSDL 2\.0 description/,
    );
  });

  it('refuses a root that is neither wsdl:definitions nor xsd:schema', async () => {
    const err = await expectWsdlcError(load('html.wsdl'));
    expect(err.message).toMatch(/^html\.wsdl:1:1: root element is <html> in no namespace; expected wsdl:definitions/);
  });

  it('names a missing main file, without a stack-trace error type', async () => {
    const err = await expectWsdlcError(load('nope/absent.wsdl'));
    expect(err).toBeInstanceOf(WsdlcError);
    expect(err.message).toBe('cannot read nope/absent.wsdl: file not found');
  });

  it('locates an unresolvable import at the importing element and names the target', async () => {
    const err = await expectWsdlcError(load('missing-import.wsdl'));
    expect(err.diagnostics[0]?.location).toEqual({ file: 'missing-import.wsdl', line: 5, column: 7 });
    expect(err.message).toContain('xsd:import "schemas/gone.xsd" (schemas/gone.xsd): file not found');
  });

  it('reports errors inside an imported document in that document', async () => {
    const err = await expectWsdlcError(load('bad-child.wsdl'));
    expect(err.diagnostics[0]?.location?.file).toBe('child.xsd');
    expect(err.diagnostics[0]?.location?.line).toBe(3);
  });

  it('rejects an invalid location URI at the importing element', async () => {
    const err = await expectWsdlcError(load('bad-uri.wsdl'));
    expect(err.message).toMatch(
      /^bad-uri\.wsdl:2:\d+: cannot load wsdl:import "http:\/\/\[::1": not a valid URI reference/,
    );
  });

  it('says when an import names a directory', async () => {
    const err = await expectWsdlcError(load('dir-import.wsdl'));
    expect(err.message).toContain(`(adir): is a directory`);
  });
});
