/**
 * A string matching an XML Schema regular expression (`xsd:pattern`, XML Schema
 * Part 2 Appendix F), made up for a mock's answers: branches, pieces and
 * quantifiers chosen at random within small bounds. Patterns are implicitly
 * anchored (F.1). Covers what contracts write: literals, `.`, character classes
 * with ranges, negation and subtraction, the escapes `\d \w \s \i \c` (and their
 * complements), the common `\p{...}` categories and blocks, groups, alternation and
 * every quantifier. Anything else (an unknown category, a class no candidate
 * character fits) gives `undefined`, and the caller falls back to a plain word.
 *
 * Ships with generated code (with the `mock` runtime feature).
 */

/** A set of characters: membership, and characters worth trying first. */
interface CharSet {
  readonly has: (c: string) => boolean;
  readonly seeds: readonly string[];
}

type Node =
  | { readonly kind: 'alt'; readonly branches: readonly Node[][] }
  | { readonly kind: 'set'; readonly set: CharSet }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

/** Characters tried for a set (beside its own seeds), so negated classes find a member. */
const POOL = [...'aAbBzZ0123456789 -_.,:;/@#xyXY'];
/** Most repetitions beyond the minimum made for `*`, `+` and `{n,}`. */
const EXTRA = 3;

class Unsupported extends Error {}

const isDigit = (c: string): boolean => /\p{Nd}/u.test(c);
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isWordChar = (c: string): boolean => !/[\p{P}\p{Z}\p{C}]/u.test(c); // F.1.1: \w is [#x0000-#x10FFFF]-[\p{P}\p{Z}\p{C}]
const isNameStart = (c: string): boolean => /[\p{L}_:]/u.test(c);
const isNameChar = (c: string): boolean => /[\p{L}\p{Nd}._:\-\p{Mn}]/u.test(c);

function set(has: (c: string) => boolean, seeds: readonly string[]): CharSet {
  return { has, seeds };
}

const not = (s: CharSet): CharSet => set((c) => !s.has(c), []);

/** `\p{...}`: general categories (one or two letters) and `Is` blocks that JavaScript knows as scripts or ranges. */
function category(name: string): CharSet {
  if (name === 'IsBasicLatin') return set((c) => c.charCodeAt(0) < 0x80, ['a']);
  if (name === 'IsLatin-1Supplement') return set((c) => c.charCodeAt(0) >= 0x80 && c.charCodeAt(0) < 0x100, ['é']);
  if (!/^[A-Z][a-z]?$/.test(name)) throw new Unsupported(name);
  let re: RegExp;
  try {
    re = new RegExp(`\\p{${name}}`, 'u');
  } catch {
    throw new Unsupported(name);
  }
  const seeds = ['a', 'A', '1', '.', ' ', '$', '\u0300'].filter((c) => re.test(c));
  return set((c) => re.test(c), seeds);
}

/** Parses the pattern into branches of pieces. */
class Parser {
  #i = 0;
  readonly #p: string;

  constructor(pattern: string) {
    this.#p = pattern;
  }

  parse(): Node {
    const node = this.#alt();
    if (this.#i < this.#p.length) throw new Unsupported(this.#p);
    return node;
  }

  #peek(): string | undefined {
    return this.#p[this.#i];
  }

  #alt(): Node {
    const branches: Node[][] = [this.#branch()];
    while (this.#peek() === '|') {
      this.#i++;
      branches.push(this.#branch());
    }
    return { kind: 'alt', branches };
  }

  #branch(): Node[] {
    const out: Node[] = [];
    for (let c = this.#peek(); c !== undefined && c !== '|' && c !== ')'; c = this.#peek()) out.push(this.#piece());
    return out;
  }

  #piece(): Node {
    const atom = this.#atom();
    const q = this.#peek();
    if (q === '?') return this.#take({ kind: 'repeat', node: atom, min: 0, max: 1 });
    if (q === '*') return this.#take({ kind: 'repeat', node: atom, min: 0, max: EXTRA });
    if (q === '+') return this.#take({ kind: 'repeat', node: atom, min: 1, max: 1 + EXTRA });
    if (q === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.#p.slice(this.#i));
      if (m === null) throw new Unsupported('quantifier');
      this.#i += m[0].length;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? min + EXTRA : Number(m[3]);
      if (max < min) throw new Unsupported('quantifier');
      return { kind: 'repeat', node: atom, min, max };
    }
    return atom;
  }

  #take(n: Node): Node {
    this.#i++;
    return n;
  }

  #atom(): Node {
    const c = this.#p[this.#i++]!;
    if (c === '(') {
      const inner = this.#alt();
      if (this.#p[this.#i++] !== ')') throw new Unsupported('group');
      return inner;
    }
    if (c === '[') return { kind: 'set', set: this.#class() };
    if (c === '.') return { kind: 'set', set: set((x) => x !== '\n' && x !== '\r', ['a']) };
    if (c === '\\') return { kind: 'set', set: this.#escape() };
    if ('?*+{}])'.includes(c)) throw new Unsupported(c);
    return { kind: 'set', set: set((x) => x === c, [c]) };
  }

  /** After `\`: a single-character escape, a multi-character one or a category. */
  #escape(): CharSet {
    const c = this.#p[this.#i++];
    if (c === undefined) throw new Unsupported('\\');
    const single: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t' };
    if (c in single) return set((x) => x === single[c], [single[c]!]);
    if ('\\|.-^?*+{}()[]'.includes(c)) return set((x) => x === c, [c]);
    const multi: Readonly<Record<string, CharSet>> = {
      d: set(isDigit, ['1', '7']),
      s: set(isSpace, [' ']),
      w: set(isWordChar, ['a', 'B', '3']),
      i: set(isNameStart, ['a', 'N']),
      c: set(isNameChar, ['a', '1']),
    };
    const lower = c.toLowerCase();
    if (lower in multi) return c === lower ? multi[lower]! : not(multi[lower]!);
    if (c === 'p' || c === 'P') {
      const m = /^\{([\w-]+)\}/.exec(this.#p.slice(this.#i));
      if (m === null) throw new Unsupported('\\p');
      this.#i += m[0].length;
      const cat = category(m[1]!);
      return c === 'p' ? cat : not(cat);
    }
    throw new Unsupported(`\\${c}`);
  }

  /** After `[`: a class (F.1.1 charClassExpr), with `^` negation and `-[...]` subtraction. */
  #class(): CharSet {
    let negated = false;
    if (this.#peek() === '^') {
      negated = true;
      this.#i++;
    }
    const parts: CharSet[] = [];
    let subtract: CharSet | undefined;
    for (let first = true; ; first = false) {
      const c = this.#p[this.#i];
      if (c === undefined) throw new Unsupported('[');
      if (c === ']' && !first) {
        this.#i++;
        break;
      }
      if (c === '-' && this.#p[this.#i + 1] === '[') {
        this.#i += 2;
        subtract = this.#class();
        if (this.#p[this.#i++] !== ']') throw new Unsupported('subtraction');
        break;
      }
      this.#i++;
      let from: string | CharSet = c;
      if (c === '\\') from = this.#escape();
      if (typeof from === 'string' || from.seeds.length === 1) {
        const lo = typeof from === 'string' ? from : from.seeds[0]!;
        if (this.#p[this.#i] === '-' && this.#p[this.#i + 1] !== ']' && this.#p[this.#i + 1] !== '[') {
          this.#i++;
          let hi = this.#p[this.#i++]!;
          if (hi === '\\') hi = this.#escape().seeds[0] ?? '';
          const a = lo.codePointAt(0)!;
          const b = hi.codePointAt(0) ?? -1;
          if (b < a) throw new Unsupported('range');
          parts.push(
            set((x) => x.codePointAt(0)! >= a && x.codePointAt(0)! <= b, [lo, hi, String.fromCodePoint((a + b) >> 1)]),
          );
          continue;
        }
      }
      parts.push(typeof from === 'string' ? set((x) => x === from, [from]) : from);
    }
    const base = set(
      (x) => parts.some((p) => p.has(x)),
      parts.flatMap((p) => p.seeds),
    );
    const signed = negated ? not(base) : base;
    return subtract === undefined ? signed : set((x) => signed.has(x) && !subtract.has(x), signed.seeds);
  }
}

function pick<T>(list: readonly T[], r: () => number): T {
  return list[Math.floor(r() * list.length)]!;
}

function generate(node: Node, r: () => number, out: string[], shortest: boolean): void {
  if (node.kind === 'alt') {
    for (const n of pick(node.branches, r)) generate(n, r, out, shortest);
  } else if (node.kind === 'repeat') {
    const n = shortest ? node.min : node.min + Math.floor(r() * (Math.min(node.max, node.min + EXTRA) - node.min + 1));
    for (let k = 0; k < n; k++) generate(node.node, r, out, shortest);
  } else {
    const candidates = [...node.set.seeds, ...POOL].filter((c) => node.set.has(c));
    if (candidates.length === 0) throw new Unsupported('empty class');
    out.push(pick(candidates, r));
  }
}

const parsed = new Map<string, Node | null>();

/**
 * A string matching `pattern` drawn from `r`, or `undefined` when the pattern uses what
 * this does not cover. With `shortest`, every quantifier repeats its minimum (for a `maxLength`).
 */
export function patternSample(pattern: string, r: () => number, shortest = false): string | undefined {
  let node = parsed.get(pattern);
  if (node === undefined) {
    try {
      node = new Parser(pattern).parse();
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
      node = null;
    }
    if (parsed.size > 1000) parsed.clear();
    parsed.set(pattern, node);
  }
  if (node === null) return undefined;
  const out: string[] = [];
  try {
    generate(node, r, out, shortest);
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return undefined;
  }
  return out.join('');
}
