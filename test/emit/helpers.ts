/**
 * Shared helpers of the emitter tests: generating a contract with fixed
 * options, and compiling a generated tree with the TypeScript API.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  DEFAULT_TYPE_MAPPING,
  emitFiles,
  serviceDescriptors,
  type EmitOptions,
  type GeneratedFile,
} from '../../src/emit/index.js';
import { tsLiteral } from '../../src/emit/literal.js';
import { decodeSchema } from '../../src/runtime/wire/descriptor-data.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { loadModel } from '../../src/model/index.js';
// The runtime's optional codecs, which generated schema.ts imports for contracts that have such values:
// in-process runs of the runtime against a contract's descriptors load them the same way.
import '../../src/runtime/wire/dataset.js';
import '../../src/runtime/wire/soap-array.js';
import { formatDiagnostics, programDiagnostics, runtimeFolder } from '../support/type-check.js';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Fixed emit options for tests (the label is what file headers show). The runtime
 * copy carries no `// @ts-nocheck` here (`tsNocheck: 'none'`), so that every test
 * that compiles an output checks the runtime as well, under its own settings.
 */
export function testOptions(sourceLabel: string, extra: Partial<EmitOptions> = {}): EmitOptions {
  return {
    client: true,
    server: true,
    types: DEFAULT_TYPE_MAPPING,
    sourceLabel,
    toolVersion: '0.0.0-test',
    tsNocheck: 'none',
    ...extra,
  };
}

/** Loads `wsdlPath` (relative to the repo root or absolute) and emits it. */
export async function generate(
  wsdlPath: string,
  label: string,
  extra: Partial<EmitOptions> = {},
): Promise<GeneratedFile[]> {
  const abs = path.resolve(ROOT, wsdlPath);
  const model = await loadModel(abs);
  return emitFiles(model, testOptions(label, extra), { wsdlText: readFileSync(abs, 'utf8') });
}

/** The complex type descriptors of the first service of `wsdlPath` (relative to the repo root), as generated code has them. */
export async function serviceTypes(wsdlPath: string): Promise<ServiceDesc['types']> {
  const [service] = serviceDescriptors(await loadModel(path.resolve(ROOT, wsdlPath)), { types: DEFAULT_TYPE_MAPPING });
  if (!service) throw new Error(`no service in ${wsdlPath}`);
  return service.types;
}

/** Writes files under `dir` (emptied first). */
export function writeTree(dir: string, files: readonly GeneratedFile[]): void {
  rmSync(dir, { recursive: true, force: true });
  for (const f of files) {
    const target = path.join(dir, f.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, f.content);
  }
}

/** Compiler options generated code must pass: strict, NodeNext, noUncheckedIndexedAccess, no emit. */
export function strictOptions(): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    exactOptionalPropertyTypes: false,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
  };
}

/** What compileTree reports on. */
export interface CompileTreeOptions {
  /**
   * Report the runtime copy's own errors too (every statement of every
   * `runtime/` file checked). Off by default: the runtime is then only checked
   * as far as the generated files use it (its declarations and the types they
   * reach), which is what a feature's generated code needs and about a fifth of
   * the cost. The runtime copies themselves are checked in full by
   * test/golden/compile, test/matrix/compile-auth, test/generate/runtime-slim,
   * test/emit/runtime-roles and the corpus test.
   */
  readonly checkRuntime?: boolean;
}

/**
 * Type-checks the .ts files of `files` written to `dir` (strict, NodeNext,
 * noUncheckedIndexedAccess); returns the messages. Every file is parsed and
 * bound; see CompileTreeOptions for which are checked.
 */
export function compileTree(dir: string, files: readonly GeneratedFile[], opts: CompileTreeOptions = {}): string[] {
  writeTree(dir, files);
  // A package.json with "type": "module" makes NodeNext treat the .ts files as ES modules.
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  const program = ts.createProgram(
    files.map((f) => path.join(dir, f.path)),
    strictOptions(),
  );
  return formatDiagnostics(
    programDiagnostics(program, opts.checkRuntime === true ? undefined : runtimeFolder(dir)),
    dir,
  );
}

/**
 * The descriptors a generated schema.ts embeds: the string passed to
 * `new SchemaData(...)`, read with the TypeScript parser (so the literal's escapes
 * are the compiler's), and decoded by the runtime's decoder.
 */
export function decodedSchema(schemaTs: string): ReturnType<typeof decodeSchema> {
  const sf = ts.createSourceFile('schema.ts', schemaTs, ts.ScriptTarget.ES2022, true);
  let text: string | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'SchemaData' &&
      node.arguments?.[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      text = node.arguments[0].text;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (text === undefined) throw new Error('schema.ts has no new SchemaData(<string>)');
  return decodeSchema(text);
}

/**
 * The descriptors of a generated schema.ts written out as TypeScript literals
 * (types by key, then each service's operations by method), for assertions on
 * their text.
 */
export function schemaText(schemaTs: string): string {
  const { types, services } = decodedSchema(schemaTs);
  const lines = Object.keys(types).map((k) => `${k}: ${tsLiteral(types[k], '  ')},`);
  for (const s of services) {
    lines.push(`ports: ${tsLiteral(s.ports, '  ')},`);
    for (const o of s.operations) lines.push(`${o.method}: ${tsLiteral(o, '  ')},`);
  }
  return lines.join('\n');
}
