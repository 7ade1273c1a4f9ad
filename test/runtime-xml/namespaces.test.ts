/** Namespaces in XML 1.0 (Third Edition) as enforced and resolved by the scanner. */
import { describe, expect, it } from 'vitest';
import { attr, childElements, lookupNamespace, parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { expectReject } from './helpers.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const kids = (el: XmlElement): XmlElement[] => childElements(el);

describe('namespace scoping (§6)', () => {
  it('applies declarations to the element and its descendants, and undoes them after it', () => {
    const root = parseXml(
      '<a xmlns="urn:d" xmlns:p="urn:p1"><p:b xmlns:p="urn:p2"><p:c/><d/></p:b><p:e/><f xmlns=""><g/></f><h/></a>',
    );
    const [b, e, f, h] = kids(root) as [XmlElement, XmlElement, XmlElement, XmlElement];
    const [c, d] = kids(b) as [XmlElement, XmlElement];
    expect([root.ns, b.ns, c.ns, d.ns, e.ns, f.ns, kids(f)[0]?.ns, h.ns]).toEqual([
      'urn:d',
      'urn:p2',
      'urn:p2',
      'urn:d',
      'urn:p1',
      '',
      '',
      'urn:d',
    ]);
    expect(b.nsDecls).toEqual({ p: 'urn:p2' });
    expect(f.nsDecls).toEqual({ '': '' });
    expect(root.nsDecls).toEqual({ '': 'urn:d', p: 'urn:p1' });
    expect(c.nsDecls).toEqual({});
    expect(lookupNamespace(c, 'p')).toBe('urn:p2');
  });

  it('puts unprefixed attributes in no namespace, prefixed ones in their namespace (§6.3)', () => {
    const root = parseXml('<a xmlns="urn:d" xmlns:p="urn:p" x="1" p:x="2" xml:lang="en"/>');
    expect(root.attrs).toEqual([
      { ns: '', name: 'x', prefix: '', value: '1' },
      { ns: 'urn:p', name: 'x', prefix: 'p', value: '2' },
      { ns: XML_NS, name: 'lang', prefix: 'xml', value: 'en' },
    ]);
    expect(attr(root, 'x')).toBe('1');
    expect(attr(root, 'x', 'urn:p')).toBe('2');
  });

  it('keeps namespace declarations out of attrs, in document order in nsDecls', () => {
    const root = parseXml('<a z="0" xmlns:q="urn:q" xmlns="urn:d" y="1"/>');
    expect(root.attrs.map((a) => a.name)).toEqual(['z', 'y']);
    expect(Object.entries(root.nsDecls)).toEqual([
      ['q', 'urn:q'],
      ['', 'urn:d'],
    ]);
  });

  it('resolves a prefix declared after its use on the same start tag', () => {
    const root = parseXml('<p:a p:x="1" xmlns:p="urn:p"/>');
    expect(root.ns).toBe('urn:p');
    expect(root.attrs[0]).toEqual({ ns: 'urn:p', name: 'x', prefix: 'p', value: '1' });
  });

  it('binds xml by definition and allows declaring it to its own namespace', () => {
    expect(parseXml('<xml:a/>').ns).toBe(XML_NS);
    const root = parseXml(`<a xmlns:xml="${XML_NS}"><xml:b/></a>`);
    expect(kids(root)[0]?.ns).toBe(XML_NS);
  });

  it('drops white space around namespace names (as the previous saxes-based parser did)', () => {
    expect(parseXml('<a xmlns=" urn:d\n"/>').ns).toBe('urn:d');
  });

  it('keeps lookups fast with many bindings in scope (hostile input)', () => {
    const decls = Array.from({ length: 3000 }, (_, k) => `xmlns:p${k}="urn:${k}"`).join(' ');
    const body = Array.from({ length: 3000 }, (_, k) => `<p0:e xmlns:q="urn:q${k}"><q:f p${k}:a="1"/></p0:e>`).join('');
    const root = parseXml(`<r ${decls}>${body}<p2999:last/></r>`);
    const es = kids(root);
    expect(es).toHaveLength(3001);
    expect(es[5]?.ns).toBe('urn:0');
    expect(kids(es[5]!)[0]).toMatchObject({ ns: 'urn:q5', attrs: [{ ns: 'urn:5', name: 'a' }] });
    expect(es[3000]?.ns).toBe('urn:2999');
  });
});

describe('namespace constraints', () => {
  it.each([
    ['<a><x:b/></a>', /unbound namespace prefix "x" in element name <x:b>/, [1, 5]],
    ['<a x:y="1"/>', /unbound namespace prefix "x" in attribute name "x:y"/, [1, 4]],
    ['<a xmlns:p="urn:p"/><!-- --><p:b/>', /only one root/, undefined],
    ['<a><b xmlns:p="urn:p"/><p:c/></a>', /unbound namespace prefix "p"/, [1, 25]],
    ['<a xmlns:p=""/>', /xmlns:p="" is not allowed/, [1, 4]],
    ['<a xmlns:p=" "/>', /xmlns:p="" is not allowed/, undefined],
    [`<a xmlns:xmlns="${XMLNS_NS}"/>`, /prefix "xmlns" must not be declared/, undefined],
    ['<a xmlns:xmlns="urn:x"/>', /prefix "xmlns" must not be declared/, undefined],
    ['<xmlns:a/>', /element names may not have the prefix "xmlns"/, [1, 2]],
    ['<a xmlns:xml="urn:x"/>', /prefix "xml" can only be bound to/, undefined],
    [`<a xmlns:x="${XML_NS}"/>`, /can only be bound to the prefix "xml"/, undefined],
    [`<a xmlns="${XML_NS}"/>`, /can only be bound to the prefix "xml"/, undefined],
    [`<a xmlns:x="${XMLNS_NS}"/>`, /must not be declared/, undefined],
    [`<a xmlns="${XMLNS_NS}"/>`, /must not be declared/, undefined],
    [
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:b="1" q:b="2"/>',
      /duplicate attribute \{urn:x\}b \(written "p:b" and "q:b"\)/,
      [1, 44],
    ],
    ['<a xmlns:p="urn:x" xmlns:p="urn:y"/>', /duplicate attribute "xmlns:p"/, undefined],
    ['<a xmlns="urn:x" xmlns="urn:y"/>', /duplicate attribute "xmlns"/, undefined],
    ['<:a/>', /a qualified name has at most one ":"/, undefined],
    ['<a:/>', /a qualified name has at most one ":"/, undefined],
    ['<a:b:c xmlns:a="urn:a"/>', /a qualified name has at most one ":"/, undefined],
    ['<a b:="1"/>', /a qualified name has at most one ":"/, undefined],
    ['<a><?p:i x?></a>', /may not contain ":"/, undefined],
    ['<a>&a:b;</a>', /undefined entity/, undefined],
  ] as const)('rejects %j', (text, message, at) => {
    expectReject(text, message, at ? [at[0], at[1]] : undefined);
  });

  it('accepts the same local name in different namespaces and with and without a prefix', () => {
    const root = parseXml('<a xmlns:p="urn:p" xmlns:q="urn:q" xmlns="urn:d" b="0" p:b="1" q:b="2"/>');
    expect(root.attrs.map((a) => `${a.ns}|${a.name}`)).toEqual(['|b', 'urn:p|b', 'urn:q|b']);
  });

  it('accepts prefixed duplicates once their declarations are scoped apart', () => {
    const root = parseXml('<a xmlns:p="urn:x"><b xmlns:p="urn:y" xmlns:q="urn:x" p:c="1" q:c="2"/></a>');
    expect(kids(root)[0]?.attrs.map((a) => a.ns)).toEqual(['urn:y', 'urn:x']);
  });
});
