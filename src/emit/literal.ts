/**
 * Making text safe to put into generated TypeScript.
 *
 * Every piece of text that comes from a contract reaches generated code through
 * one of these functions: string literals ({@link tsString}, built on
 * `JSON.stringify`, then re-quoted with single quotes), comment text
 * ({@link jsdocLines}, {@link commentLine}) and data literals ({@link tsLiteral}).
 */
import { isIdentifierName } from '../names/index.js';

/**
 * A single-quoted TypeScript string literal for `s`. `JSON.stringify` escapes
 * backslashes, control characters and `"`; we turn `\"` back into `"` and escape
 * `'`, and escape U+2028/U+2029 so the literal stays on one line.
 */
export function tsString(s: string): string {
  // Most strings (names, namespaces) need no escape at all.
  if (!NEEDS_ESCAPE.test(s)) return `'${s}'`;
  const body = JSON.stringify(s)
    .slice(1, -1)
    .replace(/\\.|'|\u2028|\u2029/g, (m) => {
      if (m === '\\"') return '"';
      if (m === "'") return "\\'";
      if (m === '\u2028') return '\\u2028';
      if (m === '\u2029') return '\\u2029';
      return m;
    });
  return `'${body}'`;
}

/** Characters {@link tsString} must escape: controls, quote, backslash, line/paragraph separators, surrogates. */
const NEEDS_ESCAPE = /[\u0000-\u001f'\\\u2028\u2029\ud800-\udfff]/;

/** An object-literal key or interface property name: the name itself when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : tsString(name);
}

/** An object-literal key that cannot set the prototype: `['__proto__']` for `__proto__`, else {@link propertyKey}. */
export function objectKey(name: string): string {
  return name === '__proto__' ? "['__proto__']" : propertyKey(name);
}

const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/;

/** Text made safe inside a block comment: `*\/` cannot close it. */
function commentSafe(s: string): string {
  if (!s.includes('*/')) return s;
  return s.replace(/\*\//g, '*\\/');
}

/**
 * The lines of a JSDoc body for documentation `text` (split on every line
 * terminator, trailing blanks removed, common indentation removed, `*\/` broken).
 * Empty when there is nothing to say.
 */
export function jsdocLines(text: string | undefined): string[] {
  if (text === undefined) return [];
  if (!LINE_BREAKS.test(text)) {
    // One line (most texts: tags, short documentation): the general path below, without its arrays.
    const line = commentSafe(text.replace(/\s+$/u, ''));
    return line === '' ? [] : [line.slice(/^[ \t]*/.exec(line)![0].length)];
  }
  const lines = text.split(LINE_BREAKS).map((l) => commentSafe(l.replace(/\s+$/u, '')));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}

/** A whole JSDoc block (`/** ... *\/` with ` * ` prefixes; one line when short), or `''` when `lines` is empty. */
export function jsdocBlock(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  if (lines.length === 1 && lines[0] !== undefined && lines[0].length <= 80) return `/** ${lines[0]} */`;
  return ['/**', ...lines.map((l) => (l === '' ? ' *' : ` * ${l}`)), ' */'].join('\n');
}

/** Text safe on a single `//` comment line: line terminators become spaces. */
export function commentLine(s: string): string {
  return s.split(LINE_BREAKS).join(' ');
}

/**
 * A piece of TypeScript written as is by {@link tsLiteral}: a reference to a
 * constant the emitter itself declared (never text from a contract).
 */
export class TsCode {
  constructor(readonly code: string) {}
}

/** Longest line {@link tsLiteral} puts a whole array or object on. */
const MAX_LINE = 120;

/**
 * A TypeScript literal for plain data (strings, numbers, booleans, null,
 * arrays, objects; `undefined` properties are left out). Keys are identifiers
 * or string literals; strings go through {@link tsString}. An array or object
 * whose parts all fit on one line of at most 100 characters is written on one
 * line (`{ prop: 'X', min: 1 }`); otherwise one entry per line. Large contracts
 * produce megabytes of descriptors, so compact output is both easier to read and
 * cheaper to format.
 */
export function tsLiteral(value: unknown, indent = ''): string {
  if (value === null) return 'null';
  if (value instanceof TsCode) return value.code;
  switch (typeof value) {
    case 'string':
      return tsString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      throw new Error(`internal error: cannot write ${typeof value} as a literal`);
  }
  const inner = `${indent}  `;
  const items: string[] = [];
  if (Array.isArray(value)) {
    for (const v of value as readonly unknown[]) items.push(tsLiteral(v, inner));
    return items.length === 0 ? '[]' : layout('[', ']', items, indent);
  }
  const record = value as Record<string, unknown>;
  for (const k in record) {
    if (!Object.prototype.hasOwnProperty.call(record, k)) continue;
    const v = record[k];
    if (v !== undefined) items.push(`${objectKey(k)}: ${tsLiteral(v, inner)}`);
  }
  return items.length === 0 ? '{}' : layout('{ ', ' }', items, indent);
}

/** One line when every item is one line and the whole fits; else one item per line with trailing commas. */
function layout(open: string, close: string, items: readonly string[], indent: string): string {
  let width = indent.length + open.length + close.length + 2 * (items.length - 1);
  let oneLine = true;
  for (const item of items) {
    width += item.length;
    if (width > MAX_LINE || item.includes('\n')) {
      oneLine = false;
      break;
    }
  }
  if (oneLine) return `${open}${items.join(', ')}${close}`;
  const inner = `${indent}  `;
  return `${open.trim()}\n${inner}${items.join(`,\n${inner}`)},\n${indent}${close.trim()}`;
}
