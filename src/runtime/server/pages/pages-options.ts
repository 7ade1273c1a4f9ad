/**
 * Options of the service pages (`HandlerOptions.pages`), apart from the pages
 * themselves so that the handler's option types import nothing else.
 *
 * Ships with generated code.
 */

/** Who may use the test form: loopback addresses only (default, as ASP.NET), anyone, or nobody. */
export type TestFormAccess = 'local' | 'any' | 'off';

/** Options of the service pages (`HandlerOptions.pages`). */
export interface PagesOptions {
  /** Who may use the test forms (default `'local'`: requests from 127.0.0.0/8 and ::1 only). */
  readonly testForm?: TestFormAccess | undefined;
}
