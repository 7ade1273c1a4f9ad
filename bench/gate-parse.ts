/**
 * The floor the parse gate puts under generation time: for each large contract,
 * generates it once, then, in a fresh process each (as the gate's worker is), loads
 * the TypeScript compiler the gate uses and parses the generated files (runtime/
 * excluded, as the gate skips its verbatim copies) with the gate's settings.
 * Prints output size, cold parse time and compiler load time (without the code
 * cache the CLI keeps, so an upper bound of that part). Compare the parse time,
 * plus the ~190 ms after which the CLI's worker has the compiler ready, with half
 * of wsdl-tsclient's time in bench/generate.ts (the 2x budget) to see which
 * contracts cannot reach 2x while every generated file is parsed.
 *
 *   npm run build && npx tsx bench/gate-parse.ts [--only sf-metadata,netsuite]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CORPUS = fileURLToPath(new URL('../../shared/corpus/large', import.meta.url));
const CONTRACTS: Readonly<Record<string, string>> = {
  auth: join(ROOT, 'wsdl/auth.wsdl'),
  'sf-partner': join(CORPUS, 'salesforce/partner_v58.wsdl'),
  'sf-enterprise': join(CORPUS, 'salesforce/enterprise.wsdl'),
  'sf-metadata': join(CORPUS, 'salesforce/metadata.wsdl'),
  ews: join(CORPUS, 'ews/services.wsdl'),
  netsuite: join(CORPUS, 'netsuite_2023_2/netsuite.wsdl'),
};

/** Run in a fresh process: load the compiler, parse every file given, print JSON timings. */
const PARSER = `
const t0 = performance.now();
const ts = require(${JSON.stringify(join(ROOT, 'node_modules/@ts-morph/common/dist/typescript.js'))});
const t1 = performance.now();
const fs = require('fs');
let bytes = 0, parse = 0;
for (const file of process.argv.slice(1)) {
  const text = fs.readFileSync(file, 'utf8');
  bytes += text.length;
  const t = performance.now();
  ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.TS);
  parse += performance.now() - t;
}
process.stdout.write(JSON.stringify({ bytes, parse, load: t1 - t0 }));
`;

const onlyAt = process.argv.indexOf('--only');
const names = onlyAt >= 0 ? process.argv[onlyAt + 1]!.split(',') : Object.keys(CONTRACTS);
console.log(
  `${'contract'.padEnd(15)}${'out KiB'.padStart(9)}${'cold parse ms'.padStart(15)}${'compiler load ms'.padStart(18)}`,
);
for (const name of names) {
  const wsdl = CONTRACTS[name];
  if (wsdl === undefined) throw new Error(`unknown contract ${name}; one of ${Object.keys(CONTRACTS).join(', ')}`);
  const out = mkdtempSync(join(tmpdir(), 'gate-parse-'));
  try {
    execFileSync(process.execPath, [join(ROOT, 'bin/wsdlc.js'), 'generate', wsdl, '-o', join(out, 'gen'), '--quiet']);
    // Index first, then the rest in the order the emitter renders them (as the gate's worker receives them).
    const order = ['index.ts', 'types.ts', 'schema.ts', 'client.ts', 'server.ts', 'wsdl.ts'];
    const files = readdirSync(join(out, 'gen'))
      .filter((f) => f.endsWith('.ts'))
      .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || (a < b ? -1 : 1))
      .map((f) => join(out, 'gen', f));
    const r = JSON.parse(execFileSync(process.execPath, ['-e', PARSER, ...files], { encoding: 'utf8' })) as {
      bytes: number;
      parse: number;
      load: number;
    };
    console.log(
      `${name.padEnd(15)}${Math.round(r.bytes / 1024)
        .toString()
        .padStart(9)}${Math.round(r.parse).toString().padStart(15)}${Math.round(r.load).toString().padStart(18)}`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
