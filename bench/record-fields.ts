/**
 * Issue 31, item 3: records decode in time linear in the fields they hold, however many their
 * type declares (Salesforce enterprise's Account declares 79, a query answer holds a few).
 * Records of 10 present fields (strings, ints, dates) whose types declare 10, 79 or 500
 * (the others absent, optional), read on both of the client's paths:
 *   - tree: the codec (codec.ts readFields) on the document's tree, parsed before the timing,
 *   - streaming: decoded as the scanner reads (codec-stream.ts decodeStreaming).
 * Prints per path and width the CPU time per record (this process's, steadier than wall on a
 * shared machine; median and range of the rounds, widths
 * alternating order each round) and each width's cost over the 10-field type's, per round.
 *
 *   npx tsx bench/record-fields.ts [--rounds 7] [--records 5000]
 */
import { loadavg } from 'node:os';
import { readValue, type TypeRegistry } from '../src/runtime/wire/codec.js';
import { decodeStreaming, StreamFallback, valueFrame } from '../src/runtime/wire/codec-stream.js';
import type { ComplexDesc, FieldDesc, ValueDesc } from '../src/runtime/wire/descriptors.js';
import { parseXml } from '../src/runtime/xml/xml-parse.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const ROUNDS = Number(option('rounds', '7'));
const RECORDS = Number(option('records', '5000'));
const WIDTHS = [10, 79, 500] as const;
const PRESENT = 10;
const NS = 'urn:wide';

const KINDS = ['string', 'int', 'dateTime', 'string', 'double'] as const;
const TEXT: Record<(typeof KINDS)[number], (i: number) => string> = {
  string: (i) => `value ${i} of the record`,
  int: (i) => String(i * 7),
  dateTime: (i) => `2024-05-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  double: (i) => String(i / 4),
};

/**
 * Type `Wide` declaring `width` optional fields, of which the record holds `PRESENT`, spread
 * over the declared ones (first, last and between); and its holder.
 */
function contract(width: number): { types: TypeRegistry; present: number[] } {
  const fields: FieldDesc[] = [];
  for (let i = 0; i < width; i++)
    fields.push({ prop: `f${i}`, name: `f${i}`, ns: NS, value: { scalar: KINDS[i % KINDS.length]! }, min: 0, max: 1 });
  const present = Array.from({ length: PRESENT }, (_, k) => Math.round((k * (width - 1)) / (PRESENT - 1)));
  const types: Record<string, ComplexDesc> = {
    Wide: { name: 'Wide', ns: NS, fields },
    Holder: {
      name: 'Holder',
      ns: NS,
      fields: [{ prop: 'rec', name: 'rec', ns: NS, value: { complex: 'Wide' }, min: 0, max: -1 }],
    },
  };
  return { types, present };
}

function document(present: readonly number[]): string {
  const parts = [`<w:Holder xmlns:w="${NS}">`];
  for (let r = 0; r < RECORDS; r++) {
    parts.push('<w:rec>');
    for (const i of present) parts.push(`<w:f${i}>${TEXT[KINDS[i % KINDS.length]!](r)}</w:f${i}>`);
    parts.push('</w:rec>');
  }
  parts.push('</w:Holder>');
  return parts.join('');
}

const HOLDER: ValueDesc = { complex: 'Holder' };
const cases = WIDTHS.map((width) => {
  const { types, present } = contract(width);
  const text = document(present);
  return { width, types, text, tree: parseXml(text) };
});

type Path = 'tree' | 'streaming';
function read(path: Path, c: (typeof cases)[number]): number {
  const v =
    path === 'tree'
      ? readValue(c.tree, HOLDER, c.types)
      : decodeStreaming(c.text, {}, (root) => valueFrame(root, HOLDER, c.types));
  if (v instanceof StreamFallback) throw new Error(`streaming fell back: ${v.reason}`);
  return ((v as { rec: unknown[] }).rec ?? []).length;
}

// The same values either way, and every record read.
for (const c of cases) {
  const a = readValue(parseXml(c.text), HOLDER, c.types);
  const b = decodeStreaming(c.text, {}, (root) => valueFrame(root, HOLDER, c.types));
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`width ${c.width}: the paths disagree`);
  if ((a as { rec: unknown[] }).rec.length !== RECORDS) throw new Error(`width ${c.width}: records missing`);
}

const paths: Path[] = ['tree', 'streaming'];
/** µs per record, by `path/width`, one per round. */
const times = new Map<string, number[]>();
// Warm-up: each case twice on each path.
for (const p of paths) for (const c of cases) for (let i = 0; i < 2; i++) read(p, c);
for (let round = 0; round < ROUNDS; round++) {
  for (const p of paths) {
    const order = round % 2 === 0 ? cases : [...cases].reverse();
    for (const c of order) {
      const cpu0 = process.cpuUsage();
      read(p, c);
      const cpu = process.cpuUsage(cpu0);
      const us = (cpu.user + cpu.system) / RECORDS;
      times.set(`${p}/${c.width}`, [...(times.get(`${p}/${c.width}`) ?? []), us]);
    }
  }
}

const med = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (xs: readonly number[], digits: number): string =>
  `${med(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
console.log(
  `records of ${PRESENT} present fields, ${RECORDS} per document, ${ROUNDS} rounds; loadavg ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${'path'.padEnd(11)}${'declared'.padEnd(10)}${'CPU µs per record'.padEnd(22)}over the 10-declared type, per round`,
);
for (const p of paths) {
  const base = times.get(`${p}/${WIDTHS[0]}`)!;
  for (const w of WIDTHS) {
    const xs = times.get(`${p}/${w}`)!;
    console.log(
      `${p.padEnd(11)}${String(w).padEnd(10)}${fmt(xs, 2).padEnd(22)}${fmt(
        xs.map((x, i) => x / base[i]!),
        2,
      )}`,
    );
  }
}
