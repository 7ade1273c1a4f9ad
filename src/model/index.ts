/**
 * The model builder's public API: {@link buildModel}, {@link loadModel},
 * {@link validateContract} and {@link summarizeModel}.
 */
import { loadDocuments } from '../load/index.js';
import type { LoadOptions } from '../load/types.js';
import { WsdlcError } from '../util/errors.js';
import type { Diagnostic, WsdlModel } from './types.js';
import { buildModel, buildModelCollecting } from './build-model.js';

export { buildModel, buildModelCollecting } from './build-model.js';
export type { BuildOutcome } from './build-model.js';
export { summarizeModel } from './summary.js';

/**
 * Loads a contract (file path or http(s) URL) and builds its model.
 * @throws WsdlcError for loader and contract errors.
 */
export async function loadModel(source: string, options?: LoadOptions): Promise<WsdlModel> {
  return buildModel(await loadDocuments(source, options), { lenient: options?.lenient === true });
}

/**
 * Every problem of a contract, errors and warnings, loader errors included.
 * Never throws for contract problems (only for internal bugs).
 */
export async function validateContract(source: string, options?: LoadOptions): Promise<Diagnostic[]> {
  let loaded: Awaited<ReturnType<typeof loadDocuments>>;
  try {
    loaded = await loadDocuments(source, options);
  } catch (err) {
    if (err instanceof WsdlcError) return [...err.diagnostics];
    throw err;
  }
  return [...buildModelCollecting(loaded, { lenient: options?.lenient === true }).diagnostics];
}
