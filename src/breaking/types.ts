/** What `wsdlc breaking` reports: one {@link Change} per difference found between two contracts. */
import type { SourceLocation } from '../util/diagnostics.js';
import type { ChangeClass } from './rules.js';

/** One difference between the old and the new contract. */
export interface Change {
  /** The rule id (see BREAKING_RULES). */
  readonly rule: string;
  /** Whether it breaks anyone (a rule with at least one class). */
  readonly breaking: boolean;
  /** Who it breaks; empty for a compatible change. */
  readonly classes: readonly ChangeClass[];
  /** What changed, in words, with old and new values. */
  readonly message: string;
  /** Where in the contract: `Service.Operation request > Field > Child`. */
  readonly path: string;
  /** Where it is: in the new document, or in the old one for things that were removed. */
  readonly location?: SourceLocation;
  /** Which document `location` points into. */
  readonly side: 'old' | 'new';
}

/** The result of comparing two contracts. */
export interface BreakingReport {
  readonly old: string;
  readonly new: string;
  /** Every change found, rules switched off excluded, in a stable order. */
  readonly changes: readonly Change[];
  /** Whether any change breaks. */
  readonly breaking: boolean;
}
