/**
 * Decode plans (src/runtime/server/decode-plan.ts) against the codec, over the corpus:
 * for every SOAP operation of every contract that builds a model, the sample
 * request envelope the client writes is recorded as a shape, then documents of
 * that shape with other hole texts (valid and invalid values, whitespace,
 * non-ASCII) are read the way the server reads them (parseRequestEnvelope +
 * readBodyValue) and must give what a plain parse and `readValue` give: the
 * same value, with the same keys in the same order, or the same error.
 * On the same models, the client's streaming decode of the sample responses is checked
 * against its tree path (stream-decode-run.ts, issue 31).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeEnvelopeFor } from '../../src/runtime/client/client.js';
import { DecodePlan } from '../../src/runtime/server/decode-plan.js';
import { matchEnvelopeShape } from '../../src/runtime/wire/soap-envelope.js';
import { byServer, byTree, difference, HOLE_VALUES, prng, recordShape } from '../support/decode-compare.js';
import { buildingContracts, loadCorpusModel } from './corpus-files.js';
import { soapCases } from './soap-cases.js';
import { streamDecodeProblems, streamFallbackReasons, streamTally } from './stream-decode-run.js';
// The runtime's optional codecs, which generated schema.ts imports for contracts that have such values:
// in-process runs of the runtime against a contract's descriptors load them the same way.
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';

const tally = { operations: 0, documents: 0, planned: 0, fromTree: 0, errors: 0, tooLong: 0 };

describe('decode plans agree with the codec on the corpus (value, key order, or error)', () => {
  const planDecode = vi.spyOn(DecodePlan.prototype, 'decode');
  for (const rel of buildingContracts()) {
    it(rel, async () => {
      const model = await loadCorpusModel(rel);
      const problems: string[] = [];
      const random = prng(rel.length * 7919 + rel.charCodeAt(0));
      for (const { service, samples, op, kind, version, soap } of soapCases(model)) {
        let text: string;
        try {
          text = writeEnvelopeFor(version, soap, samples.value(op.input), service.types);
        } catch {
          continue;
        }
        if (text.length > 4096) {
          tally.tooLong++;
          continue;
        }
        // Record the shape (once the shared memo is full, one unmatched document in sixteen is recorded).
        recordShape(text);
        const m = matchEnvelopeShape(text, { maxDepth: 1000 });
        if (m === undefined) continue;
        tally.operations++;
        const desc = soap.input.value;
        for (let n = 0; n < 12; n++) {
          let doc = m.shape.literals[0]!;
          for (let k = 0; k < m.holes.length; k++)
            doc +=
              (n === 0 ? m.holes[k]! : HOLE_VALUES[Math.floor(random() * HOLE_VALUES.length)]!) +
              m.shape.literals[k + 1]!;
          const before = planDecode.mock.calls.length;
          const want = byTree(doc, desc, service.types);
          const got = byServer(doc, desc, service.types);
          tally.documents++;
          if (got.shaped === true) {
            if (planDecode.mock.calls.length > before) tally.planned++;
            else tally.fromTree++;
          }
          if ('error' in want) tally.errors++;
          const where = `${rel} ${op.name} ${kind} document ${n}`;
          if ('error' in want || 'error' in got) {
            if (!('error' in want && 'error' in got && want.error === got.error))
              problems.push(`${where}: ${JSON.stringify(want).slice(0, 200)} vs ${JSON.stringify(got).slice(0, 200)}`);
            continue;
          }
          const d = difference(want.value, got.value);
          if (d !== '') problems.push(`${where}: ${d}`);
        }
      }
      expect(problems).toEqual([]);
      // The client's streaming decode of responses, on the same model (stream-decode-run.ts).
      expect(streamDecodeProblems(rel, model)).toEqual([]);
    }, 60_000);
  }

  it('used plans for most documents, and the tree for values that have none', () => {
    expect(tally.operations).toBeGreaterThan(500);
    expect(tally.planned).toBeGreaterThan(tally.documents * 0.7);
    expect(tally.fromTree).toBeGreaterThan(0);
    expect(tally.errors).toBeGreaterThan(tally.documents * 0.1);
  });

  it('streamed most responses the tree reads, and fell back on every one it cannot read', () => {
    const t = streamTally;
    expect(t.operations).toBeGreaterThan(500);
    expect(t.streamed).toBeGreaterThan((t.documents - t.errors) * 0.8);
    expect(t.errors).toBeGreaterThan(t.documents * 0.1);
  });

  afterAll(() => {
    const t = streamTally;
    const top = [...streamFallbackReasons].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `streaming decode of responses: ${t.operations} operations, ${t.documents} documents (${t.errors} invalid), ${t.streamed} streamed, ${t.fellBack} fell back; valid ones fell back for: ${top.map(([r, n]) => `${r} (${n})`).join('; ')}`,
    );
    console.log(
      `decode plans: ${tally.operations} operations, ${tally.documents} documents (${tally.errors} invalid), ${tally.planned} decoded by plan, ${tally.fromTree} from their tree; ${tally.tooLong} samples over 4096 characters not tried`,
    );
  });
});
