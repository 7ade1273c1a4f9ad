/** Test helpers: LoadedSets built from inline XML strings. */
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import type { LoadedSet, SourceDocument } from '../../src/load/types.js';

/** An inline document for {@link loadedFrom}. */
export interface InlineDoc {
  readonly name: string;
  readonly text: string;
  readonly chameleonNamespace?: string;
}

/** Builds a LoadedSet (main first) from inline documents, as the loader would. */
export function loadedFrom(...docs: InlineDoc[]): LoadedSet {
  const documents: SourceDocument[] = docs.map((d) => {
    const root = parseXml(d.text, { positions: true, fileName: d.name });
    return {
      url: `/virtual/${d.name}`,
      displayName: d.name,
      kind: root.name === 'schema' ? 'xsd' : 'wsdl',
      root,
      text: d.text,
      ...(d.chameleonNamespace !== undefined ? { chameleonNamespace: d.chameleonNamespace } : {}),
    };
  });
  return { main: documents[0]!, documents };
}

/** Namespace declarations used by the inline WSDLs. */
export const NS_DECLS = [
  'xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"',
  'xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"',
  'xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/"',
  'xmlns:http="http://schemas.xmlsoap.org/wsdl/http/"',
  'xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/"',
  'xmlns:s="http://www.w3.org/2001/XMLSchema"',
  'xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"',
  'xmlns:tns="urn:t"',
].join(' ');

/** A WSDL with the given types content and WSDL body, targetNamespace urn:t. */
export function wsdl(types: string, body = ''): string {
  return `<?xml version="1.0"?>
<wsdl:definitions ${NS_DECLS} targetNamespace="urn:t">
<wsdl:types><s:schema elementFormDefault="qualified" targetNamespace="urn:t">
${types}
</s:schema></wsdl:types>
${body}
</wsdl:definitions>`;
}
