/**
 * Which model groups keep their children's order (issue 16, item 4): a
 * `xsd:sequence` or `xsd:choice` that may occur more than once and holds more
 * than one element name. Its occurrences interleave different elements (EWS's
 * `FolderIds`: `FolderId` and `DistinguishedFolderId` in any order), so one list
 * per element name would lose what the document says. A group of one element
 * name (`<sequence maxOccurs="unbounded"><element name="a"/></sequence>`) is a
 * plain repeated element and stays one; a group with a wildcard (`xsd:any`)
 * keeps the wildcard's own handling.
 *
 * XML Schema 1.0 Part 1 §3.8 (model groups) and §3.9 (particles: a group's
 * `{max occurs}` repeats the whole group).
 */
import type { GroupParticle, Particle } from './types.js';

/** `group` with {@link GroupParticle.ordered} set when its occurrences keep their order, cleared otherwise. */
export function withOrder(group: GroupParticle): GroupParticle {
  const { ordered: _old, ...rest } = group;
  const repeated = group.maxOccurs === 'unbounded' || group.maxOccurs > 1;
  if (!repeated || hasWildcard(group)) return rest;
  const names = new Set<string>();
  collectNames(group, names);
  return names.size > 1 ? { ...rest, ordered: true } : rest;
}

function collectNames(p: Particle, into: Set<string>): void {
  if (p.kind === 'element') into.add(`${p.name.ns}|${p.name.name}`);
  else if (p.kind !== 'any') for (const c of p.particles) collectNames(c, into);
}

function hasWildcard(p: Particle): boolean {
  if (p.kind === 'any') return true;
  return p.kind !== 'element' && p.particles.some(hasWildcard);
}
