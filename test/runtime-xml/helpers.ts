/** Shared helpers of the XML parser tests. */
import { expect } from 'vitest';
import { parseXml, XmlParseError, type ParseXmlOptions, type XmlElement } from '../../src/runtime/xml/xml-parse.js';

/** Parses `text`, expecting an XmlParseError, and returns it. */
export function parseError(text: string, options: ParseXmlOptions = {}): XmlParseError {
  try {
    parseXml(text, options);
  } catch (err) {
    if (err instanceof XmlParseError) return err;
    throw err;
  }
  throw new Error(`expected a parse error for ${JSON.stringify(text)}`);
}

/** Asserts that `text` is rejected with a message matching `message` (and at line:column when given). */
export function expectReject(text: string, message: RegExp, at?: [number, number]): XmlParseError {
  const err = parseError(text);
  expect(err.message).toMatch(message);
  if (at) expect([err.line, err.column]).toEqual(at);
  return err;
}

/** The root element's text content (all text children concatenated). */
export function rootText(text: string): string {
  const root = parseXml(text);
  return root.children.filter((c): c is string => typeof c === 'string').join('');
}

/** The single attribute value of `<a x="...">`. */
export function attrValue(quotedValue: string): string {
  const root: XmlElement = parseXml(`<a x=${quotedValue}/>`);
  const a = root.attrs[0];
  if (!a) throw new Error('no attribute');
  return a.value;
}
