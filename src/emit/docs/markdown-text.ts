/**
 * Text made safe for Markdown (CommonMark 0.31 and GitHub Flavored Markdown):
 * text from a WSDL is untrusted, so it must show as written, never as markup,
 * a link, raw HTML or a table's cell boundary.
 */

/**
 * Characters escaped with a backslash wherever they stand (CommonMark §2.4: any
 * ASCII punctuation may be escaped): emphasis, code, links and images, raw HTML
 * and autolinks, entity references, headings, block quotes, table pipes (GFM
 * §4.10), strikethrough, and `$` (GitHub's math).
 */
const ALWAYS = /[\\`*_[\]<>&#|~!$]/g;

/** A line start that would open a block: a list item, thematic break, setext underline or ordered list. */
const BLOCK_START = /^([-+=]|\d{1,9}(?=[.)]))/;

/** Whitespace runs (newlines included) as one space, trimmed: one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` as inline Markdown text on one line: every character shown as written. */
export function mdText(text: string): string {
  return oneLine(text).replace(ALWAYS, (c) => `\\${c}`);
}

/** `text` as a Markdown paragraph (one line, block syntax at its start neutralised). */
export function mdParagraph(text: string): string {
  const t = mdText(text);
  const m = BLOCK_START.exec(t);
  if (m === null) return t;
  // `-`, `+`, `=` get a backslash; `1.` becomes `1\.`.
  return /^\d/.test(m[1]!) ? `${m[1]}\\${t.slice(m[1]!.length)}` : `\\${t}`;
}

/** The longest run of `ch` in `text`. */
function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * `text` as an inline code span (CommonMark §6.1): fenced by more backticks than
 * any run inside, padded with a space when it starts or ends with a backtick. In a
 * table cell (`inTable`) a pipe is written `\|`, which GFM shows as `|` there.
 */
export function mdCode(text: string, inTable = false): string {
  let t = oneLine(text);
  if (t === '') return '';
  if (inTable) t = t.replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestRun(t, '`') + 1);
  const pad = t.startsWith('`') || t.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

/** `text` as a fenced code block (CommonMark §4.5) with `info`, fenced by more backticks than any run inside. */
export function mdFence(text: string, info: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${info}\n${text.endsWith('\n') ? text : `${text}\n`}${fence}\n`;
}

/** A Markdown table: header cells and rows of cells already made safe for a cell (no newline, pipes escaped). */
export function mdTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |\n`;
  return line(head) + line(head.map(() => '---')) + rows.map(line).join('');
}

/**
 * Heading anchors as GitHub and its wikis make them: lower case, punctuation
 * dropped (letters, digits, `-`, `_` and spaces kept), spaces as `-`, and `-1`,
 * `-2`... for a heading whose anchor was taken. Headings must be added in
 * document order.
 */
export class Anchors {
  readonly #used = new Map<string, number>();

  /** The anchor of the next heading with `text` (its plain text, as shown). */
  add(text: string): string {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = this.#used.get(base);
    this.#used.set(base, (n ?? -1) + 1);
    return n === undefined ? base : `${base}-${n + 1}`;
  }
}

/** An HTML comment line that shows `text` safely (no `--`, no `>` ending it early), for generated-file headers. */
export function commentText(text: string): string {
  return oneLine(text)
    .replace(/-{2,}/g, (d) => d.split('').join(' '))
    .replace(/>/g, '&gt;')
    .replace(/</g, '&lt;');
}
