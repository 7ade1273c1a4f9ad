/**
 * wsdlc's programmatic API: the same operations the CLI runs.
 *
 * ```ts
 * import { generate, check, loadModel, validate } from 'wsdlc';
 * await generate({ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth' });
 * await docs({ wsdl: 'wsdl/auth.wsdl', output: 'docs/auth-api' }); // HTML and Markdown pages
 * const { upToDate } = await check();            // every contract of wsdlc.config.json
 * const problems = await validate('wsdl/auth.wsdl');
 * const report = await breaking({ old: 'old/auth.wsdl', new: 'wsdl/auth.wsdl' }); // report.breaking
 * await vendor({ url: 'https://example.com/S.svc?wsdl', output: 'wsdl/s' });
 * ```
 */
import type { LoadOptions } from './load/types.js';
import type { Diagnostic, WsdlModel } from './model/types.js';

export { generate, check, docs } from './generate/generate.js';
export type { GenerateOptions, GenerateResult, CheckResult, ContractReport } from './generate/generate.js';
export type { ContractSelection, ContractOverrides } from './config/options.js';
export type { FileChange, ChangeKind } from './write/plan.js';
export type { ScaffoldResult } from './scaffold/index.js';
export type { LoadFn, EmitFn } from './generate/pipeline.js';
export type { WriterFs } from './write/fs.js';
export type { WsdlcConfig, ContractConfig } from './config/types.js';
export type { EmitOptions, GeneratedFile, TypeMappingOptions } from './emit/types.js';
export type { LoadOptions } from './load/types.js';
export type * from './model/types.js';
export { WsdlcError, formatDiagnostic } from './util/errors.js';
export { breaking, type BreakingOptions } from './breaking/sources.js';
export { compareModels, BREAKING_RULES, type CompareOptions } from './breaking/index.js';
export type { BreakingReport, Change, BreakingRule, ChangeClass } from './breaking/index.js';
export { vendor, type VendorOptions, type VendorResult, type UpstreamChange, type VendorLock } from './vendor/index.js';
export { watchGenerate, type WatchOptions, type WatchRun } from './generate/watch.js';

/**
 * Loads a WSDL (and everything it imports) and builds the operation model.
 * @throws WsdlcError listing every contract error found
 */
export async function loadModel(source: string, options?: LoadOptions): Promise<WsdlModel> {
  const model = await import('./model/index.js');
  return model.loadModel(source, options);
}

/**
 * Loads and models a WSDL and returns every problem found (errors and warnings);
 * never throws for contract problems. An empty list means the contract is fine.
 */
export async function validate(source: string, options?: LoadOptions): Promise<Diagnostic[]> {
  const model = await import('./model/index.js');
  return model.validateContract(source, options);
}
