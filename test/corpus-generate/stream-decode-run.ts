/**
 * Issue 31, run by decode-plan.test.ts over the corpus models it loads (one load per contract
 * for both checks): the client's streaming decode of SOAP responses (wire/soap-response-stream.ts)
 * against the tree and the codec, over the corpus: for every SOAP operation with an output of
 * every contract that builds a model, the sample output envelope, and documents of its shape
 * with other hole texts (valid and invalid values, whitespace, non-ASCII; the values of
 * decode-plan.test.ts), are read both ways. Where the codec gives a value the streaming
 * decode gives the same (same keys in the same order) or falls back; where it fails the
 * streaming decode falls back (the client then reports the codec's error).
 */
import { writeEnvelopeFor } from '../../src/runtime/client/client.js';
import { readComplexContent, readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import type { SoapMessageDesc } from '../../src/runtime/wire/descriptors.js';
import { matchEnvelopeShape, parseEnvelope, type SoapVersion } from '../../src/runtime/wire/soap-envelope.js';
import { decodeSoapResponseStreaming, StreamFallback } from '../../src/runtime/wire/soap-response-stream.js';
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { difference, HOLE_VALUES, prng, recordShape } from '../support/decode-compare.js';
import type { WsdlModel } from '../../src/model/types.js';
import { soapCases } from './soap-cases.js';
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';

/** What the client's tree path returns for a response (client.ts readSoapResponse, after its fault and status checks). */
function byTree(
  text: string,
  version: SoapVersion,
  out: SoapMessageDesc,
  types: TypeRegistry,
): { value?: unknown; error?: string } {
  try {
    const env = parseEnvelope(text, { maxDepth: 256 });
    if (env.version !== version) return { error: 'version' };
    let wrapper: XmlElement | undefined;
    let loose: XmlElement | undefined;
    for (const c of env.body.children) {
      if (typeof c === 'string' || c.name !== out.element.name) continue;
      if (c.ns === out.element.ns) {
        wrapper = c;
        break;
      }
      loose ??= c;
    }
    wrapper ??= loose;
    if (wrapper === undefined) return { error: 'no wrapper' };
    const value =
      'complex' in out.value
        ? readComplexContent(wrapper, out.value.complex, types, wrapper.name)
        : readValue(wrapper, out.value, types);
    if (out.result === undefined) return { value };
    return {
      value: value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[out.result],
    };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** What the streaming decode did over the corpus so far. */
export const streamTally = { operations: 0, documents: 0, streamed: 0, fellBack: 0, errors: 0 };
/** Why valid documents fell back, with counts. */
export const streamFallbackReasons = new Map<string, number>();

/**
 * Reads the sample output envelope of every SOAP operation of `model`, and 4 documents of its
 * shape with other hole texts, both ways; returns where they disagree.
 */
export function streamDecodeProblems(rel: string, model: WsdlModel): string[] {
  const tally = streamTally;
  const reasons = streamFallbackReasons;
  const problems: string[] = [];
  const random = prng(rel.length * 104729 + rel.charCodeAt(1));
  for (const { service, samples, op, kind, version, soap } of soapCases(model)) {
    const out = soap.output;
    if (out === undefined || out.nillable === true) continue;
    let text: string;
    try {
      text = writeEnvelopeFor(version, { ...soap, input: out }, samples.value(out.value), service.types);
    } catch {
      continue;
    }
    const docs = [text];
    if (text.length <= 4096 && recordShape(text)) {
      const m = matchEnvelopeShape(text, { maxDepth: 1000 });
      if (m !== undefined) {
        for (let n = 0; n < 4; n++) {
          let doc = m.shape.literals[0]!;
          for (let k = 0; k < m.holes.length; k++)
            doc += HOLE_VALUES[Math.floor(random() * HOLE_VALUES.length)]! + m.shape.literals[k + 1]!;
          docs.push(doc);
        }
      }
    }
    tally.operations++;
    for (let n = 0; n < docs.length; n++) {
      const doc = docs[n]!;
      tally.documents++;
      const want = byTree(doc, version, out, service.types);
      const got = decodeSoapResponseStreaming(doc, version, out, service.types, { maxDepth: 256 });
      const where = `${rel} ${op.name} ${kind} response ${n}`;
      if (want.error !== undefined) tally.errors++;
      if (got instanceof StreamFallback) {
        tally.fellBack++;
        if (want.error === undefined) reasons.set(got.reason, (reasons.get(got.reason) ?? 0) + 1);
        continue;
      }
      tally.streamed++;
      if (want.error !== undefined) problems.push(`${where}: streamed a value where the tree fails: ${want.error}`);
      else {
        const d = difference(want.value, got.value);
        if (d !== '') problems.push(`${where}: ${d}`);
      }
    }
  }
  return problems;
}
