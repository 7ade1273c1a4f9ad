/**
 * Property names of generated interfaces.
 *
 * A property keeps the XML local name exactly (`ServiceTicket`, `first-name`),
 * so objects look like the documents they stand for; a name that is not an
 * IdentifierName is emitted quoted by the view layer. `__proto__` gets a `_`
 * suffix (as a plain property it would set the prototype of object literals).
 * Within one type, names are compared case-sensitively (`Foo` and `foo` are
 * different properties); an exact repeat (the same local name in two
 * namespaces, or an element and an attribute of the same name) gets a numeric
 * suffix in document order, see {@link NameScope}.
 */
import { NameScope } from './scope.js';

/** The property name for an element/attribute local name, before collision handling. */
export function toPropertyName(raw: string): string {
  if (raw === '__proto__') return '__proto___';
  return raw === '' ? '_' : raw;
}

/** A per-type scope of property names (case-sensitive). */
export function newPropertyScope(): NameScope {
  return new NameScope(true);
}
