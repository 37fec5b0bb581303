// The shape of a translation: one text for every key of the English namespace it translates
// (src/shared/messages/<namespace>.ts), so a missing or extra key fails the type check.
export type Catalogue<English extends Record<string, string>> = { readonly [K in keyof English]: string };
