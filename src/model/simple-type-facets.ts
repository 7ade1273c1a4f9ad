/** Constraining facets of a simple type restriction (XML Schema Part 2 §4.3). */
import type { SourceDocument } from '../load/types.js';
import type { XmlElement } from '../runtime/xml/xml-parse.js';
import { attr } from '../runtime/xml/xml-parse.js';
import type { BuildContext } from './build-context.js';
import type { Facets } from './types.js';
import { isXsdNamespace } from './namespaces.js';

const NUMERIC = new Set(['length', 'minLength', 'maxLength', 'totalDigits', 'fractionDigits']);
const BOUNDS = new Set(['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive']);

/** Reads the facet children of an `xsd:restriction`. */
export function readFacets(ctx: BuildContext, doc: SourceDocument, restriction: XmlElement): Facets {
  const facets: Record<string, unknown> = {};
  const enumeration: string[] = [];
  const pattern: string[] = [];
  for (const c of restriction.children) {
    if (typeof c === 'string' || !isXsdNamespace(c.ns)) continue;
    const value = attr(c, 'value');
    if (value === undefined) continue;
    if (c.name === 'enumeration') enumeration.push(value);
    else if (c.name === 'pattern') pattern.push(value);
    else if (NUMERIC.has(c.name)) {
      const n = Number(value.trim());
      if (Number.isInteger(n) && n >= 0) facets[c.name] = n;
      else ctx.error(doc, c, `xsd:${c.name} value "${value}" is not a non-negative integer`);
    } else if (BOUNDS.has(c.name)) facets[c.name] = value;
    else if (c.name === 'whiteSpace' && (value === 'preserve' || value === 'replace' || value === 'collapse'))
      facets.whiteSpace = value;
  }
  if (enumeration.length > 0) facets.enumeration = enumeration;
  if (pattern.length > 0) facets.pattern = pattern;
  return facets as Facets;
}
