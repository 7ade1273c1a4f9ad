/**
 * A SOAP response read as the scanner reads it (codec-stream.ts): Envelope, optional
 * Header (kept as a tree, for the call's `meta`), Body, the operation's element and its
 * value, with no tree of the Body. What the client checks of a response (client.ts
 * `readSoapResponse`: envelope structure, SOAP version, a Fault, the operation's element,
 * `xsi:nil` on it) is checked here too, and anything else than a value of the expected
 * element is a {@link StreamFallback}: the client then reads the response the usual way,
 * which raises the fault or the error. So is an element of the operation's name in
 * another namespace before one in its own (the client's liberal match).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { keepLayout } from '../xml/keep-layout.js';
import type { XmlElement } from '../xml/xml-tree.js';
import {
  ComplexFrame,
  decodeStreaming,
  Frame,
  KEEP_ELEMENT,
  SKIP,
  StreamFallback,
  textDesc,
  valueFrame,
} from './codec-stream.js';
import type { StreamLimits } from './codec-stream.js';
import { decodeKept } from './stream-plan.js';
import { isNil, type SimpleDesc, type TypeRegistry } from './codec.js';
import { textOf } from '../xml/xml-parse.js';
import type { SoapMessageDesc } from './descriptors.js';
import { responseStreaming, type StreamedSoapResponse } from './response-streaming.js';
import { envelopeNamespace, type SoapVersion } from './soap-envelope.js';

export { StreamFallback } from './codec-stream.js';

export { responseStreaming, type StreamedSoapResponse } from './response-streaming.js';

/** The Body: the first element of the operation's name and namespace is its value. */
class BodyFrame extends Frame {
  readonly keeps = false;
  private readonly envNs: string;
  private readonly out: SoapMessageDesc;
  private readonly types: TypeRegistry;
  /** Whether the operation's element has opened (and then whether it is the child open now). */
  private found = false;
  private reading = false;
  private text: SimpleDesc | undefined = undefined;
  nil = false;
  value: unknown = undefined;

  constructor(envNs: string, out: SoapMessageDesc, types: TypeRegistry) {
    super();
    this.envNs = envNs;
    this.out = out;
    this.types = types;
  }

  open(child: XmlElement): Frame {
    this.reading = false;
    if (child.name === 'Fault' && child.ns === this.envNs) throw new StreamFallback('a SOAP Fault');
    const element = this.out.element;
    if (child.name !== element.name || this.found) return SKIP;
    if (child.ns !== element.ns) throw new StreamFallback('the operation element in another namespace');
    this.found = this.reading = true;
    if (isNil(child)) {
      if (this.out.nillable !== true) throw new StreamFallback('xsi:nil on the operation element');
      this.nil = true;
      return SKIP;
    }
    const desc = this.out.value;
    // As the client: a complex wrapper's content is read without xsi:type or references on the wrapper itself.
    const frame =
      'complex' in desc
        ? new ComplexFrame(child, desc.complex, undefined, this.types)
        : valueFrame(child, desc, this.types);
    this.text = textDesc(frame, desc);
    return frame;
  }

  take(value: unknown, child: XmlElement): void {
    if (!this.reading || this.nil) return;
    this.value = this.text === undefined ? value : decodeKept(textOf(child), this.text, child);
  }

  close(): unknown {
    if (!this.found) throw new StreamFallback('no operation element in the Body');
    return this;
  }
}

/** The Envelope: an optional Header, then the Body, nothing else (soap-envelope.ts `envelopeOf`). */
class EnvelopeFrame extends Frame {
  readonly keeps = false;
  private readonly ns: string;
  private readonly body: BodyFrame;
  header: XmlElement | undefined = undefined;
  private bodyOpened = false;

  constructor(ns: string, body: BodyFrame) {
    super();
    this.ns = ns;
    this.body = body;
  }

  open(child: XmlElement): Frame {
    if (this.bodyOpened || child.ns !== this.ns) throw new StreamFallback('unexpected content in the Envelope');
    if (child.name === 'Body') {
      this.bodyOpened = true;
      return this.body;
    }
    if (child.name === 'Header' && this.header === undefined) return KEEP_ELEMENT;
    throw new StreamFallback('unexpected content in the Envelope');
  }

  take(value: unknown): void {
    if (value !== this.body) this.header = value as XmlElement;
  }

  close(el: XmlElement): unknown {
    if (!this.bodyOpened) throw new StreamFallback('no Body');
    for (const c of el.children)
      if (typeof c === 'string' && c.trim() !== '') throw new StreamFallback('text in the Envelope');
    return this;
  }
}

// The layouts of the Envelope's and the Body's frames outlive the responses (xml/keep-layout.ts): the
// decoder's code that calls them (codec-stream.ts FrameSink) stays optimised with them.
{
  const body = new BodyFrame('', { element: { name: '', ns: '' }, value: { scalar: 'string' } } as SoapMessageDesc, {});
  keepLayout(body);
  keepLayout(new EnvelopeFrame('', body));
}

/**
 * Reads a SOAP `version` response whose Body holds `out`'s element as it is scanned: its
 * value (as the client returns it: `null` for a nil element, the `result` property when
 * unwrapped) and its Header; or a {@link StreamFallback} when the response is anything else
 * (a fault, another version, an invalid value...) or holds what codec-stream.ts does not read.
 */
export function decodeSoapResponseStreaming(
  text: string,
  version: SoapVersion,
  out: SoapMessageDesc,
  types: TypeRegistry,
  limits: StreamLimits,
): StreamedSoapResponse | StreamFallback {
  const ns = envelopeNamespace(version);
  const body = new BodyFrame(ns, out, types);
  const envelope = new EnvelopeFrame(ns, body);
  const done = decodeStreaming(text, limits, (root) => {
    if (root.name !== 'Envelope' || root.ns !== ns) throw new StreamFallback('not a SOAP envelope of this version');
    return envelope;
  });
  if (done instanceof StreamFallback) return done;
  let value: unknown = body.nil ? null : body.value;
  if (!body.nil && out.result !== undefined)
    value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[out.result];
  return { value, header: envelope.header };
}

// Loading this module is what gives the client its streaming decoder (response-streaming.ts).
responseStreaming.decode = (text, version, out, types, limits) => {
  const read = decodeSoapResponseStreaming(text, version, out, types, limits);
  return read instanceof StreamFallback ? undefined : read;
};
