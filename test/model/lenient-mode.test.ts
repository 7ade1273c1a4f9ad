/**
 * Lenient mode (issue 16, item 3): undefined or misplaced references, missing
 * parts and unreadable imports become located warnings, what they affect
 * becomes `xsd:anyType` (an `XmlElement` passthrough) or is left out, the rest
 * is generated exactly as in strict mode, the manifest records it, and
 * `wsdlc check` reports the same warnings. Strict stays the default.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel, validateContract } from '../../src/model/index.js';
import { WsdlcError } from '../../src/util/errors.js';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';
import { compileTree, ROOT, testOptions } from '../emit/helpers.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/lenient/broken.wsdl');
const dirs: string[] = [];
afterAll(() => cleanup(dirs));

describe('lenient mode', () => {
  it('is off by default: the contract is refused with a located error', async () => {
    const err = await loadModel(FIXTURE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WsdlcError);
    expect((err as WsdlcError).message).toMatch(/broken\.wsdl:10:7: cannot load xsd:import "missing\.xsd"/);
  });

  it('turns each reference problem into a located warning saying what replaced it', async () => {
    const model = await loadModel(FIXTURE, { lenient: true, cwd: ROOT });
    const replaced = (model.lenient?.replaced ?? []).map(
      (d) => `${d.location?.line}:${d.location?.column}: ${d.message.replace(/ \(.*?\)(?= \(lenient)/, '')}`,
    );
    expect(replaced).toEqual([
      '10:7: cannot load xsd:import "missing.xsd" (test/fixtures/lenient/missing.xsd): file not found (lenient: the import is skipped; what it declares is undefined)',
      '15:9: undefined type {urn:missing}Customer (lenient: typed xsd:anyType)',
      '27:34: undefined element {urn:vendor}GetStatusResponse in part "p" of message StatusOut (lenient: an xsd:anyType element of that name stands for it)',
      '33:35: undefined message {urn:vendor}CancelIn (lenient: the operation is left out)',
      '33:71: undefined message {urn:vendor}CancelOut (lenient: the operation is left out)',
      '40:45: soap:header names part "token" which message {urn:vendor}AuthHeader does not have (lenient: the header is left out)',
    ]);
    // Replacements are also ordinary warnings, located file:line:column.
    for (const d of model.lenient?.replaced ?? []) expect(model.warnings.map((w) => w.message)).toContain(d.message);
    expect(model.warnings.every((w) => w.location !== undefined)).toBe(true);
    // The operations that can be built are; Cancel (no messages) is left out.
    expect(model.operations.map((o) => o.name)).toEqual(['Ping', 'PlaceOrder', 'GetStatus']);
    // validate --lenient gives the same warnings and no error.
    const diagnostics = await validateContract(FIXTURE, { lenient: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(diagnostics.map((d) => d.message)).toEqual(model.warnings.map((d) => d.message));
  });

  it('generates code that compiles, with the broken parts typed as XML passthrough values', async () => {
    const files = await emitFiles(await loadModel(FIXTURE, { lenient: true }), testOptions('broken.wsdl'), {});
    const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(types).toMatch(/customer: XmlElement;/);
    expect(types).toMatch(/export type GetStatusOutput = XmlElement \| null;/);
    expect(types).not.toMatch(/Cancel/);
    expect(compileTree(path.join(ROOT, 'test/tmp/lenient-broken'), files)).toEqual([]);
  }, 60_000);

  it('generates a sound contract exactly as strict mode does', async () => {
    for (const wsdl of ['wsdl/auth.wsdl', '../shared/corpus/asmx/wsdot_ferries_schedule.wsdl']) {
      const abs = path.join(ROOT, wsdl);
      const strict = await emitFiles(await loadModel(abs), testOptions(wsdl), {});
      const lenientModel = await loadModel(abs, { lenient: true });
      expect(lenientModel.lenient).toEqual({ replaced: [] });
      expect(await emitFiles(lenientModel, testOptions(wsdl), {})).toEqual(strict);
    }
  }, 60_000);

  it('CLI: --lenient generates, the manifest records what was replaced, check reports the same warnings', async () => {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'wsdl'));
    cpSync(FIXTURE, path.join(dir, 'wsdl/broken.wsdl'));
    const strict = await runCli(['generate', 'wsdl/broken.wsdl', '-o', 'out'], dir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/wsdl\/broken\.wsdl:10:7: error: cannot load xsd:import/);

    const gen = await runCli(['generate', 'wsdl/broken.wsdl', '-o', 'out', '--lenient'], dir);
    expect(gen.code).toBe(0);
    const warnings = gen.stderr.split('\n').filter((l) => l.includes(': warning: '));
    expect(warnings.length).toBe(8);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'out/.wsdlc-manifest.json'), 'utf8')) as {
      lenient?: { replaced: string[] };
    };
    expect(manifest.lenient?.replaced).toHaveLength(6);
    expect(manifest.lenient?.replaced[1]).toMatch(
      /^broken\.wsdl:15:9: undefined type \{urn:missing\}Customer .*\(lenient: typed xsd:anyType\)$/,
    );

    const check = await runCli(['check', 'wsdl/broken.wsdl', '-o', 'out', '--lenient'], dir);
    expect(check.code).toBe(0);
    expect(check.stderr.split('\n').filter((l) => l.includes(': warning: '))).toEqual(warnings);
    // The manifest says lenient mode was used: a strict check refuses the contract, as strict generation does.
    const strictCheck = await runCli(['check', 'wsdl/broken.wsdl', '-o', 'out'], dir);
    expect(strictCheck.code).toBe(1);
  });

  it('config: "lenient": true in wsdlc.config.json does the same as the flag', async () => {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'wsdl'));
    cpSync(FIXTURE, path.join(dir, 'wsdl/broken.wsdl'));
    const config = { contracts: [{ wsdl: 'wsdl/broken.wsdl', output: 'out', lenient: true }] };
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'wsdlc.config.json'), JSON.stringify(config));
    const gen = await runCli(['generate'], dir);
    expect(gen.code).toBe(0);
    expect(readFileSync(path.join(dir, 'out/.wsdlc-manifest.json'), 'utf8')).toMatch(/"lenient"/);
    writeFileSync(
      path.join(dir, 'wsdlc.config.json'),
      JSON.stringify({ contracts: [{ ...config.contracts[0], lenient: 'yes' }] }),
    );
    const bad = await runCli(['generate'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"lenient" must be true or false/);
  });
});
