#!/usr/bin/env node
// wsdlc command-line launcher: runs the compiled CLI (dist/, built by `npm run build` / `prepare`).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
