/**
 * The start-tag memo (xml-scan-tag-memo.ts `StartTagMemo`, kept by the leaf reader): a scan that
 * reads leaves opens a start tag with attributes read again in the same namespace scope from
 * the last one's parse. Differential fuzz against the tree scan (parseXml without a sink): the
 * same elements, the same errors (message, line, column) and the same depth and node limits, on
 * documents that repeat a few random start tags (prefixed and unprefixed attributes, references,
 * white space to normalise, duplicates, unbound prefixes, declarations of their own) across
 * scopes that rebind their prefixes, some mutated by one character or cut short.
 */
import { describe, expect, it } from 'vitest';
import { parseXml, XmlParseError, type XmlElement, type XmlScanSink } from '../../src/runtime/xml/xml-parse.js';
import { LeafReader } from '../../src/runtime/xml/xml-scan-leaves.js';
import { XSI_NS } from '../../src/runtime/xml/namespaces.js';
import { prng } from '../support/prng.js';

interface Plain {
  ns: string;
  name: string;
  prefix: string;
  attrs: string[];
  nsDecls: Record<string, string>;
  children: (Plain | string)[];
}

function plain(el: XmlElement): Plain {
  return {
    ns: el.ns,
    name: el.name,
    prefix: el.prefix,
    attrs: el.attrs.map((a) => `${a.prefix}|${a.ns}|${a.name}=${a.value}`),
    nsDecls: { ...el.nsDecls },
    children: el.children.map((c) => {
      if (typeof c === 'string') return c;
      expect(c.parent).toBe(el);
      return plain(c);
    }),
  };
}

type Outcome = { ok: true; tree: Plain } | { ok: false; message: string; line: number; column: number };

interface Limits {
  maxDepth: number;
  maxNodes?: number;
}

function treeOutcome(text: string, limits: Limits): Outcome {
  try {
    return { ok: true, tree: plain(parseXml(text, limits)) };
  } catch (err) {
    if (!(err instanceof XmlParseError)) throw err;
    return { ok: false, message: err.message, line: err.line, column: err.column };
  }
}

/** A scan with a sink that reads leaves and keeps every element (the tree it builds), and the elements it opened. */
function leafOutcome(text: string, limits: Limits): { outcome: Outcome; opened: XmlElement[] } {
  const opened: XmlElement[] = [];
  const told = (el: XmlElement): void => {
    (el.parent!.children as XmlElement[]).push(el);
  };
  const sink: XmlScanSink = {
    open(el) {
      opened.push(el);
      return true;
    },
    close() {},
    leaves: new LeafReader({
      leaf(parent, ns, name, prefix, t) {
        told({ ns, name, prefix, attrs: [], nsDecls: {}, children: t === '' ? [] : [t], parent, line: 0, column: 0 });
      },
      leafNil(parent, ns, name, prefix, nilPrefix) {
        const attrs = [{ ns: XSI_NS, name: 'nil', prefix: nilPrefix, value: 'true' }];
        told({ ns, name, prefix, attrs, nsDecls: {}, children: [], parent, line: 0, column: 0 });
      },
    }),
  };
  try {
    return { outcome: { ok: true, tree: plain(parseXml(text, { ...limits, sink })) }, opened };
  } catch (err) {
    if (!(err instanceof XmlParseError)) throw err;
    return { outcome: { ok: false, message: err.message, line: err.line, column: err.column }, opened };
  }
}

const NAMES = ['a', 'p:a', 'q:a', 'b', 'p:b', 'rec'];
const ATTRS = [
  'x="1"',
  "p:x='1'",
  'y="&amp;&#65;&#x42;"',
  'z=" a\tb\r\nc "',
  'w="&lt;>"',
  'i:type="p:T"',
  'q:x="2"',
  'x="2"',
  'i:nil="true"',
  'xmlns:p="urn:2"',
  'xmlns="urn:d"',
];
const SPACES = [' ', '  ', '\n', '\t', '\r\n'];
const WRAPPERS = ['<s xmlns:p="urn:2">', '<s xmlns:q="urn:q">', '<s xmlns="urn:d">', '<s>', '<s xmlns:p="urn:1">'];
const OTHER = ['t', '<e>v</e>', '<p:e>v&amp;</p:e>', '<e/>', '<!--c-->', '<e i:nil="true"/>', ' '];
const EDITS = ['<', '>', '"', "'", '&', ' ', ':', '/', 'x', '=', 'p', '\u0000'];

function randomTag(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  // Declarations on a tag of their own are rare (such tags are not kept).
  const attrs = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
    rand() < 0.1 ? pick(ATTRS) : pick(ATTRS.slice(0, 9)),
  );
  let tag = `<${pick(NAMES)}`;
  for (const a of attrs) tag += pick(SPACES) + a.replace('=', rand() < 0.2 ? ' = ' : '=');
  if (rand() < 0.2) tag += pick(SPACES);
  return tag + (rand() < 0.1 ? '/>' : '>');
}

function randomDocument(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const tags = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => randomTag(rand));
  let text = `<r xmlns:p="urn:1" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">`;
  const open: string[] = [];
  const ops = 10 + Math.floor(rand() * 60);
  for (let k = 0; k < ops; k++) {
    const roll = rand();
    if (roll < 0.45 && open.length < 8) {
      const tag = pick(tags);
      text += tag;
      if (!tag.endsWith('/>')) open.push(/^<([^\s>/]+)/.exec(tag)![1]!);
    } else if (roll < 0.55 && open.length < 8) {
      text += pick(WRAPPERS);
      open.push('s');
    } else if (roll < 0.85 && open.length > 0) text += `</${open.pop()!}>`;
    else text += pick(OTHER);
  }
  while (open.length > 0) text += `</${open.pop()!}>`;
  text += '</r>';
  const edit = rand();
  if (edit < 0.2) {
    const at = Math.floor(rand() * text.length);
    text = text.slice(0, at) + pick(EDITS) + text.slice(at);
  } else if (edit < 0.3) {
    const at = Math.floor(rand() * text.length);
    text = text.slice(0, at) + text.slice(at + 1);
  } else if (edit < 0.35) text = text.slice(0, Math.floor(rand() * text.length));
  return text;
}

describe('start-tag memo: a scan that reads leaves gives what the tree scan gives (fuzzed)', () => {
  it('the same elements, errors (message, line, column) and limits, on documents that repeat start tags', () => {
    const rand = prng(0x7a65);
    let accepted = 0;
    let shared = 0;
    let limited = 0;
    const DOCS = 3000;
    for (let doc = 0; doc < DOCS; doc++) {
      const text = randomDocument(rand);
      const nodes = Math.floor(rand() * 120);
      for (const limits of [
        { maxDepth: 512 },
        { maxDepth: 1 + Math.floor(rand() * 6) },
        { maxDepth: 512, maxNodes: nodes },
      ]) {
        const want = treeOutcome(text, limits);
        const got = leafOutcome(text, limits);
        expect(got.outcome, `${JSON.stringify(text)} ${JSON.stringify(limits)}`).toEqual(want);
        if (!want.ok && /maxNodes|maxDepth|more than|deeper/.test(want.message)) limited++;
        if (limits.maxNodes === undefined && limits.maxDepth === 512 && want.ok) {
          accepted++;
          const seen = new Set<readonly unknown[]>();
          for (const el of got.opened) {
            if (el.attrs.length > 0 && seen.has(el.attrs)) shared++;
            seen.add(el.attrs);
          }
        }
      }
    }
    console.log(
      `tag memo fuzz: ${DOCS} documents x 3 limits, ${accepted} accepted, ${shared} tags opened from the memo, ${limited} refused at a limit`,
    );
    expect(accepted).toBeGreaterThan(DOCS / 6);
    expect(shared).toBeGreaterThan(DOCS / 2);
    expect(limited).toBeGreaterThan(DOCS / 4);
  });
});
