/**
 * Matches request paths against operation locations with citations in their path part
 * (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0 Part 2 §6.8.1.1 `{name}` and `{!name}`), in
 * time linear in the path's length: a scan from left to right that never backtracks, so no
 * request path can make the server spend more than one pass per template on it (a regular
 * expression with several `.*?` groups backtracks polynomially on paths like `/f/////…`).
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { splitPathTemplate } from '../wire/http-encoding.js';

/** A location's path part, compiled for {@link matchPathTemplate}. */
export interface CompiledPathTemplate {
  /** The literal text around the path's citations, lower-cased: one more than `names`. */
  readonly literals: readonly string[];
  /** The cited names in the path, in order. */
  readonly names: readonly string[];
  /** Per citation: raw (`{!name}`), its value may span segments. */
  readonly raw: readonly boolean[];
}

/**
 * Compiles `template`'s path part: the text before its first `?` and the citations in it
 * (citations in the query are read from the query string by name).
 */
export function compilePathTemplate(template: string): CompiledPathTemplate {
  const split = splitPathTemplate(template);
  // The model leaves operations with malformed templates out; one that got here anyway matches as written.
  if ('error' in split) return { literals: [asciiLower(template)], names: [], raw: [] };
  const literals: string[] = [];
  const names: string[] = [];
  const raw: boolean[] = [];
  for (let i = 0; i < split.literals.length; i++) {
    const literal = split.literals[i]!;
    const q = literal.indexOf('?');
    literals.push(asciiLower(q < 0 ? literal : literal.slice(0, q)));
    if (q >= 0 || i >= split.names.length || split.inQuery[i] === true) break;
    names.push(split.names[i]!);
    raw.push(split.raw[i] === true);
  }
  return { literals, names, raw };
}

/**
 * The cited values (raw, still percent-encoded) if `path` matches `t`, ASCII letters case-insensitively, with an
 * optional `/` after a template that ends in literal text or a segment citation. Each citation's
 * value ends where the literal after it first occurs (a segment citation's, `{name}`: the last
 * occurrence within its segment, so its value holds no `/`); the last citation's value ends where
 * the template's final literal ends the path, so a raw value keeps a trailing `/`. Values that
 * hold the literal after them are therefore split at its first occurrence: contracts whose raw
 * citations are not separated by distinct text are ambiguous, and the model warns about them.
 */
export function matchPathTemplate(t: CompiledPathTemplate, path: string): readonly string[] | undefined {
  const lower = asciiLower(path);
  const first = t.literals[0] ?? '';
  if (!lower.startsWith(first)) return undefined;
  const n = t.names.length;
  if (n === 0) return lower === first || lower === `${first}/` ? [] : undefined;
  const values: string[] = [];
  let pos = first.length;
  for (let i = 0; i < n; i++) {
    const next = t.literals[i + 1] ?? '';
    const raw = t.raw[i] === true;
    let end: number;
    let after: number;
    if (i === n - 1) {
      if (next !== '') {
        if (lower.endsWith(next)) end = lower.length - next.length;
        else if (lower.endsWith(`${next}/`)) end = lower.length - next.length - 1;
        else return undefined;
      } else end = !raw && lower.endsWith('/') && lower.length - 1 >= pos ? lower.length - 1 : lower.length;
      if (end < pos) return undefined;
      after = lower.length;
    } else if (raw) {
      end = next === '' ? pos : lower.indexOf(next, pos);
      if (end < 0) return undefined;
      after = end + next.length;
    } else {
      const slash = lower.indexOf('/', pos);
      const segmentEnd = slash < 0 ? lower.length : slash;
      end = next === '' ? segmentEnd : lower.lastIndexOf(next, segmentEnd);
      if (end < pos) return undefined;
      after = end + next.length;
    }
    const value = path.slice(pos, end);
    if (!raw && value.includes('/')) return undefined;
    values.push(value);
    pos = after;
  }
  return values;
}

/**
 * `text` with ASCII letters lower-cased and every other character as it is, so that indexes into
 * the result are indexes into `text` (`'İ'.toLowerCase()` is two code units).
 */
function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : text;
}
