/**
 * The table of runtime symbols (src/names/runtime-symbols.ts) against the runtime
 * itself and against what the emitter writes: every symbol in the table is exported
 * by the entry point the table names, with the kind the table gives it; every name
 * a generated file imports from its runtime is in the table and imported from that
 * entry point; and the entry points keep the runtime's layers apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runtimeImports, runtimeReexports } from '../../src/emit/runtime-imports.js';
import {
  RUNTIME_MODULE_PATHS,
  RUNTIME_SYMBOL_NAMES,
  RUNTIME_SYMBOLS,
  type RuntimeModule,
} from '../../src/names/runtime-symbols.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES = Object.keys(RUNTIME_MODULE_PATHS) as RuntimeModule[];

/** Each entry point's exports, each as 'value' or 'type' (what a generated `import` may say). */
function entryPointExports(): Map<RuntimeModule, Map<string, 'value' | 'type'>> {
  const files = MODULES.map((m) => path.join(ROOT, 'src/runtime', `${RUNTIME_MODULE_PATHS[m]}.ts`));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const out = new Map<RuntimeModule, Map<string, 'value' | 'type'>>();
  MODULES.forEach((m, i) => {
    const source = program.getSourceFile(files[i]!);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`runtime entry point ${files[i]} not found`);
    const exports = new Map<string, 'value' | 'type'>();
    for (const exp of checker.getExportsOfModule(moduleSymbol)) {
      const target = exp.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exp) : exp;
      const typeOnly = exp.declarations?.some((d) => ts.isTypeOnlyImportOrExportDeclaration(d)) ?? false;
      exports.set(exp.name, !typeOnly && target.flags & ts.SymbolFlags.Value ? 'value' : 'type');
    }
    out.set(m, exports);
  });
  return out;
}

/** `[name, specifier]` for each name a generated file imports or re-exports from its runtime. */
function runtimeNamesUsed(text: string): [string, string][] {
  const names: [string, string][] = [];
  const re = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.\/runtime\/[^']+)'/g;
  for (const m of text.matchAll(re)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (name !== '') names.push([name, m[2]!]);
    }
  }
  return names;
}

function generatedDirs(): string[] {
  return [
    path.join(ROOT, 'generated/auth'),
    ...readdirSync(path.join(ROOT, 'test/golden'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(ROOT, 'test/golden', d.name)),
  ];
}

describe('runtime symbols table', () => {
  const exported = entryPointExports();

  it.each(RUNTIME_SYMBOL_NAMES)('%s is exported by its entry point with the kind the table says', (name) => {
    const { kind, module } = RUNTIME_SYMBOLS[name];
    const got = exported.get(module)?.get(name);
    expect(got, `${name} is not exported by src/runtime/${RUNTIME_MODULE_PATHS[module]}.ts`).toBeDefined();
    // A value may be imported with `type` too, but the table must not call a type-only export a value.
    if (kind === 'value') expect(got).toBe('value');
  });

  it('every runtime name a generated file imports is in the table, from the entry point it names', () => {
    const used: [string, string][] = [];
    for (const dir of generatedDirs()) {
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') || n.endsWith('.ts.golden'))) {
        used.push(...runtimeNamesUsed(readFileSync(path.join(dir, f), 'utf8')));
      }
    }
    expect(used.length).toBeGreaterThan(20);
    const wrong = used.filter(
      ([name, from]) =>
        !(name in RUNTIME_SYMBOLS) ||
        from !== `./runtime/${RUNTIME_MODULE_PATHS[RUNTIME_SYMBOLS[name as keyof typeof RUNTIME_SYMBOLS].module]}.js`,
    );
    expect(wrong).toEqual([]);
  });

  it('the shared entry point exports nothing of the client or the server', () => {
    const shared = exported.get('shared')!;
    const sided = RUNTIME_SYMBOL_NAMES.filter((n) => RUNTIME_SYMBOLS[n].module !== 'shared');
    expect(sided.filter((n) => shared.has(n))).toEqual([]);
  });

  it('writes one import per entry point: `import type` when all are types, inline `type` otherwise', () => {
    expect(runtimeImports(['XmlElement', false, undefined])).toEqual([
      { clause: 'type { XmlElement }', from: './runtime/index.js' },
    ]);
    expect(runtimeImports(['ServiceClient', 'ClientOptions', 'isDeclaredFault', 'XmlElement'])).toEqual([
      { clause: '{ ServiceClient, isDeclaredFault, type ClientOptions }', from: './runtime/client/index.js' },
      { clause: 'type { XmlElement }', from: './runtime/index.js' },
    ]);
    expect(runtimeImports([false])).toEqual([]);
    expect(runtimeReexports(['SoapFault', 'HttpError', 'XmlElement', 'RequestContext'])).toEqual([
      { values: '{ HttpError, SoapFault }', types: '{ XmlElement }', from: './runtime/index.js' },
      { values: '', types: '{ RequestContext }', from: './runtime/server/index.js' },
    ]);
  });
});
