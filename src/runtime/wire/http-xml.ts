/**
 * HTTP POST bindings whose request body is an XML document (WSDL 1.1 §5.6
 * `mime:mimeXml`, §5.3 `mime:content type="text/xml"`): the input is written as
 * one document (XML declaration, root = the part's element) sent as
 * `text/xml; charset=utf-8`, and read back from the document's root element.
 * HTTP GET has no request body, so such inputs are only generated for HTTP POST.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { HttpOperationDesc, ServiceDesc } from './descriptors.js';
import { readValue, writeValue } from './codec.js';
import type { XmlElement } from '../xml/xml-parse.js';
import { XmlWriter } from '../xml/xml-write.js';

/** The XML document input of an HTTP POST operation. */
export type HttpXmlInput = NonNullable<HttpOperationDesc['input']>;

/**
 * Writes the request document of an XML-document input.
 * @throws EncodeError when the input does not fit the element's type.
 */
export function encodeHttpXmlInput(input: HttpXmlInput, value: unknown, types: ServiceDesc['types']): string {
  const v =
    input.part === undefined || typeof value !== 'object' || value === null
      ? value
      : (value as Record<string, unknown>)[input.part];
  const w = new XmlWriter().declaration();
  writeValue(w, input.element, v === undefined && 'complex' in input.value ? {} : v, input.value, types);
  return w.toString();
}

/**
 * Reads the caller's input from the request document's root element.
 * @throws DecodeError when the content does not fit the element's type.
 */
export function decodeHttpXmlInput(input: HttpXmlInput, root: XmlElement, types: ServiceDesc['types']): unknown {
  const value = readValue(root, input.value, types);
  return input.part === undefined ? value : { [input.part]: value };
}
