/**
 * The item type of an ordered `xsd:choice` (a repeated choice whose order carries
 * meaning, such as EWS's `FolderIds`): exactly one of the properties of `T` is
 * set, the others are absent. `OneOf<{ a: A; b: B }>` is
 * `{ a: A; b?: never } | { a?: never; b: B }`, written once here rather than
 * spelled out per branch in generated types.ts (a choice of n elements would
 * take n² lines).
 *
 * Ships with generated code.
 */
export type OneOf<T> = {
  [K in keyof T]: { [P in K]: T[P] } & { [P in Exclude<keyof T, K>]?: never };
}[keyof T];
