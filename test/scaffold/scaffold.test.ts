import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, ts } from 'ts-morph';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeScaffold } from '../../src/scaffold/merge.js';
import type { ServiceInterface } from '../../src/scaffold/service-interfaces.js';
import { ROOT, cleanup, runCli, tempDir } from '../cli/helpers.js';

const dirs: string[] = [];
afterEach(() => cleanup(dirs));
const FIXTURES = join(ROOT, 'test/scaffold/fixtures');

function project(version: 1 | 2 | 3 = 1): string {
  const dir = tempDir();
  dirs.push(dir);
  mkdirSync(join(dir, 'wsdl'));
  // A project root: file headers name the contract relative to it.
  writeFileSync(join(dir, 'package.json'), '{}\n');
  copyFileSync(join(FIXTURES, `auth-v${version}.wsdl`), join(dir, 'wsdl/auth.wsdl'));
  return dir;
}

function useVersion(dir: string, version: 1 | 2 | 3): void {
  copyFileSync(join(FIXTURES, `auth-v${version}.wsdl`), join(dir, 'wsdl/auth.wsdl'));
}

const GEN = ['generate', 'wsdl/auth.wsdl', '-o', 'generated/auth', '--scaffold', 'src/auth-service.ts'];

/** Type-checks the scaffold together with the generated code (strict). */
function typeErrors(dir: string): string[] {
  const project = new Project({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: [],
    },
  });
  project.addSourceFilesAtPaths([join(dir, 'src/**/*.ts'), join(dir, 'generated/**/*.ts')]);
  return project.getPreEmitDiagnostics().map((d) => {
    const m = d.getMessageText();
    return typeof m === 'string' ? m : m.getMessageText();
  });
}

describe('scaffold', () => {
  it('creates a starter implementation importing the generated index by relative path', async () => {
    const dir = project();
    const r = await runCli(GEN, dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('src/auth-service.ts: created scaffold (2 methods)');
    const text = readFileSync(join(dir, 'src/auth-service.ts'), 'utf8');
    expect(text).toContain(`import { SoapFault, type AuthService } from '../generated/auth/index.js';`);
    expect(text).toContain('export const authService: AuthService = {');
    expect(text).toContain(
      `  async login(input, ctx) {\n    throw new SoapFault({ code: 'Server', reason: 'Login is not implemented' });\n  },`,
    );
    expect(text).toContain(`reason: 'Logout is not implemented'`);
    expect(text).toContain('from wsdl/auth.wsdl');
    expect(typeErrors(dir)).toEqual([]);
  });

  it('leaves an existing, complete scaffold byte-identical', async () => {
    const dir = project();
    await runCli(GEN, dir);
    const file = join(dir, 'src/auth-service.ts');
    const mine = readFileSync(file, 'utf8').replace(
      "throw new SoapFault({ code: 'Server', reason: 'Login is not implemented' });",
      "return { ServiceTicket: 'x' };",
    );
    writeFileSync(file, mine);
    const r = await runCli(GEN, dir);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(mine);
  });

  it('adds the methods of new operations without changing any of the user code', async () => {
    const dir = project();
    await runCli(GEN, dir);
    const file = join(dir, 'src/auth-service.ts');
    // The user implements login in their own style, with helpers and comments.
    const userCode = [
      `import { SoapFault, type AuthService } from '../generated/auth/index.js';`,
      `// my helpers`,
      `const tickets = new Map<string, string>();`,
      ``,
      `export const authService: AuthService = {`,
      `    async login(input,ctx)   { /* mine */ tickets.set('a', 'b'); return { ServiceTicket: 'T' }; },`,
      `    async logout(input, ctx) {`,
      `        throw new SoapFault({ code: 'Server', reason: 'later' });`,
      `    }`,
      `};`,
      `export const unrelated = 42;`,
      ``,
    ].join('\n');
    writeFileSync(file, userCode);
    useVersion(dir, 2);
    const r = await runCli(GEN, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('src/auth-service.ts: added AuthService.refreshTicket');
    const after = readFileSync(file, 'utf8');
    const inserted = `,\n    async refreshTicket(input, ctx) {\n      throw new SoapFault({ code: 'Server', reason: 'RefreshTicket is not implemented' });\n    }`;
    expect(after).toContain(inserted);
    // Everything else is byte-identical: removing the inserted text gives back the user's file.
    expect(after.replace(inserted, '')).toBe(userCode);
    expect(typeErrors(dir)).toEqual([]);
  });

  it('reports methods whose operation the contract no longer has, and deletes nothing', async () => {
    const dir = project();
    await runCli(GEN, dir);
    const file = join(dir, 'src/auth-service.ts');
    const before = readFileSync(file, 'utf8');
    useVersion(dir, 3);
    const r = await runCli(GEN, dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^src\/auth-service\.ts:\d+:3: warning: AuthService has no operation for method 'logout'/m,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('--dry-run reports the scaffold without writing it', async () => {
    const dir = project();
    const r = await runCli([...GEN, '--dry-run'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('src/auth-service.ts: would create scaffold');
    expect(existsSync(join(dir, 'src/auth-service.ts'))).toBe(false);
  });
});

describe('mergeScaffold', () => {
  const services: ServiceInterface[] = [
    {
      name: 'AuthService',
      methods: [
        { name: 'login', operation: 'Login' },
        { name: 'logout', operation: 'Logout' },
      ],
    },
  ];
  it('keeps a trailing comma style', () => {
    const text = `export const s: AuthService = {\n  async login() {\n    return 1;\n  },\n};\n`;
    const r = mergeScaffold(text, services, 'x.ts');
    expect(r.added).toEqual(['AuthService.logout']);
    expect(r.text).toBe(
      `export const s: AuthService = {\n  async login() {\n    return 1;\n  },\n  async logout(input, ctx) {\n    throw new SoapFault({ code: 'Server', reason: 'Logout is not implemented' });\n  },\n};\n`,
    );
  });
  it('fills an empty object and keeps CRLF line endings', () => {
    const text = `export const s = {} satisfies AuthService;\r\n`;
    const r = mergeScaffold(text, services, 'x.ts');
    expect(r.added).toEqual(['AuthService.login', 'AuthService.logout']);
    expect(r.text.startsWith('export const s = {\r\n  async login(input, ctx) {\r\n')).toBe(true);
    expect(r.text.endsWith('},\r\n} satisfies AuthService;\r\n')).toBe(true);
    expect(r.text.replace(/\r\n/g, '')).not.toContain('\n');
  });
  it('warns when no implementation object is found', () => {
    const r = mergeScaffold(`export const x = 1;\n`, services, 'x.ts');
    expect(r.text).toBe(`export const x = 1;\n`);
    expect(r.warnings[0]?.message).toContain('no object typed AuthService found');
  });
});
