/**
 * Reading a value both ways for the streaming decoder's differential tests
 * (test/runtime-client/stream-decode.test.ts, stream-repeated-tags-fuzz.test.ts): the codec's
 * tree decode (parseXml, then readValue) and codec-stream.ts `decodeStreaming`, and a tally
 * of what the streamed reads gave against the codec's.
 */
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import type { ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { difference } from './decode-compare.js';

/** The codec's value of `text`'s root read as `desc`, or its error. */
export function byCodec(text: string, desc: ValueDesc, types: TypeRegistry): { value?: unknown; error?: string } {
  try {
    return { value: readValue(parseXml(text), desc, types) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The streaming decoder's value of `text`'s root read as `desc`, or its {@link StreamFallback}. */
export function streamed(text: string, desc: ValueDesc, types: TypeRegistry): unknown {
  return decodeStreaming(text, {}, (root) => valueFrame(root, desc, types));
}

/** Streamed reads against the codec's: values that must be the codec's, fallbacks that may be anything. */
export class StreamTally {
  /** Values streamed (each the codec's, or a problem). */
  values = 0;
  fellBack = 0;
  /** Fallbacks where the codec fails too. */
  errors = 0;
  readonly problems: string[] = [];

  /** Reads `text` both ways and counts the outcome; a streamed value that is not the codec's is a problem. */
  compare(text: string, desc: ValueDesc, types: TypeRegistry): void {
    const want = byCodec(text, desc, types);
    const got = streamed(text, desc, types);
    if (got instanceof StreamFallback) {
      this.fellBack++;
      if (want.error !== undefined) this.errors++;
      return;
    }
    if (want.error !== undefined) {
      this.problems.push(`${text}: streamed a value where the codec fails: ${want.error}`);
      return;
    }
    const d = difference(want.value, got);
    if (d !== '') this.problems.push(`${text}: ${d}`);
    this.values++;
  }
}
