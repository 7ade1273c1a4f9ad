/**
 * Turning names from a WSDL/XSD into TypeScript identifiers.
 *
 * The rule (applied by every caller through {@link toTypeName} / {@link toMemberName}):
 * 1. Characters that cannot appear in an identifier (ECMA-262 §12.7: anything
 *    outside ID_Continue, `$`, `_`, ZWNJ, ZWJ — e.g. `.`, `-`, spaces, `/`) are
 *    dropped, and the character after them is capitalised (`get-user.name` ->
 *    `GetUserName` / `getUserName`). `_` is kept as is.
 * 2. Types are PascalCase (first letter upper-cased, the rest kept), members are
 *    camelCase (a leading run of capitals is lower-cased: `Login` -> `login`,
 *    `HTTPGet` -> `httpGet`, `URL` -> `url`).
 * 3. A name that starts with a character that cannot start an identifier (a
 *    digit, a combining mark) gets a `_` prefix; an empty result becomes `_`.
 * 4. A reserved word (see `reserved.ts`) gets a `_` suffix.
 * Collisions are resolved afterwards by {@link NameScope} (`./scope.ts`).
 */
import { isReservedName } from './reserved.js';

const ID_START = /[\p{ID_Start}$_]/u;
/** Maximal runs of identifier code points (ID_Continue, `$`, `_`, ZWNJ, ZWJ). */
const ID_PART_RUNS = /[\p{ID_Continue}$_\u200C\u200D]+/gu;

const ASCII_IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$_\u200C\u200D]*$/u;

/** Whether `name` is an IdentifierName (ECMA-262 §12.7), ignoring reserved words. */
export function isIdentifierName(name: string): boolean {
  return ASCII_IDENTIFIER.test(name) || IDENTIFIER.test(name);
}

/** Splits a name into runs of identifier characters (rule 1). */
function segments(name: string): string[] {
  return name.normalize('NFC').match(ID_PART_RUNS) ?? [];
}

/** The first code point of `s` upper-cased (one match, not an array of its code points: names are many). */
function upperFirst(s: string): string {
  const cp = s.codePointAt(0);
  if (cp === undefined) return s;
  const n = cp > 0xffff ? 2 : 1;
  return s.slice(0, n).toUpperCase() + s.slice(n);
}

/** Lower-cases a leading run of capitals, keeping the last one when a lower-case letter follows. */
function lowerLeading(s: string): string {
  const m = /^\p{Lu}+/u.exec(s);
  if (!m) return s;
  const run = Array.from(m[0]);
  const after = s.slice(m[0].length);
  if (run.length > 1 && /^\p{Ll}/u.test(after)) {
    const keep = run.pop() ?? '';
    return run.join('').toLowerCase() + keep + after;
  }
  return m[0].toLowerCase() + after;
}

function finish(candidate: string): string {
  let name = candidate === '' ? '_' : candidate;
  const first = Array.from(name)[0] ?? '_';
  if (!ID_START.test(first)) name = `_${name}`;
  if (isReservedName(name)) name = `${name}_`;
  return name;
}

/** A PascalCase type name for `raw` (rules 1–4). */
export function toTypeName(raw: string): string {
  const parts = segments(raw);
  return finish(parts.map(upperFirst).join(''));
}

/** A camelCase member name for `raw` (rules 1–4). */
export function toMemberName(raw: string): string {
  const [first = '', ...rest] = segments(raw);
  return finish(lowerLeading(upperFirst(first)) + rest.map(upperFirst).join(''));
}

/**
 * A camelCase method name for `raw`: as {@link toMemberName}, except that
 * language keywords are kept (a class or interface member may be called
 * `delete`, `get` or `import`); only names that would break an object used as
 * a service get the `_` suffix (see {@link RESERVED_METHOD_NAMES}).
 */
export function toMethodName(raw: string): string {
  const [first = '', ...rest] = segments(raw);
  let name = lowerLeading(upperFirst(first)) + rest.map(upperFirst).join('');
  if (name === '') name = '_';
  if (!ID_START.test(Array.from(name)[0] ?? '_')) name = `_${name}`;
  return RESERVED_METHOD_NAMES.has(name) ? `${name}_` : name;
}

/**
 * Method names that must not be used as given: `constructor` (the class's own),
 * `new` (in an interface, `new(...)` declares a construct signature), `then` (it
 * would make a client thenable: `await client` would call it), `__proto__` (an
 * object literal key that sets the prototype).
 */
export const RESERVED_METHOD_NAMES: ReadonlySet<string> = new Set(['constructor', 'new', 'then', '__proto__']);

/** The identifier `raw` itself when valid and not reserved, else the same rules as types without re-casing. */
export function toPlainIdentifier(raw: string): string {
  return finish(
    segments(raw)
      .map((p, i) => (i === 0 ? p : upperFirst(p)))
      .join(''),
  );
}
