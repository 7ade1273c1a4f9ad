/**
 * Round trips over the whole corpus: for every contract that builds a model,
 * every operation and every binding it has (SOAP 1.1, SOAP 1.2, HTTP GET, HTTP
 * POST), a deterministic sample input goes client -> server and must arrive
 * equal, and a sample output goes server -> client and must arrive equal (see
 * roundtrip-run.ts and sample-values.ts). Every failure must be listed, with
 * its reason, in roundtrip-failures.md; the list holds nothing else.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildingContracts, loadCorpusModel } from './corpus-files.js';
import { contractRoundTrips, type RoundTrip } from './roundtrip-run.js';

const FAILURES_FILE = new URL('./roundtrip-failures.md', import.meta.url);

/** `contract operation binding` keys of the explained failures. */
function explained(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(FAILURES_FILE, 'utf8').split('\n')) {
    const m = /^- `([^`]+)` `([^`]+)` `([^`]+)` — (\S.*)$/.exec(line);
    if (m) out.set(`${m[1]} ${m[2]} ${m[3]}`, m[4]!);
  }
  return out;
}

const results: Array<RoundTrip & { contract: string }> = [];

describe('corpus round trips (client encode -> server decode, server encode -> client decode)', () => {
  for (const rel of buildingContracts()) {
    it(rel, async () => {
      const rts = await contractRoundTrips(await loadCorpusModel(rel));
      for (const r of rts) results.push({ ...r, contract: rel });
      expect(rts.every((r) => r.binding.length > 0)).toBe(true);
    }, 60_000);
  }

  it('fails only where roundtrip-failures.md explains why, and the list names no passing round trip', () => {
    const failing = results
      .filter((r) => r.error !== undefined)
      .map((r) => `${r.contract} ${r.operation} ${r.binding}`)
      .sort();
    const listed = [...explained().keys()].sort();
    const unexplained = results.filter(
      (r) => r.error !== undefined && !explained().has(`${r.contract} ${r.operation} ${r.binding}`),
    );
    expect(unexplained.map((r) => `${r.contract} ${r.operation} ${r.binding}: ${r.error ?? ''}`)).toEqual([]);
    expect(failing).toEqual(listed);
    // Only genuine impossibilities are listed: bindings that cannot carry the operation, or ambiguous contracts.
    expect([...explained().values()].filter((reason) => !/^(NOT-GENERATED|AMBIGUOUS): /.test(reason))).toEqual([]);
  });

  it('round-trips most operations of the corpus', () => {
    const passed = results.filter((r) => r.error === undefined);
    expect(passed.length).toBeGreaterThan(1150);
    expect(new Set(passed.map((r) => r.binding))).toEqual(new Set(['soap11', 'soap12', 'httpGet', 'httpPost']));
  });

  afterAll(() => {
    const passed = results.filter((r) => r.error === undefined).length;
    console.log(
      `corpus round trips: ${passed} of ${results.length} operation/binding pairs round-trip; ${results.length - passed} explained failures`,
    );
  });
});
