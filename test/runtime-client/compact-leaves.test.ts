/**
 * Issue 31: the text-only raw-XML values that the streaming decoder keeps (the `xsd:any`
 * fields of Salesforce partner records) are compact leaves (xml/xml-compact.ts): three
 * fields, a shape shared per name and scope, texts pooled per record. Read through the
 * XmlElement interface they are the elements they were, and the values the codec reads
 * from a tree (plain detached copies): the same properties, written back the same, the
 * same namespace resolution, the same JSON; and they hold nothing of the document (heap
 * measured with `--expose-gc`).
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback, valueFrame } from '../../src/runtime/wire/codec-stream.js';
import { CompactLeaf } from '../../src/runtime/xml/xml-compact.js';
import { lookupNamespace, parseXml, resolveQName, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { gc } from '../support/heap.js';

const S = 'urn:s';
const TYPES: TypeRegistry = {
  Rec: {
    name: 'Rec',
    ns: S,
    any: 'any',
    fields: [{ prop: 'type', name: 'type', ns: S, value: { scalar: 'string' }, min: 1, max: 1 }],
  },
  Holder: {
    name: 'Holder',
    ns: 'urn:r',
    fields: [
      { prop: 'records', name: 'records', ns: 'urn:r', value: { complex: 'Rec' }, min: 0, max: -1 },
      { prop: 'raw', name: 'raw', ns: 'urn:r', value: { scalar: 'xml' }, min: 0, max: 1 },
    ],
  },
};

type Rec = { type: string; any: XmlElement[] };
type Holder = { records: Rec[]; raw?: XmlElement };

/** Fields of each record: leaves (plain text, escapes, a QName value, in the default namespace, empty) and others. */
function record(i: number): string {
  return (
    `<records><s:type>Account</s:type><s:Name>Name of record number ${i}</s:Name>` +
    `<s:Note>a &lt;b&gt; &amp; "c" ${i}</s:Note><s:Kind>q:Type${i}</s:Kind><Plain>p${i}</Plain><s:Empty/>` +
    `<s:Fax xsi:nil="true"/><s:Owner><s:Name>owner ${i}</s:Name></s:Owner><s:Decl xmlns:z="urn:z">z:v</s:Decl>` +
    `<s:Cdata><![CDATA[x]]>y</s:Cdata><s:Long q:a="an attribute value longer than 32 characters">t</s:Long></records>`
  );
}
const LEAVES = ['Name', 'Note', 'Kind', 'Plain', 'Empty', 'Fax'];
const OTHERS = ['Owner', 'Decl', 'Cdata', 'Long'];

function doc(records: number, raw = ''): string {
  let s = '';
  for (let i = 0; i < records; i++) s += record(i);
  return `<Holder xmlns="urn:r" xmlns:s="${S}" xmlns:q="urn:q" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${s}${raw}</Holder>`;
}

function streamed(text: string): Holder {
  const v = decodeStreaming(text, {}, (root) => valueFrame(root, { complex: 'Holder' }, TYPES));
  if (v instanceof StreamFallback) throw new Error(`fell back: ${v.reason}`);
  return v as Holder;
}

const byTree = (text: string): Holder => readValue(parseXml(text), { complex: 'Holder' }, TYPES) as Holder;

/** The parsed elements of record `i`'s xsd:any fields, in a tree of the same document. */
function originals(text: string, i: number): XmlElement[] {
  const rec = parseXml(text).children.filter((c): c is XmlElement => typeof c !== 'string')[i]!;
  return rec.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name !== 'type');
}

/** An element read through the interface only, its parent as the bindings it declares. */
function viewed(el: XmlElement): unknown {
  return {
    ns: el.ns,
    name: el.name,
    prefix: el.prefix,
    attrs: el.attrs.map((a) => ({ ...a })),
    nsDecls: { ...el.nsDecls },
    children: el.children.map((c) => (typeof c === 'string' ? c : viewed(c))),
    parentDecls: el.parent === undefined ? undefined : { ...el.parent.nsDecls },
    parentName: el.parent?.name,
  };
}

const write = (el: XmlElement): string => new XmlWriter().element(el).toString();

describe('compact leaves', () => {
  const text = doc(3, '<raw>raw text that is long enough</raw>');

  for (const [how, read] of [
    ['streamed', streamed],
    ['read from a tree', byTree],
  ] as const) {
    it(`${how}: through the interface, the elements they were`, () => {
      const value = read(text);
      const tree = byTree(text);
      expect(value.records).toHaveLength(3);
      for (let i = 0; i < 3; i++) {
        const any = value.records[i]!.any;
        const orig = originals(text, i);
        expect(any.map((e) => e.name)).toEqual([...LEAVES, ...OTHERS]);
        // Streamed, text-only elements are compact leaves; the codec's tree path makes plain copies.
        const compact = read === streamed;
        expect(any.map((e) => e instanceof CompactLeaf)).toEqual([
          ...LEAVES.map(() => compact),
          ...OTHERS.map(() => false),
        ]);
        const fromTree = tree.records[i]!.any;
        for (let k = 0; k < any.length; k++) {
          const el = any[k]!;
          // The original's parent is the record; a detached element's is a scope declaring the same bindings.
          expect(viewed(el)).toEqual({
            ...(viewed(orig[k]!) as object),
            parentDecls: { '': 'urn:r', s: S, q: 'urn:q', xsi: 'http://www.w3.org/2001/XMLSchema-instance' },
            parentName: '',
          });
          expect(el.parent!.children).toEqual([]);
          expect([el.line, el.column]).toEqual([0, 0]);
          expect(write(el)).toBe(write(orig[k]!));
          // The same JSON as the plain copy the tree path makes (a scope's children are empty: no cycle but the parent's).
          expect(JSON.stringify(el, withoutParentBelow)).toBe(JSON.stringify(fromTree[k]!, withoutParentBelow));
        }
        // Prefixes resolve as where the element stood.
        const kind = any[2]!;
        expect(lookupNamespace(kind, 's')).toBe(S);
        expect(lookupNamespace(kind, '')).toBe('urn:r');
        expect(resolveQName(kind, kind.children[0] as string)).toEqual({ ns: 'urn:q', name: `Type${i}` });
        expect(lookupNamespace(kind, 'z')).toBeUndefined();
      }
      expect(value.raw instanceof CompactLeaf).toBe(read === streamed);
      expect(value.raw!.children).toEqual(['raw text that is long enough']);
      expect(inspect(value.records[0]!.any[0])).toContain("name: 'Name'");
      expect(inspect(value.records[0]!.any[0])).not.toContain('span');
    });
  }

  it('share one shape per name and scope, and one text pool per record (streamed)', () => {
    const value = streamed(doc(3));
    const [a, b] = [value.records[0]!.any as CompactLeaf[], value.records[1]!.any as CompactLeaf[]];
    expect(a[0]!.shape).toBe(b[0]!.shape);
    expect(a[0]!.parent).toBe(b[3]!.parent);
    expect(a[0]!.source).toBe(a[2]!.source);
    expect(a[0]!.source).not.toBe(b[0]!.source);
    expect(a[0]!.source).toBe(`Name of record number 0a <b> & "c" 0q:Type0p0`);
    // children are read-only; each read is a new array.
    expect(a[1]!.children).not.toBe(a[1]!.children);
    expect(a[4]!.children).toEqual([]);
    // Attributes are the shape's: xsi:nil="true" on every empty field of a name is one frozen array.
    expect(a[5]!.attrs).toEqual([
      { ns: 'http://www.w3.org/2001/XMLSchema-instance', name: 'nil', prefix: 'xsi', value: 'true' },
    ]);
    expect(a[5]!.attrs).toBe(b[5]!.attrs);
    expect(Object.isFrozen(a[5]!.attrs[0])).toBe(true);
    expect(a[5]!.shape).not.toBe(a[4]!.shape);
  });

  it('hold nothing of the document', () => {
    const records = 500;
    /** Heap kept by the value of a document whose records come after `pad` characters that no value keeps. */
    const keptMB = (read: typeof streamed, pad: number): number => {
      gc();
      const before = process.memoryUsage().heapUsed;
      // In a function of its own: the caller's frame would hold the text as a temporary.
      const value = ((): Holder =>
        read(doc(records).replaceAll('<records>', `<skipped>${'p'.repeat(pad)}</skipped><records>`)))();
      gc();
      expect(value.records).toHaveLength(records);
      expect(value.records[records - 1]!.any[0]!.children).toEqual([`Name of record number ${records - 1}`]);
      return (process.memoryUsage().heapUsed - before) / 2 ** 20;
    };
    keptMB(streamed, 0);
    // 8 MB of document more: the same heap kept, within 2 MB.
    const more = keptMB(streamed, 16000) - keptMB(streamed, 0);
    expect(Math.abs(more) < 2 ? 'under 2 MB' : more).toBe('under 2 MB');
  });
});

/** JSON of an element with its parent (the scope) and no other element's parent: the child elements' refer back. */
function withoutParentBelow(this: unknown, key: string, value: unknown): unknown {
  return key === 'parent' && (this as XmlElement).parent?.name !== '' ? undefined : value;
}
