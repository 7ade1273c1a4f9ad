import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { expectWsdlcError, wsdl, writeTree } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, 'fixtures', 'imports');

describe('loadDocuments: imports and includes', () => {
  it('loads the main WSDL with provenance', async () => {
    const set = await loadDocuments('main.wsdl', { cwd: fixtures });
    expect(set.main.url).toBe(path.join(fixtures, 'main.wsdl'));
    expect(set.main.displayName).toBe('main.wsdl');
    expect(set.main.kind).toBe('wsdl');
    expect(set.main.root.name).toBe('definitions');
    expect(set.main.root.line).toBe(2);
    expect(set.main.text).toContain('<s:element name="Main"');
    expect(set.documents[0]).toBe(set.main);
  });

  it('follows wsdl:import, xsd:import and xsd:include, each document once, depth first', async () => {
    const set = await loadDocuments(path.join(fixtures, 'main.wsdl'), { cwd: fixtures });
    expect(set.documents.map((d) => d.displayName)).toEqual([
      'main.wsdl',
      'sub/part.wsdl',
      'xsd/a.xsd',
      'xsd/b.xsd',
      'xsd/a-part.xsd',
      'xsd/chameleon.xsd',
      'xsd/chameleon2.xsd',
    ]);
    expect(set.documents.map((d) => d.kind)).toEqual(['wsdl', 'wsdl', 'xsd', 'xsd', 'xsd', 'xsd', 'xsd']);
    expect(new Set(set.documents.map((d) => d.url)).size).toBe(set.documents.length);
  });

  it('gives chameleon includes the including schema namespace, transitively, and no one else', async () => {
    const set = await loadDocuments('main.wsdl', { cwd: fixtures });
    const byName = new Map(set.documents.map((d) => [d.displayName, d]));
    expect(byName.get('xsd/chameleon.xsd')?.chameleonNamespace).toBe('urn:main');
    expect(byName.get('xsd/chameleon2.xsd')?.chameleonNamespace).toBe('urn:main');
    expect(byName.get('xsd/a-part.xsd')?.chameleonNamespace).toBeUndefined();
    expect(byName.get('xsd/a.xsd')?.chameleonNamespace).toBeUndefined();
  });

  it('handles a two-document cycle (A imports B imports A)', async () => {
    const tree = await writeTree({
      'a.wsdl': wsdl('<wsdl:import namespace="urn:b" location="b.wsdl"/>'),
      'b.wsdl': wsdl('<wsdl:import namespace="urn:a" location="./a.wsdl"/>'),
    });
    try {
      const set = await loadDocuments('a.wsdl', { cwd: tree.dir });
      expect(set.documents.map((d) => d.displayName)).toEqual(['a.wsdl', 'b.wsdl']);
    } finally {
      await tree.remove();
    }
  });

  it('displays paths outside cwd relatively with POSIX slashes and accepts file: URLs', async () => {
    const set = await loadDocuments(pathToFileURL(path.join(fixtures, 'sub', 'part.wsdl')).href, {
      cwd: path.join(fixtures, 'sub'),
    });
    expect(set.documents.map((d) => d.displayName)).toEqual([
      'part.wsdl',
      '../main.wsdl',
      '../xsd/a.xsd',
      '../xsd/b.xsd',
      '../xsd/a-part.xsd',
      '../xsd/chameleon.xsd',
      '../xsd/chameleon2.xsd',
    ]);
  });

  it('classifies an imported document by its root and follows xsd:redefine', async () => {
    const tree = await writeTree({
      'main.wsdl': wsdl('<wsdl:import namespace="urn:x" location="types.xsd"/>'),
      'types.xsd':
        '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x"><xs:redefine schemaLocation="base.xsd"/></xs:schema>',
      'base.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>',
    });
    try {
      const set = await loadDocuments('main.wsdl', { cwd: tree.dir });
      expect(set.documents.map((d) => [d.displayName, d.kind, d.chameleonNamespace])).toEqual([
        ['main.wsdl', 'wsdl', undefined],
        ['types.xsd', 'xsd', undefined],
        ['base.xsd', 'xsd', 'urn:x'],
      ]);
    } finally {
      await tree.remove();
    }
  });

  it('does not fetch the remote schema of a well-known namespace (SOAP encoding)', async () => {
    const fetched: string[] = [];
    const fetchSpy: typeof fetch = async (input) => {
      fetched.push(String(input));
      return new Response('nope', { status: 500 });
    };
    const set = await loadDocuments('main.wsdl', { cwd: fixtures, fetch: fetchSpy });
    expect(fetched).toEqual([]);
    expect(set.documents.some((d) => d.url.startsWith('http'))).toBe(false);
  });

  it('stops at maxDocuments with a located error', async () => {
    const err = await expectWsdlcError(loadDocuments('main.wsdl', { cwd: fixtures, maxDocuments: 3 }));
    expect(err.message).toMatch(/too many documents: more than 3/);
    expect(err.diagnostics[0]?.location?.file).toMatch(/\.(wsdl|xsd)$/);
    expect(err.diagnostics[0]?.location?.line).toBeGreaterThan(0);
  });
});

describe('loadDocuments: identity of documents', () => {
  it('treats different spellings of one path as one document, and decodes %20', async () => {
    const tree = await writeTree({
      'main.wsdl': wsdl(
        '<wsdl:types><xs:schema targetNamespace="urn:t">' +
          '<xs:import namespace="urn:s" schemaLocation="my%20types.xsd"/>' +
          '<xs:import namespace="urn:s" schemaLocation="./sub/../my types.xsd"/>' +
          '<xs:import namespace="urn:s" schemaLocation="my types.xsd#ignored"/>' +
          '<xs:import namespace="urn:s" schemaLocation=".//my types.xsd"/>' +
          '</xs:schema></wsdl:types>',
      ),
      'my types.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:s"/>',
    });
    try {
      const set = await loadDocuments('main.wsdl', { cwd: tree.dir });
      expect(set.documents.map((d) => d.displayName)).toEqual(['main.wsdl', 'my types.xsd']);
    } finally {
      await tree.remove();
    }
  });

  it('loads an XSD given as the main document', async () => {
    const set = await loadDocuments('xsd/a.xsd', { cwd: fixtures });
    expect(set.main.kind).toBe('xsd');
    expect(set.documents.map((d) => d.displayName)).toEqual(['xsd/a.xsd', 'xsd/b.xsd', 'xsd/a-part.xsd']);
  });
});
