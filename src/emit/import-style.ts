/**
 * How the imports of generated files (and of the runtime copy) are written, for
 * projects whose settings differ: the extension of relative module specifiers
 * (`./client.js`, `./client` or `./client.ts`) and whether type-only names are
 * imported with inline `type` modifiers or in `import type` statements of their
 * own. The templates and the runtime are written in the default style
 * (`.js`, inline); other styles are applied to the finished, formatted files.
 *
 * Like protobuf-es's `import_extension` option: `js` suits Node ESM
 * (NodeNext) and every other resolver, `none` bundlers and CommonJS
 * (`moduleResolution: bundler` or `node10`), `ts` projects that run the sources
 * directly (Node's type stripping, Deno, Bun) with `allowImportingTsExtensions`.
 */
import type { ts as TS } from 'ts-morph';
import { typescript, type TypeScriptApi } from './typescript.js';
import type { GeneratedFile, ImportExtension, RuntimeFormat, TsNocheckScope, TypeImportStyle } from './types.js';

/** Every value of {@link ImportExtension} (for config and flag validation). */
export const IMPORT_EXTENSIONS: readonly ImportExtension[] = ['js', 'none', 'ts'];

/** Every value of {@link RuntimeFormat}. */
export const RUNTIME_FORMATS: readonly RuntimeFormat[] = ['ts', 'js'];

/** Every value of {@link TsNocheckScope}. */
export const TS_NOCHECK_SCOPES: readonly TsNocheckScope[] = ['declarations', 'runtime', 'all', 'none'];

/** Every value of {@link TypeImportStyle}. */
export const TYPE_IMPORT_STYLES: readonly TypeImportStyle[] = ['inline', 'separate'];

/** The import style of one generation. */
export interface ImportStyle {
  readonly importExtension: ImportExtension;
  readonly typeImports: TypeImportStyle;
}

/** The style templates and the runtime are written in: `.js` specifiers, inline `type` modifiers. */
export const DEFAULT_IMPORT_STYLE: ImportStyle = { importExtension: 'js', typeImports: 'inline' };

/** Line width of the formatter the gate uses (an import that does not fit is split one name a line). */
const LINE_WIDTH = 120;

/**
 * Applies `style` to the `.ts` files of `files` (the others, and every file in
 * the default style, unchanged). `keep` names specifiers that keep their `.js`
 * extension whatever the style asks (imports of a compiled runtime, whose
 * modules are `.js` files).
 */
export function applyImportStyle(
  files: readonly GeneratedFile[],
  style: ImportStyle,
  keep?: (specifier: string) => boolean,
): GeneratedFile[] {
  if (style.importExtension === 'js' && style.typeImports === 'inline') return [...files];
  const ts = typescript();
  return files.map((f) =>
    f.path.endsWith('.ts') && !f.path.endsWith('.d.ts')
      ? { path: f.path, content: restyle(ts, f.content, style, keep) }
      : f,
  );
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Rewrites the top-level import and export declarations of one file. */
export function restyle(
  ts: TypeScriptApi,
  text: string,
  style: ImportStyle,
  keep?: (specifier: string) => boolean,
): string {
  const sf = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  for (const st of sf.statements) {
    const isImport = ts.isImportDeclaration(st);
    if (!isImport && !ts.isExportDeclaration(st)) continue;
    const spec = st.moduleSpecifier;
    if (spec === undefined || !ts.isStringLiteral(spec)) continue;
    const target = keep?.(spec.text) === true ? spec.text : specifier(spec.text, style.importExtension);
    const quote = text.charAt(spec.getStart(sf));
    const literal = `${quote}${target}${quote}`;
    const split = style.typeImports === 'separate' ? splitTypeOnly(ts, sf, st, literal) : undefined;
    if (split !== undefined) edits.push({ start: st.getStart(sf), end: st.getEnd(), text: split });
    else if (target !== spec.text) edits.push({ start: spec.getStart(sf), end: spec.getEnd(), text: literal });
  }
  let out = text;
  for (const e of edits.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** `./x.js` in the chosen extension; specifiers that are not relative `.js` paths are kept. */
export function specifier(spec: string, ext: ImportExtension): string {
  if (!(spec.startsWith('./') || spec.startsWith('../')) || !spec.endsWith('.js')) return spec;
  const stem = spec.slice(0, -'.js'.length);
  return ext === 'js' ? spec : ext === 'ts' ? `${stem}.ts` : stem;
}

/**
 * `import { a, type B } from 'x'` as `import { a } from 'x'` plus
 * `import type { B } from 'x'` (and the same for `export { ... } from`);
 * `undefined` when the declaration has no inline `type` modifier.
 */
function splitTypeOnly(
  ts: TypeScriptApi,
  sf: TS.SourceFile,
  st: TS.ImportDeclaration | TS.ExportDeclaration,
  literal: string,
): string | undefined {
  let keyword: 'import' | 'export';
  let elements: readonly (TS.ImportSpecifier | TS.ExportSpecifier)[];
  if (ts.isImportDeclaration(st)) {
    const clause = st.importClause;
    if (clause === undefined || clause.isTypeOnly || clause.name !== undefined) return undefined;
    const bindings = clause.namedBindings;
    if (bindings === undefined || !ts.isNamedImports(bindings)) return undefined;
    keyword = 'import';
    elements = bindings.elements;
  } else {
    const clause = st.exportClause;
    if (st.isTypeOnly || clause === undefined || !ts.isNamedExports(clause)) return undefined;
    keyword = 'export';
    elements = clause.elements;
  }
  if (!elements.some((e) => e.isTypeOnly)) return undefined;
  const name = (e: (typeof elements)[number]): string => {
    const own = e.name.getText(sf);
    return e.propertyName !== undefined ? `${e.propertyName.getText(sf)} as ${own}` : own;
  };
  const values = elements.filter((e) => !e.isTypeOnly).map(name);
  const types = elements.filter((e) => e.isTypeOnly).map(name);
  const parts: string[] = [];
  if (values.length > 0) parts.push(statement(`${keyword} `, values, literal));
  parts.push(statement(`${keyword} type `, types, literal));
  return parts.join('\n');
}

/** One import/export statement, on one line when it fits, else one name a line (as the formatter writes it). */
function statement(head: string, names: readonly string[], literal: string): string {
  const oneLine = `${head}{ ${names.join(', ')} } from ${literal};`;
  if (oneLine.length <= LINE_WIDTH) return oneLine;
  // The formatter keeps a trailing comma in an import list and drops it in an export list.
  const comma = head.startsWith('import') ? ',' : '';
  return `${head}{\n${names.map((n) => `  ${n}`).join(',\n')}${comma}\n} from ${literal};`;
}
