/**
 * Typed SOAP header parts on the server (WSDL 1.1 §3.7 `soap:header`; SOAP 1.1
 * §4.2, SOAP 1.2 Part 1 §5.2 header blocks): the server decodes the declared blocks
 * it receives into `RequestContext.soapHeaders`, keyed by property, and generated
 * handlers type them per operation with {@link withSoapHeaders}. (The client side,
 * `CallOptionsWithHeaders`, is in client.ts.)
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { FieldDesc, ServiceDesc } from '../wire/descriptors.js';
import { readValue } from '../wire/codec.js';
import type { OperationContext, RequestContext } from './server-types.js';
import type { XmlElement } from '../xml/xml-parse.js';

/** What an implementation of an operation with declared SOAP header parts also gets: the decoded header blocks (absent ones omitted). */
export interface SoapHeadersContext<H> {
  readonly soapHeaders: H;
}

/**
 * Decodes the declared header blocks present in the SOAP `Header` element (the
 * first block of each declared name), keyed by property. Undeclared blocks are ignored.
 * @throws DecodeError when a declared block does not fit its type.
 */
export function decodeSoapHeaders(
  header: XmlElement | undefined,
  fields: readonly FieldDesc[],
  types: ServiceDesc['types'],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!header) return out;
  for (const f of fields) {
    const block = header.children.find(
      (c): c is XmlElement => typeof c !== 'string' && c.name === f.name && c.ns === f.ns,
    );
    if (block) out[f.prop] = readValue(block, f.value, types);
  }
  return out;
}

/**
 * The request context typed with an operation's header parts (generated handlers
 * call this): over HTTP GET/POST, or when none was sent, `soapHeaders` is `{}`.
 */
export function withSoapHeaders<H extends object, C extends OperationContext = RequestContext>(
  ctx: C,
): C & SoapHeadersContext<H> {
  if (ctx.soapHeaders !== undefined) return ctx as C & SoapHeadersContext<H>;
  return { ...ctx, soapHeaders: {} } as C & SoapHeadersContext<H>;
}
