/**
 * What an rpc/encoded array costs to read and write (SOAP 1.1 §5.4.2), per item, beside the same
 * values as a literal repeated element (`maxOccurs="unbounded"`, the baseline), in one run:
 *   - read: 1,000 string items inline (`<item>`), `xsi:type`d, and an array of 100 arrays of 10
 *     (`xsd:string[][]`), against 1,000 literal `<v>` elements (parsed once);
 *   - parse and read: 1,000 items each an `href` to its own multiRef after the operation element
 *     (the reference budget is per message, so each read needs its own parse), against parsing and
 *     reading the literal elements;
 *   - write: the same 1,000 strings as a SOAP array (`soapenc:arrayType`), against literal elements.
 * Prints ns per item, median and range over the rounds, and the load average.
 * Run: npx tsx bench/encoded-arrays.ts [rounds, default 9] [milliseconds per case and round, default 300]
 */
import { loadavg } from 'node:os';
import { readComplexContent, writeComplexContent } from '../src/runtime/wire/codec.js';
import type { ComplexDesc } from '../src/runtime/wire/descriptors.js';
import { parseXml } from '../src/runtime/xml/xml-parse.js';
import { XmlWriter } from '../src/runtime/xml/xml-write.js';

const ROUNDS = Number(process.argv[2] ?? 9);
const BUDGET_MS = Number(process.argv[3] ?? 300);
const N = 1000;
const XSD = 'http://www.w3.org/2001/XMLSchema';
const ENC = 'http://schemas.xmlsoap.org/soap/encoding/';
const str = { scalar: 'string' } as const;

const types: Record<string, ComplexDesc> = {
  Arr: { name: 'ArrayOfString', ns: 'urn:b', fields: [], soapArray: str, soapArrayType: { name: 'string', ns: XSD } },
  Matrix: {
    name: 'Matrix',
    ns: 'urn:b',
    fields: [],
    soapArray: str,
    soapArrayType: { name: 'string', ns: XSD },
    soapArrayNesting: 1,
  },
  Lit: { name: 'Lit', ns: 'urn:b', fields: [{ prop: 'v', name: 'v', ns: '', value: str, min: 0, max: -1 }] },
};

const values = Array.from({ length: N }, (_, i) => `value ${i}`);
const decl = `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="${XSD}" xmlns:soapenc="${ENC}"`;
const wrap = (inner: string, after = ''): string =>
  `<Body ${decl}><a soapenc:arrayType="xsd:string[${N}]">${inner}</a>${after}</Body>`;
const docs = {
  inline: wrap(values.map((v) => `<item>${v}</item>`).join('')),
  xsiTyped: wrap(values.map((v) => `<item xsi:type="xsd:string">${v}</item>`).join('')),
  href: wrap(
    values.map((_, i) => `<item href="#v${i}"/>`).join(''),
    values.map((v, i) => `<multiRef id="v${i}" xsi:type="xsd:string">${v}</multiRef>`).join(''),
  ),
  nested: wrap(
    Array.from(
      { length: N / 10 },
      (_, r) =>
        `<item>${values
          .slice(r * 10, r * 10 + 10)
          .map((v) => `<item>${v}</item>`)
          .join('')}</item>`,
    ).join(''),
  ),
  literal: `<Body><a>${values.map((v) => `<v>${v}</v>`).join('')}</a></Body>`,
};
/** The array element of each document, parsed once (reading is measured, not parsing). */
const arrayOf = (xml: string) => {
  const body = parseXml(xml);
  const a = body.children.find((c) => typeof c !== 'string');
  if (a === undefined || typeof a === 'string') throw new Error('no array element');
  return a;
};

/** ns per item of `fn` over one round. */
function measure(fn: () => void): number {
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(BUDGET_MS) * 1_000_000n;
  let now = start;
  while (now < end) {
    fn();
    n++;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / n / N;
}

const cases: [string, () => void][] = [
  [
    'read literal <v> x1000 (baseline)',
    (
      (el) => () =>
        readComplexContent(el, 'Lit', types, 'a')
    )(arrayOf(docs.literal)),
  ],
  [
    'read SOAP array, inline items',
    (
      (el) => () =>
        readComplexContent(el, 'Arr', types, 'a')
    )(arrayOf(docs.inline)),
  ],
  [
    'read SOAP array, xsi:typed items',
    (
      (el) => () =>
        readComplexContent(el, 'Arr', types, 'a')
    )(arrayOf(docs.xsiTyped)),
  ],
  // A reference budget is per message, so the href case parses its message each time: compared with parse + read of literal.
  ['parse + read literal <v> x1000 (baseline)', () => readComplexContent(arrayOf(docs.literal), 'Lit', types, 'a')],
  ['parse + read SOAP array, href to multiRef', () => readComplexContent(arrayOf(docs.href), 'Arr', types, 'a')],
  [
    'read SOAP array of 100 arrays of 10',
    (
      (el) => () =>
        readComplexContent(el, 'Matrix', types, 'a')
    )(arrayOf(docs.nested)),
  ],
  [
    'write literal <v> x1000 (baseline)',
    () => {
      const w = new XmlWriter();
      w.start('urn:b', 'a');
      writeComplexContent(w, { v: values }, 'Lit', types, 'a');
      w.end().toString();
    },
  ],
  [
    'write SOAP array (soapenc:arrayType)',
    () => {
      const w = new XmlWriter();
      w.start('urn:b', 'a');
      writeComplexContent(w, values, 'Arr', types, 'a');
      w.end().toString();
    },
  ],
];

const results = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let r = 0; r < ROUNDS; r++) for (const [name, fn] of cases) results.get(name)!.push(measure(fn));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${ROUNDS} rounds of ${BUDGET_MS} ms per case; ${N} items; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const baseline = (prefix: string): number => median(results.get(cases.find(([n]) => n.startsWith(prefix))![0])!);
const base = {
  read: baseline('read literal'),
  parse: baseline('parse + read literal'),
  write: baseline('write literal'),
};
for (const [name, xs] of results) {
  const m = median(xs);
  const ratio = m / (name.startsWith('read') ? base.read : name.startsWith('parse') ? base.parse : base.write);
  console.log(
    `${name.padEnd(42)} ${m.toFixed(0).padStart(6)} ns/item (range ${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})  x${ratio.toFixed(2)} of the literal baseline`,
  );
}
