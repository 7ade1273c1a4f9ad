/**
 * Statically typed declared faults (WSDL 1.1 §2.4.5 `wsdl:fault`, SOAP 1.1 §4.4 /
 * SOAP 1.2 Part 1 §5.4 `detail`): a received fault whose detail matches a declared
 * fault's element carries that fault's name in `SoapFaultError.fault` and its
 * decoded detail in `detail`. Generated clients declare, per operation, a union of
 * {@link DeclaredFault}s and a type guard built on {@link isDeclaredFault}, so a
 * `catch` can narrow on `err.fault` to the detail's type.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import { SoapFaultError } from '../wire/faults.js';

/** A received SOAP fault that is the declared `wsdl:fault` named `F`, with its detail of type `D`. */
export type DeclaredFault<F extends string, D> = SoapFaultError & { readonly fault: F; readonly detail: D };

/**
 * Whether `err` is a received SOAP fault whose detail was decoded as one of the
 * declared faults `names` (its `fault` is one of them).
 */
export function isDeclaredFault(
  err: unknown,
  names: readonly string[],
): err is SoapFaultError & { readonly fault: string } {
  return err instanceof SoapFaultError && typeof err.fault === 'string' && names.includes(err.fault);
}
