/**
 * In-scope namespace bindings for the scanner (Namespaces in XML 1.0 §6.1: a
 * declaration applies to the element it is on and its descendants, unless
 * overridden). Bindings are a stack; closing an element pops the bindings it made.
 *
 * Documents declare a handful of prefixes, so lookups scan the stack from the top.
 * Once a document has more than {@link LINEAR_LIMIT} bindings in scope, a Map is
 * kept in step with the stack so that lookups stay O(1) on hostile input.
 */

import { XML_NS } from './namespaces.js';
/** Above this many bindings in scope, lookups go through a Map. */
const LINEAR_LIMIT = 24;

/** A stack of prefix bindings with O(1) undo to a mark. */
export class NamespaceScope {
  /** The default namespace in scope (`''` when none). */
  defaultNs = '';
  private readonly prefixes: string[] = [];
  private readonly uris: string[] = [];
  /** The URI each binding shadowed (`undefined`: the prefix was unbound). */
  private readonly shadowed: (string | undefined)[] = [];
  private count = 0;
  private index: Map<string, string> | undefined = undefined;
  /** Changes whenever a binding is made or undone: a lookup's answer holds while it is the same. */
  version = 0;

  /** Current depth of the binding stack; pass it to {@link restore}. */
  get mark(): number {
    return this.count;
  }

  /** The URI bound to `prefix` (`''` is the default namespace), or `undefined`. */
  lookup(prefix: string): string | undefined {
    if (prefix === '') return this.defaultNs;
    if (this.index) return this.index.get(prefix);
    const prefixes = this.prefixes;
    for (let k = this.count - 1; k >= 0; k--) if (prefixes[k] === prefix) return this.uris[k];
    return prefix === 'xml' ? XML_NS : undefined;
  }

  /** Binds `prefix` (`''` for the default namespace) to `uri`. */
  bind(prefix: string, uri: string): void {
    const k = this.count++;
    this.version++;
    const old = prefix === '' ? this.defaultNs : this.lookup(prefix);
    this.prefixes[k] = prefix;
    this.uris[k] = uri;
    this.shadowed[k] = old;
    if (prefix === '') this.defaultNs = uri;
    else if (this.index) this.index.set(prefix, uri);
    else if (this.count > LINEAR_LIMIT) {
      const index = new Map<string, string>([['xml', XML_NS]]);
      for (let j = 0; j < this.count; j++) if (this.prefixes[j] !== '') index.set(this.prefixes[j]!, this.uris[j]!);
      this.index = index;
    }
  }

  /** Pops the bindings made after `mark`. */
  restore(mark: number): void {
    for (let k = this.count - 1; k >= mark; k--) {
      const prefix = this.prefixes[k]!;
      const old = this.shadowed[k];
      if (prefix === '') this.defaultNs = old ?? '';
      else if (this.index) {
        if (old === undefined) this.index.delete(prefix);
        else this.index.set(prefix, old);
      }
    }
    this.count = mark;
    this.version++;
  }
}
