/**
 * Issue 31: the reader of leaves (xml/xml-scan-leaves.ts) beyond what the differential tests
 * (differential.test.ts, "leaves") compare: what it costs a document of names that never come
 * back in order (a pattern is made only for a name guessed right, and at most for the names
 * kept; the others are left to the scanner), and a reader that serves a second scan (its memo of a prefix's namespace is per scope).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseXml, type XmlScanSink } from '../../src/runtime/xml/xml-parse.js';
import { LeafReader } from '../../src/runtime/xml/xml-scan-leaves.js';

/** The leaves a scan tells, as `{ns}name=text`; the other elements as `</name>` when they close. */
function sinkTelling(told: string[]): XmlScanSink {
  return {
    open: () => false,
    close: (el) => {
      told.push(`</${el.name}>`);
    },
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

/** Scans `text` with a sink reading leaves; returns the leaves and elements told and the expressions made meanwhile. */
function scanCounting(text: string): { leaves: number; elements: number; patterns: number } {
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
  const elements = told.filter((t) => t.startsWith('</')).length;
  return { leaves: told.length - elements, elements, patterns };
}

describe('leaves: the patterns a scan makes', () => {
  it('one per field of records that repeat their order', () => {
    let text = '<r>';
    for (let i = 0; i < 200; i++) text += `<rec><Id>${i}</Id><Name>n${i}</Name><City>c</City></rec>`;
    expect(scanCounting(`${text}</r>`)).toEqual({ leaves: 600, elements: 201, patterns: 3 });
  });

  it('none for names that are never guessed right: a field followed by a new name each time', () => {
    // Each <k> is followed by a name not seen before, so the guess after <k> is always wrong.
    let text = '<r>';
    for (let i = 0; i < 1000; i++) text += `<k>x</k><u${i}>y</u${i}>`;
    expect(scanCounting(`${text}</r>`)).toEqual({ leaves: 2000, elements: 1, patterns: 0 });
  });

  it('at most one per name kept (1,024), or one per run of 128: the elements of other names are left to the scanner', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `n${i}`);
    const pass = names.map((n) => `<${n}>v</${n}>`).join('');
    const got = scanCounting(`<r>${pass}${pass}${pass}</r>`);
    // The names kept are <r>'s (every start tag with no attributes is a candidate) and n0 to n1022. The
    // first pass reads them one by one and makes runs of them, 128 names each (8 runs); the others read
    // them by those runs, with no pattern per name.
    expect(got).toEqual({ leaves: 3 * 1023, elements: 3 * (3000 - 1023) + 1, patterns: 8 });
  });
});

describe('leaves: runs', () => {
  it('hold a name twice at most: an array of leaves makes no run of many groups of one name (review finding)', () => {
    const sources: string[] = [];
    globalThis.RegExp = class extends NativeRegExp {
      constructor(source: string | RegExp, flags?: string) {
        super(source, flags);
        sources.push(String(source));
      }
    } as RegExpConstructor;
    let runs = 0;
    try {
      let text = '<r>';
      for (let i = 0; i < 20; i++) text += `<l><n>${i}</n><m>m</m><i>1</i><i>2</i><i>3</i><i>4</i><i>5</i></l>`;
      const reader = new LeafReader({ leaf() {}, leafRun: () => void runs++ });
      parseXml(`${text}</r>`, { maxDepth: 64, sink: { open: () => false, close() {}, leaves: reader } });
    } finally {
      globalThis.RegExp = NativeRegExp;
    }
    const runSources = sources.filter((s) => s.startsWith('(?:<'));
    expect(runSources.length).toBeGreaterThan(0);
    for (const s of runSources) expect(s.split('(?:<i>').length - 1).toBeLessThanOrEqual(2);
    // The records' first fields are read by the run (n, m, i, i), the others one by one.
    expect(runs).toBeGreaterThan(10);
  });
});

describe('leaves: a reader that serves a second scan', () => {
  it("tells each scan's own namespace of a prefix", () => {
    const told: string[] = [];
    const sink = sinkTelling(told);
    parseXml('<r xmlns:p="urn:a"><p:x>1</p:x></r>', { maxDepth: 64, sink });
    parseXml('<r xmlns:p="urn:b"><p:x>2</p:x></r>', { maxDepth: 64, sink });
    expect(told).toEqual(['{urn:a}x=1', '</r>', '{urn:b}x=2', '</r>']);
  });
});

describe('leaves: nil fields in runs', () => {
  const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
  /** Records of four fields, the first all text (it makes the run), the others with `<b>` nil. */
  function records(n: number): string {
    let text = `<r xmlns:xsi="${XSI}"><rec><a>0</a><b>x</b><c>c</c><d>d</d></rec>`;
    for (let i = 1; i < n; i++) text += `<rec><a>${i}</a><b xsi:nil="true"/><c>c</c><d>d</d></rec>`;
    return `${text}</r>`;
  }

  it('are read within the match, for a sink that reads nil leaves', () => {
    let runs = 0;
    let nils = 0;
    let nilsInRuns = 0;
    const reader = new LeafReader({
      leaf() {},
      leafNil: () => void nils++,
      leafRun(_parent, _run, match) {
        runs++;
        // Leaf k's nil prefix is group 2k + 2: <b> is the run's second leaf.
        if (match[4] === 'xsi' && match[3] === undefined) nilsInRuns++;
      },
    });
    parseXml(records(10), { maxDepth: 64, sink: { open: () => false, close() {}, leaves: reader } });
    expect({ runs, nils, nilsInRuns }).toEqual({ runs: 9, nils: 0, nilsInRuns: 9 });
  });

  it("end the match for a sink that reads none: the nil element is then the scanner's", () => {
    const told: string[] = [];
    parseXml(records(3), { maxDepth: 64, sink: sinkTelling(told) });
    expect(told).toEqual([
      ...['{}a=0', '{}b=x', '{}c=c', '{}d=d', '</rec>'],
      ...['{}a=1', '</b>', '{}c=c', '{}d=d', '</rec>'],
      ...['{}a=2', '</b>', '{}c=c', '{}d=d', '</rec>'],
      '</r>',
    ]);
  });
});

describe('leaves: a nil field of another namespace in a run', () => {
  const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

  it('ends the match before it: the fields before it are not read again, one by one', () => {
    // The first record makes the run (its <b> a nil leaf); in the others <b>'s "nil" is of another namespace.
    let text = `<r xmlns:xsi="${XSI}" xmlns:n="urn:n"><rec><a>0</a><b xsi:nil="true"/><c>c</c><d>d</d></rec>`;
    for (let i = 1; i < 10; i++) text += `<rec><a>${i}</a><b n:nil="true"/><c>c</c><d>d</d></rec>`;
    text += '</r>';
    const inRuns: string[] = [];
    let oneByOne = 0;
    const reader = new LeafReader({
      leaf: () => void oneByOne++,
      leafNil: () => void oneByOne++,
      leafRun(_parent, run, match) {
        for (let k = 0; k < run.locals.length; k++) if (match[2 * k + 1] !== undefined) inRuns.push(run.locals[k]!);
      },
    });
    parseXml(text, { maxDepth: 64, sink: { open: () => false, close() {}, leaves: reader } });
    // The first record's four leaves and the second's <a> and <c> one by one (the run is made at the second's
    // <a>; its <b> is the scanner's); then each record's <a>, <c>, <d> by the run, <a> in a match of its own.
    // Giving up the match at <b> instead read each record's <a> one by one, after reading it with the run.
    expect({ oneByOne, inRuns: inRuns.join('') }).toEqual({ oneByOne: 6, inRuns: `d${'acd'.repeat(8)}` });
  });
});
