/** XML 1.0 well-formedness rules enforced by the scanner (accept and reject cases). */
import { describe, expect, it } from 'vitest';
import { parseXml, textOf } from '../../src/runtime/xml/xml-parse.js';
import { attrValue, expectReject, parseError, rootText } from './helpers.js';

const parseErrorOf = (text: string, maxDepth: number) => parseError(text, { maxDepth });

describe('XML declaration (§2.8)', () => {
  it.each([
    '<?xml version="1.0"?><a/>',
    "<?xml version='1.0' encoding='ISO-8859-1' standalone='yes'?><a/>",
    '<?xml version="1.0" encoding="utf-8"?><a/>',
    '<?xml version="1.0" encoding="UTF-8"?>\n<a/>',
    '<?xml  version = "1.0"  standalone="no" ?><a/>',
    '\uFEFF<?xml version="1.0"?><a/>',
    '<?xml version="1.1"?><a/>',
  ])('accepts %j', (text) => {
    expect(parseXml(text).name).toBe('a');
  });

  it.each([
    ['<?xml?><a/>', /version/],
    ['<?xml encoding="utf-8"?><a/>', /version/],
    ['<?xml version="2.0"?><a/>', /unsupported version "2.0"/],
    ['<?xml version="1.0" standalone="maybe"?><a/>', /standalone/],
    ['<?xml version="1.0" encoding="8bit"?><a/>', /invalid encoding name/],
    ['<?xml version="1.0" standalone="yes" encoding="utf-8"?><a/>', /expected "\?>"/],
    ['<?xml version="1.0"encoding="utf-8"?><a/>', /expected "\?>"/],
    ['<?xml version="1.0" foo="bar"?><a/>', /expected "\?>"/],
    [' <?xml version="1.0"?><a/>', /only at the very start/],
    ['<a/><?xml version="1.0"?>', /only at the very start/],
    ['<a><?xml version="1.0"?></a>', /only at the very start/],
  ])('rejects %j', (text, message) => {
    expectReject(text, message);
  });
});

describe('comments (§2.5) and processing instructions (§2.6)', () => {
  it('skips comments and PIs, which end text runs', () => {
    const root = parseXml('<!-- a --><?pi x?><a>x<!-- - -->y<?t  data ?>z<!---->w</a><!--after--><?end?>');
    expect(root.children).toEqual(['x', 'y', 'z', 'w']);
    expect(textOf(root)).toBe('xyzw');
  });

  it.each([
    ['<a><!-- a -- b --></a>', /"--" is not allowed inside a comment/],
    ['<a><!-- a ---></a>', /"--" is not allowed inside a comment/],
    ['<a><!-- never closed </a>', /unterminated comment/],
    ['<a><?xml-foo?><?XML x?></a>', /target "XML" is reserved/],
    ['<a><?p:q x?></a>', /may not contain ":"/],
    ['<a><?pi</a>', /white space expected after the processing instruction target/],
    ['<a><?pi', /unterminated processing instruction/],
    ['<a><?pi data</a>', /unterminated processing instruction/],
    ['<a><?9pi x?></a>', /processing instruction target/],
    ['<a><?pi\u0001?></a>', /white space expected/],
    ['<a><!-- \u0001 --></a>', /U\+0001 is not allowed/],
  ])('rejects %j', (text, message) => {
    expectReject(text, message);
  });

  it('allows PI targets starting with xml other than xml itself', () => {
    expect(parseXml('<?xml-stylesheet href="a.xsl"?><a/>').name).toBe('a');
  });
});

describe('CDATA sections (§2.7)', () => {
  it('keeps CDATA content verbatim, as its own text run', () => {
    const root = parseXml('<a>x<![CDATA[<b>&amp;]]]]><![CDATA[>]]>y<![CDATA[]]></a>');
    expect(root.children).toEqual(['x', '<b>&amp;]]', '>', 'y', '']);
  });

  it('normalises line ends inside CDATA', () => {
    expect(rootText('<a><![CDATA[1\r\n2\r3]]></a>')).toBe('1\n2\n3');
  });

  it.each([
    ['<a><![CDATA[never closed</a>', /unterminated CDATA/],
    ['<![CDATA[x]]><a/>', /CDATA section outside the root/],
    ['<a><![cdata[x]]></a>', /invalid markup/],
  ])('rejects %j', (text, message) => {
    expectReject(text, message);
  });
});

describe('character data, entities and character references (§2.4, §4.1, §4.6)', () => {
  it('expands the five predefined entities and decimal/hex character references', () => {
    expect(rootText('<a>&lt;&gt;&amp;&quot;&apos;|&#65;&#x42;&#x00043;|&#x1F600;&#233;</a>')).toBe('<>&"\'|ABC|😀é');
  });

  it.each([
    ['<a>&#X43;</a>', /malformed character reference/],
    ['<a>&undefined;</a>', /undefined entity &undefined;/],
    ['<a>&nbsp;</a>', /undefined entity &nbsp;/],
    ['<a>&amp</a>', /not terminated by ";"/],
    ['<a>a & b</a>', /must start an entity or character reference/],
    ['<a>&#;</a>', /malformed character reference/],
    ['<a>&#x;</a>', /malformed character reference/],
    ['<a>&#12a;</a>', /malformed character reference/],
    ['<a>&#0;</a>', /does not denote an XML character/],
    ['<a>&#x1;</a>', /does not denote an XML character/],
    ['<a>&#xD800;</a>', /does not denote an XML character/],
    ['<a>&#xFFFE;</a>', /does not denote an XML character/],
    ['<a>&#x110000;</a>', /does not denote an XML character/],
    ['<a>&#99999999999999999999;</a>', /does not denote an XML character/],
  ])('rejects %j', (text, message) => {
    expectReject(text, message);
  });

  it('accepts character references to TAB, LF, CR and the edges of the Char ranges', () => {
    expect(rootText('<a>&#9;&#xA;&#13;&#xD7FF;&#xE000;&#xFFFD;&#x10000;&#x10FFFF;</a>')).toBe(
      '\t\n\r\uD7FF\uE000\uFFFD\u{10000}\u{10FFFF}',
    );
  });

  it('refuses "]]>" in text but accepts "]]" and "]>" and an escaped form', () => {
    expectReject('<a>x]]>y</a>', /"]]>" is not allowed/, [1, 5]);
    expect(rootText('<a>]] ]> ]]&gt; ]]]</a>')).toBe(']] ]> ]]> ]]]');
  });

  it('normalises CR LF and CR to LF (§2.11) but keeps &#13;', () => {
    expect(rootText('<a>1\r\n2\r3\n4&#13;\r\n</a>')).toBe('1\n2\n3\n4\r\n');
  });

  it.each([
    ['\u0000', 'U+0000'],
    ['\u0008', 'U+0008'],
    ['\u001F', 'U+001F'],
    ['\uFFFE', 'U+FFFE'],
    ['\uFFFF', 'U+FFFF'],
  ])('refuses the non-Char %s in text, attributes, comments and PIs', (ch, label) => {
    expectReject(`<a>x${ch}</a>`, new RegExp(`${label.replace('+', '\\+')} is not allowed`), [1, 5]);
    expectReject(`<a b="${ch}"/>`, /is not allowed/);
    expectReject(`<a><!--${ch}--></a>`, /is not allowed/);
    expectReject(`<a><?p ${ch}?></a>`, /is not allowed/);
    expectReject(`<a><![CDATA[${ch}]]></a>`, /is not allowed/);
  });

  it('refuses unpaired surrogates and accepts pairs', () => {
    expectReject('<a>\uD800x</a>', /unpaired surrogate U\+D800/);
    expectReject('<a>\uDC00</a>', /unpaired surrogate U\+DC00/);
    expectReject('<a b="\uD800"/>', /unpaired surrogate/);
    expect(rootText('<a>\uD83D\uDE00 \u00E9 \u0085 \u2028</a>')).toBe('😀 é \u0085 \u2028');
  });

  it('allows only white space outside the root element', () => {
    expect(parseXml(' \t\r\n<a/>\r\n ').name).toBe('a');
    expectReject('x<a/>', /text before the root element/, [1, 1]);
    expectReject('<a/>x', /text after the root element/, [1, 5]);
    expectReject('<a/>&amp;', /text after the root element/);
    expectReject('\u00A0<a/>', /text before the root element/);
  });
});

describe('attribute values (§3.1, §3.3.3)', () => {
  it('normalises white space characters to spaces, CR LF counting once', () => {
    expect(attrValue('"a\tb\nc\r\nd\re  f"')).toBe('a b c d e  f');
  });

  it('expands references without normalising what they produce', () => {
    expect(attrValue('"&lt;&amp;&#9;&#10;&#13;&#x20;&quot;&apos;"')).toBe('<&\t\n\r "\'');
    expect(attrValue(`'say "hi"'`)).toBe('say "hi"');
    expect(attrValue(`"it's"`)).toBe("it's");
    expect(attrValue('">"')).toBe('>');
    expect(attrValue('""')).toBe('');
  });

  it.each([
    ['<a b="<"/>', /"<" is not allowed in attribute values/, [1, 7]],
    ['<a b="&x;"/>', /undefined entity &x;/, [1, 7]],
    ['<a b="&"/>', /must start an entity/, [1, 7]],
    ['<a b=c/>', /must be quoted/, [1, 6]],
    ['<a b/>', /"=" expected after attribute name "b"/, [1, 5]],
    ['<a b="1" b="2"/>', /duplicate attribute "b"/, [1, 10]],
    ['<a b="1"c="2"/>', /white space, ">" or "\/>" expected/, [1, 9]],
    ['<a b="1', /unexpected end of document in an attribute value/, [1, 8]],
    ['<a b="1"', /unexpected end of document in start tag/, [1, 9]],
  ] as const)('rejects %j', (text, message, at) => {
    expectReject(text, message, [at[0], at[1]]);
  });

  it('accepts white space around "=" and before the end of the tag', () => {
    const root = parseXml('<a  b = "1"\n\tc=\'2\'  ></a>');
    expect(root.attrs.map((a) => [a.name, a.value])).toEqual([
      ['b', '1'],
      ['c', '2'],
    ]);
  });

  it('detects duplicates among many attributes in linear time', () => {
    const many = Array.from({ length: 5000 }, (_, k) => `a${k}="${k}"`).join(' ');
    expect(parseXml(`<e ${many}/>`).attrs).toHaveLength(5000);
    expectReject(`<e ${many} a4321="x"/>`, /duplicate attribute "a4321"/);
  });
});

describe('elements and names (§2.3, §3)', () => {
  it('accepts non-ASCII names (NameStartChar/NameChar), including supplementary characters', () => {
    const root = parseXml('<données xmlns="urn:x" été="1"><Ωμέγα/><_a.b-c·d/><日本語/><\uD800\uDC00x/></données>');
    expect(root.name).toBe('données');
    expect(root.attrs[0]?.name).toBe('été');
    expect(root.children.map((c) => (typeof c === 'string' ? c : c.name))).toEqual([
      'Ωμέγα',
      '_a.b-c·d',
      '日本語',
      '\uD800\uDC00x',
    ]);
  });

  it.each([
    ['<1a/>', /invalid element name: "1" cannot start a name/],
    ['<-a/>', /invalid element name/],
    ['<·a/>', /invalid element name/],
    ['< a/>', /invalid element name/],
    ['<a$/>', /invalid character "\$"/],
    ['<a b$="1"/>', /"=" expected/],
    ['<a ×="1"/>', /invalid attribute name/],
    ['<a\u00D7/>', /invalid character U\+00D7/],
    ['<\uDB80\uDC00/>', /invalid element name/],
  ])('rejects %j', (text, message) => {
    expectReject(text, message);
  });

  it('requires matching end tags', () => {
    expectReject('<a><b></a></b>', /unexpected close tag <\/a>; expected <\/b>/, [1, 10]);
    expectReject('<a></ab>', /unexpected close tag <\/ab>; expected <\/a>/);
    expectReject('<ab></a>', /unexpected close tag <\/a>; expected <\/ab>/);
    expectReject('<a></a >x', /text after the root element/);
    expectReject('<a></a b>', /">" expected at the end of close tag/);
    expectReject('<a></a', /unexpected end of document in close tag/);
    expectReject('<a>', /element <a> is not closed/, [1, 4]);
    expectReject('<a><b>text', /element <b> is not closed/);
    expect(parseXml('<a></a \n>').name).toBe('a');
  });

  it('requires exactly one root element', () => {
    expectReject('', /document has no root element/, [1, 1]);
    expectReject('  <!-- c -->  ', /document has no root element/);
    expectReject('<a/><b/>', /only one root element/, [1, 5]);
    expectReject('<a></a><a></a>', /only one root element/);
    expectReject('</a>', /close tag before the root element/);
    expectReject('<a/></a>', /close tag after the root element/);
  });

  it('refuses "/" not followed by ">" and markup that is not XML', () => {
    expectReject('<a / >', /"\/" in a start tag must be followed by ">"/);
    expectReject('<a><!ELEMENT a ANY></a>', /invalid markup "<!" in content/);
    expectReject('<!ELEMENT a ANY><a/>', /invalid markup "<!" outside the root element/);
  });
});

describe('DOCTYPE (refused)', () => {
  it.each([
    '<!DOCTYPE a><a/>',
    '<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
    '<!DOCTYPE a SYSTEM "http://example.com/a.dtd"><a/>',
    '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>',
    '<a><!DOCTYPE a></a>',
  ])('refuses %j', (text) => {
    const err = expectReject(text, /^DOCTYPE declarations are not allowed \(no DTDs, no entity declarations\)$/);
    expect(err.line).toBeGreaterThan(0);
  });
});

describe('depth bound', () => {
  it('counts the root as depth 1, self-closing elements included', () => {
    expect(parseXml('<a><b><c/></b></a>', { maxDepth: 3 }).name).toBe('a');
    const err = parseErrorOf('<a><b><c><d/></c></b></a>', 3);
    expect(err.message).toBe('elements nested deeper than 3 levels');
    expect([err.line, err.column]).toEqual([1, 10]);
  });

  it('stops at the first element beyond the bound, without recursion', () => {
    const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000);
    expect(() => parseXml(deep)).toThrow(/elements nested deeper than 256 levels/);
    expect(parseXml(deep, { maxDepth: 100_000 }).name).toBe('a');
  });
});
