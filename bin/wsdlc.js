#!/usr/bin/env node
// wsdlc command-line launcher: runs the compiled CLI (dist/, built by `npm run build` / `prepare`).
const argv = process.argv.slice(2);
if (argv[0] === 'generate' || argv[0] === 'check') {
  // Start loading the TypeScript compiler (the gate) on a worker thread while the CLI itself loads.
  (await import('../dist/emit/syntax-check.js')).prestartSyntaxChecker();
}
const { main } = await import('../dist/cli/main.js');
process.exitCode = await main(argv);
