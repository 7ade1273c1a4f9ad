/**
 * Test support: what every test that type-checks generated code with the
 * TypeScript API shares — which diagnostics a program reports (optionally
 * leaving one folder, a tree's runtime copy, to be checked only as far as the
 * other files use it), how they are written (`file:line: message`), and module
 * resolution that follows symbolic links for relative imports (so a runtime
 * linked into many trees is parsed and checked once).
 *
 * Used by test/emit/helpers.ts (compileTree), test/matrix/compile-host.ts
 * (checkTree) and test/corpus-generate/corpus-files.ts (typeCheck).
 */
import path from 'node:path';
import ts from 'typescript';

/** The `runtime/` folder of the generated tree at `dir`, with a trailing separator (a prefix of its files' names). */
export function runtimeFolder(dir: string): string {
  return `${path.join(dir, 'runtime')}${path.sep}`;
}

/**
 * The diagnostics of `program`. Without `uncheckedFolder`, all of them
 * (`ts.getPreEmitDiagnostics`: options, syntax, globals, every file's semantics,
 * and declaration diagnostics when the options emit declarations). With it, the
 * files under that folder (a prefix ending in a separator, see runtimeFolder) are
 * parsed and bound but not checked statement by statement: options, global and
 * syntactic diagnostics of every file, semantic ones of the other non-declaration
 * files only. Their declarations are still checked as far as the other files use
 * them, at about a fifth of the cost of checking them in full.
 */
export function programDiagnostics(program: ts.Program, uncheckedFolder?: string): readonly ts.Diagnostic[] {
  if (uncheckedFolder === undefined) return ts.getPreEmitDiagnostics(program);
  const checked = (sf: ts.SourceFile): boolean =>
    !sf.isDeclarationFile && !path.normalize(sf.fileName).startsWith(uncheckedFolder);
  const files = program.getSourceFiles();
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((sf) => program.getSyntacticDiagnostics(sf)),
    ...files.filter(checked).flatMap((sf) => program.getSemanticDiagnostics(sf)),
  ];
}

/**
 * Writes diagnostics as `file:line: message` (file relative to `base`; no
 * location for global ones), with the `TS<code> ` before the message when
 * `codes` is set.
 */
export function formatDiagnostics(
  diagnostics: readonly ts.Diagnostic[],
  base: string,
  { codes = false }: { readonly codes?: boolean } = {},
): string[] {
  return diagnostics.map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${path.relative(base, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return `${where}${codes ? `TS${d.code} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/**
 * Makes `host` resolve every relative (non-node_modules) import to its real
 * path, so that a folder linked into many trees (one shared runtime copy) is
 * one set of source files in the program, parsed and checked once. TypeScript
 * itself follows links only for imports found in node_modules: through a
 * relative import each tree would bring its own copy (for the corpus, 12,000
 * files instead of 1,000, and 156 s of CPU instead of 10).
 */
export function resolveThroughLinks(host: ts.CompilerHost, options: ts.CompilerOptions): void {
  const realpath = (file: string): string => (host.realpath ? host.realpath(file) : file);
  const cache = ts.createModuleResolutionCache(host.getCurrentDirectory(), host.getCanonicalFileName, options);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
      const { resolvedModule } = ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        cache,
        redirected,
        mode,
      );
      if (resolvedModule === undefined || resolvedModule.isExternalLibraryImport === true) return { resolvedModule };
      return { resolvedModule: { ...resolvedModule, resolvedFileName: realpath(resolvedModule.resolvedFileName) } };
    });
}
