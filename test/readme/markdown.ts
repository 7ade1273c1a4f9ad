/**
 * Reading the user documentation (README.md, docs/, the examples' READMEs) as the tests
 * need it: its files, its fenced code blocks with the marker comment before each, its
 * relative links, and the anchors GitHub gives its headings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The documentation files, relative to the root, in a stable order. */
export function docFiles(): string[] {
  const files = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  for (const example of readdirSync(path.join(ROOT, 'examples')).sort()) {
    const readme = `examples/${example}`;
    if (example.endsWith('.md')) files.push(readme);
    else if (existsSync(path.join(ROOT, readme, 'README.md'))) files.push(`${readme}/README.md`);
  }
  return files;
}

/** A fenced code block of a documentation file. */
export interface CodeBlock {
  /** The file, relative to the root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's language (`ts`, `sh`, `json`...). */
  lang: string;
  /** The block's text, without the fences. */
  code: string;
  /** The marker right before the fence (`<!-- tested: name -->`, `<!-- partial: name -->`), if any. */
  marker?: { kind: 'tested' | 'partial'; name: string };
}

/** Every fenced code block of a file (top-level or indented in a list item). */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!.slice(indent.length));
    const before = lines[start - 1]?.trim() ?? '';
    const m = /^<!-- (tested|partial): ([\w-]+) -->$/.exec(before);
    const block: CodeBlock = { file, line: start + 1, lang: open[2]!, code: body.join('\n') };
    if (m) block.marker = { kind: m[1] as 'tested' | 'partial', name: m[2]! };
    blocks.push(block);
  }
  return blocks;
}

/** A link of a documentation file: its target as written and its line. */
export interface Link {
  file: string;
  line: number;
  target: string;
}

/** The Markdown links (`[text](target)`) of a file, outside code blocks and code spans. */
export function links(file: string): Link[] {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const out: Link[] = [];
  let inFence = false;
  lines.forEach((text, i) => {
    if (/^\s*```/.test(text)) inFence = !inFence;
    if (inFence) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ file, line: i + 1, target: m[1]! });
  });
  return out;
}

/**
 * The anchor GitHub gives a heading: its text lower-cased, every character that is not a
 * letter, digit, space, `-` or `_` dropped, spaces made `-` (markdown emphasis and code
 * marks are punctuation and go too).
 */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated one gets `-1`, `-2`, as on GitHub). */
export function anchors(file: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const text of readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    if (/^\s*```/.test(text)) inFence = !inFence;
    const m = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}
