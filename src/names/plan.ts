/**
 * The names pass: one walk over the model that reserves every top-level
 * identifier of the generated code, in a fixed order, so that collisions are
 * resolved deterministically:
 *
 * 1. reserved words and fixed names of the generated files (`reserved.ts`);
 * 2. per service, in model order: `<S>Client`, `<S>Service`, `<S>Binding`,
 *    `create<S>Handler`, `<S>Descriptor`, `<S>Operations`;
 * 3. named complex types, then named simple types, in model (document) order —
 *    the same local name in two namespaces, or a complex and a simple type of
 *    the same name, get numeric suffixes (`Item`, `Item2`);
 * 4. per logical operation, in model order: `<Op>Input`, `<Op>Output`;
 *    per service the camelCase method name (its own case-insensitive scope);
 * 5. anonymous types, named on demand while building descriptors
 *    ({@link NamePlan.claimType}).
 */
import { qkey } from '../model/qname-key.js';
import type { LogicalOperation, WsdlModel } from '../model/types.js';
import { RESERVED_METHOD_NAMES, toMemberName, toMethodName, toTypeName } from './identifier.js';
import { GENERATED_NAMES, GLOBALS_USED, KEYWORDS } from './reserved.js';
import { NameScope } from './scope.js';

/** Identifiers generated for one service. */
export interface ServiceNames {
  /** The `wsdl:service` local name. */
  readonly xmlName: string;
  /** Client class, e.g. `AuthClient`. */
  readonly client: string;
  /** Server implementation interface, e.g. `AuthService`. */
  readonly service: string;
  /** Union of binding kinds, e.g. `AuthBinding`. */
  readonly binding: string;
  /** Handler factory, e.g. `createAuthHandler`. */
  readonly handler: string;
  /** Fetch API handler factory, e.g. `createAuthFetchHandler`. */
  readonly fetchHandler: string;
  /** ServiceDesc constant, e.g. `AuthDescriptor`. */
  readonly descriptor: string;
  /** Operation descriptors by method, e.g. `AuthOperations`. */
  readonly operations: string;
}

/** Identifiers generated for one logical operation. */
export interface OperationNames {
  /** Client/implementation method (camelCase, unique within the service). */
  readonly method: string;
  /** `<Op>Input` type name. */
  readonly input: string;
  /** `<Op>Output` type name. */
  readonly output: string;
}

/** Key of a QName in the plan's maps: the model's Clark-notation key. */
export { qkey as qnameKey } from '../model/qname-key.js';

/** Key of a logical operation (service + name). */
export function operationKey(op: LogicalOperation): string {
  return `${qkey(op.service)}#${op.name}`;
}

/** The result of the names pass. */
export interface NamePlan {
  /** Type name of each named complex type, by {@link qnameKey}. */
  readonly complexTypes: ReadonlyMap<string, string>;
  /** Type alias name of each named simple type, by {@link qnameKey}. */
  readonly simpleTypes: ReadonlyMap<string, string>;
  /** Names of each service, by {@link qnameKey} of the service name. */
  readonly services: ReadonlyMap<string, ServiceNames>;
  /** Names of each logical operation, by {@link operationKey}. */
  readonly operations: ReadonlyMap<string, OperationNames>;
  /** Claims a further top-level type name (anonymous types), PascalCased from `raw`. */
  claimType(raw: string): string;
}

/** Runs the names pass over `model` (see the module comment for the order). */
export function assignNames(model: WsdlModel): NamePlan {
  const scope = new NameScope();
  scope.reserve(...KEYWORDS, ...GLOBALS_USED);
  scope.block(...GENERATED_NAMES);

  const services = new Map<string, ServiceNames>();
  for (const s of model.services) {
    const raw = s.name.name;
    services.set(qkey(s.name), {
      xmlName: raw,
      client: scope.claim(toTypeName(`${raw} Client`)),
      service: scope.claim(toTypeName(`${raw} Service`)),
      binding: scope.claim(toTypeName(`${raw} Binding`)),
      handler: scope.claim(toMemberName(`create ${raw} Handler`)),
      fetchHandler: scope.claim(toMemberName(`create ${raw} Fetch Handler`)),
      descriptor: scope.claim(toTypeName(`${raw} Descriptor`)),
      operations: scope.claim(toTypeName(`${raw} Operations`)),
    });
  }

  const complexTypes = new Map<string, string>();
  for (const t of model.schema.complexTypes) {
    const key = qkey(t.name);
    if (!complexTypes.has(key)) complexTypes.set(key, scope.claim(toTypeName(t.name.name)));
  }
  const simpleTypes = new Map<string, string>();
  for (const t of model.schema.simpleTypes) {
    const key = qkey(t.name);
    if (!simpleTypes.has(key)) simpleTypes.set(key, scope.claim(toTypeName(t.name.name)));
  }

  const operations = new Map<string, OperationNames>();
  const methodScopes = new Map<string, NameScope>();
  for (const op of model.operations) {
    const sKey = qkey(op.service);
    let methods = methodScopes.get(sKey);
    if (!methods) {
      methods = new NameScope();
      methods.reserve(...RESERVED_METHOD_NAMES);
      methodScopes.set(sKey, methods);
    }
    operations.set(operationKey(op), {
      method: methods.claim(toMethodName(op.name)),
      input: scope.claim(toTypeName(`${op.name} Input`)),
      output: scope.claim(toTypeName(`${op.name} Output`)),
    });
  }

  return {
    complexTypes,
    simpleTypes,
    services,
    operations,
    claimType: (raw: string) => scope.claim(toTypeName(raw)),
  };
}
