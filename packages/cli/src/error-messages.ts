// What to do about each error code the platform answers with: a hint printed under the platform's own message.
import en from './i18n/en.json' with { type: 'json' };
import { type Language, type MessageKey, say } from './i18n/messages.js';

const PREFIX = 'hints.';

/**
 * Every code of the platform's error registry (docs/contract.md "Errors") the CLI can meet, and the local
 * ones, with its English hint (the catalogues hold them as `hints.<code>`). A test keeps this list in step
 * with the server's registry, so no code reaches a user without advice.
 */
export const errorHints: Record<string, string> = Object.fromEntries(
  Object.entries(en)
    .filter(([key]) => key.startsWith(PREFIX))
    .map(([key, text]) => [key.slice(PREFIX.length), text]),
);

export function hintFor(code: string, language: Language = 'en'): string | undefined {
  return Object.hasOwn(errorHints, code) ? say(language, `${PREFIX}${code}` as MessageKey) : undefined;
}
