// Whether a catalogue message is plain text: without `{ } < '` ICU reads it as written, so it needs no parsing.
// The build (scripts/precompile-messages.ts) and the client (language.tsx) share this test, so every message the
// build leaves as a string is one the client can show without the ICU parser, which the build does not ship.
const ICU_SYNTAX = /[{}<']/;

export const isPlainMessage = (message: string): boolean => !ICU_SYNTAX.test(message);
