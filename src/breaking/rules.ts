/**
 * The rules of `wsdlc breaking`: every kind of change it reports, whether it breaks,
 * and for whom. Modelled on `buf breaking` (categories that can be switched off) and
 * oasdiff (rule ids that name the direction: `request-...` for what clients send,
 * `response-...` for what servers answer), translated to WSDL 1.1 and XML Schema.
 *
 * Classes:
 * - `wire`: a deployed client of the old contract fails against a server of the new one
 *   (or a strict old client rejects what the new server sends).
 * - `source`: TypeScript regenerated from the new contract no longer compiles against
 *   user code written for the old one (client callers or server implementations).
 * A rule with no class is compatible: reported only with `--all`.
 */

/** Who a breaking change breaks. */
export type ChangeClass = 'wire' | 'source';

/** One rule: its id, the classes it breaks (empty: compatible) and what it means. */
export interface BreakingRule {
  readonly id: string;
  readonly classes: readonly ChangeClass[];
  readonly description: string;
}

const W: readonly ChangeClass[] = ['wire'];
const S: readonly ChangeClass[] = ['source'];
const WS: readonly ChangeClass[] = ['wire', 'source'];
const OK: readonly ChangeClass[] = [];

/** Every rule, in the order docs/changing-contracts.md documents them. */
export const BREAKING_RULES: readonly BreakingRule[] = [
  // Operations, bindings, namespaces
  { id: 'operation-removed', classes: WS, description: 'an operation of a service was removed' },
  { id: 'operation-pattern-changed', classes: WS, description: 'one-way became request-response or back' },
  { id: 'binding-removed', classes: W, description: 'a binding (port) no longer offers an operation' },
  { id: 'soap-action-changed', classes: W, description: 'the SOAPAction of a SOAP operation changed' },
  { id: 'style-changed', classes: W, description: 'document/rpc style or literal/encoded use changed' },
  { id: 'message-shape-changed', classes: W, description: 'the body wrapper element or wrapped/bare shape changed' },
  { id: 'http-location-changed', classes: W, description: 'the http:operation location of an HTTP binding changed' },
  { id: 'namespace-changed', classes: W, description: 'a target namespace or an element namespace changed' },
  { id: 'fault-removed', classes: S, description: 'a declared fault was removed (its generated type goes)' },
  { id: 'identifier-renamed', classes: S, description: 'a generated method or type name changed' },
  {
    id: 'result-shape-changed',
    classes: S,
    description: 'a method result changed between a single value and an object of fields',
  },
  { id: 'type-removed', classes: S, description: 'a named schema type (a generated TypeScript type) was removed' },
  // Elements and attributes, by direction
  { id: 'request-element-removed', classes: WS, description: 'an element or attribute clients send was removed' },
  { id: 'request-required-element-added', classes: WS, description: 'a new required element in a request' },
  { id: 'request-element-became-required', classes: WS, description: 'minOccurs 0 became 1+ (or use="required")' },
  {
    id: 'request-element-became-optional',
    classes: S,
    description: 'a required request value became optional (implementations now see `T | undefined`)',
  },
  { id: 'request-max-occurs-decreased', classes: W, description: 'fewer repetitions allowed in a request' },
  { id: 'response-element-removed', classes: WS, description: 'a required element the server sent was removed' },
  {
    id: 'response-optional-element-removed',
    classes: S,
    description: 'an optional response element was removed (its property goes from the output type)',
  },
  { id: 'response-element-became-optional', classes: WS, description: 'a response element may now be absent' },
  {
    id: 'response-required-element-added',
    classes: S,
    description: 'a new required response element (implementations must now return it)',
  },
  { id: 'response-element-inserted', classes: W, description: 'a response element was inserted before old ones' },
  { id: 'response-max-occurs-increased', classes: W, description: 'more repetitions may now come in a response' },
  { id: 'element-order-changed', classes: W, description: 'elements of a sequence were reordered' },
  { id: 'element-cardinality-changed', classes: S, description: 'a single value became a list (T[]) or back' },
  { id: 'element-type-changed', classes: WS, description: 'an element or attribute has an unrelated type' },
  // Values
  { id: 'request-type-narrowed', classes: W, description: 'a request value space shrank (facets, derived type)' },
  { id: 'response-type-widened', classes: W, description: 'a response value space grew (facets, base type)' },
  { id: 'request-enum-value-removed', classes: WS, description: 'an enumeration value clients may send was removed' },
  {
    id: 'response-enum-value-added',
    classes: W,
    description: 'a response may carry an enumeration value unknown to old clients',
  },
  {
    id: 'response-enum-value-removed',
    classes: S,
    description: 'a response enumeration value was removed (a union member goes)',
  },
  { id: 'union-member-removed', classes: WS, description: 'a member type of an xsd:union was removed' },
  // Compatible (reported with --all)
  { id: 'operation-added', classes: OK, description: 'a new operation' },
  { id: 'binding-added', classes: OK, description: 'a new binding offers an operation' },
  { id: 'type-added', classes: OK, description: 'a new named schema type' },
  { id: 'fault-added', classes: OK, description: 'a new declared fault' },
  { id: 'request-optional-element-added', classes: OK, description: 'a new optional element in a request' },
  { id: 'response-element-added', classes: OK, description: 'a new optional element at the end of a response' },
  { id: 'response-element-became-required', classes: OK, description: 'a response element is now always sent' },
  { id: 'request-max-occurs-increased', classes: OK, description: 'more repetitions allowed in a request' },
  { id: 'response-max-occurs-decreased', classes: OK, description: 'fewer repetitions come in a response' },
  { id: 'request-type-widened', classes: OK, description: 'a request value space grew (relaxed facets)' },
  { id: 'response-type-narrowed', classes: OK, description: 'a response value space shrank' },
  { id: 'request-enum-value-added', classes: OK, description: 'a new enumeration value clients may send' },
];

const BY_ID: ReadonlyMap<string, BreakingRule> = new Map(BREAKING_RULES.map((r) => [r.id, r]));

/** The rule with this id. @throws Error for an unknown id (a wsdlc bug) */
export function ruleOf(id: string): BreakingRule {
  const r = BY_ID.get(id);
  if (!r) throw new Error(`unknown breaking rule ${id}`);
  return r;
}

/** Names accepted in `breaking.except` of the config: a rule id, or a class (`wire`, `source`). */
export function isRuleSelector(name: string): boolean {
  return name === 'wire' || name === 'source' || BY_ID.has(name);
}
