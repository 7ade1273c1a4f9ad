/**
 * The runtime that ships with generated code, in one of two formats:
 *
 * - `ts` (default): every non-test `.ts` file of src/runtime, copied verbatim
 *   under `runtime/` (keeping its folder) with a generated-file header line;
 * - `js`: the same modules as compiled by wsdlc's own build (dist/runtime, what
 *   the `wsdlc/runtime` package exports), each as a readable `.js` file plus a
 *   `.d.ts` with the JSDoc, with the header line. The user's compiler then reads
 *   declarations only (skipped by `skipLibCheck`) instead of type-checking the
 *   runtime's sources on every build.
 *
 * The runtime is split by role: `xml/` and `wire/` and the shared `index` always
 * ship; `client/` only with a client, `server/` only with a server.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WsdlcError } from '../util/errors.js';
import type { RuntimeFormat } from './types.js';

/** `<package>/src/runtime` (the package ships src/runtime, see package.json `files`). */
export const RUNTIME_SOURCE_DIR = fileURLToPath(new URL('../../src/runtime/', import.meta.url));

/** `<package>/dist/runtime`: the runtime compiled by `npm run build` (shipped in the package). */
export const RUNTIME_COMPILED_DIR = fileURLToPath(new URL('../../dist/runtime/', import.meta.url));

/**
 * A runtime file: its POSIX path below the runtime folder (e.g. `wire/codec.ts`,
 * or `wire/codec.js` and `wire/codec.d.ts` compiled), its text, and the source
 * file it comes from (below src/runtime).
 */
export interface RuntimeSource {
  readonly name: string;
  readonly text: string;
  readonly source: string;
}

/** Which role folders to ship. */
export interface RuntimeRoles {
  readonly client: boolean;
  readonly server: boolean;
}

const ALL_ROLES: RuntimeRoles = { client: true, server: true };

/** Whether a runtime file belongs in the output for `roles`. */
function wanted(name: string, roles: RuntimeRoles): boolean {
  if (name.startsWith('client/')) return roles.client;
  if (name.startsWith('server/')) return roles.server;
  return true;
}

function isSource(f: string): boolean {
  return f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts');
}

/** The runtime's source files (POSIX paths below `dir`) for `roles`, sorted. */
function sourceNames(roles: RuntimeRoles, dir: string): string[] {
  const names: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub === '' ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (isSource(entry.name)) names.push(rel);
    }
  };
  walk('');
  return names.filter((n) => wanted(n, roles)).sort();
}

/**
 * The runtime files to copy for `roles` in `format`, sorted by path.
 * @throws WsdlcError (exit 2) when the compiled runtime is missing or older than its
 *   sources (a wsdlc checkout whose `npm run build` has not run since src/runtime changed)
 */
export function runtimeSources(
  roles: RuntimeRoles = ALL_ROLES,
  format: RuntimeFormat = 'ts',
  dir: string = RUNTIME_SOURCE_DIR,
  compiledDir: string = RUNTIME_COMPILED_DIR,
): RuntimeSource[] {
  const names = sourceNames(roles, dir);
  if (format === 'ts') {
    return names.map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8'), source: name }));
  }
  const out: RuntimeSource[] = [];
  for (const name of names) {
    const stem = name.slice(0, -'.ts'.length);
    const sourceTime = statSync(path.join(dir, name)).mtimeMs;
    for (const ext of ['.d.ts', '.js']) {
      const file = path.join(compiledDir, stem + ext);
      if (!existsSync(file) || statSync(file).mtimeMs < sourceTime) {
        const problem = existsSync(file) ? 'older than' : 'missing for';
        throw new WsdlcError(
          {
            severity: 'error',
            message: `--runtime-format js: the compiled runtime ${file} is ${problem} src/runtime/${name}: run \`npm run build\` in wsdlc first`,
          },
          2,
        );
      }
      out.push({ name: stem + ext, text: readFileSync(file, 'utf8'), source: name });
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
