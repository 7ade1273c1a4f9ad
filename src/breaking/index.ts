/**
 * `wsdlc breaking`: compares the operation models of two versions of a contract and
 * reports every change that breaks existing clients (wire) or existing code built on
 * the generated TypeScript (source), and with `all` the compatible ones too.
 */
import type { WsdlModel } from '../model/types.js';
import { CompareContext } from './context.js';
import { compareContracts } from './compare-operations.js';
import type { BreakingReport, Change } from './types.js';

export { BREAKING_RULES, isRuleSelector, type BreakingRule, type ChangeClass } from './rules.js';
export type { BreakingReport, Change } from './types.js';

/** What to report. */
export interface CompareOptions {
  /** Rule ids, or the classes `wire` / `source`, not to report (config `breaking.except`). */
  readonly except?: readonly string[];
  /** Report compatible changes too. */
  readonly all?: boolean;
}

/** A change is kept unless its rule, or every class it breaks, is switched off. */
function kept(c: Change, except: ReadonlySet<string>, all: boolean): boolean {
  if (except.has(c.rule)) return false;
  if (!c.breaking) return all;
  return c.classes.some((k) => !except.has(k));
}

/**
 * Compares two models.
 * @param oldModel the contract as deployed
 * @param newModel the candidate version
 */
export function compareModels(oldModel: WsdlModel, newModel: WsdlModel, options: CompareOptions = {}): BreakingReport {
  const ctx = new CompareContext(oldModel, newModel);
  compareContracts(ctx);
  const except = new Set(options.except ?? []);
  const changes = ctx
    .result()
    .filter((c) => kept(c, except, options.all === true))
    .map((c) => (c.breaking ? { ...c, classes: c.classes.filter((k) => !except.has(k)) } : c));
  return { old: oldModel.source, new: newModel.source, changes, breaking: changes.some((c) => c.breaking) };
}
