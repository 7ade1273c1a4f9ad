/**
 * The syntax of HTTP locations with citations (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0
 * Part 2 §6.8.1.1 `whttp:location`, which the model writes as `(name)` and `(!name)`): the one
 * reader of it. The model checks templates with it, the client fills them in, the server
 * matches requests against them.
 *
 * Ships with generated code: imports nothing.
 */

/**
 * A location split at its citations (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0 Part 2
 * §6.8.1.1 `whttp:location` templates, which the model writes in the same syntax).
 */
export interface PathTemplate {
  /** The text around the citations: one more than `names`. */
  readonly literals: readonly string[];
  /** The cited names, in order (without the `!` of a raw citation). */
  readonly names: readonly string[];
  /** Per citation: written `(!name)`, the value inserted without escaping what a path may hold (WSDL 2.0 `{!name}`). */
  readonly raw: readonly boolean[];
  /** Per citation: it stands after the location's first `?`, in the query (WSDL 2.0 `op?id={id}`). */
  readonly inQuery: readonly boolean[];
}

/**
 * Splits `location` at its `(name)` citations (WSDL 1.1 §4.7: the search patterns are the part
 * names enclosed in parentheses; `(!name)`, which no part name can be, is WSDL 2.0's unencoded
 * `{!name}`), or says why it is not a template (an unclosed or nested parenthesis). The one reader
 * of the syntax: the model checks templates with it, the client fills them in, the server matches
 * requests against them.
 */
export function splitPathTemplate(location: string): PathTemplate | { readonly error: string } {
  const literals: string[] = [];
  const names: string[] = [];
  const raw: boolean[] = [];
  const inQuery: boolean[] = [];
  let open = -1;
  let last = 0;
  let query = false;
  for (let i = 0; i < location.length; i++) {
    const c = location[i];
    if (c === '(') {
      if (open >= 0) return { error: `a "(" at offset ${i} opens a second parameter before the first is closed` };
      open = i;
    } else if (c === ')') {
      if (open < 0) return { error: `the ")" at offset ${i} closes no "("` };
      literals.push(location.slice(last, open));
      const name = location.slice(open + 1, i);
      const bang = name.startsWith('!');
      names.push(bang ? name.slice(1) : name);
      raw.push(bang);
      inQuery.push(query);
      last = i + 1;
      open = -1;
    } else if (c === '?' && open < 0) query = true;
  }
  if (open >= 0) return { error: `the "(" at offset ${open} is not closed` };
  literals.push(location.slice(last));
  return { literals, names, raw, inQuery };
}
