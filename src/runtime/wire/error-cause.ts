/**
 * `Error.cause` without the ES2022 library: generated code must compile with
 * `lib: es2020` (issue 19), where `new Error(message, { cause })` and
 * `err.cause` are type errors.
 */

/**
 * Sets `err.cause` as `new Error(message, { cause })` does (ES2022 §20.5.8.1
 * InstallErrorCause: an own, non-enumerable, writable, configurable property).
 */
export function setCause<E extends Error>(err: E, cause: unknown): E {
  Object.defineProperty(err, 'cause', { value: cause, writable: true, enumerable: false, configurable: true });
  return err;
}

/** The `cause` of `err`, `undefined` when it has none. */
export function errorCause(err: Error): unknown {
  return (err as { readonly cause?: unknown }).cause;
}
