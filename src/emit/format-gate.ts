/**
 * The final gate: every generated file is parsed by the TypeScript compiler (via
 * ts-morph, in memory). A syntax error is an internal error (templates and views
 * must never produce one). Files marked for formatting get their imports
 * organised (unused ones removed, sorted) and are formatted with 2-space indent;
 * every file ends with exactly one newline.
 */
import { IndentationText, NewLineKind, Project, QuoteKind, ts } from 'ts-morph';
import type { GeneratedFile } from './types.js';

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

const FORMAT: ts.FormatCodeSettings = {
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
  semicolons: ts.SemicolonPreference.Insert,
};

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
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noLib: true,
      noResolve: true,
      types: [],
      noEmit: true,
    },
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Single,
      newLineKind: NewLineKind.LineFeed,
      useTrailingCommas: true,
    },
  });
  const total = files.reduce((n, f) => n + (f.format ? f.content.length : 0), 0);
  const parseOnly = total > formatLimit;
  return files.map((f) => {
    if (!f.format) return { path: f.path, content: withFinalNewline(f.content) };
    if (parseOnly || f.preformatted) {
      // Parse only: the plain parser, no project, no parent pointers.
      const node = ts.createSourceFile(f.path, f.content, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
      rejectSyntaxErrors(f.path, node, (pos) => {
        const lc = node.getLineAndCharacterOfPosition(pos);
        return { line: lc.line + 1, column: lc.character + 1 };
      });
      return { path: f.path, content: withFinalNewline(f.content) };
    }
    const sf = project.createSourceFile(`/out/${f.path}`, f.content, { overwrite: true });
    rejectSyntaxErrors(f.path, sf.compilerNode, (pos) => sf.getLineAndColumnAtPos(pos));
    sf.organizeImports(FORMAT, { quotePreference: 'single', organizeImportsIgnoreCase: false });
    sf.formatText(FORMAT);
    return { path: f.path, content: withFinalNewline(sf.getFullText()) };
  });
}

/** Throws {@link GeneratedSyntaxError} for the first syntax error the parser recorded. */
function rejectSyntaxErrors(
  path: string,
  node: ts.SourceFile,
  position: (pos: number) => { line: number; column: number },
): void {
  // The parser's own diagnostics: purely syntactic, no program needed.
  const diags = (node as ts.SourceFile & { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  const first = diags[0];
  if (!first) return;
  const pos = first.start !== undefined ? position(first.start) : { line: 0, column: 0 };
  const msg = ts.flattenDiagnosticMessageText(first.messageText, '\n');
  throw new GeneratedSyntaxError(`internal error: generated ${path}:${pos.line}:${pos.column}: ${msg}`);
}

function withFinalNewline(text: string): string {
  return `${text.replace(/\s+$/u, '')}\n`;
}
