/**
 * One contract through the compiler: load the documents, build the model, emit
 * the files in memory. Loader and emitter are injectable (tests use fakes) and
 * imported lazily, so `wsdlc --help` does not pay for ts-morph.
 */
import type { SyntaxChecker } from '../emit/syntax-check.js';
import type { EmitOptions, GeneratedFile } from '../emit/types.js';
import type { LoadOptions } from '../load/types.js';
import type { WsdlModel } from '../model/types.js';

/** Loads a contract: the model and the main WSDL's text (served on `?wsdl`). */
export type LoadFn = (source: string, options: LoadOptions) => Promise<{ model: WsdlModel; wsdlText?: string }>;

/** The emitter's signature (src/emit/index.ts `emitFiles`). */
export type EmitFn = (
  model: WsdlModel,
  options: EmitOptions,
  extras: { wsdlText?: string; syntaxChecker?: SyntaxChecker; verify?: boolean },
) => Promise<GeneratedFile[]>;

/** The default loader: `loadDocuments` + `buildModel`. */
export const defaultLoad: LoadFn = async (source, options) => {
  const [{ loadDocuments }, { buildModel }] = await Promise.all([
    import('../load/index.js'),
    import('../model/index.js'),
  ]);
  const loaded = await loadDocuments(source, options);
  return { model: buildModel(loaded, { lenient: options.lenient === true }), wsdlText: loaded.main.text };
};

/** The default emitter: `emitFiles` from src/emit. */
export const defaultEmit: EmitFn = async (model, options, extras) => {
  const { emitFiles } = await import('../emit/index.js');
  return emitFiles(model, options, extras);
};

/**
 * Starts the gate's syntax checker (a worker thread that loads the TypeScript
 * compiler while the contract is loaded and parses files as they are rendered).
 */
export async function startDefaultSyntaxChecker(): Promise<SyntaxChecker> {
  const { takeSyntaxChecker } = await import('../emit/syntax-check.js');
  return takeSyntaxChecker();
}
