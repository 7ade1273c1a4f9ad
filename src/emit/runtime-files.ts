/**
 * The runtime that ships with generated code: every non-test `.ts` file of
 * src/runtime, copied verbatim under `runtime/` (keeping its folder) with a
 * generated-file header line. The runtime is split by role: `xml/` and `wire/` and
 * the shared `index.ts` always ship; `client/` only with a client, `server/` only
 * with a server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<package>/src/runtime` (the package ships src/runtime, see package.json `files`). */
export const RUNTIME_SOURCE_DIR = fileURLToPath(new URL('../../src/runtime/', import.meta.url));

/** A runtime source file: its POSIX path below src/runtime (e.g. `wire/codec.ts`) and text. */
export interface RuntimeSource {
  readonly name: string;
  readonly text: string;
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

/** The runtime files to copy for `roles`, sorted by path. */
export function runtimeSources(roles: RuntimeRoles = ALL_ROLES, dir: string = RUNTIME_SOURCE_DIR): RuntimeSource[] {
  const names: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub === '' ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (isSource(entry.name)) names.push(rel);
    }
  };
  walk('');
  return names
    .filter((n) => wanted(n, roles))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
}
