/**
 * Where the client finds the streaming decoder of large SOAP responses
 * (soap-response-stream.ts), which registers itself here when it is loaded. The client
 * core does not import it, so a browser bundle of a client does not carry it (6 KB
 * minified); on hosts that run the runtime's files from disk (Node, Bun, Deno) the client
 * loads it by `import()` (client/transport-default.ts). Without it, a large response is
 * read into a tree like any other: the same result, with more time and memory.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { XmlElement } from '../xml/xml-tree.js';
import type { TypeRegistry } from './codec.js';
import type { SoapMessageDesc } from './descriptors.js';
import type { SoapVersion } from './soap-envelope.js';

/** A SOAP response's value and its Header, read as the scanner reads it. */
export interface StreamedSoapResponse {
  /** The operation's result, as the client returns it. */
  readonly value: unknown;
  /** The Header (a tree of its own), if any. */
  readonly header: XmlElement | undefined;
}

/** Reads a response as it is scanned; `undefined` when the client must read it as a tree. */
export type StreamingDecoder = (
  text: string,
  version: SoapVersion,
  out: SoapMessageDesc,
  types: TypeRegistry,
  limits: { readonly maxDepth?: number | undefined; readonly maxNodes?: number | undefined },
) => StreamedSoapResponse | undefined;

/**
 * Which responses the client reads with the streaming decoder: those of at least
 * `minLength` characters, when `decode` is loaded. Smaller ones are parsed into a tree,
 * where the envelope memos (soap-envelope.ts) save most of the work of a peer's repeated
 * answers. Tests and benches change `minLength`.
 */
export const responseStreaming: { minLength: number; decode: StreamingDecoder | undefined } = {
  minLength: 16384,
  decode: undefined,
};
