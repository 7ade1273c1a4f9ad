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
import { userError } from '../util/errors.js';
import { firstSyntaxProblem, inProcessSyntaxChecker, type SyntaxChecker, type SyntaxProblem } from './syntax-check.js';

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
  /**
   * Parse the files of built-in templates too (default true). `false` is for plain
   * generation: those files come from wsdlc's own templates, which the test suite
   * parses on real contracts, so parsing them again on every run costs the user
   * time (and loading the TypeScript compiler) for a check that only guards wsdlc.
   * Files of user templates are parsed (and formatted) either way.
   */
  readonly verify?: boolean;
}

/** Default {@link GateOptions.formatLimitBytes}. */
export const DEFAULT_FORMAT_LIMIT_BYTES = 256 * 1024;

/**
 * Parses, organises and formats `files`; returns them in the same order.
 * Verbatim copies (`format: false`, the runtime) are our own tested sources: they
 * skip the compiler entirely, so the gate's cost is proportional to what the
 * templates produced. Files that are only parsed go to `checker` as they arrive
 * (a worker thread parses them while the caller renders the next file); the
 * language-service path runs on this thread.
 */
export async function gateFiles(
  files: Iterable<RawFile>,
  options: GateOptions & { readonly checker?: SyntaxChecker } = {},
): Promise<GeneratedFile[]> {
  const formatLimit = options.formatLimitBytes ?? DEFAULT_FORMAT_LIMIT_BYTES;
  const verify = options.verify ?? true;
  let inProcess: SyntaxChecker | undefined;
  const checker = (): SyntaxChecker => options.checker ?? (inProcess ??= inProcessSyntaxChecker());
  const unchecked = (f: RawFile): Promise<GeneratedFile> =>
    Promise.resolve({ path: f.path, content: withFinalNewline(f.content) });
  const parsed = (f: RawFile): Promise<GeneratedFile> =>
    checker()
      .check(f.path, f.content)
      .then((problem) => {
        if (problem !== undefined) throw syntaxError(f, problem);
        return { path: f.path, content: withFinalNewline(f.content) };
      });
  const all: RawFile[] = [];
  const results: (Promise<GeneratedFile> | undefined)[] = [];
  let total = 0;
  for (const f of files) {
    all.push(f);
    if (f.format) total += f.content.length;
    results.push(f.format && f.preformatted ? (verify ? parsed(f) : unchecked(f)) : undefined);
  }
  // Never leave a rejection unobserved while the other files are handled.
  for (const r of results) r?.catch(() => undefined);
  const parseOnly = total > formatLimit;
  let project: Project | undefined;
  const out: GeneratedFile[] = [];
  for (const [i, f] of all.entries()) {
    const done = results[i];
    if (done !== undefined) out.push(await done);
    else if (!f.format) out.push({ path: f.path, content: withFinalNewline(f.content) });
    else if (parseOnly) out.push(await parsed(f));
    else {
      const morph = requireHere('ts-morph') as TsMorph;
      project ??= newProject(morph);
      out.push(formatWithLanguageService(morph, project, f));
    }
  }
  return out;
}

/** Parses (rejecting errors), organises imports and formats one file with ts-morph. */
function formatWithLanguageService(morph: TsMorph, project: Project, f: RawFile): GeneratedFile {
  const sf = project.createSourceFile(`/out/${f.path}`, f.content, { overwrite: true });
  const problem = firstSyntaxProblem(morph.ts, sf.compilerNode);
  if (problem !== undefined) throw syntaxError(f, problem);
  sf.organizeImports(FORMAT(morph.ts), { quotePreference: 'single', organizeImportsIgnoreCase: false });
  sf.formatText(FORMAT(morph.ts));
  return { path: f.path, content: withFinalNewline(sf.getFullText()) };
}

/**
 * The error for a file that does not parse: the user's own template's fault when
 * the file came from an override in `--templates` (a user error, exit 1), else a
 * bug in wsdlc's built-in templates or views.
 */
function syntaxError(f: RawFile, p: SyntaxProblem): Error {
  if (f.format && f.preformatted === false) {
    return userError(
      `generated ${f.path}:${p.line}:${p.column}: ${p.message} (this file comes from a template in your --templates folder: fix that template)`,
    );
  }
  return new GeneratedSyntaxError(`internal error: generated ${f.path}:${p.line}:${p.column}: ${p.message}`);
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

function withFinalNewline(text: string): string {
  return `${text.trimEnd()}\n`;
}
