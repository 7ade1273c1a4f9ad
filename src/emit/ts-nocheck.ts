/**
 * `// @ts-nocheck` on generated files: TypeScript skips the semantic check of a
 * `.ts` file that carries the directive in its leading comments (TypeScript 3.7+),
 * while still reading the types the project uses from it. The vendored runtime
 * carries it by default (wsdlc checks the runtime under strict settings in its own
 * tests, test/matrix; re-checking its sources is most of what the generated
 * output costs a project's build), as `skipLibCheck` skips a package's
 * declarations; protoc-gen-es offers the same for its files (`ts_nocheck`).
 */
import type { TsNocheckScope } from './types.js';

/** The directive, on a line of its own after the generated-file header. */
export const TS_NOCHECK_LINE = '// @ts-nocheck';

/** Whether the runtime copy's `.ts` files carry the directive under `scope` (default `runtime`). */
export function nocheckRuntime(scope: TsNocheckScope | undefined): boolean {
  return scope !== 'none';
}

/** Whether the contract's own `.ts` files carry the directive under `scope`. */
export function nocheckContract(scope: TsNocheckScope | undefined): boolean {
  return scope === 'all';
}

/** `content`, a generated file whose first line is its header, with the directive after the header. */
export function withNocheck(content: string): string {
  const end = content.indexOf('\n') + 1;
  return `${content.slice(0, end)}${TS_NOCHECK_LINE}\n${content.slice(end)}`;
}
