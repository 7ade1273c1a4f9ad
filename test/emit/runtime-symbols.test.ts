/**
 * The table of runtime symbols (src/names/runtime-symbols.ts) against the runtime
 * itself and against what the emitter writes: every symbol in the table is exported
 * by src/runtime/index.ts with the kind the table gives it, and every name a
 * generated file imports from its runtime is in the table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RUNTIME_SYMBOL_NAMES, RUNTIME_SYMBOLS } from '../../src/names/runtime-symbols.js';
import { runtimeImportClause, runtimeReexportClauses } from '../../src/emit/runtime-imports.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The runtime index's exports, each as 'value' or 'type' (what a generated `import` may say). */
function runtimeExports(): Map<string, 'value' | 'type'> {
  const index = path.join(ROOT, 'src/runtime/index.ts');
  const program = ts.createProgram([index], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(index);
  if (!source) throw new Error('runtime index not found');
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error('runtime index is not a module');
  const out = new Map<string, 'value' | 'type'>();
  for (const exp of checker.getExportsOfModule(moduleSymbol)) {
    const target = exp.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exp) : exp;
    const typeOnly = exp.declarations?.some((d) => ts.isTypeOnlyImportOrExportDeclaration(d)) ?? false;
    out.set(exp.name, !typeOnly && target.flags & ts.SymbolFlags.Value ? 'value' : 'type');
  }
  return out;
}

/** Names imported or re-exported from `./runtime/index.js` by one generated file. */
function runtimeNamesUsed(text: string): string[] {
  const names: string[] = [];
  const re = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.\/runtime\/index\.js'/g;
  for (const m of text.matchAll(re)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (name !== '') names.push(name);
    }
  }
  return names;
}

describe('runtime symbols table', () => {
  const exported = runtimeExports();

  it.each(RUNTIME_SYMBOL_NAMES)('%s is exported by src/runtime/index.ts with the kind the table says', (name) => {
    expect(exported.get(name), `${name} is not exported by src/runtime/index.ts`).toBeDefined();
    const kind = RUNTIME_SYMBOLS[name];
    // A value may be imported with `type` too, but the table must not call a type-only export a value.
    if (kind === 'value') expect(exported.get(name)).toBe('value');
  });

  it('every runtime name a generated file imports is in the table', () => {
    const dirs = [
      path.join(ROOT, 'generated/auth'),
      ...readdirSync(path.join(ROOT, 'test/golden'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => path.join(ROOT, 'test/golden', d.name)),
    ];
    const used = new Set<string>();
    for (const dir of dirs) {
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') || n.endsWith('.ts.golden'))) {
        for (const n of runtimeNamesUsed(readFileSync(path.join(dir, f), 'utf8'))) used.add(n);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const unknown = [...used].filter((n) => !(n in RUNTIME_SYMBOLS));
    expect(unknown).toEqual([]);
  });

  it('writes type-only imports with `import type`, mixed ones with inline `type`', () => {
    expect(runtimeImportClause(['XmlElement', false, undefined])).toBe('type { XmlElement }');
    expect(runtimeImportClause(['ServiceClient', 'ClientOptions'])).toBe('{ ServiceClient, type ClientOptions }');
    expect(runtimeImportClause([false])).toBe('');
    expect(runtimeReexportClauses(['SoapFault', 'HttpError', 'XmlElement'])).toEqual({
      values: '{ HttpError, SoapFault }',
      types: '{ XmlElement }',
    });
  });
});
