/**
 * The documentation's relative links lead somewhere: every `[text](target)` of README.md,
 * docs/ and the examples' READMEs that is not a web address names a file or folder of the
 * repository, and its `#anchor`, if any, is a heading of that Markdown file (as GitHub
 * makes anchors). User documentation names no issue numbers: the issue tracker is not a
 * user's reference.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, docFiles, links, ROOT } from './markdown.js';

describe('documentation links', () => {
  const files = docFiles();

  it('finds the documentation', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/getting-started.md']));
  });

  it('resolves every relative link and anchor', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const link of links(file)) {
        if (/^(https?|mailto):/.test(link.target)) continue;
        const [target = '', anchor] = link.target.split('#');
        const where = `${link.file}:${link.line}: ${link.target}`;
        if (target.startsWith('/')) {
          broken.push(`${where}: absolute path (GitHub resolves it against the site, not the repository)`);
          continue;
        }
        const resolved = target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (resolved.startsWith('..') || !existsSync(path.join(ROOT, resolved))) {
          broken.push(`${where}: no file ${resolved}`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
          broken.push(`${where}: no heading #${anchor} in ${resolved}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names no issue numbers in user documentation', () => {
    const found: string[] = [];
    for (const file of files) {
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bissues? \d+|\bissue #\d+/i.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
