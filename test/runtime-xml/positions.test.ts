/** Element positions (`positions: true`) and the line/column of errors. */
import { describe, expect, it } from 'vitest';
import { childElements, parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { parseError } from './helpers.js';

function positionsOf(el: XmlElement): [string, number, number][] {
  const out: [string, number, number][] = [[el.name, el.line, el.column]];
  for (const c of childElements(el)) out.push(...positionsOf(c));
  return out;
}

describe('element positions', () => {
  it('records the 1-based line and column of each start tag "<"', () => {
    const text = '<?xml version="1.0"?>\n<a>\n  <b\n     x="1"><c/>\n\t<d/></b><e/></a>';
    expect(positionsOf(parseXml(text, { positions: true }))).toEqual([
      ['a', 2, 1],
      ['b', 3, 3],
      ['c', 4, 12],
      ['d', 5, 2],
      ['e', 5, 10],
    ]);
  });

  it('counts CR LF and lone CR as one line end each', () => {
    const text = '<a>\r\n<b/>\r<c/>\n\r\n<d/></a>';
    expect(positionsOf(parseXml(text, { positions: true }))).toEqual([
      ['a', 1, 1],
      ['b', 2, 1],
      ['c', 3, 1],
      ['d', 5, 1],
    ]);
  });

  it('counts a surrogate pair as one column', () => {
    const text = '<a>😀<b/>é<c/></a>';
    expect(positionsOf(parseXml(text, { positions: true }))).toEqual([
      ['a', 1, 1],
      ['b', 1, 5],
      ['c', 1, 10],
    ]);
  });

  it('is the same with a BOM and leading comments', () => {
    const text = '\uFEFF<!-- one\ntwo --><?pi\n?>\n   <r/>';
    expect(positionsOf(parseXml(text, { positions: true }))).toEqual([['r', 4, 4]]);
    expect(positionsOf(parseXml('\uFEFF<r/>', { positions: true }))).toEqual([['r', 1, 1]]);
    const err = parseError('\uFEFF<r>&x;</r>');
    expect([err.line, err.column]).toEqual([1, 4]);
  });

  it('records 0 when positions are off', () => {
    const root = parseXml('<a>\n<b/></a>');
    expect([root.line, root.column, childElements(root)[0]?.line]).toEqual([0, 0, 0]);
  });
});

describe('error positions', () => {
  it.each([
    ['<a>\n  <b></a>', 2, 9, /unexpected close tag/],
    ['<a>\r\n\r\n x & y</a>', 3, 4, /must start an entity/],
    ['<a>\r\r\n\n<b c="<"/></a>', 4, 7, /"<" is not allowed/],
    ['<a>😀😀\u0001</a>', 1, 6, /U\+0001/],
    ['<a>\n<b>\n', 3, 1, /element <b> is not closed/],
    ['<a>\n  <!DOCTYPE x>', 2, 3, /DOCTYPE/],
    ['<?xml version="1.0"?>\n\n<!DOCTYPE x [<!ENTITY e "e">]>\n<a/>', 3, 1, /DOCTYPE/],
    ['<a>\n<p:b/>', 2, 2, /unbound namespace prefix "p"/],
    ['<a>\n  <b>]]></b>', 2, 6, /"]]>"/],
  ])('%j -> %i:%i', (text, line, column, message) => {
    const err = parseError(text);
    expect(err.message).toMatch(message);
    expect([err.line, err.column]).toEqual([line, column]);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('XmlParseError');
  });

  it('reports the same position whether or not element positions are recorded', () => {
    const text = '<a>\n  <b x="1" x="2"/>\n</a>';
    const a = parseError(text);
    const b = parseError(text, { positions: true });
    expect([a.line, a.column, a.message]).toEqual([b.line, b.column, b.message]);
    expect([a.line, a.column]).toEqual([2, 12]);
  });
});
