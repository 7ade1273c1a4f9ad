/**
 * Lenient mode, loader recoveries (issue 16): unbound conventional prefixes (`xsd`,
 * `soap`, `xmime`, ...) are read with their namespace, and a schema include/import that
 * says `location` instead of `schemaLocation` is followed, each with a located warning.
 * Strict mode refuses the same documents exactly as before. Snippets are hand-written.
 */
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { expectWsdlcError, writeTree } from './helpers.js';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const XSD = 'http://www.w3.org/2001/XMLSchema';

/** Loads `main` (and `others`) from a temporary folder. */
async function load(main: string, lenient: boolean, others: Record<string, string> = {}) {
  const tree = await writeTree({ 'main.wsdl': main, ...others });
  try {
    return await loadDocuments('main.wsdl', { cwd: tree.dir, lenient });
  } finally {
    await tree.remove();
  }
}

/** The first element named `name` in document order. */
function find(el: XmlElement, name: string): XmlElement | undefined {
  if (el.name === name) return el;
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    const hit = find(c, name);
    if (hit) return hit;
  }
  return undefined;
}

// xsd: is used on line 4 but never declared.
const UNBOUND_XSD = [
  '<?xml version="1.0"?>',
  `<wsdl:definitions xmlns:wsdl="${WSDL}" targetNamespace="urn:shop">`,
  '  <wsdl:types>',
  '    <xsd:schema targetNamespace="urn:shop">',
  '      <xsd:element name="Basket" type="xsd:string"/>',
  '    </xsd:schema>',
  '  </wsdl:types>',
  '</wsdl:definitions>',
  '',
].join('\n');

describe('lenient mode: unbound conventional prefixes', () => {
  it('strict mode refuses an unbound xsd: prefix at its location', async () => {
    const err = await expectWsdlcError(load(UNBOUND_XSD, false));
    expect(err.message).toBe(
      'main.wsdl:4:6: not well-formed XML: unbound namespace prefix "xsd" in element name <xsd:schema>',
    );
  });

  it('lenient mode reads xsd: as XML Schema, with one located warning, and keeps every position', async () => {
    const set = await load(UNBOUND_XSD, true);
    expect(set.recovered).toEqual([
      {
        severity: 'warning',
        message: `unbound prefix xsd: read as ${XSD} (lenient: its conventional namespace, throughout the document)`,
        location: { file: 'main.wsdl', line: 4, column: 6 },
      },
    ]);
    const schema = find(set.main.root, 'schema');
    expect(schema?.ns).toBe(XSD);
    expect([schema?.line, schema?.column]).toEqual([4, 5]);
    const element = find(set.main.root, 'element');
    expect([element?.ns, element?.line, element?.column]).toEqual([XSD, 5, 7]);
    // The text served by ?wsdl is the document as written.
    expect(set.main.text).not.toContain('xmlns:xsd');
  });

  it('maps columns back on a one-line document (elements after the root tag, and a later error)', async () => {
    const oneLine = `<wsdl:definitions xmlns:wsdl="${WSDL}"><wsdl:types><s:schema/></wsdl:types><soap:x/></wsdl:definitions>`;
    const set = await load(oneLine, true);
    // Columns as in the text as written (the scanner points at the prefix, one after '<').
    const col = (s: string) => oneLine.indexOf(s) + 1;
    expect(set.recovered?.map((d) => [d.message.slice(0, 17), d.location?.line, d.location?.column])).toEqual([
      ['unbound prefix s:', 1, col('s:schema')],
      ['unbound prefix so', 1, col('soap:x')],
    ]);
    const types = find(set.main.root, 'types');
    const schema = find(set.main.root, 'schema');
    expect([types?.line, types?.column, schema?.column]).toEqual([1, col('<wsdl:types'), col('<s:schema')]);

    // A prefix with no conventional meaning stays an error, located in the original text.
    const bad = oneLine.replace('<soap:x/>', '<soap:x/><acme:y/>');
    const err = await expectWsdlcError(load(bad, true));
    expect(err.message).toBe(
      `main.wsdl:1:${bad.indexOf('<acme:y') + 2}: not well-formed XML: unbound namespace prefix "acme" in element name <acme:y>`,
    );
  });

  it('reads unbound prefixes in attribute names and on the root element itself', async () => {
    const doc = [
      '<wsdl:definitions targetNamespace="urn:files">',
      '  <wsdl:types>',
      `    <x:schema xmlns:x="${XSD}" targetNamespace="urn:files">`,
      '      <x:element name="Data" type="x:base64Binary" xmime:expectedContentTypes="image/png"/>',
      '    </x:schema>',
      '  </wsdl:types>',
      '</wsdl:definitions>',
    ].join('\n');
    await expect(load(doc, false)).rejects.toThrow(
      /^main\.wsdl:1:2: not well-formed XML: unbound namespace prefix "wsdl"/,
    );
    const set = await load(doc, true);
    expect(set.main.kind).toBe('wsdl');
    expect(set.main.root.ns).toBe(WSDL);
    expect(set.recovered?.map((d) => `${d.location?.line}:${d.location?.column} ${d.message.split(' (')[0]}`)).toEqual([
      `1:2 unbound prefix wsdl: read as ${WSDL}`,
      `4:${doc.split('\n')[3]!.indexOf('xmime:') + 1} unbound prefix xmime: read as http://www.w3.org/2005/05/xmlmime`,
    ]);
    const data = find(set.main.root, 'element');
    expect(data?.attrs.find((a) => a.name === 'expectedContentTypes')?.ns).toBe('http://www.w3.org/2005/05/xmlmime');
  });

  it('locates the warning in the imported document that lacks the declaration', async () => {
    const main = [
      `<wsdl:definitions xmlns:wsdl="${WSDL}" xmlns:xs="${XSD}" targetNamespace="urn:a">`,
      '  <wsdl:types><xs:schema><xs:import namespace="urn:b" schemaLocation="b.xsd"/></xs:schema></wsdl:types>',
      '</wsdl:definitions>',
    ].join('\n');
    const b = [
      `<xs:schema xmlns:xs="${XSD}" targetNamespace="urn:b">`,
      '  <xs:element name="B">',
      '    <xs:complexType><s:sequence/></xs:complexType>',
      '  </xs:element>',
      '</xs:schema>',
    ].join('\n');
    const strict = await expectWsdlcError(load(main, false, { 'b.xsd': b }));
    expect(strict.message).toMatch(/^b\.xsd:3:22: not well-formed XML: unbound namespace prefix "s"/);
    const set = await load(main, true, { 'b.xsd': b });
    expect(set.documents.map((d) => d.displayName)).toEqual(['main.wsdl', 'b.xsd']);
    expect(set.recovered?.map((d) => d.location)).toEqual([{ file: 'b.xsd', line: 3, column: 22 }]);
  });

  it('keeps unknown prefixes an error in lenient mode (tns, wsa and made-up ones have no single meaning)', async () => {
    for (const prefix of ['tns', 'wsa', 'acme']) {
      const doc = UNBOUND_XSD.replace('xsd:element', `${prefix}:element`).replace(
        '<xsd:schema',
        `<xsd:schema xmlns:xsd="${XSD}"`,
      );
      const err = await expectWsdlcError(load(doc, true));
      expect(err.message).toBe(
        `main.wsdl:5:8: not well-formed XML: unbound namespace prefix "${prefix}" in element name <${prefix}:element>`,
      );
    }
  });
});

describe('lenient mode: xsd:include / xsd:import with location= instead of schemaLocation=', () => {
  const main = (what: string) =>
    [
      `<wsdl:definitions xmlns:wsdl="${WSDL}" xmlns:xsd="${XSD}" targetNamespace="urn:pay">`,
      '  <wsdl:types>',
      '    <xsd:schema targetNamespace="urn:pay">',
      `      ${what}`,
      '    </xsd:schema>',
      '  </wsdl:types>',
      '</wsdl:definitions>',
    ].join('\n');
  const part = `<xsd:schema xmlns:xsd="${XSD}" targetNamespace="urn:pay"><xsd:element name="Charge"/></xsd:schema>`;

  it('strict mode does not follow location= (the model reports the include, see test/model)', async () => {
    const set = await load(main('<xsd:include location="part.xsd"/>'), false, { 'part.xsd': part });
    expect(set.documents.map((d) => d.displayName)).toEqual(['main.wsdl']);
    expect(set.recovered).toBeUndefined();
  });

  it('lenient mode follows location= on include and import, with a located warning', async () => {
    for (const [what, kind] of [
      ['<xsd:include location="part.xsd"/>', 'xsd:include'],
      ['<xsd:import namespace="urn:pay" location="part.xsd"/>', 'xsd:import'],
    ] as const) {
      const set = await load(main(what), true, { 'part.xsd': part });
      expect(set.documents.map((d) => d.displayName)).toEqual(['main.wsdl', 'part.xsd']);
      expect(set.recovered).toEqual([
        {
          severity: 'warning',
          message: `${kind} has no schemaLocation attribute, but a "location" attribute (lenient: "part.xsd" is followed as its schemaLocation)`,
          location: { file: 'main.wsdl', line: 4, column: 7 },
        },
      ]);
    }
  });

  it('prefers schemaLocation when both are present, and does not warn', async () => {
    const set = await load(main('<xsd:include schemaLocation="part.xsd" location="nowhere.xsd"/>'), true, {
      'part.xsd': part,
    });
    expect(set.documents.map((d) => d.displayName)).toEqual(['main.wsdl', 'part.xsd']);
    expect(set.recovered).toBeUndefined();
  });
});

describe('lenient mode: the table of conventional prefixes in docs/lenient.md', () => {
  it('lists exactly the prefixes and namespaces the loader uses', async () => {
    const { readFileSync } = await import('node:fs');
    const { CONVENTIONAL_PREFIXES } = await import('../../src/load/conventional-prefixes.js');
    const page = readFileSync(new URL('../../docs/lenient.md', import.meta.url), 'utf8');
    const table = page.slice(page.indexOf('| prefix | read as | source |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    const listed = new Map<string, string>();
    for (const row of rows) {
      const [prefixes = '', namespaces = ''] = row.split(' | ');
      const ps = [...prefixes.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      const ns = [...namespaces.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      for (const [i, p] of ps.entries()) listed.set(p, ns[Math.min(i, ns.length - 1)]!);
    }
    expect(Object.fromEntries([...listed].sort())).toEqual(Object.fromEntries([...CONVENTIONAL_PREFIXES].sort()));
  });
});
