#!/usr/bin/env node
// wsdlc command-line launcher: runs the compiled CLI (dist/, built by `npm run build` / `prepare`).
const argv = process.argv.slice(2);
if (
  (argv[0] === 'generate' || argv[0] === 'check') &&
  argv.some((a) => a === '--verify' || a.startsWith('--templates'))
) {
  // Start loading the TypeScript compiler (the gate: --verify, user templates) on a worker thread while the CLI
  // itself loads. A plain generate never loads it.
  (await import('../dist/emit/syntax-check.js')).prestartSyntaxChecker();
}
const { main } = await import('../dist/cli/main.js');
process.exitCode = await main(argv);
