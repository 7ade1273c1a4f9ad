/**
 * SOAP envelopes: writing (SOAP 1.1 §4, SOAP 1.2 Part 1 §5) with the XML
 * declaration and the `xsi`/`xsd` namespaces declared on the Envelope, as
 * ASP.NET ASMX does, and parsing with any prefixes, default namespaces and
 * whitespace.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import {
  childElements,
  parseXml,
  XmlParseError,
  type XmlPrefixMemo,
  type XmlShapeMemo,
  type ParseXmlOptions,
  type XmlLimit,
  type XmlElement,
  type XmlShapeMatch,
} from '../xml/xml-parse.js';
import { XSD_NS, XSI_NS } from '../xml/namespaces.js';
import { XmlWriter, type XmlWriterSnapshot } from '../xml/xml-write.js';
import {
  SOAP_11_ENC_NS,
  SOAP_11_ENV_NS,
  SOAP_12_ENC_NS,
  SOAP_12_ENV_NS,
  SOAP12_XML_UTF8,
  TEXT_XML_UTF8,
} from './namespaces.js';

export { SOAP_11_ENC_NS, SOAP_11_ENV_NS, SOAP_12_ENC_NS, SOAP_12_ENV_NS } from './namespaces.js';

/** A SOAP version. */
export type SoapVersion = '1.1' | '1.2';

/** The `encodingStyle` of an rpc/encoded message in `version` (SOAP 1.1 §5, SOAP 1.2 Part 2 §3). */
export function encodingStyleFor(version: SoapVersion): string {
  return version === '1.1' ? SOAP_11_ENC_NS : SOAP_12_ENC_NS;
}

/**
 * Opens the operation (wrapper) element of a message body; an rpc/encoded one
 * says so with `encodingStyle` (SOAP 1.1 §4.1.1, SOAP 1.2 Part 1 §5.1.1).
 * Requests (client) and responses (server) both open theirs here.
 */
export function startOperationElement(
  w: XmlWriter,
  version: SoapVersion,
  element: { readonly ns: string; readonly name: string },
  use: 'literal' | 'encoded',
): void {
  w.start(element.ns, element.name);
  if (use === 'encoded') w.attr(envelopeNamespace(version), 'encodingStyle', encodingStyleFor(version));
}

/**
 * The writer state of a `version` envelope without Header up to the open operation
 * element `element` ({@link startOperationElement}): what requests (client) and
 * responses (server) resume from, each caching it per operation.
 */
export function operationStart(
  version: SoapVersion,
  element: { readonly ns: string; readonly name: string },
  use: 'literal' | 'encoded',
): XmlWriterSnapshot {
  const w = XmlWriter.resume(envelopeBodyStart(version));
  startOperationElement(w, version, element, use);
  return w.snapshot();
}

/** The envelope namespace of a SOAP version. */
export function envelopeNamespace(version: SoapVersion): string {
  return version === '1.1' ? SOAP_11_ENV_NS : SOAP_12_ENV_NS;
}

/** The prefix written for the envelope namespace (ASMX uses `soap` and `soap12`). */
export function envelopePrefix(version: SoapVersion): string {
  return version === '1.1' ? 'soap' : 'soap12';
}

/** The HTTP media type of a SOAP version (SOAP 1.1 §6.1.1, SOAP 1.2 Part 2 §7.1.4). */
export function soapContentType(version: SoapVersion): string {
  return version === '1.1' ? TEXT_XML_UTF8 : SOAP12_XML_UTF8;
}

/**
 * Writes a complete envelope: `<?xml version="1.0" encoding="utf-8"?>`, the
 * Envelope declaring the envelope, `xsi` and `xsd` namespaces, an optional
 * Header (entries written by `writeHeader`) and the Body (written by `writeBody`).
 */
export function writeEnvelope(
  version: SoapVersion,
  writeBody: (w: XmlWriter) => void,
  writeHeader?: (w: XmlWriter) => void,
): string {
  let w: XmlWriter;
  if (writeHeader) {
    w = envelopeStart(version);
    w.start(envelopeNamespace(version), 'Header', envelopePrefix(version));
    writeHeader(w);
    w.end();
    w.start(envelopeNamespace(version), 'Body', envelopePrefix(version));
  } else {
    // No header (the usual case): start from the constant `...<soap:Body` written once per version.
    w = XmlWriter.resume(envelopeBodyStart(version));
  }
  writeBody(w);
  w.end();
  w.end();
  return w.toString();
}

/** A writer holding the XML declaration and the open Envelope start tag with its declarations. */
function envelopeStart(version: SoapVersion): XmlWriter {
  const w = new XmlWriter();
  w.declaration();
  w.start(envelopeNamespace(version), 'Envelope', envelopePrefix(version));
  w.declare('xsi', XSI_NS);
  w.declare('xsd', XSD_NS);
  return w;
}

function bodyStartOf(version: SoapVersion): XmlWriterSnapshot {
  const w = envelopeStart(version);
  w.start(envelopeNamespace(version), 'Body', envelopePrefix(version));
  return w.snapshot();
}

let bodyStart11: XmlWriterSnapshot | undefined;
let bodyStart12: XmlWriterSnapshot | undefined;

/**
 * The writer state after the XML declaration, the Envelope start tag (declaring
 * the envelope, `xsi` and `xsd` namespaces) and the open Body start tag of an
 * envelope without Header: what {@link writeEnvelope} starts from (computed once
 * per version). Resume it with `XmlWriter.resume`, write the body entries and
 * close two elements.
 */
export function envelopeBodyStart(version: SoapVersion): XmlWriterSnapshot {
  return version === '1.1' ? (bodyStart11 ??= bodyStartOf('1.1')) : (bodyStart12 ??= bodyStartOf('1.2'));
}

/** A parsed envelope. */
export interface ParsedEnvelope {
  /** Taken from the Envelope's namespace. */
  readonly version: SoapVersion;
  readonly envelope: XmlElement;
  readonly header?: XmlElement | undefined;
  readonly body: XmlElement;
}

/**
 * Why a message is not a usable SOAP envelope; `limit`: it reached a limit of the parse
 * (`maxNodes`, `maxDepth`: see {@link EnvelopeError.limit}), which says nothing of its form.
 */
export type EnvelopeProblem = 'malformed' | 'limit' | 'notEnvelope' | 'versionMismatch' | 'noBody' | 'structure';

/**
 * The text is not an XML SOAP envelope. `problem` tells servers which fault to
 * answer: `versionMismatch` is a VersionMismatch fault (SOAP 1.1 §4.4.1,
 * SOAP 1.2 Part 1 §5.4.7), the others are Client/Sender faults.
 */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';
  readonly problem: EnvelopeProblem;
  /** 1-based position in the text when the XML is malformed (or reached a limit), else 0. */
  readonly line: number;
  readonly column: number;
  /** With problem `limit`: the parse option whose limit the message reached. */
  readonly limit: XmlLimit | undefined;

  constructor(message: string, problem: EnvelopeProblem, line = 0, column = 0, limit?: XmlLimit) {
    super(message);
    this.problem = problem;
    this.line = line;
    this.column = column;
    this.limit = limit;
  }
}

/** Options for {@link parseEnvelope}. */
export interface ParseEnvelopeOptions {
  /** Deepest element nesting accepted (default 256). */
  readonly maxDepth?: number | undefined;
  /** Most XML nodes accepted (see {@link ParseXmlOptions.maxNodes}; default: no limit). */
  readonly maxNodes?: number | undefined;
  /** The text matched no shape in {@link matchEnvelopeShape} with these options: do not try again. */
  readonly shapesMissed?: boolean | undefined;
}

/**
 * The memos of recent envelopes, shared by every parse in the process, set by
 * envelope-memos.ts when it is loaded (the server imports it; the client loads it by
 * `import()` on Node, Bun and Deno, so browser bundles leave it out):
 *
 * - `starts`: the starts of recent envelopes (declaration, `Envelope`, `Body` start
 *   tags): a peer's envelopes all begin alike, and that start is most of the scanning
 *   work of a small message (see XmlPrefixMemo);
 * - `shapes`: the shapes of recent envelopes: a peer sends the same markup with other
 *   values, and such an envelope is built from its shape without reading the markup
 *   again (see XmlShapeMemo).
 *
 * Without them an envelope is scanned in full: the same tree.
 */
export const envelopeMemos: { starts: XmlPrefixMemo | undefined; shapes: XmlShapeMemo | undefined } = {
  starts: undefined,
  shapes: undefined,
};

/**
 * Parses a SOAP 1.1 or 1.2 envelope. Elements are matched by namespace and local
 * name, whatever the prefixes.
 * @throws EnvelopeError when the XML is malformed (or has a DOCTYPE), the root is
 *   not a SOAP Envelope, or there is no Body.
 */
export function parseEnvelope(xml: string, opts: ParseEnvelopeOptions = {}): ParsedEnvelope {
  let root: XmlElement;
  try {
    // One options shape on every call (this is the server's hot path).
    root = parseXml(xml, {
      maxDepth: opts.maxDepth,
      maxNodes: opts.maxNodes,
      memo: envelopeMemos.starts,
      shapes: envelopeMemos.shapes,
      shapesMissed: opts.shapesMissed === true,
    });
  } catch (err) {
    if (err instanceof XmlParseError) {
      if (err.limit !== undefined)
        throw new EnvelopeError(
          `XML limit ${err.limit} reached at ${err.line}:${err.column}: ${err.message}`,
          'limit',
          err.line,
          err.column,
          err.limit,
        );
      throw new EnvelopeError(
        `malformed XML at ${err.line}:${err.column}: ${err.message}`,
        'malformed',
        err.line,
        err.column,
      );
    }
    throw err;
  }
  return envelopeOf(root);
}

/**
 * The shape of recent envelopes that `xml` matches, with its hole texts (see
 * XmlShapeMemo): what {@link parseEnvelope} would build its tree from.
 * `undefined` when it matches none (then parse it with `shapesMissed`).
 */
export function matchEnvelopeShape(xml: string, opts: ParseEnvelopeOptions = {}): XmlShapeMatch | undefined {
  return envelopeMemos.shapes?.matchShape(xml, opts.maxDepth ?? DEFAULT_MAX_DEPTH, opts.maxNodes ?? Infinity);
}

/** The default of {@link ParseEnvelopeOptions.maxDepth} (parseXml's). */
const DEFAULT_MAX_DEPTH = 256;

/**
 * The envelope whose root element is `root`: its SOAP version, Header and Body.
 * @throws EnvelopeError when `root` is not a SOAP Envelope or has no Body
 */
export function envelopeOf(root: XmlElement): ParsedEnvelope {
  if (root.name !== 'Envelope') {
    throw new EnvelopeError(`expected a SOAP Envelope, got ${describeElement(root)}`, 'notEnvelope');
  }
  let version: SoapVersion;
  if (root.ns === SOAP_11_ENV_NS) version = '1.1';
  else if (root.ns === SOAP_12_ENV_NS) version = '1.2';
  else throw new EnvelopeError(`unsupported SOAP envelope namespace ${JSON.stringify(root.ns)}`, 'versionMismatch');
  let header: XmlElement | undefined;
  let body: XmlElement | undefined;
  // Envelope content is exactly `Header? Body`: SOAP 1.2 Part 1 §5.1 (no other element
  // children, only white space as text); for SOAP 1.1, §4.1.1 would allow elements after
  // the Body, which WS-I Basic Profile 1.1 R1011 forbids. Anything else is refused, so a
  // header block (mustUnderstand or not) can never stand where it would be ignored.
  for (const c of root.children) {
    if (typeof c === 'string') {
      if (!isWhiteSpace(c))
        throw new EnvelopeError('the SOAP Envelope may contain only white space as text', 'structure');
      continue;
    }
    if (body !== undefined) {
      throw new EnvelopeError(
        `the SOAP Envelope must end with its Body: ${describeElement(c)} follows it (SOAP 1.2 Part 1 §5.1, WS-I BP 1.1 R1011)`,
        'structure',
      );
    }
    if (c.ns === root.ns && c.name === 'Body') body = c;
    else if (c.ns === root.ns && c.name === 'Header' && header === undefined) header = c;
    else {
      throw new EnvelopeError(
        `unexpected ${describeElement(c)} in the SOAP Envelope: its content is an optional Header then the Body`,
        'structure',
      );
    }
  }
  if (!body) throw new EnvelopeError('the SOAP Envelope has no Body', 'noBody');
  return header ? { version, envelope: root, header, body } : { version, envelope: root, body };
}

/** Whether `s` is only XML white space (XML 1.0 §2.3 [3]). */
function isWhiteSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return true;
}

/** The element children of a Body (or Header), whitespace skipped. */
export function bodyEntries(body: XmlElement): XmlElement[] {
  return childElements(body);
}

/** `{ns}name` (or `name` when in no namespace), for messages. */
export function describeElement(el: { readonly ns: string; readonly name: string }): string {
  return el.ns === '' ? el.name : `{${el.ns}}${el.name}`;
}
