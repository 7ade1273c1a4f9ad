import { describe, expect, it } from 'vitest';
import { parseXml, resolveQName, textOf, attr, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { escapeAttr, escapeText, XmlWriteError, XmlWriter, XSI_NS } from '../../src/runtime/xml/xml-write.js';

describe('escaping', () => {
  it('escapes text markup and CR', () => {
    expect(escapeText('a & b < c > d\r\n"\'\t')).toBe('a &amp; b &lt; c &gt; d&#xD;\n"\'\t');
    expect(escapeText('plain')).toBe('plain');
  });
  it('escapes attribute values including quote, tab, LF, CR', () => {
    expect(escapeAttr('a&<>"\t\n\r\'')).toBe("a&amp;&lt;&gt;&quot;&#x9;&#xA;&#xD;'");
  });
  it('rejects characters not allowed in XML 1.0', () => {
    expect(() => escapeText('a\u0000b')).toThrow(XmlWriteError);
    expect(() => escapeText('\u0001')).toThrow(/U\+0001/);
    expect(() => escapeAttr('x\uFFFE')).toThrow(XmlWriteError);
    expect(() => escapeText('lone \uD800 surrogate')).toThrow(XmlWriteError);
  });
  it('keeps astral characters and survives a parse round trip', () => {
    const s = 'emoji 😀 & <tag> \r\n\t "q" \u00e9';
    const w = new XmlWriter();
    w.start('urn:x', 'r').attr('', 'a', s).text(s).end();
    const el = parseXml(w.toString());
    expect(textOf(el)).toBe(s);
    expect(attr(el, 'a')).toBe(s);
  });
});

describe('XmlWriter namespaces', () => {
  it('declares an unbound element namespace as the default, reuses it for children', () => {
    const w = new XmlWriter();
    w.start('urn:a', 'Login').start('urn:a', 'Username').text('alice').end().end();
    expect(w.toString()).toBe('<Login xmlns="urn:a"><Username>alice</Username></Login>');
  });
  it('undeclares the default namespace for unqualified children', () => {
    const w = new XmlWriter();
    w.start('urn:a', 'op').start('', 'part').text('1').end().end();
    expect(w.toString()).toBe('<op xmlns="urn:a"><part xmlns="">1</part></op>');
    const el = parseXml(w.toString());
    const part = el.children[0];
    expect(typeof part === 'object' && part.ns).toBe('');
  });
  it('uses requested and preferred prefixes, generated ones for attributes', () => {
    const w = new XmlWriter();
    w.preferPrefix('xsi', XSI_NS);
    w.start('urn:env', 'Envelope', 'soap');
    w.start('urn:b', 'x').attr(XSI_NS, 'nil', 'true').attr('urn:c', 'y', '1').end();
    w.end();
    expect(w.toString()).toBe(
      '<soap:Envelope xmlns:soap="urn:env"><x xmlns="urn:b" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns:ns1="urn:c" ns1:y="1"/></soap:Envelope>',
    );
    expect(() => parseXml(w.toString())).not.toThrow();
  });
  it('scopes declarations to the element that made them', () => {
    const w = new XmlWriter();
    w.start('', 'r').start('urn:a', 'a').end().start('urn:a', 'b').end().end();
    expect(w.toString()).toBe('<r><a xmlns="urn:a"/><b xmlns="urn:a"/></r>');
  });
  it('declares QName value namespaces on the open tag', () => {
    const w = new XmlWriter();
    w.start('', 'r');
    const q = w.qnameText('urn:q', 'Foo');
    w.text(q).end();
    expect(w.toString()).toBe('<r xmlns:ns1="urn:q">ns1:Foo</r>');
  });
  it('re-serialises a parsed element keeping prefixes', () => {
    const src = '<p:a xmlns:p="urn:p" xmlns:t="urn:t" t:k="v"><p:b>x &amp; y</p:b><c xmlns="urn:c">z</c></p:a>';
    const w = new XmlWriter();
    w.start('', 'wrap').element(parseXml(src)).end();
    expect(w.toString()).toBe(`<wrap>${src}</wrap>`);
  });
  it('refuses unclosed documents and misuse', () => {
    const w = new XmlWriter();
    w.start('', 'a');
    expect(() => w.toString()).toThrow(/not closed/);
    w.end();
    expect(() => w.end()).toThrow(XmlWriteError);
    expect(() => new XmlWriter().attr('', 'a', 'b')).toThrow(XmlWriteError);
  });
});

describe('XmlWriter.element: copying a parsed element out of its document', () => {
  it('declares the ancestor bindings that xsi:type values below use, so the copy has no unbound prefix', () => {
    const doc = parseXml(
      '<Env xmlns:q="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:u="urn:unused">' +
        '<Body><calls><item xsi:type="q:string">a</item><item xmlns:q="urn:own" xsi:type="q:x">b</item></calls></Body></Env>',
    );
    const calls = (doc.children[0] as XmlElement).children[0] as XmlElement;
    const xml = new XmlWriter().element(calls).toString();
    expect(xml).toContain('xmlns:q="http://www.w3.org/2001/XMLSchema"');
    expect(xml).not.toContain('urn:unused');
    const copy = parseXml(xml);
    const items = copy.children.filter((c): c is XmlElement => typeof c !== 'string');
    expect(resolveQName(items[0]!, 'q:string')).toEqual({ ns: 'http://www.w3.org/2001/XMLSchema', name: 'string' });
    expect(resolveQName(items[1]!, 'q:x')).toEqual({ ns: 'urn:own', name: 'x' });
  });
});
