/** The names pass: identifier rules, collision scopes and the per-model name plan. */
export {
  isIdentifierName,
  RESERVED_METHOD_NAMES,
  toMemberName,
  toMethodName,
  toPlainIdentifier,
  toTypeName,
} from './identifier.js';
export { isReservedName } from './reserved.js';
export { NameScope } from './scope.js';
export { newPropertyScope, toPropertyName } from './property-name.js';
export { assignNames, operationKey, qnameKey, type NamePlan, type OperationNames, type ServiceNames } from './plan.js';
