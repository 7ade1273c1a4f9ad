/**
 * Reads the cited values back out of a path written from a location template
 * (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0 Part 2 §6.8.1.1 `{name}` and `{!name}`), in
 * time linear in the path's length: a scan from left to right that never backtracks, so no
 * request path can make the server spend more than one pass per template on it (a regular
 * expression with several `.*?` groups backtracks polynomially on paths like `/f/////…`).
 * The server routes requests with it; the client checks with it that the server will read
 * back the values it wrote.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { splitPathTemplate } from './path-template.js';

/** A location's path part, compiled for {@link matchPathTemplate}. */
export interface CompiledPathTemplate {
  /** The literal text around the path's citations, ASCII letters lower-cased: one more than `names`. */
  readonly literals: readonly string[];
  /** The cited names in the path, in order. */
  readonly names: readonly string[];
  /** Per citation: raw (`{!name}`), its value may span segments. */
  readonly raw: readonly boolean[];
}

/**
 * Compiles `template`'s path part: the text before its first `?` and the citations in it
 * (citations in the query are read from the query string by name). With `asSent`, the literal
 * text is written as a URL parser writes it into a request path (WHATWG URL Standard §4.4: `é`
 * as `%C3%A9`, `\` as `/`, tabs and newlines left out), for matching requests as they arrive;
 * without it, as the location has it, for reading back a path before it is parsed as a URL.
 */
export function compilePathTemplate(template: string, asSent = false): CompiledPathTemplate {
  const literal = (text: string): string => asciiLower(asSent ? asUrlPath(text) : text);
  const split = splitPathTemplate(template);
  // The model leaves operations with malformed templates out; one that got here anyway matches as written.
  if ('error' in split) return { literals: [literal(template.split('?')[0]!)], names: [], raw: [] };
  const literals: string[] = [];
  const names: string[] = [];
  const raw: boolean[] = [];
  for (let i = 0; i < split.literals.length; i++) {
    const text = split.literals[i]!;
    const q = text.indexOf('?');
    literals.push(literal(q < 0 ? text : text.slice(0, q)));
    if (q >= 0 || i >= split.names.length || split.inQuery[i] === true) break;
    names.push(split.names[i]!);
    raw.push(split.raw[i] === true);
  }
  return { literals, names, raw };
}

/**
 * The cited values (raw, still percent-encoded) if `path` matches `t`, ASCII letters
 * case-insensitively. Each citation's value ends where the literal text after it first occurs (a
 * segment citation's, `{name}`, within its segment: its value holds no `/`); two citations with
 * no text between them give the first the empty string. The last citation's value ends where the
 * template's final text ends the path; a `/` after that text is optional, and so is a final `/`
 * of it. A value that holds the text after it is therefore read short: the client refuses to
 * write one (http-encoding.ts), and the model leaves out locations that cite two values with
 * no text between them.
 * @param lower `path` with ASCII letters lower-cased ({@link asciiLower}), when the caller has it.
 * @param exact the path ends exactly as the template does: no `/` after it is optional, and none of it.
 */
export function matchPathTemplate(
  t: CompiledPathTemplate,
  path: string,
  lower: string = asciiLower(path),
  exact = false,
): readonly string[] | undefined {
  const first = t.literals[0] ?? '';
  if (!lower.startsWith(first)) return undefined;
  const n = t.names.length;
  if (n === 0) return lower === first || (!exact && lower === `${first}/`) ? [] : undefined;
  const values: string[] = [];
  let pos = first.length;
  for (let i = 0; i < n; i++) {
    const next = t.literals[i + 1] ?? '';
    const raw = t.raw[i] === true;
    let end: number;
    let after: number;
    if (i === n - 1) {
      end = exact ? (lower.endsWith(next) ? lower.length - next.length : -1) : lastValueEnd(lower, next, raw, pos);
      if (end < pos) return undefined;
      after = lower.length;
    } else {
      end = next === '' ? pos : lower.indexOf(next, pos);
      if (end < 0) return undefined;
      after = end + next.length;
    }
    const value = path.slice(pos, end);
    if (!raw && value.includes('/')) return undefined;
    values.push(value);
    pos = after;
  }
  return values;
}

/** Where the last citation's value ends in `lower`, or -1: before `next` (and an optional `/` after it) at the end. */
function lastValueEnd(lower: string, next: string, raw: boolean, pos: number): number {
  const len = lower.length;
  if (next === '') return !raw && lower.endsWith('/') && len - 1 >= pos ? len - 1 : len;
  if (lower.endsWith(next) && len - next.length >= pos) return len - next.length;
  if (lower.endsWith(`${next}/`) && len - next.length - 1 >= pos) return len - next.length - 1;
  // The template's final `/` left out of the request (`items/{!p}/` requested as `items/a`).
  if (next.endsWith('/')) {
    const bare = next.slice(0, -1);
    if (lower.endsWith(bare) && len - bare.length >= pos) return len - bare.length;
  }
  return -1;
}

/**
 * The path written from `location` as it is joined to the port's path: by the location's own
 * leading `/`, or one added. Not by the written text's: `{!p}/x` with `p` empty is `//x` under
 * the port, which the server reads back as `p` empty, not as a location `/x`.
 */
export function joinedLocationPath(location: string, written: string): string {
  return `${location.startsWith('/') ? '' : '/'}${written}`;
}

/**
 * The lookup key of a path, requested or served: percent-decoded, lower-cased, without a trailing
 * `/`. An escaped `/` stays escaped: `items/all%2Fdelete` is one segment (a value of
 * `items/{id}`), not the path `items/all/delete`.
 */
export function routeKey(path: string): string {
  let p = path;
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p.replace(/%2f/gi, '%252F'));
    } catch {
      // keep the raw path; it will simply not match
    }
  }
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.toLowerCase();
}

/**
 * `text` with ASCII letters lower-cased and every other character as it is, so that indexes into
 * the result are indexes into `text` (`'İ'.toLowerCase()` is two code units).
 */
export function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : text;
}

/**
 * Each character of `text` as a URL parser writes it in a path (WHATWG URL Standard §4.4: `é` as
 * `%C3%A9`, a space as `%20`, `\\` as `/`, tabs and newlines left out), `%`, `?` and `#` as they are.
 */
export function asUrlPath(text: string): string {
  let out = '';
  for (const c of text) {
    if (/[A-Za-z0-9%?#./_~-]/.test(c)) out += c;
    else {
      const written = new URL(`http://h/a${c}b`).pathname;
      out += written.slice(2, -1);
    }
  }
  return out;
}
