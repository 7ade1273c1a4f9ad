/**
 * Issue 31: the reader of leaves (xml/xml-scan-leaves.ts) beyond what the differential tests
 * (differential.test.ts, "leaves") compare: what it costs a document of names that never come
 * back in order (a pattern is made only for a name guessed right, and at most for the names
 * kept), and a reader that serves a second scan (its memo of a prefix's namespace is per scope).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseXml, type XmlScanSink } from '../../src/runtime/xml/xml-parse.js';
import { LeafReader } from '../../src/runtime/xml/xml-scan-leaves.js';

/** The leaves a scan tells, as `{ns}name=text`. */
function sinkTelling(told: string[]): XmlScanSink {
  return {
    open: () => false,
    close: () => {},
    leaves: new LeafReader({
      leaf(_parent, ns, name, _prefix, text) {
        told.push(`{${ns}}${name}=${text}`);
      },
    }),
  };
}

const NativeRegExp = RegExp;
afterEach(() => {
  globalThis.RegExp = NativeRegExp;
});

/** Scans `text` with a sink reading leaves; returns the leaves told and the expressions made meanwhile. */
function scanCounting(text: string): { leaves: number; patterns: number } {
  let patterns = 0;
  globalThis.RegExp = class extends NativeRegExp {
    constructor(source: string | RegExp, flags?: string) {
      super(source, flags);
      patterns++;
    }
  } as RegExpConstructor;
  const told: string[] = [];
  try {
    parseXml(text, { maxDepth: 64, sink: sinkTelling(told) });
  } finally {
    globalThis.RegExp = NativeRegExp;
  }
  return { leaves: told.length, patterns };
}

describe('leaves: the patterns a scan makes', () => {
  it('one per field of records that repeat their order', () => {
    let text = '<r>';
    for (let i = 0; i < 200; i++) text += `<rec><Id>${i}</Id><Name>n${i}</Name><City>c</City></rec>`;
    expect(scanCounting(`${text}</r>`)).toEqual({ leaves: 600, patterns: 3 });
  });

  it('none for names that are never guessed right: a field followed by a new name each time', () => {
    // Each <k> is followed by a name not seen before, so the guess after <k> is always wrong.
    let text = '<r>';
    for (let i = 0; i < 5000; i++) text += `<k>x</k><u${i}>y</u${i}>`;
    expect(scanCounting(`${text}</r>`)).toEqual({ leaves: 10000, patterns: 0 });
  });

  it('at most one per name kept, however many names come back in order', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `n${i}`);
    const pass = names.map((n) => `<${n}>v</${n}>`).join('');
    const got = scanCounting(`<r>${pass}${pass}${pass}</r>`);
    expect(got.leaves).toBe(9000);
    expect(got.patterns).toBeGreaterThan(1000);
    expect(got.patterns).toBeLessThanOrEqual(1024);
  });
});

describe('leaves: a reader that serves a second scan', () => {
  it("tells each scan's own namespace of a prefix", () => {
    const told: string[] = [];
    const sink = sinkTelling(told);
    parseXml('<r xmlns:p="urn:a"><p:x>1</p:x></r>', { maxDepth: 64, sink });
    parseXml('<r xmlns:p="urn:b"><p:x>2</p:x></r>', { maxDepth: 64, sink });
    expect(told).toEqual(['{urn:a}x=1', '{urn:b}x=2']);
  });
});
