/**
 * Issue 31: `xsd:any` elements and `anyType` values are detached copies (xml/xml-detach.ts):
 * a decoded value keeps nothing of the rest of the document alive, and the copies still
 * resolve the prefixes declared around them and write back as the originals did.
 */
import { describe, expect, it } from 'vitest';
import { readValue, type TypeRegistry } from '../../src/runtime/wire/codec.js';
import { parseXml, resolveQName, type XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../../src/runtime/xml/xml-write.js';
import { detachElement } from '../../src/runtime/xml/xml-detach.js';
import { gc } from '../support/heap.js';

const TYPES: TypeRegistry = {
  Rec: {
    name: 'Rec',
    ns: 'urn:r',
    any: '$any',
    fields: [{ prop: 'type', name: 'type', ns: 'urn:s', value: { scalar: 'string' }, min: 1, max: 1 }],
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

function doc(records: number): string {
  let s = '';
  for (let i = 0; i < records; i++)
    s += `<records><s:type>Account</s:type><s:Name>n${i}</s:Name><s:Ref xsi:type="q:T">v</s:Ref></records>`;
  return `<Env xmlns="urn:r" xmlns:s="urn:s" xmlns:q="urn:q" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Body><Holder>${s}<raw a="1"><q:x>t</q:x></raw></Holder></Body></Env>`;
}

function holder(root: XmlElement): XmlElement {
  const body = root.children.find((c): c is XmlElement => typeof c !== 'string')!;
  return body.children.find((c): c is XmlElement => typeof c !== 'string')!;
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('detached xsd:any and anyType values', () => {
  it('hold nothing of the document: it is collected while the value is held', async () => {
    let root: XmlElement | undefined = parseXml(doc(200));
    const value = readValue(holder(root), { complex: 'Holder' }, TYPES) as {
      records: { $any: XmlElement[] }[];
      raw: XmlElement;
    };
    const ref = new WeakRef(root);
    root = undefined;
    await tick();
    gc();
    await tick();
    gc();
    expect(ref.deref()).toBeUndefined();
    expect(value.records).toHaveLength(200);
    expect(value.records[7]!.$any.map((e) => e.name)).toEqual(['Name', 'Ref']);
    expect(value.raw.children).toHaveLength(1);
  });

  it('resolve the prefixes declared around them and write back as the originals', () => {
    const root = parseXml(doc(2));
    const h = holder(root);
    const original = (h.children[0] as XmlElement).children.filter((c): c is XmlElement => typeof c !== 'string')[2]!;
    const value = readValue(h, { complex: 'Holder' }, TYPES) as { records: { $any: XmlElement[] }[]; raw: XmlElement };
    const ref = value.records[0]!.$any[1]!;
    expect(ref).not.toBe(original);
    expect(ref.parent?.children).toEqual([]);
    expect(resolveQName(ref, (ref.attrs[0] as { value: string }).value)).toEqual({ ns: 'urn:q', name: 'T' });
    const write = (el: XmlElement): string => new XmlWriter().element(el).toString();
    expect(write(ref)).toBe(write(original));
    expect(write(value.raw)).toBe(write(h.children.at(-1) as XmlElement));
    // Detaching a detached element gives it back as it is.
    expect(detachElement(ref)).toBe(ref);
  });
});
