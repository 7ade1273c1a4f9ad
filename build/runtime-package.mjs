/**
 * Build step (`npm run build`, after tsc): fills packages/runtime/dist, the
 * compiled runtime of the `@wsdlc/runtime` workspace package, with dist/runtime,
 * which the same tsc run has just compiled from src/runtime with the same
 * options (packages/runtime/tsconfig.json extends ../../tsconfig.json, as
 * tsconfig.build.json does). So a fresh clone's `npm ci` (whose `prepare` runs
 * this build) links a built runtime package without compiling the runtime twice.
 * The package's own build (`npm run build -w @wsdlc/runtime`, run by `npm pack`
 * through `prepack`) compiles src/runtime alone, for publishing.
 *
 *   node build/runtime-package.mjs
 */
import { cpSync, rmSync } from 'node:fs';

const from = new URL('../dist/runtime/', import.meta.url);
const to = new URL('../packages/runtime/dist/', import.meta.url);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
