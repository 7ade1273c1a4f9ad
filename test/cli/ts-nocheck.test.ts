/**
 * `--ts-nocheck <scope>` / `"tsNocheck"` (issue 15): the CLI and the config
 * reach the emitter's option, `check` sees an output written under another
 * scope as stale, a shared runtime folder gets the directive once for all its
 * contracts, and bad values or contracts that disagree on a shared runtime are
 * usage errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authConfig, authProject, cleanup, runCli } from './helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));

const project = (config: Record<string, unknown>): string => authProject(dirs, config);
const auth = authConfig;

const secondLine = (file: string): string | undefined => readFileSync(file, 'utf8').split('\n')[1];

describe('--ts-nocheck / "tsNocheck"', () => {
  it('marks the runtime and the declarations by default, and what the flag or the config asks for', async () => {
    const dir = project(auth());
    expect((await runCli(['generate'], dir, {})).code).toBe(0);
    expect(secondLine(join(dir, 'generated/auth/runtime/wire/codec.ts'))).toBe('// @ts-nocheck');
    expect(secondLine(join(dir, 'generated/auth/client.ts'))).not.toBe('// @ts-nocheck');
    expect(secondLine(join(dir, 'generated/auth/types.ts'))).toBe('// @ts-nocheck');

    expect((await runCli(['generate', '--ts-nocheck', 'runtime'], dir, {})).code).toBe(0);
    expect(secondLine(join(dir, 'generated/auth/types.ts'))).not.toBe('// @ts-nocheck');
    expect(secondLine(join(dir, 'generated/auth/runtime/wire/codec.ts'))).toBe('// @ts-nocheck');

    expect((await runCli(['generate', '--ts-nocheck', 'none'], dir, {})).code).toBe(0);
    expect(secondLine(join(dir, 'generated/auth/runtime/wire/codec.ts'))).not.toBe('// @ts-nocheck');

    const all = project(auth({ tsNocheck: 'all' }));
    expect((await runCli(['generate'], all, {})).code).toBe(0);
    expect(secondLine(join(all, 'generated/auth/client.ts'))).toBe('// @ts-nocheck');
    expect(secondLine(join(all, 'generated/auth/runtime/wire/codec.ts'))).toBe('// @ts-nocheck');
  });

  it('check: an output written under another scope is stale', async () => {
    const dir = project(auth());
    expect((await runCli(['generate'], dir, {})).code).toBe(0);
    expect((await runCli(['check'], dir, {})).code).toBe(0);
    expect((await runCli(['check', '--ts-nocheck', 'none'], dir, {})).code).toBe(1);
  });

  it('a shared runtime folder carries the directive once, for every contract', async () => {
    const dir = project({
      contracts: [
        { wsdl: 'wsdl/auth.wsdl', output: 'generated/a' },
        { wsdl: 'wsdl/auth.wsdl', output: 'generated/b', tsNocheck: 'all' },
      ],
    });
    expect((await runCli(['generate'], dir, {})).code).toBe(0);
    expect(secondLine(join(dir, 'generated/runtime/wire/codec.ts'))).toBe('// @ts-nocheck');
    expect(secondLine(join(dir, 'generated/a/client.ts'))).not.toBe('// @ts-nocheck');
    expect(secondLine(join(dir, 'generated/b/client.ts'))).toBe('// @ts-nocheck');
  });

  it('bad values, and contracts that disagree about a shared runtime, are usage errors', async () => {
    const bad = await runCli(['generate'], project(auth({ tsNocheck: true })), {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /wsdlc\.config\.json:\d+:\d+: error: "tsNocheck" must be one of "declarations", "runtime", "all", "none"/,
    );
    const flag = await runCli(['generate', '--ts-nocheck', 'some'], project(auth()), {});
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--ts-nocheck/);
    const mixed = project({
      contracts: [
        { wsdl: 'wsdl/auth.wsdl', output: 'generated/a', tsNocheck: 'none' },
        { wsdl: 'wsdl/auth.wsdl', output: 'generated/b' },
      ],
    });
    const r = await runCli(['generate'], mixed, {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/share one runtime folder but some ask for "tsNocheck": "none"/);
  });
});
