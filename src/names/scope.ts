/**
 * A set of identifiers that must not collide, with deterministic resolution.
 *
 * Names are compared case-insensitively (`Foo` and `FOO` collide) so that
 * generated code stays unambiguous to readers and on case-insensitive file
 * systems. The first name asked for keeps it; later ones get the smallest
 * numeric suffix from 2 that is free (`Foo`, `Foo2`, `Foo3`...). Callers ask in
 * the model's document order, so the outcome is stable for a given contract.
 */
export class NameScope {
  readonly #taken = new Set<string>();
  /** Names unusable exactly as spelled (keywords, globals), whatever the scope's case rule: `case` is, `Case` is not. */
  readonly #reserved = new Set<string>();
  readonly #caseSensitive: boolean;

  /**
   * @param caseSensitive compare names exactly (property names) instead of
   *   case-insensitively (type, function and method names).
   */
  constructor(caseSensitive = false) {
    this.#caseSensitive = caseSensitive;
  }

  #key(name: string): string {
    return this.#caseSensitive ? name : name.toLowerCase();
  }

  /** Whether `name` is already taken (or reserved). */
  has(name: string): boolean {
    return this.#reserved.has(name) || this.#taken.has(this.#key(name));
  }

  /**
   * Marks names unusable exactly as spelled: language keywords and globals,
   * which are case-sensitive (a type `Case` or `Json` is fine; `case` and `JSON` are not).
   */
  reserve(...names: readonly string[]): void {
    for (const n of names) this.#reserved.add(n);
  }

  /** Marks names as taken without returning anything (fixed names of the generated files). */
  block(...names: readonly string[]): void {
    for (const n of names) this.#taken.add(this.#key(n));
  }

  /** Takes `candidate`, or `candidate` + the smallest free number from 2, and returns what was taken. */
  claim(candidate: string): string {
    let name = candidate;
    for (let i = 2; this.has(name); i++) name = `${candidate}${i}`;
    this.#taken.add(this.#key(name));
    return name;
  }
}
