/**
 * Golden models: the JSON model of wsdl/auth.wsdl and of every ASMX contract in
 * the shared corpus. `UPDATE_GOLDEN=1 npx vitest run test/model` refreshes them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../src/model/index.js';
import type { WsdlModel } from '../../src/model/types.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpus = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));
const goldenDir = fileURLToPath(new URL('./golden', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

function asmxContracts(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...asmxContracts(p));
    else if (entry.name.endsWith('.wsdl')) out.push(p);
  }
  return out;
}

function checkGolden(name: string, model: WsdlModel): void {
  const file = path.join(goldenDir, `${name}.json`);
  const actual = `${JSON.stringify(model, null, 2)}\n`;
  if (update || !existsSync(file)) {
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden models', () => {
  it('Auth (wsdl/auth.wsdl)', async () => {
    const model = await loadModel('wsdl/auth.wsdl', { cwd: repo });
    expect(model.services).toHaveLength(1);
    const ports = model.services[0]!.ports;
    expect(ports).toHaveLength(4);
    expect(model.bindings.map((b) => b.kind)).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
    for (const b of model.bindings) expect(b.operations.map((o) => o.name).sort()).toEqual(['Login', 'Logout']);
    expect(model.operations.map((o) => o.name)).toEqual(['Login', 'Logout']);
    for (const op of model.operations) {
      expect(op.consistent).toBe(true);
      expect(op.bindings.map((b) => b.kind)).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
      const single = op.output?.single?.type;
      expect(single?.kind === 'named' ? single.ref.name : undefined).toBe('EmAuthResult');
    }
    expect(model.operations[0]!.input.fields.map((f) => f.name)).toEqual(['Username', 'Password']);
    expect(model.operations[1]!.input.fields.map((f) => f.name)).toEqual(['ServiceTicket']);
    expect(model.warnings).toEqual([]);
    checkGolden('auth', model);
  });

  it('Auth in WSDL 2.0 (test/fixtures/wsdl20/auth.wsdl): the logical operations of wsdl/auth.wsdl', async () => {
    const model = await loadModel('test/fixtures/wsdl20/auth.wsdl', { cwd: repo });
    const v11 = await loadModel('wsdl/auth.wsdl', { cwd: repo });
    expect(model.wsdlVersion).toBe('2.0');
    expect(v11.wsdlVersion).toBeUndefined();
    expect(model.bindings.map((b) => b.kind)).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
    // Per binding kind, the same signature and wire as the WSDL 1.1 contract (message names aside).
    const wire = (m: typeof model, kind: string) =>
      m.operations.flatMap((o) =>
        o.bindings
          .filter((b) => b.kind === kind)
          .map((b) => ({
            name: o.name,
            input: o.input,
            // The result's type (over HTTP the WSDL 1.1 operation is linked to its SOAP output's LoginResult child).
            output: o.output?.single?.type,
            soapAction: b.soapAction,
            mode: [b.input.mode, b.output?.mode, b.input.element, b.output?.element, b.output?.resultChild],
            requestContentType: b.requestContentType,
          })),
      );
    for (const kind of ['soap11', 'soap12', 'httpGet', 'httpPost']) expect(wire(model, kind)).toEqual(wire(v11, kind));
    expect(model.warnings).toEqual([]);
    checkGolden('wsdl20__auth', model);
  });

  for (const file of asmxContracts(path.join(corpus, 'asmx'))) {
    const rel = path.relative(corpus, file);
    it(rel, async () => {
      const model = await loadModel(path.relative(repo, file), { cwd: repo });
      expect(model.operations.length).toBeGreaterThan(0);
      checkGolden(
        rel
          .replace(/\.wsdl$/, '')
          .split(path.sep)
          .join('__'),
        model,
      );
    });
  }
});
