/**
 * Instructions per function from a callgrind dump of a node process, for
 * `bench/server-instructions.ts --functions`: callgrind names the functions of
 * node's binary and libraries itself, but V8's generated code (JavaScript
 * compiled by V8, regular expressions, bytecode handlers) is anonymous to it;
 * node started with `--perf-basic-prof` writes `/tmp/perf-<pid>.map` (start,
 * size and name of each piece of generated code), which names those addresses.
 * The dump must be written with `--dump-instr=yes` (costs per instruction
 * address). Only self costs are counted (the cost lines after a `calls=` line
 * are a call's inclusive cost and are skipped).
 *
 * Format: https://valgrind.org/docs/manual/cl-format.html (name compression,
 * relative subpositions).
 */
import { readFileSync } from 'node:fs';

/** One entry of a perf map: `[start, end)` and the name V8 gave the code. */
type Range = readonly [start: number, end: number, name: string];

/** Reads a perf map (`<hex start> <hex size> <name>` per line), sorted by start. */
function readPerfMap(file: string): Range[] {
  const out: Range[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (m === null) continue;
    const start = Number.parseInt(m[1]!, 16);
    out.push([start, start + Number.parseInt(m[2]!, 16), m[3]!]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** The name of the code at `addr` (the latest entry that covers it: V8 reuses code space). */
function nameAt(ranges: readonly Range[], addr: number): string | undefined {
  let lo = 0;
  let hi = ranges.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]![0] <= addr) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // Entries that start at or before `addr` but may have ended before it: look back a little.
  for (let i = last; i >= 0 && i > last - 64; i--) {
    const r = ranges[i]!;
    if (addr < r[1]) return r[2];
  }
  return undefined;
}

/**
 * A JavaScript function's perf-map name without its address-dependent parts:
 * `JS:*serveSoap file:///tmp/x/server-soap.js:130:26` -> `serveSoap server-soap.js:130`.
 */
function shortName(name: string): string {
  const js = /^(?:JS|LazyCompile|Function):[*~^+]?(\S*) (?:\S*\/)?([^/\s]+:\d+):\d+$/.exec(name);
  if (js !== null) return `${js[1] === '' ? '(anonymous)' : js[1]} ${js[2]}`;
  return name;
}

/**
 * Self instructions per function name in the callgrind dump `dumpFile` of a
 * process whose generated code `perfMapFile` names; functions of the same name
 * (several compilations of one JavaScript function) are added up.
 */
export function instructionsByFunction(dumpFile: string, perfMapFile: string): Map<string, number> {
  const ranges = readPerfMap(perfMapFile);
  const fnNames = new Map<string, string>();
  const obNames = new Map<string, string>();
  const out = new Map<string, number>();
  let fn = '';
  let ob = '';
  let addr = 0;
  let skipCall = false;
  for (const line of readFileSync(dumpFile, 'utf8').split('\n')) {
    const def = /^(c?)(fn|ob|fl|fi|fe)=\((\d+)\)(?: (.*))?$/.exec(line);
    if (def !== null) {
      const [, called, kind, id, name] = def;
      if (kind !== 'fn' && kind !== 'ob') continue;
      const table = kind === 'fn' ? fnNames : obNames;
      if (name !== undefined) table.set(id!, name);
      if (called === '') {
        if (kind === 'fn') fn = table.get(id!) ?? '';
        else ob = table.get(id!) ?? '';
      }
      continue;
    }
    if (line.startsWith('calls=')) {
      skipCall = true;
      continue;
    }
    const cost = /^(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+\s+(\d+)$/.exec(line);
    if (cost === null) continue;
    const pos = cost[1]!;
    if (pos.startsWith('0x')) addr = Number.parseInt(pos, 16);
    else if (pos !== '*') addr += Number(pos);
    if (skipCall) {
      skipCall = false;
      continue;
    }
    const object = ob.slice(ob.lastIndexOf('/') + 1);
    // `'2`: a recursion level (callgrind --separate-recs), counted with the function.
    const base = fn.replace(/'\d+$/, '');
    const key = /^0x[0-9a-f]+$/.test(base)
      ? shortName(nameAt(ranges, addr) ?? `(unnamed code in ${object})`)
      : `${base} [${object}]`;
    out.set(key, (out.get(key) ?? 0) + Number(cost[2]));
  }
  return out;
}
