/**
 * `// @ts-nocheck` on generated files: TypeScript skips the semantic check of a
 * `.ts` file that carries the directive in its leading comments (TypeScript 3.7+),
 * while still reading the types the project uses from it. By default
 * (`declarations`) the vendored runtime carries it (wsdlc checks the runtime
 * under strict settings in its own tests, test/matrix), as `skipLibCheck` skips a
 * package's declarations, and so do the contract's files of declarations and
 * data (types.ts, schema.ts, wsdl.ts): interfaces, aliases and constants that no
 * compiler setting of the project can break and that wsdlc's own tests compile
 * unmarked, yet whose check is most of what a large contract costs a build
 * (NetSuite's types.ts: about 0.2 s of the 0.34 s tsc spends checking the
 * output). client.ts, server.ts and index.ts stay checked: they call the runtime;
 * so does a file of the user's own template.
 * protoc-gen-es offers the same for its files (`ts_nocheck`).
 */
import type { TsNocheckScope } from './types.js';

/** The directive, on a line of its own after the generated-file header. */
export const TS_NOCHECK_LINE = '// @ts-nocheck';

/** The scope used when none is given. */
export const DEFAULT_TS_NOCHECK: TsNocheckScope = 'declarations';

/** The contract files of declarations and data that `declarations` marks. */
const DECLARATION_FILES: ReadonlySet<string> = new Set(['types.ts', 'schema.ts', 'wsdl.ts']);

/** Whether the runtime copy's `.ts` files carry the directive under `scope` (default `declarations`). */
export function nocheckRuntime(scope: TsNocheckScope | undefined): boolean {
  return scope !== 'none';
}

/**
 * Whether the contract file at `path` (relative to the contract folder) carries the
 * directive under `scope`. `ownCheckWanted` keeps a file checked under
 * `declarations`: one rendered from the user's own template (wsdlc's tests do not
 * check what it writes), and one that imports a runtime installed apart from the
 * output (`"runtime": "package"`), so that a runtime of another version (a name
 * it no longer exports) is a compile error rather than an `any`.
 */
export function nocheckContractFile(scope: TsNocheckScope | undefined, path: string, ownCheckWanted: boolean): boolean {
  if (!path.endsWith('.ts') || path.endsWith('.d.ts') || path.startsWith('runtime/')) return false;
  const effective = scope ?? DEFAULT_TS_NOCHECK;
  if (effective === 'all') return true;
  return effective === 'declarations' && DECLARATION_FILES.has(path) && !ownCheckWanted;
}

/** `content`, a generated file whose first line is its header, with the directive after the header. */
export function withNocheck(content: string): string {
  const end = content.indexOf('\n') + 1;
  return `${content.slice(0, end)}${TS_NOCHECK_LINE}\n${content.slice(end)}`;
}
