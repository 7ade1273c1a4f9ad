/**
 * The final gate: every generated file is parsed by the TypeScript compiler (via
 * ts-morph, in memory). A syntax error is an internal error (templates and views
 * must never produce one). Files marked for formatting get their imports
 * organised (unused ones removed, sorted) and are formatted with 2-space indent;
 * every file ends with exactly one newline.
 */
import { createRequire } from 'node:module';
import type { Project, ts } from 'ts-morph';
import type { GeneratedFile } from './types.js';
import { typescript } from './typescript.js';

/** ts-morph's module, loaded only when a file needs the language service (user templates, small outputs). */
type TsMorph = typeof import('ts-morph');
const requireHere = createRequire(import.meta.url);

/** A file before the gate. */
export interface RawFile {
  readonly path: string;
  readonly content: string;
  /** Organise imports and format (generated files); `false` for verbatim copies. */
  readonly format: boolean;
  /**
   * Written by a built-in template, which produces formatted code with exact,
   * sorted imports (a test checks it against the full gate on real contracts):
   * the gate parses it, rejecting invalid output, but skips the language service.
   */
  readonly preformatted?: boolean;
}

/** Formatter settings for the language-service path. */
const FORMAT = (api: TsMorph['ts']): ts.FormatCodeSettings => ({
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  newLineCharacter: '\n',
  insertSpaceAfterCommaDelimiter: true,
  insertSpaceAfterSemicolonInForStatements: true,
  insertSpaceBeforeAndAfterBinaryOperators: true,
  insertSpaceAfterKeywordsInControlFlowStatements: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
  insertSpaceAfterTypeAssertion: false,
  placeOpenBraceOnNewLineForFunctions: false,
  placeOpenBraceOnNewLineForControlBlocks: false,
  semicolons: api.SemicolonPreference.Insert,
});

/** An internal error: generated code that does not parse. */
export class GeneratedSyntaxError extends Error {
  override readonly name = 'GeneratedSyntaxError';
}

/** Options of {@link gateFiles}. */
export interface GateOptions {
  /**
   * When the files to format add up to more than this (default 256 KiB), every
   * file is parsed (and rejected if invalid) but not passed through the language
   * service (import organiser and formatter), which costs about 1 s per MB plus
   * a start-up of a few hundred milliseconds. The built-in templates write
   * formatted code with exact, sorted imports, so for them the result is the same
   * either way; a test runs both paths on real contracts and compares them byte
   * for byte. The full path remains the safety net for small outputs and for
   * user templates.
   */
  readonly formatLimitBytes?: number;
}

/** Default {@link GateOptions.formatLimitBytes}. */
export const DEFAULT_FORMAT_LIMIT_BYTES = 256 * 1024;

/**
 * Parses, organises and formats `files`; returns them in the same order.
 * Verbatim copies (`format: false`, the runtime) are our own tested sources: they
 * skip the compiler entirely, so the gate's cost is proportional to what the
 * templates produced.
 */
export function gateFiles(files: readonly RawFile[], options: GateOptions = {}): GeneratedFile[] {
  const formatLimit = options.formatLimitBytes ?? DEFAULT_FORMAT_LIMIT_BYTES;
  const total = files.reduce((n, f) => n + (f.format ? f.content.length : 0), 0);
  const parseOnly = total > formatLimit;
  let project: Project | undefined;
  return files.map((f) => {
    if (!f.format) return { path: f.path, content: withFinalNewline(f.content) };
    if (parseOnly || f.preformatted) {
      // Parse only: the plain parser (no ts-morph, no project, no parent pointers).
      const api = typescript();
      // JSDoc bodies are not parsed (their errors are never syntax errors; a stray `*/` still ends the comment
      // and fails the parse), which makes the gate 2-3x faster on documented contracts.
      const node = api.createSourceFile(
        f.path,
        f.content,
        { languageVersion: api.ScriptTarget.ES2022, jsDocParsingMode: api.JSDocParsingMode.ParseNone },
        false,
        api.ScriptKind.TS,
      );
      rejectSyntaxErrors(api, f.path, node, (pos) => {
        const lc = node.getLineAndCharacterOfPosition(pos);
        return { line: lc.line + 1, column: lc.character + 1 };
      });
      return { path: f.path, content: withFinalNewline(f.content) };
    }
    const morph = requireHere('ts-morph') as TsMorph;
    project ??= newProject(morph);
    const sf = project.createSourceFile(`/out/${f.path}`, f.content, { overwrite: true });
    rejectSyntaxErrors(morph.ts, f.path, sf.compilerNode, (pos) => sf.getLineAndColumnAtPos(pos));
    sf.organizeImports(FORMAT(morph.ts), { quotePreference: 'single', organizeImportsIgnoreCase: false });
    sf.formatText(FORMAT(morph.ts));
    return { path: f.path, content: withFinalNewline(sf.getFullText()) };
  });
}

/** An in-memory project with no lib files and no module resolution: the gate needs syntax only. */
function newProject(morph: TsMorph): Project {
  const { ts: api } = morph;
  return new morph.Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: {
      target: api.ScriptTarget.ES2022,
      module: api.ModuleKind.NodeNext,
      moduleResolution: api.ModuleResolutionKind.NodeNext,
      noLib: true,
      noResolve: true,
      types: [],
      noEmit: true,
    },
    manipulationSettings: {
      indentationText: morph.IndentationText.TwoSpaces,
      quoteKind: morph.QuoteKind.Single,
      newLineKind: morph.NewLineKind.LineFeed,
      useTrailingCommas: true,
    },
  });
}

/** Throws {@link GeneratedSyntaxError} for the first syntax error the parser recorded. */
function rejectSyntaxErrors(
  api: { flattenDiagnosticMessageText: typeof ts.flattenDiagnosticMessageText },
  path: string,
  node: ts.SourceFile,
  position: (pos: number) => { line: number; column: number },
): void {
  // The parser's own diagnostics: purely syntactic, no program needed.
  const diags = (node as ts.SourceFile & { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  const first = diags[0];
  if (!first) return;
  const pos = first.start !== undefined ? position(first.start) : { line: 0, column: 0 };
  const msg = api.flattenDiagnosticMessageText(first.messageText, '\n');
  throw new GeneratedSyntaxError(`internal error: generated ${path}:${pos.line}:${pos.column}: ${msg}`);
}

function withFinalNewline(text: string): string {
  return `${text.trimEnd()}\n`;
}
