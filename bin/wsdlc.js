#!/usr/bin/env node
// wsdlc command-line launcher: runs the compiled CLI (dist/, built by `npm run build` / `prepare`).
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// A run of the CLI is one short burst of work through a lot of code (NetSuite: about 0.6 s): V8's optimising
// compiler, started on hot functions after a budget of bytecode has run in them, mostly compiles code the
// run is nearly done with, on a second thread that competes with the run for the CPU. A budget about 4x the
// default (67,584) leaves the short runs in the baseline tiers and still optimises what runs long (watch mode):
// NetSuite's generation takes about 15% less CPU time, for the same output. Not when the user sets it.
const V8_INTERRUPT_BUDGET = 300_000;
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('interrupt-budget'))) {
  setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
}

const argv = process.argv.slice(2);
if (
  (argv[0] === 'generate' || argv[0] === 'check') &&
  argv.some((a) => a === '--verify' || a.startsWith('--templates'))
) {
  // Start loading the TypeScript compiler (the gate: --verify, user templates) on a worker thread while the CLI
  // itself loads. A plain generate never loads it.
  (await import('../dist/emit/syntax-check.js')).prestartSyntaxChecker();
}
const { main } = await import(cliModule());
process.exitCode = await main(argv);

/**
 * The CLI as one bundled module (build/bundle-cli.mjs: about 40 ms less start-up than
 * loading its modules one by one) when it is at least as new as the compiled CLI
 * (tsc rewrites every output, so a build by tsc alone leaves it older and it is not used).
 */
function cliModule() {
  const bundle = new URL('../dist/emit/cli.bundle.js', import.meta.url);
  const modules = new URL('../dist/cli/main.js', import.meta.url);
  try {
    if (statSync(bundle).mtimeMs >= statSync(modules).mtimeMs) return bundle.href;
  } catch {
    // No bundle (or no build at all: the import below reports that).
  }
  return modules.href;
}
