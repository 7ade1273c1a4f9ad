/**
 * What a SOAP request is made of besides the transport: its binding headers
 * (SOAP 1.1 §6.1.1 `SOAPAction`, SOAP 1.2 Part 2 §7.1.4 media type) and its envelope.
 * The client sends them; the server's service pages show them as samples.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { writeComplexContent, writeField, writeValue } from './codec.js';
import type { ServiceDesc, SoapOperationDesc } from './descriptors.js';
import { soapContentType, startOperationElement, writeEnvelope, type SoapVersion } from './soap-envelope.js';

/**
 * The HTTP headers a SOAP request of `action` carries in `version`: `Content-Type` and,
 * for SOAP 1.1, the quoted `SOAPAction` (SOAP 1.2 sends none: the action may go in the media type).
 */
export function soapRequestHeaders(version: SoapVersion, action: string): Record<string, string> {
  return version === '1.1'
    ? { 'Content-Type': soapContentType('1.1'), SOAPAction: `"${action}"` }
    : { 'Content-Type': soapContentType('1.2') };
}

/** Header entries of a request: the operation's declared header parts and their values by property. */
export interface SoapHeaderEntries {
  fields: NonNullable<SoapOperationDesc['input']['headers']>;
  values: Readonly<Record<string, unknown>>;
}

/** Writes the request envelope of a SOAP operation (wrapper element + content, optional header entries). */
export function writeEnvelopeFor(
  version: SoapVersion,
  soap: SoapOperationDesc,
  input: unknown,
  types: ServiceDesc['types'],
  header?: SoapHeaderEntries,
  headerXml?: string,
): string {
  const msg = soap.input;
  return writeEnvelope(
    version,
    (w) => {
      if ('complex' in msg.value) {
        startOperationElement(w, version, msg.element, soap.use);
        writeComplexContent(w, input, msg.value.complex, types, msg.element.name);
        w.end();
      } else {
        const value =
          msg.part === undefined || typeof input !== 'object' || input === null
            ? input
            : (input as Record<string, unknown>)[msg.part];
        writeValue(w, msg.element, value, msg.value, types);
      }
    },
    header || headerXml !== undefined
      ? (w) => {
          if (header) for (const f of header.fields) writeField(w, f, header.values[f.prop], types, 'Header');
          if (headerXml !== undefined) w.raw(headerXml);
        }
      : undefined,
  );
}
