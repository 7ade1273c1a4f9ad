import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST_NAME } from '../../src/write/manifest.js';
import type { EmitFn } from '../../src/generate/pipeline.js';
import { ROOT, cleanup, fakeEmit, runCli, snapshotTree, tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** A project folder with wsdl/auth.wsdl and a config generating generated/auth. */
function project(config: unknown = { contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth' }] }): string {
  // `null`: no config file at all.
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(join(dir, 'wsdl'));
  copyFileSync(join(ROOT, 'test/scaffold/fixtures/auth-v1.wsdl'), join(dir, 'wsdl/auth.wsdl'));
  if (config !== null) writeFileSync(join(dir, 'wsdlc.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

describe('help and version', () => {
  it('--version prints the package version', async () => {
    const r = await runCli(['--version'], ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
  });
  it('--help documents commands and exit codes', async () => {
    const r = await runCli(['--help'], ROOT);
    expect(r.code).toBe(0);
    for (const word of ['generate', 'check', 'validate', 'inspect', 'Exit codes:', '2  usage error', 'NO_COLOR'])
      expect(r.stdout).toContain(word);
  });
  it.each(['generate', 'check', 'validate', 'inspect'])('%s --help shows examples', async (cmd) => {
    const r = await runCli([cmd, '--help'], ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain(`$ wsdlc ${cmd}`);
  });
  it('no arguments prints help and exits 2', async () => {
    const r = await runCli([], ROOT);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: wsdlc');
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [['generate', '--bogus']],
    [['frobnicate']],
    [['generate', 'wsdl/auth.wsdl', '--long', 'float']],
    [['validate']],
  ])('%j', async (argv) => {
    const r = await runCli(argv, project());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error/);
  });
  it('a WSDL without -o', async () => {
    const r = await runCli(['generate', 'wsdl/auth.wsdl'], project());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('an output folder is required');
  });
  it.each([
    [['generate', 'wsdl/auth.wsdl', '-o', '--dry-run'], 'option -o, --output needs a value, got the flag "--dry-run"'],
    [
      ['generate', 'wsdl/auth.wsdl', '-o', 'out', '--scaffold', '--clean'],
      'option --scaffold needs a value, got the flag "--clean"',
    ],
    [
      ['check', 'wsdl/auth.wsdl', '-o', 'out', '--templates', '-q'],
      'option --templates needs a value, got the flag "-q"',
    ],
    [
      ['generate', 'wsdl/auth.wsdl', '-o', 'out', '--client-only', '--server-only'],
      '--client-only and --server-only cannot be used together',
    ],
    [
      ['generate', 'wsdl/auth.wsdl', '-o', 'out', '--quiet', '--verbose'],
      '--quiet and --verbose cannot be used together',
    ],
  ])('%j: a usage error, nothing written', async (argv, message) => {
    const dir = project();
    const before = snapshotTree(dir);
    const r = await runCli(argv, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(snapshotTree(dir)).toEqual(before);
  });
  it('a --scaffold path that is a folder, or inside a file: exit 2 before anything is written', async () => {
    for (const [path, message] of [
      ['wsdl', '--scaffold wsdl is a folder; give the path of a .ts file'],
      ['afile/impl.ts', '--scaffold afile/impl.ts: afile is a file, not a folder'],
    ] as const) {
      const dir = project();
      writeFileSync(join(dir, 'afile'), 'x');
      const before = snapshotTree(dir);
      const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', 'out', '--scaffold', path], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(snapshotTree(dir)).toEqual(before);
    }
  });
  it('an output path that is a file, or inside one: generate, check and --dry-run all say so (exit 1)', async () => {
    for (const [out, message] of [
      ['afile', /^error: output (\S*\/)?afile exists and is not a folder$/],
      ['afile/sub', /^error: output (\S*\/)?afile\/sub is inside a file, not a folder$/],
    ] as const) {
      for (const argv of [['generate'], ['check'], ['generate', '--dry-run']]) {
        const dir = project();
        writeFileSync(join(dir, 'afile'), 'x');
        const before = snapshotTree(dir);
        const r = await runCli([...argv, 'wsdl/auth.wsdl', '-o', out], dir);
        expect(r.code, `${argv.join(' ')} -o ${out}`).toBe(1);
        expect(r.stderr.trim()).toMatch(message);
        expect(r.stdout).not.toContain('would be created');
        expect(snapshotTree(dir)).toEqual(before);
      }
    }
  });
  it('a --bindings filter that leaves a service no binding: located error, exit 1, nothing written', async () => {
    const dir = project();
    copyFileSync(join(ROOT, '../shared/corpus/zeep/soap.wsdl'), join(dir, 'wsdl/soap-only.wsdl'));
    const r = await runCli(['generate', 'wsdl/soap-only.wsdl', '-o', 'out', '--bindings', 'httpGet'], dir, {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /soap-only\.wsdl:\d+:\d+: error: bindings httpGet: service StockQuoteService has none of them \(it has soap11\)/,
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
  it('an unknown binding', async () => {
    const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', 'out', '--bindings', 'soap11,smtp'], project());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown binding "smtp"');
  });
  it('no WSDL and no config anywhere above', async () => {
    const r = await runCli(['generate'], project(null));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no wsdlc.config.json found');
  });
  it('a missing templates folder', async () => {
    const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', 'out', '--templates', 'nope'], project());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('templates folder not found');
  });
});

describe('config file errors exit 2 with file:line:column', () => {
  function withConfig(text: string): string {
    const dir = project(null);
    writeFileSync(join(dir, 'wsdlc.config.json'), text);
    return dir;
  }
  it('invalid JSON', async () => {
    const r = await runCli(
      ['generate'],
      withConfig('{\n  "contracts": [\n    { "wsdl": "a.wsdl" "output": "x" }\n  ]\n}\n'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wsdlc\.config\.json:3:\d+: error: invalid JSON/m);
  });
  it('a UTF-8 byte order mark before the JSON is ignored (and errors keep their lines)', async () => {
    const ok = await runCli(
      ['generate', '--dry-run'],
      withConfig('\ufeff{ "contracts": [{ "wsdl": "wsdl/auth.wsdl", "output": "generated/auth" }] }\n'),
    );
    expect(ok.code).toBe(0);
    const bad = await runCli(
      ['generate'],
      withConfig('\ufeff{\n  "contracts": [\n    { "wsdl": "a.wsdl" "output": "x" }\n  ]\n}\n'),
    );
    expect(bad.stderr).toMatch(/^wsdlc\.config\.json:3:\d+: error: invalid JSON/m);
  });
  it('unknown key, bad binding, bad type mapping and missing output, all at once', async () => {
    const text = [
      '{',
      '  "contracts": [',
      '    {',
      '      "wsdl": "wsdl/auth.wsdl",',
      '      "outptu": "generated/auth",',
      '      "bindings": ["soap11", "smtp"],',
      '      "types": { "long": "float" }',
      '    }',
      '  ]',
      '}',
    ].join('\n');
    const r = await runCli(['check'], withConfig(text));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('wsdlc.config.json:5:7: error: unknown key "outptu"');
    expect(r.stderr).toContain('wsdlc.config.json:6:30: error: unknown binding "smtp"');
    expect(r.stderr).toContain('wsdlc.config.json:7:18: error: "types.long" must be one of number, bigint, string');
    expect(r.stderr).toContain('wsdlc.config.json:3:5: error: missing "output"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
  it('--config naming a missing file', async () => {
    const r = await runCli(['generate', '--config', 'nope.json'], project());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nope.json: cannot read config file');
  });
  it('two contracts sharing an output folder', async () => {
    const r = await runCli(
      ['generate'],
      project({
        contracts: [
          { wsdl: 'a.wsdl', output: 'o' },
          { wsdl: 'b.wsdl', output: 'o' },
        ],
      }),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('output "o" is already used by contracts[0]');
  });
});

describe('generate', () => {
  it('generates every contract of the config found from a subfolder', async () => {
    const dir = project();
    mkdirSync(join(dir, 'src/deep'), { recursive: true });
    const r = await runCli(['generate'], join(dir, 'src/deep'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('7 created');
    expect(Object.keys(snapshotTree(join(dir, 'generated/auth')))).toEqual([
      MANIFEST_NAME,
      'client.ts',
      'index.ts',
      'runtime/faults.ts',
      'schema.ts',
      'server.ts',
      'types.ts',
    ]);
    expect(readFileSync(join(dir, 'generated/auth/index.ts'), 'utf8')).toContain(`from wsdl/auth.wsdl.`);
  });

  it('maps flags to emit options', async () => {
    const dir = project();
    const r = await runCli(
      [
        'generate',
        'wsdl/auth.wsdl',
        '-o',
        'out',
        '--client-only',
        '--bindings',
        'soap12,httpget',
        '--long',
        'bigint',
        '--decimal',
        'string',
        '--date-time',
        'string',
      ],
      dir,
    );
    expect(r.code).toBe(0);
    const tree = snapshotTree(join(dir, 'out'));
    expect(tree['server.ts']).toBeUndefined();
    expect(tree['client.ts']).toContain('login()');
    expect(tree['schema.ts']).toContain('["soap12","httpGet"]');
    expect(tree['types.ts']).toContain('Long = bigint');
    expect(tree['types.ts']).toContain('decimal=string dateTime=string');
  });

  it('--no-client overrides the config; config options apply otherwise', async () => {
    const dir = project({
      contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'g', types: { long: 'string' }, client: true }],
    });
    expect((await runCli(['generate', '--no-client'], dir)).code).toBe(0);
    const tree = snapshotTree(join(dir, 'g'));
    expect(tree['client.ts']).toBeUndefined();
    expect(tree['types.ts']).toContain('Long = string');
  });

  it('--templates overrides built-in templates (resolved from the cwd)', async () => {
    const dir = project();
    mkdirSync(join(dir, 'tpl'));
    writeFileSync(join(dir, 'tpl/header.hbs'), '// custom header for {{sourceLabel}}\n');
    const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', 'out', '--templates', 'tpl'], dir);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'out/client.ts'), 'utf8')).toMatch(/^\/\/ custom header for wsdl\/auth\.wsdl\n/);
  });

  it('a user template that renders invalid TypeScript is a user error naming the file, not a wsdlc bug; nothing written', async () => {
    const dir = project();
    mkdirSync(join(dir, 'tpl'));
    writeFileSync(join(dir, 'tpl/index.hbs'), 'export const x = ;\n');
    // The real emitter (the gate is what this is about).
    const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', 'out', '--templates', 'tpl'], dir, {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /generated index\.ts:1:\d+: Expression expected\. \(this file comes from a template in your --templates folder: fix that template\)/,
    );
    expect(r.stderr).not.toMatch(/internal error|bug in wsdlc/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('--dry-run lists every file and writes nothing', async () => {
    const dir = project();
    const r = await runCli(['generate', '--dry-run'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('create generated/auth/client.ts');
    expect(existsSync(join(dir, 'generated'))).toBe(false);
    await runCli(['generate'], dir);
    writeFileSync(join(dir, 'generated/auth/types.ts'), 'edited');
    const again = await runCli(['generate', '--dry-run', '--no-client'], dir);
    expect(again.stdout).toContain('change generated/auth/types.ts');
    expect(again.stdout).toContain('delete generated/auth/client.ts');
    expect(again.stdout).toContain('same   generated/auth/server.ts');
    expect(readFileSync(join(dir, 'generated/auth/types.ts'), 'utf8')).toBe('edited');
    expect(existsSync(join(dir, 'generated/auth/client.ts'))).toBe(true);
    // Notes on hand-edited files say what happens to each: regenerated, or deleted.
    writeFileSync(join(dir, 'generated/auth/client.ts'), 'edited too');
    const notes = await runCli(['generate', '--dry-run', '--no-client'], dir);
    const out = notes.stdout + notes.stderr;
    expect(out).toContain('note: generated/auth/types.ts had been edited by hand; would be regenerated');
    expect(out).toContain('note: generated/auth/client.ts had been edited by hand; would be deleted');
    const real = await runCli(['generate', '--no-client'], dir);
    expect(real.stdout + real.stderr).toContain('note: generated/auth/client.ts had been edited by hand; deleted');
  });

  it('refuses to overwrite a user file (exit 1) unless --force', async () => {
    const dir = project();
    mkdirSync(join(dir, 'generated/auth'), { recursive: true });
    writeFileSync(join(dir, 'generated/auth/client.ts'), '// mine\n');
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('generated/auth/client.ts: exists and was not generated by wsdlc');
    expect(readFileSync(join(dir, 'generated/auth/client.ts'), 'utf8')).toBe('// mine\n');
    expect(existsSync(join(dir, 'generated/auth/index.ts'))).toBe(false);
    expect((await runCli(['generate', '--force'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'generated/auth/client.ts'), 'utf8')).toContain('Generated by wsdlc');
  });

  it('is byte-identical across runs and working directories', async () => {
    const a = project();
    const b = project();
    expect((await runCli(['generate'], a)).code).toBe(0);
    const first = snapshotTree(join(a, 'generated/auth'));
    rmSync(join(a, 'generated'), { recursive: true });
    expect((await runCli(['generate', '--config', join(a, 'wsdlc.config.json')], b)).code).toBe(0);
    expect(snapshotTree(join(a, 'generated/auth'))).toEqual(first);
    expect(existsSync(join(b, 'generated'))).toBe(false);
  });

  it('a contract problem exits 1 with file:line:column and no stack trace', async () => {
    const dir = project();
    writeFileSync(
      join(dir, 'wsdl/auth.wsdl'),
      '<?xml version="1.0"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n  <wsdl:types>\n</wsdl:definitions>\n',
    );
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^wsdl\/auth\.wsdl:\d+:\d+: error: /m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });

  it('an internal error exits 3 with a --debug hint; --debug shows the stack', async () => {
    const broken: EmitFn = async () => {
      throw new TypeError('boom');
    };
    const r = await runCli(['generate'], project(), { emit: broken });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('internal error: boom');
    expect(r.stderr).toContain('--debug');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const d = await runCli(['generate', '--debug'], project(), { emit: broken });
    expect(d.code).toBe(3);
    expect(d.stderr).toMatch(/TypeError: boom\n\s+at /);
  });

  it('--quiet prints nothing on success; --verbose lists files', async () => {
    const dir = project();
    const q = await runCli(['generate', '--quiet'], dir);
    expect(q.code).toBe(0);
    expect(q.stdout + q.stderr).toBe('');
    rmSync(join(dir, 'generated'), { recursive: true });
    const v = await runCli(['generate', '--verbose'], dir);
    expect(v.stdout).toContain('create generated/auth/runtime/faults.ts');
  });

  it('colour only on a terminal without NO_COLOR', async () => {
    const broken = { emit: fakeEmit };
    const dir = project({ contracts: [{ wsdl: 'wsdl/missing.wsdl', output: 'g' }] });
    const tty = await runCli(['generate'], dir, broken, {}, true);
    expect(tty.stderr).toContain('\u001b[31merror:');
    const noColor = await runCli(['generate'], dir, broken, { NO_COLOR: '1' }, true);
    expect(noColor.stderr).toContain('error:');
    expect(noColor.stderr).not.toContain('\u001b[');
    const pipe = await runCli(['generate'], dir, broken, {}, false);
    expect(pipe.stderr).not.toContain('\u001b[');
  });
});

describe('check', () => {
  async function generated(): Promise<string> {
    const dir = project();
    expect((await runCli(['generate'], dir)).code).toBe(0);
    return dir;
  }
  it('exits 0 when up to date and writes nothing', async () => {
    const dir = await generated();
    const before = snapshotTree(dir);
    const r = await runCli(['check'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('generated/auth: up to date');
    expect(snapshotTree(dir)).toEqual(before);
  });
  it('catches a changed file', async () => {
    const dir = await generated();
    writeFileSync(join(dir, 'generated/auth/client.ts'), 'hand edit');
    const r = await runCli(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('generated/auth/client.ts: would be changed');
    expect(readFileSync(join(dir, 'generated/auth/client.ts'), 'utf8')).toBe('hand edit');
  });
  it('catches a missing file', async () => {
    const dir = await generated();
    rmSync(join(dir, 'generated/auth/runtime/faults.ts'));
    const r = await runCli(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('generated/auth/runtime/faults.ts: would be created');
  });
  it('catches an extra file from a previous generation', async () => {
    const dir = await generated();
    const r = await runCli(['check', '--server-only'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('generated/auth/client.ts: would be deleted');
    expect(existsSync(join(dir, 'generated/auth/client.ts'))).toBe(true);
  });
  it('catches a changed contract', async () => {
    const dir = await generated();
    copyFileSync(join(ROOT, 'test/scaffold/fixtures/auth-v2.wsdl'), join(dir, 'wsdl/auth.wsdl'));
    const r = await runCli(['check', 'wsdl/auth.wsdl', '-o', 'generated/auth'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('generated/auth/client.ts: would be changed');
    expect(r.stderr).toContain('out of date');
  });
  it('ignores user files in the output folder', async () => {
    const dir = await generated();
    writeFileSync(join(dir, 'generated/auth/README.md'), 'mine');
    expect((await runCli(['check'], dir)).code).toBe(0);
  });
});

describe('validate and inspect', () => {
  it('validate: a good contract exits 0', async () => {
    const r = await runCli(['validate', 'wsdl/auth.wsdl'], project());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('0 error(s)');
  });
  it('validate: a broken contract exits 1 with file:line:column: severity: message', async () => {
    const dir = project();
    writeFileSync(
      join(dir, 'bad.wsdl'),
      '<?xml version="1.0"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n  <tns:x/>\n</wsdl:definitions>\n',
    );
    const r = await runCli(['validate', 'bad.wsdl'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^bad\.wsdl:\d+:\d+: error: /m);
  });
  it('inspect --json prints the model', async () => {
    const r = await runCli(['inspect', 'wsdl/auth.wsdl', '--json'], project());
    expect(r.code).toBe(0);
    const model = JSON.parse(r.stdout) as { operations: { name: string }[] };
    expect(model.operations.map((o) => o.name)).toEqual(['Login', 'Logout']);
  });
  it('inspect prints the summary', async () => {
    const r = await runCli(['inspect', 'wsdl/auth.wsdl'], project());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Login');
    expect(r.stdout).toContain('Logout');
  });
  it('validate of a missing file exits 1 naming it', async () => {
    const r = await runCli(['validate', 'nope.wsdl'], project());
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('nope.wsdl');
  });
});

it('the output folder holds only the generated folder after generation (no temp leftovers)', async () => {
  const dir = project();
  await runCli(['generate'], dir);
  await runCli(['generate', '--no-server'], dir);
  expect(readdirSync(join(dir, 'generated'))).toEqual(['auth']);
});

describe('output folder safety and stability', () => {
  it('names the contract the same way from any working directory', async () => {
    const dir = project(null);
    writeFileSync(join(dir, 'package.json'), '{}\n');
    const a = await runCli(['generate', 'wsdl/auth.wsdl', '-o', 'out/a', '--no-server'], dir, { emit: fakeEmit });
    mkdirSync(join(dir, 'elsewhere'));
    const b = await runCli(['generate', '../wsdl/auth.wsdl', '-o', '../out/b', '--no-server'], join(dir, 'elsewhere'), {
      emit: fakeEmit,
    });
    expect([a.code, b.code]).toEqual([0, 0]);
    const tree = (p: string) => snapshotTree(join(dir, p));
    expect(tree('out/b')).toEqual(tree('out/a'));
    expect(readFileSync(join(dir, 'out/a/index.ts'), 'utf8')).toContain('from wsdl/auth.wsdl.');
  });

  it('keeps the inode and mtime of files that did not change, and of files it does not own', async () => {
    const dir = project();
    expect((await runCli(['generate'], dir, { emit: fakeEmit })).code).toBe(0);
    writeFileSync(join(dir, 'generated/auth/NOTES.md'), 'mine\n');
    const before = statSync(join(dir, 'generated/auth/types.ts'));
    const mine = statSync(join(dir, 'generated/auth/NOTES.md'));
    const r = await runCli(['generate', '--long', 'bigint'], dir, { emit: fakeEmit });
    expect(r.code).toBe(0);
    // types.ts changed (the long mapping), index.ts did not.
    expect(readFileSync(join(dir, 'generated/auth/types.ts'), 'utf8')).toContain('bigint');
    expect(statSync(join(dir, 'generated/auth/types.ts')).ino).not.toBe(before.ino);
    const after = statSync(join(dir, 'generated/auth/NOTES.md'));
    expect([after.ino, after.mtimeMs]).toEqual([mine.ino, mine.mtimeMs]);
    expect(readFileSync(join(dir, 'generated/auth/NOTES.md'), 'utf8')).toBe('mine\n');
  });

  it('never writes through a hard link into the previous output', async () => {
    const dir = project();
    expect((await runCli(['generate'], dir, { emit: fakeEmit })).code).toBe(0);
    const outside = join(dir, 'types-copy.ts');
    linkSync(join(dir, 'generated/auth/types.ts'), outside);
    const old = readFileSync(outside, 'utf8');
    expect((await runCli(['generate', '--long', 'string'], dir, { emit: fakeEmit })).code).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe(old);
  });

  it('refuses overlapping output folders, however they are spelled', async () => {
    const r = await runCli(
      ['generate'],
      project({
        contracts: [
          { wsdl: 'wsdl/auth.wsdl', output: 'o1' },
          { wsdl: 'wsdl/auth.wsdl', output: './o1/' },
        ],
      }),
      { emit: fakeEmit },
    );
    expect(r.code).toBe(2);
    const nested = await runCli(
      ['generate'],
      project({
        contracts: [
          { wsdl: 'wsdl/auth.wsdl', output: 'gen' },
          { wsdl: 'wsdl/auth.wsdl', output: 'gen/a' },
        ],
      }),
      { emit: fakeEmit },
    );
    expect(nested.code).toBe(2);
    expect(nested.stderr).toMatch(/overlapping output folders/);
  });

  it('refuses an output folder that holds the project, the config or the contract', async () => {
    const dir = project(null);
    const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', '.'], dir, { emit: fakeEmit });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/contains the working directory/);
    expect(existsSync(join(dir, 'index.ts'))).toBe(false);
  });

  it('answers an output path that is a file with a clear error', async () => {
    const dir = project(null);
    writeFileSync(join(dir, 'afile'), 'x');
    for (const out of ['afile', 'afile/sub']) {
      const r = await runCli(['generate', 'wsdl/auth.wsdl', '-o', out], dir, { emit: fakeEmit });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/not a folder/);
      expect(r.stderr).not.toMatch(/ENOTDIR|EEXIST|\n\s+at /);
    }
    expect(readFileSync(join(dir, 'afile'), 'utf8')).toBe('x');
  });
});
