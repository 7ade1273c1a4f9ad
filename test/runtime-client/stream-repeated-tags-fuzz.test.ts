/**
 * The streaming decoder's reuse of the last complex read (codec-stream.ts `valueFrame`,
 * `lastComplexRead`, keyed by the attribute array the start-tag memo shares, the description and
 * the types): differential fuzz against the codec's tree decode (parseXml, then readValue). Records
 * repeat a few start tags with xsi:type (derived, twice derived, unrelated, unknown, unprefixed),
 * xsi:nil, href, attributes valid and not, under fields of different types that share an element
 * name, in scopes that rebind the type prefix; the streamed value must be the codec's, or the
 * decoder must fall back where the codec fails.
 */
import { describe, expect, it } from 'vitest';
import { gc } from '../support/heap.js';
import type { TypeRegistry } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import { StreamTally } from '../support/stream-compare.js';
import { prng } from '../support/prng.js';
import { XSI } from '../support/random-records.js';

const NS = 'urn:s';
const str = { scalar: 'string' };
const int = { scalar: 'int' };
const TYPES = {
  Base: {
    name: 'Base',
    ns: NS,
    attrs: [{ prop: 'id', name: 'id', ns: '', value: int, required: false }],
    fields: [{ prop: 'name', name: 'name', ns: NS, value: str, min: 0, max: 1 }],
  },
  Derived: {
    name: 'Derived',
    ns: NS,
    base: 'Base',
    fields: [{ prop: 'extra', name: 'extra', ns: NS, value: int, min: 0, max: 1, nillable: true }],
  },
  Derived2: {
    name: 'Derived2',
    ns: NS,
    base: 'Derived',
    fields: [{ prop: 'more', name: 'more', ns: NS, value: str, min: 0, max: 1 }],
  },
  Other: {
    name: 'Other',
    ns: NS,
    anyAttr: '$attrs',
    fields: [
      { prop: 'name', name: 'name', ns: NS, value: str, min: 0, max: 1 },
      { prop: 'code', name: 'code', ns: NS, value: int, min: 0, max: 1 },
    ],
  },
  OtherDerived: {
    name: 'OtherDerived',
    ns: NS,
    base: 'Other',
    fields: [{ prop: 'more', name: 'more', ns: NS, value: str, min: 0, max: 1 }],
  },
  Rec: {
    name: 'Rec',
    ns: NS,
    fields: [
      { prop: 'items', name: 'item', ns: NS, value: { complex: 'Base' }, min: 0, max: -1, nillable: true },
      { prop: 'raw', name: 'raw', ns: NS, value: { scalar: 'xml' }, min: 0, max: 1 },
    ],
  },
  Alt: {
    name: 'Alt',
    ns: NS,
    // Same element name as Rec's items, another type: the same start tag read as another description.
    fields: [{ prop: 'items', name: 'item', ns: NS, value: { complex: 'Other' }, min: 0, max: -1 }],
  },
  Root: {
    name: 'Root',
    ns: NS,
    fields: [
      { prop: 'recs', name: 'rec', ns: NS, value: { complex: 'Rec' }, min: 0, max: -1 },
      { prop: 'alts', name: 'alt', ns: NS, value: { complex: 'Alt' }, min: 0, max: -1 },
    ],
  },
} as unknown as TypeRegistry;

const ITEM_TAGS = [
  '<s:item xsi:type="t:Derived" id="1">',
  '<s:item xsi:type="t:Derived2" id="2">',
  '<s:item xsi:type="t:Derived">',
  '<s:item xsi:type="s:OtherDerived" id="3">',
  '<s:item xsi:type="t:Nope">',
  '<s:item xsi:type="Derived" id="4">',
  '<s:item id="x" xsi:type="t:Derived">',
  '<s:item xsi:nil="true" id="5">',
  '<s:item xsi:nil="true" xsi:type="t:Derived">',
  '<s:item href="#a" xsi:type="t:Derived">',
  '<s:item id="6" other="o">',
  '<s:item xsi:type="t:OtherDerived" b="1">',
];
const WRAPPERS = [
  '<s:rec>',
  '<s:rec xmlns:t="urn:s">',
  '<s:rec xmlns:t="urn:elsewhere">',
  '<s:alt>',
  '<s:alt xmlns:t="urn:s">',
];
const CONTENTS = [
  '',
  '<s:name>n</s:name>',
  '<s:extra>5</s:extra>',
  '<s:extra xsi:nil="true"/>',
  '<s:more>m</s:more>',
  '<s:code>7</s:code>',
  '<s:name>a</s:name><s:more>b</s:more>',
];

function randomDocument(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  // A few tags per document, each repeated: the memo's case.
  const tags = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(ITEM_TAGS));
  // The root binds t to the types' namespace or to another, sometimes as the default namespace too.
  const t = rand() < 0.7 ? NS : 'urn:t';
  let text = `<s:root xmlns:s="${NS}" xmlns:t="${t}" xmlns:xsi="${XSI}"${rand() < 0.3 ? ` xmlns="${NS}"` : ''}>`;
  const groups = 1 + Math.floor(rand() * 4);
  for (let g = 0; g < groups; g++) {
    const wrapper = pick(WRAPPERS);
    const name = wrapper.startsWith('<s:rec') ? 'rec' : 'alt';
    text += wrapper;
    const items = Math.floor(rand() * 5);
    for (let k = 0; k < items; k++) text += `${pick(tags)}${pick(CONTENTS)}</s:item>`;
    if (name === 'rec' && rand() < 0.2) text += `<s:raw a="1">r</s:raw>`;
    text += `</s:${name}>`;
  }
  return `${text}</s:root>`;
}

describe('streaming decode of repeated start tags (fuzzed against the codec)', () => {
  it('gives the codec value, or falls back where the codec fails', () => {
    const rand = prng(0x27c0);
    const desc = { complex: 'Root' };
    const tally = new StreamTally();
    const DOCS = 2500;
    for (let doc = 0; doc < DOCS; doc++) tally.compare(randomDocument(rand), desc, TYPES);
    const { values, fellBack, problems } = tally;
    console.log(`stream repeated-tags fuzz: ${DOCS} documents, ${values} streamed, ${fellBack} fell back`);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(values).toBeGreaterThan(DOCS / 3);
    expect(fellBack).toBeGreaterThan(DOCS / 10);
  });
});

describe('the last complex read is forgotten after a decode', () => {
  it('holds nothing of the document once the decode is over (its attributes are slices of the text)', async () => {
    const text = `<s:root xmlns:s="${NS}" xmlns:t="${NS}" xmlns:xsi="${XSI}"><s:rec>${'<s:item xsi:type="t:Derived" id="1"><s:name>n</s:name></s:item>'.repeat(3)}</s:rec></s:root>`;
    // The attributes of the records' start tag, as the decoder saw them: the same array for the three.
    const seen: object[] = [];
    const spy = decodeStreaming(text, {}, (root) => {
      const frame = valueFrame(root, { complex: 'Root' }, TYPES);
      const open = frame.open.bind(frame);
      frame.open = (child) => {
        const f = open(child);
        const childOpen = f.open.bind(f);
        f.open = (item) => {
          seen.push(item.attrs);
          return childOpen(item);
        };
        return f;
      };
      return frame;
    });
    expect(spy).not.toBeInstanceOf(StreamFallback);
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    const attrs = new WeakRef(seen[0]!);
    seen.length = 0;
    await new Promise((r) => setTimeout(r, 0));
    gc();
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(attrs.deref()).toBeUndefined();
  });
});
