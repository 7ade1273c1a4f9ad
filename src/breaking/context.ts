/**
 * Shared state of one comparison: both models indexed by name, the namespace renames
 * that explain a changed targetNamespace, the generated-name plans, and the findings.
 */
import { qkey } from '../model/qname-key.js';
import type { ComplexType, ElementDecl, QName, SimpleType, SourceLocation, WsdlModel } from '../model/types.js';
import { assignNames, type NamePlan } from '../names/index.js';
import { ruleOf } from './rules.js';
import type { Change } from './types.js';

/** One side's schema components by Clark key. */
export interface SideIndex {
  readonly model: WsdlModel;
  readonly complexTypes: ReadonlyMap<string, ComplexType>;
  readonly simpleTypes: ReadonlyMap<string, SimpleType>;
  readonly elements: ReadonlyMap<string, ElementDecl>;
  readonly names: NamePlan;
  /** Named complex types by the key of the type they extend or restrict (for xsi:type substitution). */
  readonly derived: ReadonlyMap<string, readonly ComplexType[]>;
}

function indexSide(model: WsdlModel): SideIndex {
  const byKey = <T extends { name: QName }>(list: readonly T[]): Map<string, T> => {
    const m = new Map<string, T>();
    for (const x of list) if (!m.has(qkey(x.name))) m.set(qkey(x.name), x);
    return m;
  };
  const derived = new Map<string, ComplexType[]>();
  for (const t of model.schema.complexTypes) {
    if (!t.base) continue;
    const k = qkey(t.base);
    const list = derived.get(k);
    if (list) list.push(t);
    else derived.set(k, [t]);
  }
  return {
    model,
    derived,
    complexTypes: byKey(model.schema.complexTypes),
    simpleTypes: byKey(model.schema.simpleTypes),
    elements: byKey(model.schema.elements),
    names: assignNames(model),
  };
}

/** The comparison state. */
export class CompareContext {
  readonly old: SideIndex;
  readonly new: SideIndex;
  /** Old namespace -> new namespace, for targetNamespaces that changed (reported once). */
  private readonly nsRenames = new Map<string, string>();
  private readonly changes: Change[] = [];
  private readonly seen = new Set<string>();
  /** Pairs of types already compared in a direction (recursion guard and memo). */
  readonly compared = new Set<string>();

  constructor(oldModel: WsdlModel, newModel: WsdlModel) {
    this.old = indexSide(oldModel);
    this.new = indexSide(newModel);
  }

  /** Records that `from` (old) is now `to` (new), so names are matched across the rename. */
  renameNamespace(from: string, to: string): void {
    if (from !== to && !this.nsRenames.has(from)) this.nsRenames.set(from, to);
  }

  /** An old QName expressed in the new contract's namespaces. */
  mapped(q: QName): QName {
    const ns = this.nsRenames.get(q.ns);
    return ns === undefined ? q : { ns, name: q.name };
  }

  /** Whether old `a` and new `b` name the same thing (after namespace renames). */
  same(a: QName, b: QName): boolean {
    const m = this.mapped(a);
    return m.ns === b.ns && m.name === b.name;
  }

  /**
   * Records a change (once per rule, path and message).
   * @param side which document `location` is in
   */
  report(rule: string, path: string, message: string, location: SourceLocation | undefined, side: 'old' | 'new'): void {
    const key = `${rule}\u0000${path}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const r = ruleOf(rule);
    this.changes.push({
      rule,
      breaking: r.classes.length > 0,
      classes: r.classes,
      message,
      path,
      ...(location ? { location } : {}),
      side,
    });
  }

  /** Every change recorded, in the order found. */
  result(): readonly Change[] {
    return this.changes;
  }
}
