/**
 * `wsdlc breaking` on two versions of a large contract (NetSuite 2023.2, one WSDL
 * importing 46 XSDs), as a whole process, beside the baseline of loading the same
 * two contracts (`wsdlc validate old` + `wsdlc validate new`, also whole processes):
 * what the comparison itself adds on top of building two models.
 *
 *   npm run build && npx tsx bench/breaking.ts [--runs 5]
 *
 * The "new" version is made in a temporary copy, the way a release changes a
 * contract: unreferenced complex types removed, new complex types added, optional
 * elements appended to sequences, enumeration values added and removed.
 * Target (issue 21): under 2 s on the 2-core machine.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const NETSUITE = fileURLToPath(new URL('../../shared/corpus/large/netsuite_2023_2', import.meta.url));
const WSDLC = join(ROOT, 'bin/wsdlc.js');

/** Preloaded into each child: prints its CPU time (user + system) when it exits, steadier than wall time on a busy machine. */
const PRELOAD =
  'data:text/javascript,' +
  encodeURIComponent(
    `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\n@@cpu=' + (u.user + u.system) / 1000 + '\\n'); });`,
  );

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

/** Makes the "new" version in `dir` (a copy of NetSuite); returns what was changed. */
function mutate(dir: string): Record<string, number> {
  const xsdDir = join(dir, 'xsd');
  const files = readdirSync(xsdDir).filter((f) => f.endsWith('.xsd'));
  const texts = new Map(files.map((f) => [f, readFileSync(join(xsdDir, f), 'utf8')]));
  const all = [...texts.values()].join('\n');
  const counts = { typesRemoved: 0, typesAdded: 0, elementsAppended: 0, enumAdded: 0, enumRemoved: 0 };
  for (const [f, text] of texts) {
    let t = text;
    // Remove complex types nothing refers to (by any prefix), at most 2 per file.
    let removedHere = 0;
    t = t.replace(/\n {4}<complexType name="(\w+)">[\s\S]*?\n {4}<\/complexType>/g, (whole, name: string) => {
      if (removedHere >= 2 || new RegExp(`:${name}"`).test(all)) return whole;
      removedHere++;
      counts.typesRemoved++;
      return '';
    });
    // Append an optional element to the first 3 sequences of the file.
    let appended = 0;
    t = t.replace(/\n(\s+)<\/sequence>/g, (whole, indent: string) => {
      if (appended >= 3) return whole;
      appended++;
      counts.elementsAppended++;
      return `\n${indent}    <element name="addedIn2024_${appended}" type="xsd:string" minOccurs="0"/>${whole}`;
    });
    // Add an enumeration value to the first 3 enumerations; remove the last value of the 4th.
    let enums = 0;
    t = t.replace(/(<enumeration value="[^"]*"\/>)(\s*<\/restriction>)/g, (whole, last: string, end: string) => {
      enums++;
      if (enums <= 3) {
        counts.enumAdded++;
        return `${last}\n            <enumeration value="_added2024"/>${end}`;
      }
      if (enums === 4) {
        counts.enumRemoved++;
        return end;
      }
      return whole;
    });
    // Add two new types before the end of the schema.
    t = t.replace(/<\/schema>\s*$/, () => {
      counts.typesAdded += 2;
      const add = (n: number): string =>
        `    <complexType name="Added2024Type${n}"><sequence><element name="x" type="xsd:string" minOccurs="0"/></sequence></complexType>\n`;
      return `${add(1)}${add(2)}</schema>\n`;
    });
    writeFileSync(join(xsdDir, f), t);
  }
  return counts;
}

function runOnce(args: readonly string[]): Promise<{ ms: number; cpuMs: number; code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--import', PRELOAD, WSDLC, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const cpu = /@@cpu=([\d.]+)/.exec(out);
      resolve({
        ms: performance.now() - start,
        cpuMs: cpu ? Number(cpu[1]) : Number.NaN,
        code: code ?? -1,
        out: out.replace(/\n@@cpu=[\d.]+\n/, ''),
      });
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'wsdlc-bench-breaking-'));
  try {
    const oldDir = join(tmp, 'old');
    const newDir = join(tmp, 'new');
    cpSync(NETSUITE, oldDir, { recursive: true });
    cpSync(NETSUITE, newDir, { recursive: true });
    const counts = mutate(newDir);
    const oldWsdl = join(oldDir, 'netsuite.wsdl');
    const newWsdl = join(newDir, 'netsuite.wsdl');
    console.log(`NetSuite 2023.2 vs a changed copy: ${JSON.stringify(counts)}`);
    const first = await runOnce(['breaking', oldWsdl, newWsdl, '--all']);
    const lines = first.out.trim().split('\n');
    console.log(`exit ${first.code}; ${lines.at(-1)}`);
    const breakingMs: number[] = [];
    const baselineMs: number[] = [];
    const breakingCpu: number[] = [];
    const baselineCpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so both see the same machine load.
      const b = await runOnce(['breaking', oldWsdl, newWsdl]);
      breakingMs.push(b.ms);
      breakingCpu.push(b.cpuMs);
      const v1 = await runOnce(['validate', oldWsdl]);
      const v2 = await runOnce(['validate', newWsdl]);
      baselineMs.push(v1.ms + v2.ms);
      baselineCpu.push(v1.cpuMs + v2.cpuMs);
    }
    const fmt = (xs: number[]): string =>
      `median ${median(xs).toFixed(0)} ms, range ${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ms`;
    console.log(`runs: ${RUNS}; load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    console.log(`wsdlc breaking old new               wall: ${fmt(breakingMs)}; CPU: ${fmt(breakingCpu)}`);
    console.log(`baseline: validate old + validate new wall: ${fmt(baselineMs)}; CPU: ${fmt(baselineCpu)}`);
    console.log(`ratio breaking / baseline (median)  : ${(median(breakingMs) / median(baselineMs)).toFixed(2)}`);
    console.log(
      `target: under 2000 ms wall -> ${median(breakingMs) < 2000 ? 'met' : 'NOT met'} (CPU median ${median(breakingCpu).toFixed(0)} ms)`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
