/**
 * Issue 31: decoding as the scanner reads (wire/codec-stream.ts, wire/soap-response-stream.ts)
 * gives the values the tree and the codec give. On random record types and documents
 * (test/support/random-records.ts) the streaming decode must give the codec's value, or
 * fall back where the codec fails (so the codec's error is the one reported); on SOAP
 * responses with xsi:type, xsi:nil, xsd:any, anyAttribute, a Header and the client's
 * liberal matches, the client gives the same results and `meta` whichever way it reads;
 * what streaming does not read falls back, with its reason.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CallMeta, ServiceClient } from '../../src/runtime/client/client.js';
import type { TypeRegistry } from '../../src/runtime/wire/codec.js';
import { ComplexFrame, StreamFallback } from '../../src/runtime/wire/codec-stream.js';
import type { ServiceDesc, ValueDesc } from '../../src/runtime/wire/descriptors.js';
import { decodeSoapResponseStreaming, responseStreaming } from '../../src/runtime/wire/soap-response-stream.js';
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { difference } from '../support/decode-compare.js';
import { byCodec, StreamTally, streamed } from '../support/stream-compare.js';
import { prng } from '../support/prng.js';
import { ANY_RECORDS, randomContent, randomTypes, XSI } from '../support/random-records.js';
import '../../src/runtime/wire/soap-array.js';

describe('streaming decode on random records', () => {
  it('gives the codec value, or falls back where the codec fails', () => {
    const r = prng(3131);
    const tally = new StreamTally();
    for (let round = 0; round < 300; round++) {
      const types = randomTypes(r, 1 + Math.floor(r() * 4));
      for (let doc = 0; doc < 10; doc++) {
        const text = `<x:r xmlns:x="urn:x" xmlns:y="urn:y" xmlns:xsi="${XSI}">${randomContent(r, types, 'T0', 0)}</x:r>`;
        tally.compare(text, { complex: 'T0' }, types);
      }
    }
    const { values, fellBack, errors, problems } = tally;
    expect(problems).toEqual([]);
    // Most documents the codec reads are streamed; every failure falls back.
    expect(values).toBeGreaterThan(500);
    expect(fellBack - errors).toBeLessThan(values / 2);
    expect(errors).toBeGreaterThan(300);
  });
});

// ---------------------------------------------------------------------------
// SOAP responses through the client, streamed and not

const NS = 'urn:s';
const types: ServiceDesc['types'] = {
  Base: {
    name: 'Base',
    ns: NS,
    attrs: [{ prop: 'id', name: 'id', ns: '', value: { scalar: 'int' }, required: false }],
    fields: [{ prop: 'name', name: 'name', ns: NS, value: { scalar: 'string' }, min: 1, max: 1 }],
  },
  Derived: {
    name: 'Derived',
    ns: NS,
    base: 'Base',
    fields: [{ prop: 'extra', name: 'extra', ns: NS, value: { scalar: 'dateTime' }, min: 0, max: 1, nillable: true }],
  },
  Rec: {
    name: 'Rec',
    ns: NS,
    any: '$any',
    anyAttr: '$attrs',
    fields: [
      { prop: 'code', name: 'code', ns: NS, value: { scalar: 'qname' }, min: 0, max: 1 },
      { prop: 'items', name: 'item', ns: NS, value: { complex: 'Base' }, min: 0, max: -1 },
      { prop: 'raw', name: 'raw', ns: NS, value: { scalar: 'xml' }, min: 0, max: 1 },
      { prop: 'note', name: 'note', ns: NS, value: { scalar: 'string' }, min: 0, max: 1, nillable: true },
    ],
  },
  Arr: { name: 'Arr', ns: NS, soapArray: { scalar: 'int' }, fields: [] },
  Wrapper: {
    name: 'GetResponse',
    ns: NS,
    fields: [
      { prop: 'recs', name: 'rec', ns: NS, value: { complex: 'Rec' }, min: 0, max: -1 },
      { prop: 'arr', name: 'arr', ns: '', value: { complex: 'Arr' }, min: 0, max: 1 },
      { prop: 'count', name: 'count', ns: '', value: { scalar: 'int' }, min: 0, max: 1 },
    ],
  },
  Head: {
    name: 'Head',
    ns: NS,
    fields: [{ prop: 'session', name: 'session', ns: NS, value: { scalar: 'string' }, min: 1, max: 1 }],
  },
} as unknown as ServiceDesc['types'];

const service = {
  name: 'S',
  ns: NS,
  types,
  operations: [
    {
      name: 'Get',
      soap11: {
        action: 'urn:s/Get',
        style: 'document',
        use: 'literal',
        input: { element: { ns: NS, name: 'Get' }, value: { complex: 'Head' } },
        output: {
          element: { ns: NS, name: 'GetResponse' },
          value: { complex: 'Wrapper' },
          headers: [{ prop: 'head', name: 'Head', ns: NS, value: { complex: 'Head' }, min: 0, max: 1 }],
        },
      },
    },
  ],
  ports: [{ name: 'P', kind: 'soap11', address: 'http://127.0.0.1:1/s', path: '/s' }],
} as unknown as ServiceDesc;

const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

function envelope(body: string, header = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV}" xmlns:xsi="${XSI}" xmlns:s="${NS}">${header}<soap:Body>${body}</soap:Body></soap:Envelope>`;
}

const RECORD =
  '<s:rec xmlns:o="urn:other" o:flag="yes"><s:code>o:thing</s:code><s:item id="1"><s:name>one</s:name></s:item>' +
  '<s:item xsi:type="s:Derived" id="2"><s:name>two</s:name><s:extra xsi:nil="true"/></s:item>' +
  '<s:item xsi:type="s:Derived"><s:name>three</s:name><s:extra>2024-02-29T12:00:00Z</s:extra></s:item>' +
  '<s:raw a="b">text <o:in>inner</o:in> more</s:raw><o:loose>x</o:loose><s:note xsi:nil="true"/><o:more/></s:rec>';

const CASES: Record<string, string> = {
  records: envelope(`<s:GetResponse>${RECORD}${RECORD}<count>7</count></s:GetResponse>`),
  header: envelope(
    `<s:GetResponse><count>1</count></s:GetResponse>`,
    '<soap:Header><s:Head><s:session>abc</s:session></s:Head><o:x xmlns:o="urn:o"/></soap:Header>',
  ),
  liberal: envelope('<s:GetResponse><s:count>3</s:count><other/></s:GetResponse><s:after/>'),
  // One start tag with attributes again and again (its parse and type read once, xml-scan-tag-memo.ts), where
  // its prefix names another namespace (read anew: another type), and as another field's type.
  repeatedTags: envelope(
    `<s:GetResponse><s:rec xmlns:t="${NS}">${'<s:item xsi:type="t:Derived" id="1"><s:name>a</s:name></s:item>'.repeat(3)}</s:rec>` +
      `<s:rec xmlns:t="urn:elsewhere">${'<s:item xsi:type="t:Derived" id="1"><s:name>b</s:name></s:item>'.repeat(2)}</s:rec>` +
      `<s:rec>${'<s:item xsi:type="s:Derived" id="2"><s:name>c</s:name><s:extra xsi:nil="true"/></s:item>'.repeat(2)}` +
      '<s:raw xsi:type="s:Derived" id="2">d</s:raw></s:rec></s:GetResponse>',
  ),
  empty: envelope('<s:GetResponse/>'),
  // Read by the tree: a SOAP-encoded array, a multi-reference, a fault, an invalid value.
  array: envelope('<s:GetResponse><arr><item>1</item><item>2</item></arr></s:GetResponse>'),
  href: envelope('<s:GetResponse><count href="#c"/></s:GetResponse><multiRef id="c">5</multiRef>'),
  fault: envelope('<soap:Fault><faultcode>soap:Server</faultcode><faultstring>no</faultstring></soap:Fault>'),
  invalid: envelope('<s:GetResponse><count>seven</count></s:GetResponse>'),
  // An element inside a simple value, told to the decoder as a leaf (xml-scan-leaves.ts) or not.
  nestedLeaf: envelope('<s:GetResponse><count><b>1</b></count></s:GetResponse>'),
  nestedEmpty: envelope('<s:GetResponse><count><b/></count></s:GetResponse>'),
  nestedElement: envelope('<s:GetResponse><count><b a="1">1</b></count></s:GetResponse>'),
};

const FALLBACKS: Record<string, string> = {
  array: 'a SOAP-encoded array',
  href: 'a multi-reference value',
  fault: 'a SOAP Fault',
  invalid: 'seven',
  nestedLeaf: 'an element where a simple value is expected',
  nestedEmpty: 'an element where a simple value is expected',
  nestedElement: 'an element where a simple value is expected',
};

async function call(body: string): Promise<{ value?: unknown; error?: string; meta: CallMeta }> {
  const meta: CallMeta = {};
  const client = new ServiceClient(
    service,
    { transport: async () => ({ status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body }) },
    'soap11',
  );
  try {
    const value = await client.call(service.operations[0]!, { session: 's' }, { meta });
    return { value, meta };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}`, meta };
  }
}

describe('SOAP responses read as they are scanned', () => {
  afterEach(() => {
    responseStreaming.minLength = 16384;
  });

  for (const [name, body] of Object.entries(CASES)) {
    it(`${name}: the client gives the same result and meta either way`, async () => {
      const out = service.operations[0]!.soap11!.output!;
      const direct = decodeSoapResponseStreaming(body, '1.1', out, types, {});
      if (name in FALLBACKS) {
        expect(direct).toBeInstanceOf(StreamFallback);
        expect((direct as StreamFallback).reason).toContain(FALLBACKS[name]);
      } else expect(direct).not.toBeInstanceOf(StreamFallback);
      responseStreaming.minLength = Number.POSITIVE_INFINITY;
      const tree = await call(body);
      responseStreaming.minLength = 0;
      const stream = await call(body);
      expect(stream.error).toBe(tree.error);
      expect(difference(tree.value, stream.value)).toBe('');
      expect(difference(tree.meta.soapHeaders, stream.meta.soapHeaders)).toBe('');
      expect(difference(tree.meta.soapHeader, stream.meta.soapHeader)).toBe('');
      if (!(direct instanceof StreamFallback)) expect(difference(tree.value, direct.value)).toBe('');
    });
  }

  it('reads a repeated start tag as each one reads: the derived type where its prefix names the type namespace', async () => {
    responseStreaming.minLength = 0;
    const { value } = await call(CASES['repeatedTags']!);
    const recs = (value as { recs: { items: Record<string, unknown>[]; raw?: { attrs: unknown[] } }[] }).recs;
    expect(recs.map((r) => r.items.map((i) => i['$type'] ?? 'Base'))).toEqual([
      ['Derived', 'Derived', 'Derived'],
      ['Base', 'Base'],
      ['Derived', 'Derived'],
    ]);
    expect(recs[2]!.items[1]!['extra']).toBeNull();
    expect(recs[2]!.raw!.attrs).toHaveLength(2);
  });

  it('keeps raw XML values detached: their scope declares the bindings in scope, nothing else of the document', async () => {
    responseStreaming.minLength = 0;
    const { value } = await call(CASES['records']!);
    const rec = (value as { recs: Record<string, unknown>[] }).recs[0]!;
    const raw = rec['raw'] as { parent: { name: string; children: unknown[]; nsDecls: Record<string, string> } };
    expect(raw.parent.name).toBe('');
    expect(raw.parent.children).toEqual([]);
    expect(raw.parent.nsDecls).toMatchObject({ o: 'urn:other', s: NS, soap: ENV });
    expect((rec['$any'] as { name: string }[]).map((e) => e.name)).toEqual(['loose', 'more']);
    expect(rec['code']).toEqual({ ns: 'urn:other', name: 'thing' });
    const items = rec['items'] as Record<string, unknown>[];
    expect(items.map((i) => i['$type'])).toEqual([undefined, 'Derived', 'Derived']);
    expect(items[1]!['extra']).toBeNull();
  });

  it('reads the plain fields of records as leaves, with no element made (xml-scan-leaves.ts)', () => {
    // Ten records of the Wrapper's `rec`, each with seven leaves: <s:code>, three <s:name>, the
    // <s:extra> date, and two xsd:any elements (<o:loose>, <o:more/>); then <count>.
    const body = envelope(`<s:GetResponse>${RECORD.repeat(10)}<count>7</count></s:GetResponse>`);
    const leaf = vi.spyOn(ComplexFrame.prototype, 'leaf');
    const nil = vi.spyOn(ComplexFrame.prototype, 'leafNil');
    const open = vi.spyOn(ComplexFrame.prototype, 'open');
    try {
      const direct = decodeSoapResponseStreaming(body, '1.1', service.operations[0]!.soap11!.output!, types, {});
      expect(direct).not.toBeInstanceOf(StreamFallback);
      expect(leaf).toHaveBeenCalledTimes(10 * 7 + 1);
      // The nil <s:extra> and <s:note> of each record, with no element made.
      expect(nil).toHaveBeenCalledTimes(10 * 2);
      // Opened as elements, each having attributes other than a nil or element content: per record the
      // record itself, its three items and <s:raw>.
      expect(open).toHaveBeenCalledTimes(10 * 5);
    } finally {
      leaf.mockRestore();
      nil.mockRestore();
      open.mockRestore();
    }
  });
});

// ---------------------------------------------------------------------------
// Records read by runs: one match of a record's fields, taken by the frame in one call

describe('records whose fields are read by runs (xml-scan-leaves.ts LeafRun)', () => {
  const field = (prop: string, value: ValueDesc, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    prop,
    name: prop,
    ns: 'urn:r',
    value,
    min: 0,
    max: 1,
    ...extra,
  });
  const runTypes = {
    Holder: {
      name: 'Holder',
      ns: 'urn:r',
      fields: [field('rec', { complex: 'Rec' }, { max: -1 })],
    },
    Rec: {
      name: 'Rec',
      ns: 'urn:r',
      any: '$any',
      fields: [
        field('Id', { scalar: 'string' }, { min: 1 }),
        field('Name', { scalar: 'string' }, { nillable: true }),
        field('Count', { scalar: 'int' }),
        field('Amount', { scalar: 'double' }),
        field('Ok', { scalar: 'boolean' }),
        field('When', { scalar: 'dateTime' }),
        field('Tags', { scalar: 'string' }, { max: -1 }),
        field('Owner', { complex: 'Sub' }),
      ],
    },
    Sub: { name: 'Sub', ns: 'urn:r', fields: [field('v', { scalar: 'string' })] },
  } as unknown as TypeRegistry;

  /** The fields of record `i`, in the usual order, each changed now and then. */
  function fields(r: () => number, i: number): string[] {
    const kids = [
      `<Id>00${i}</Id>`,
      `<Name>Name ${i}</Name>`,
      `<Count>${i}</Count>`,
      `<Amount>${i}.25</Amount>`,
      `<Ok>${i % 2 === 0}</Ok>`,
      `<When>2024-01-0${1 + (i % 9)}T10:00:00Z</When>`,
      `<Tags>a${i}</Tags>`,
      `<Tags>b&apos;${i}</Tags>`,
      `<o:City>Paris &amp; ${i} &lt;</o:City>`,
      `<o:Phone>+33 ${i}</o:Phone>`,
    ];
    const changes = [
      () => kids.splice(Math.floor(r() * kids.length), 1), // a field missing
      () => kids.splice(1, 0, `<Id>again ${i}</Id>`), // a single field twice: the second is no field's
      () => kids.reverse(), // another order
      () => kids.splice(2, 0, `<y:Name>liberal ${i}</y:Name>`), // a field in another namespace
      () => kids.splice(3, 0, `<o:New${i % 3}>new</o:New${i % 3}>`), // a name not seen before
      () => (kids[1] = '<Name/>'),
      () => (kids[1] = '<Name></Name>'),
      () => (kids[1] = '<Name xsi:nil="true"/>'),
      () => (kids[2] = '<Count xsi:nil="true"/>'), // nil where the field is not nillable: absent
      () => (kids[0] = '<Id xsi:nil="true"/>'), // nil where the field is required: the codec decides
      () => (kids[8] = '<o:City xsi:nil="true"/>'), // an xsd:any element that is nil
      () => (kids[4] = '<Ok i:nil="true"/>'), // the instance namespace bound to another prefix
      () => (kids[5] = '<When o:nil="true"/>'), // a nil attribute of another namespace: no nil
      () => (kids[3] = '<Amount xsi:nil="1"/>'), // nil written as 1: the scanner's way
      () => (kids[1] = `<Name>A &amp; B &lt;${i}&gt; &quot;&apos;</Name>`),
      () => (kids[1] = '<Name>&#38; char reference</Name>'),
      () => (kids[1] = '<Name>carriage\r\nreturn</Name>'),
      () => (kids[1] = '<Name>bracket ] here</Name>'),
      () => (kids[1] = '<Name>\u{1f600} beyond the BMP</Name>'),
      () => kids.splice(4, 0, '<Owner></Owner>'), // a complex field as a leaf: read by its frame
      () => kids.splice(4, 0, '<Owner><v>x</v></Owner>'),
      () => (kids[2] = '<Count>not a number</Count>'), // the codec's error: falls back
      () => (kids[0] = '<Id>x</Id>\n'), // white space between fields
    ];
    if (r() < 0.3) changes[Math.floor(r() * changes.length)]!();
    return kids;
  }

  it('give the codec value with long xsd:any texts: beyond one pool, and beyond what a span tells', () => {
    // A record's xsd:any leaves (its run's tail, xml-compact.ts runLeaves) share one pool while their
    // texts fit one (32,767 characters); longer ones are made one by one, a text past 65,535 on its own.
    const long = (i: number, n: number): string => `${String(i).repeat(n)}`.slice(0, n);
    for (const [a, b] of [
      [10, 20],
      [20_000, 12_000],
      [16_000, 17_000],
      [40_000, 5],
      [70_000, 5],
      [70_000, 70_000],
    ] as const) {
      let text = '<Holder xmlns="urn:r" xmlns:o="urn:o">';
      for (let i = 0; i < 6; i++)
        text += `<rec><Id>${i}</Id><Name>n</Name><Count>${i}</Count><Ok>true</Ok><o:City>${long(i, a)}</o:City><o:Phone>${long(i + 1, b)}</o:Phone></rec>`;
      text += '</Holder>';
      const want = byCodec(text, { complex: 'Holder' }, runTypes);
      const got = streamed(text, { complex: 'Holder' }, runTypes);
      expect(want.error).toBeUndefined();
      expect(difference(want.value, got), `${a} ${b}`).toBe('');
    }
  });

  it('give the codec value with xsd:any leaves before fields and after them: in document order', () => {
    // The leaves after the last field are the run's tail (made in one go); an xsd:any leaf before a field is not.
    let text = '<Holder xmlns="urn:r" xmlns:o="urn:o">';
    for (let i = 0; i < 6; i++)
      text += `<rec><Id>${i}</Id><o:Extra>e${i}</o:Extra><Name>n</Name><Count>${i}</Count><o:City>c${i}</o:City><o:Phone/></rec>`;
    text += '</Holder>';
    const want = byCodec(text, { complex: 'Holder' }, runTypes);
    expect(want.error).toBeUndefined();
    expect(difference(want.value, streamed(text, { complex: 'Holder' }, runTypes))).toBe('');
  });

  it("give the codec value with a run's tail after a nil field, ending with empty leaves, in records that declare bindings", () => {
    // The tail (xml-compact.ts runLeaves) joins its texts from the match: the nil group just before it is not
    // one of them; empty leaves end it; each record's own bindings are the scope its leaves hang from
    // (codec-stream.ts tailShapes), the same names in another scope.
    let text = `<Holder xmlns="urn:r" xmlns:o="urn:o" xmlns:xsi="${XSI}">`;
    // Three records per scope: the first match in a scope takes its tail leaf by leaf, the next in one go.
    for (let i = 0; i < 9; i++)
      text += `<rec xmlns:q="urn:q${Math.floor(i / 3)}"><Id>${i}</Id><Name xsi:nil="true"/><o:City>c${i}</o:City><o:Zip>z${i}</o:Zip><o:Phone></o:Phone></rec>`;
    text += '</Holder>';
    const want = byCodec(text, { complex: 'Holder' }, runTypes);
    expect(want.error).toBeUndefined();
    const got = streamed(text, { complex: 'Holder' }, runTypes) as { rec: { $any: XmlElement[] }[] };
    expect(difference(want.value, got)).toBe('');
    expect(got.rec.map((r) => r.$any.map((e) => e.parent!.nsDecls['q']))).toEqual(
      got.rec.map((_, i) => Array(3).fill(`urn:q${Math.floor(i / 3)}`)),
    );
    // A type with no xsd:any skips the leaves after its last field.
    const noAny = { ...runTypes, Rec: { ...runTypes['Rec']!, any: undefined } } as unknown as TypeRegistry;
    const plain = byCodec(text, { complex: 'Holder' }, noAny);
    expect(plain.error).toBeUndefined();
    expect(difference(plain.value, streamed(text, { complex: 'Holder' }, noAny))).toBe('');
  });

  it('give the codec value whatever each record changes', () => {
    const r = prng(0x5eed);
    const runs = vi.spyOn(ComplexFrame.prototype, 'leafRun');
    const nils = vi.spyOn(ComplexFrame.prototype, 'leafNil');
    const problems: string[] = [];
    let values = 0;
    let runCalls = 0;
    let nilCalls = 0;
    let nilsInRuns = 0;
    try {
      for (let doc = 0; doc < 200; doc++) {
        let text = `<Holder xmlns="urn:r" xmlns:o="urn:o" xmlns:y="urn:y" xmlns:xsi="${XSI}" xmlns:i="${XSI}">`;
        for (let i = 0; i < 12; i++) text += `<rec>${fields(r, i).join('')}</rec>`;
        text += '</Holder>';
        const want = byCodec(text, { complex: 'Holder' }, runTypes);
        const got = streamed(text, { complex: 'Holder' }, runTypes);
        // Falling back is allowed (the caller reads the tree with the codec): a field in another namespace
        // beside xsd:any, and the invalid number, do.
        if (got instanceof StreamFallback) continue;
        if (want.error !== undefined) problems.push(`${text}: streamed a value where the codec fails: ${want.error}`);
        else {
          const d = difference(want.value, got);
          if (d !== '') problems.push(`${text}: ${d}`);
          values++;
        }
      }
      runCalls = runs.mock.calls.length;
      nilCalls = nils.mock.calls.length;
      // A run's match holds leaf k's nil prefix at 2k + 2 (xml-scan-leaves.ts LeafSink.leafRun).
      for (const [, , match] of runs.mock.calls)
        nilsInRuns += match.filter((v, i) => i > 0 && i % 2 === 0 && v !== undefined).length;
    } finally {
      runs.mockRestore();
      nils.mockRestore();
    }
    expect(problems.slice(0, 3)).toEqual([]);
    expect(values).toBeGreaterThan(75);
    // Most records after the first were read by runs.
    expect(runCalls).toBeGreaterThan(200 * 8);
    // Nil fields were read as nil leaves (xml-scan-leaves.ts LeafSink.leafNil), not as elements: most of
    // them within runs' matches, the rest (a record that ends a run's match before them) one by one.
    expect(nilsInRuns).toBeGreaterThan(50);
    expect(nilCalls).toBeGreaterThan(5);
  });
});

describe('nil xsd:any fields read by runs', () => {
  it('keep their xsi:nil when the texts of the match are too long for one pool (xml-compact.ts POOL_MAX)', () => {
    const anyTypes: TypeRegistry = ANY_RECORDS;
    // The second and third records' <b>, <c>, <d> are one match of the run the first record's fields make.
    const rec = `<rec><a>a</a><b xsi:nil="true"/><c>${'x'.repeat(40000)}</c><d>d</d></rec>`;
    const text = `<Holder xmlns="urn:r" xmlns:xsi="${XSI}">${rec.repeat(3)}</Holder>`;
    const runs = vi.spyOn(ComplexFrame.prototype, 'leafRun');
    try {
      const want = byCodec(text, { complex: 'Holder' }, anyTypes);
      const got = streamed(text, { complex: 'Holder' }, anyTypes);
      expect(runs).toHaveBeenCalledTimes(2);
      expect(got).not.toBeInstanceOf(StreamFallback);
      expect(difference(want.value, got)).toBe('');
      const nils = (got as { rec: { $any: XmlElement[] }[] }).rec.map((r) => r.$any[1]!.attrs.map((a) => a.name));
      expect(nils).toEqual([['nil'], ['nil'], ['nil']]);
    } finally {
      runs.mockRestore();
    }
  });

  it('are made in one go with the texts around them, once their shape is known for that prefix', () => {
    // Nil leaves among texts (and references), at changing places, with two prefixes of the instance namespace.
    const rec = (nils: Readonly<Record<string, string | undefined>>): string =>
      `<rec>${['a', 'b', 'c', 'd', 'e', 'f']
        .map((n, i) => (nils[n] ? `<${n} ${nils[n]}:nil="true"/>` : `<${n}>${n}${i} &amp; ${'x'.repeat(i * 3)}</${n}>`))
        .join('')}</rec>`;
    const recs = [
      {},
      { b: 'xsi' },
      { b: 'xsi' },
      { d: 'xsi' },
      { b: 'xsi', d: 'xsi' },
      { b: 'i' },
      { b: 'i' },
      { b: 'xsi' },
    ];
    const text = `<Holder xmlns="urn:r" xmlns:xsi="${XSI}" xmlns:i="${XSI}">${recs.map(rec).join('')}</Holder>`;
    const byLeaf = vi.spyOn(ComplexFrame.prototype as unknown as { takeLeaves(): void }, 'takeLeaves');
    try {
      const want = byCodec(text, { complex: 'Holder' }, ANY_RECORDS);
      const got = streamed(text, { complex: 'Holder' }, ANY_RECORDS);
      expect(got).not.toBeInstanceOf(StreamFallback);
      expect(difference(want.value, got)).toBe('');
      // Leaf by leaf: the first match in the scope, and a nil leaf whose shape for its prefix is new (the second
      // record's b, the fourth's d, the sixth's b with i, the eighth's b with xsi again); in one go the others.
      expect(byLeaf).toHaveBeenCalledTimes(4);
    } finally {
      byLeaf.mockRestore();
    }
  });
});
