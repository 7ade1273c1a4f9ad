/**
 * Write plans (src/runtime/server/write-plan.ts) against the codec, over the corpus:
 * for every SOAP operation output of every contract that builds a model, the
 * sample output value and variants of it whose strings need escaping, are empty
 * or hold characters XML cannot hold are written by the operation's plan (when
 * it has one) and by the general writer (XmlWriter + codec, as the server wrote
 * every response before plans): the plan must give the same bytes, or decline.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { writeComplexContent, writeElementContent } from '../../src/runtime/wire/codec.js';
import { WritePlan } from '../../src/runtime/server/write-plan.js';
import { operationStart } from '../../src/runtime/wire/soap-envelope.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { prng } from '../support/decode-compare.js';
import { buildingContracts, loadCorpusModel } from './corpus-files.js';
import { soapCases } from './soap-cases.js';

/** Strings put in place of a sample's: plain, needing escapes, empty, and not XML. */
const TEXTS = ['x', 'a&b', '<tag>', 'CR\r\nLF', '"q"', 'é€😀', ']]>', '', ' ', 'bad\u0001', 'half\uD800'];

/** `value` with each string replaced by a random one of {@link TEXTS} (plain objects and arrays walked). */
function vary(value: unknown, random: () => number): unknown {
  if (typeof value === 'string') return TEXTS[Math.floor(random() * TEXTS.length)];
  if (Array.isArray(value)) return value.map((v) => vary(v, random));
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === '$type' ? v : vary(v, random);
  return out;
}

const tally = { outputs: 0, planned: 0, values: 0, byPlan: 0 };

describe('write plans agree with the codec on the corpus', () => {
  for (const rel of buildingContracts()) {
    it(rel, async () => {
      const model = await loadCorpusModel(rel);
      const problems: string[] = [];
      const random = prng(rel.length * 104_729 + rel.charCodeAt(0));
      for (const { service, samples, op, kind, version, soap } of soapCases(model)) {
        const output = soap.output;
        if (output === undefined || !('complex' in output.value)) continue;
        const use = soap.use;
        const key = output.value.complex;
        const start = operationStart(version, output.element, use);
        tally.outputs++;
        const plan = WritePlan.record(start, key, service.types);
        if (plan === undefined) continue;
        tally.planned++;
        let sample: unknown;
        try {
          sample = samples.value(output.value);
        } catch {
          continue;
        }
        for (let n = 0; n < 8; n++) {
          const value = n === 0 ? sample : vary(sample, random);
          let want: string | undefined;
          try {
            const w = XmlWriter.resume(start);
            if (use === 'literal') writeElementContent(w, value, output.value, service.types, output.element.name);
            else writeComplexContent(w, value, key, service.types, output.element.name);
            want = w.end().end().end().toString();
          } catch {
            want = undefined;
          }
          // With a single result field (ASMX `XResult`), the server hands the plan that field's value.
          const result = output.result;
          const got =
            result !== undefined && typeof value === 'object' && value !== null
              ? plan.writeResult(result, (value as Record<string, unknown>)[result])
              : plan.write(value);
          tally.values++;
          if (got === undefined) continue;
          tally.byPlan++;
          if (got !== want)
            problems.push(
              `${rel} ${op.name} ${kind} value ${n}: ${String(want).slice(0, 300)} vs ${got.slice(0, 300)}`,
            );
        }
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('planned many outputs and wrote most of their values by plan', () => {
    expect(tally.planned).toBeGreaterThan(80);
    expect(tally.byPlan).toBeGreaterThan(tally.values * 0.5);
  });

  afterAll(() => {
    console.log(
      `write plans: ${tally.outputs} SOAP outputs, ${tally.planned} with a plan; ${tally.values} values, ${tally.byPlan} written by plan`,
    );
  });
});
