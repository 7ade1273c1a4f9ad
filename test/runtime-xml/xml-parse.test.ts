import { describe, expect, it } from 'vitest';
import {
  XmlParseError,
  attr,
  childElements,
  firstChild,
  lookupNamespace,
  parseXml,
  resolveQName,
  textOf,
  type XmlElement,
} from '../../src/runtime/xml/xml-parse.js';

function errorOf(text: string): XmlParseError {
  try {
    parseXml(text, { positions: true });
  } catch (err) {
    if (err instanceof XmlParseError) return err;
    throw err;
  }
  throw new Error('expected a parse error');
}

describe('parseXml', () => {
  it('resolves namespaces by URI whatever the prefix, and records positions', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<a xmlns="urn:x" xmlns:p="urn:p">\n  <p:b q="1" p:r="2">hi<![CDATA[<x>]]></p:b>\n</a>',
      {
        positions: true,
      },
    );
    expect(root).toMatchObject({ ns: 'urn:x', name: 'a', prefix: '', line: 2, column: 1 });
    const b = firstChild(root, 'urn:p', 'b');
    expect(b).toMatchObject({ name: 'b', prefix: 'p', line: 3, column: 3 });
    expect(b && attr(b, 'q')).toBe('1');
    expect(b && attr(b, 'r', 'urn:p')).toBe('2');
    expect(b && attr(b, 'r')).toBeUndefined();
    expect(b && textOf(b)).toBe('hi<x>');
    expect(b?.parent).toBe(root);
  });

  it('keeps namespace declarations out of attributes and resolves QNames in content', () => {
    const root = parseXml(
      '<s:schema xmlns:s="urn:s" xmlns:tns="urn:t"><s:element type="tns:Foo"/><s:element type="Bar"/></s:schema>',
    );
    const [e1, e2] = childElements(root, 'urn:s', 'element') as [XmlElement, XmlElement];
    expect(e1.attrs.map((a) => a.name)).toEqual(['type']);
    expect(resolveQName(e1, attr(e1, 'type')!)).toEqual({ ns: 'urn:t', name: 'Foo' });
    expect(resolveQName(e2, attr(e2, 'type')!)).toEqual({ ns: '', name: 'Bar' });
    expect(resolveQName(e1, 'nope:Foo')).toBeUndefined();
    expect(lookupNamespace(e1, 'xml')).toBe('http://www.w3.org/XML/1998/namespace');
  });

  it('reports not-well-formed input with line and column', () => {
    const err = errorOf('<a>\n  <b></a>');
    expect(err.line).toBe(2);
    expect(err.column).toBeGreaterThan(1);
    expect(err.message).toMatch(/close tag/);
  });

  it('refuses DOCTYPE and entity declarations', () => {
    expect(errorOf('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>').message).toMatch(/DOCTYPE/);
    expect(errorOf('<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>').message).toMatch(/DOCTYPE/);
    expect(errorOf('<a>&undefined;</a>').message).toMatch(/entity/);
  });

  it('refuses unbound prefixes and empty documents', () => {
    expect(errorOf('<a><x:b/></a>').message).toMatch(/unbound namespace prefix/);
    expect(errorOf('').message).toMatch(/root element/);
  });

  it('bounds nesting depth', () => {
    const deep = '<a>'.repeat(40) + '</a>'.repeat(40);
    expect(() => parseXml(deep, { maxDepth: 39 })).toThrow(/nested deeper than 39/);
    expect(parseXml(deep, { maxDepth: 40 }).name).toBe('a');
  });
});
