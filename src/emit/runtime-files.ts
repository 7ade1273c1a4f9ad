/**
 * The runtime that ships with generated code, in one of two formats:
 *
 * - `ts` (default): every non-test `.ts` file of src/runtime, copied verbatim
 *   under `runtime/` (keeping its folder) with a generated-file header line;
 * - `js`: the same modules as compiled by wsdlc's own build (dist/runtime, the
 *   files the `@wsdlc/runtime` package ships), each as a readable `.js` file plus
 *   a `.d.ts` with the JSDoc, with the header line. The user's compiler then reads
 *   declarations only (skipped by `skipLibCheck`) instead of type-checking the
 *   runtime's sources on every build.
 *
 * An output gets only the runtime modules it uses (as protoc users get only the
 * protobuf runtime their messages use): the import closure of the runtime modules
 * the generated files import ({@link runtimeRoots}), plus the modules of the
 * optional features asked for (runtime-features.ts). `client/` then only ships with
 * a client and `server/` only with a server, since only client.ts and server.ts
 * import them.
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

/**
 * A relative module specifier of an import or export declaration in runtime source
 * (a statement at the start of a line: `import ... from './x.js';`, `export ... from`,
 * `import './x.js';`), or of a module loaded on demand by `importSibling('./x.js')`
 * (client/transport-default.ts: Node's faster paths, which bundlers must not follow but
 * an output must still hold). The runtime only imports itself and `node:`.
 */
const SPECIFIER =
  /^(?:import|export)\b(?:[^;'"]*?\bfrom)?\s*'(\.{1,2}\/[^']+)'|\bimportSibling\('(\.{1,2}\/[^']+)'\)/gm;

const graphs = new Map<string, Map<string, readonly string[]>>();

/** The runtime modules `name` (a POSIX path below `dir`, `.ts`) imports, read once per `dir`. */
function importsOf(name: string, dir: string): readonly string[] {
  let graph = graphs.get(dir);
  if (graph === undefined) {
    graph = new Map();
    graphs.set(dir, graph);
  }
  const known = graph.get(name);
  if (known !== undefined) return known;
  const text = readFileSync(path.join(dir, name), 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = (m[1] ?? m[2]) as string;
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(name), spec)).replace(/\.js$/, '.ts'));
  }
  const list = [...found];
  graph.set(name, list);
  return list;
}

/**
 * The import closure of `roots` (POSIX paths below `dir`, `.ts`): every runtime
 * module they need to compile and run, sorted.
 * @throws Error for a root or an import that names no runtime file (a wsdlc bug)
 */
export function runtimeClosure(roots: Iterable<string>, dir: string = RUNTIME_SOURCE_DIR): string[] {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    if (seen.has(name)) continue;
    if (!existsSync(path.join(dir, name))) throw new Error(`runtime module ${name} does not exist in ${dir}`);
    seen.add(name);
    todo.push(...importsOf(name, dir));
  }
  return [...seen].sort();
}

/**
 * The runtime modules (POSIX paths below the runtime folder, `.ts`) that generated
 * files import from the runtime folder `base` (`./runtime`, `../runtime`): the roots
 * of the runtime an output needs.
 */
export function runtimeRoots(files: Iterable<{ readonly content: string }>, base: string): string[] {
  const prefix = `${base}/`;
  const roots = new Set<string>();
  for (const f of files) {
    for (const m of f.content.matchAll(/(?:\bfrom|\bimport)\s*'([^']+)'/g)) {
      const spec = (m[1] ?? m[2]) as string;
      if (spec.startsWith(prefix)) roots.add(`${spec.slice(prefix.length).replace(/\.(js|ts)$/, '')}.ts`);
    }
  }
  return [...roots].sort();
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
 * The runtime files to copy for `roles` in `format`, sorted by path: all of the
 * runtime's modules for the roles, or (`modules` given) those modules only.
 * @throws WsdlcError (exit 2) when the compiled runtime is missing or older than its
 *   sources (a wsdlc checkout whose `npm run build` has not run since src/runtime changed)
 */
export function runtimeSources(
  roles: RuntimeRoles = ALL_ROLES,
  format: RuntimeFormat = 'ts',
  dir: string = RUNTIME_SOURCE_DIR,
  compiledDir: string = RUNTIME_COMPILED_DIR,
  modules?: readonly string[],
): RuntimeSource[] {
  const names = modules === undefined ? sourceNames(roles, dir) : modules.filter((n) => wanted(n, roles));
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
