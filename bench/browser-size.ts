/**
 * Browser bundle sizes of generated clients (issue 29): the Auth client alone (a
 * client-only output of wsdl/auth.wsdl) and a large contract's client (Salesforce
 * partner, ../shared/corpus), each bundled by esbuild for `--platform=browser`
 * (ESM, minified), printed raw, gzipped (level 9) and brotli-compressed, with the
 * largest runtime modules of the Auth bundle. Target: Auth under 30 KB gzipped.
 * Run: npx tsx bench/browser-size.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TMP = path.join(ROOT, 'test/tmp/browser-size');
const CLI = path.join(ROOT, 'bin/wsdlc.js');

/** Generates `wsdl` client-only into TMP/name; returns the output folder. */
function generate(name: string, wsdl: string): string {
  const out = path.join(TMP, name);
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [CLI, 'generate', wsdl, '-o', out, '--client-only'], { stdio: 'pipe' });
  return out;
}

async function sizeOf(entry: string): Promise<{ raw: number; gzip: number; brotli: number; meta: Metafile }> {
  const res = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const code = res.outputFiles[0]!.contents;
  return {
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    meta: res.metafile,
  };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

mkdirSync(TMP, { recursive: true });
const targets: [string, string][] = [['Auth client', generate('auth', path.join(ROOT, 'wsdl/auth.wsdl'))]];
const salesforce = path.join(ROOT, '../shared/corpus/large/salesforce/partner_v58.wsdl');
if (existsSync(salesforce)) targets.push(['Salesforce partner client', generate('salesforce', salesforce)]);
else console.log(`(no ${salesforce}: Salesforce skipped)`);

console.log('bundle (esbuild --platform=browser --minify)   minified    gzip -9   brotli 11');
let auth: Metafile | undefined;
for (const [label, dir] of targets) {
  const s = await sizeOf(path.join(dir, 'client.ts'));
  auth ??= s.meta;
  console.log(`${label.padEnd(46)} ${kb(s.raw).padStart(9)} ${kb(s.gzip).padStart(10)} ${kb(s.brotli).padStart(11)}`);
}
if (auth !== undefined) {
  const inputs = Object.values(auth.outputs)[0]!.inputs;
  const top = Object.entries(inputs)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 10);
  console.log('\nlargest modules of the Auth bundle (minified bytes):');
  for (const [file, info] of top)
    console.log(`  ${String(info.bytesInOutput).padStart(7)}  ${path.relative(TMP, file)}`);
}
