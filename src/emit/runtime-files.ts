/**
 * The runtime that ships with generated code: every non-test `.ts` file of
 * src/runtime, copied verbatim under `runtime/` with a generated-file header line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<package>/src/runtime` (the package ships src/runtime, see package.json `files`). */
export const RUNTIME_SOURCE_DIR = fileURLToPath(new URL('../../src/runtime/', import.meta.url));

/** A runtime source file: its name and text. */
export interface RuntimeSource {
  readonly name: string;
  readonly text: string;
}

/** The runtime files to copy, sorted by name. */
export function runtimeSources(dir: string = RUNTIME_SOURCE_DIR): RuntimeSource[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
}
