// What each scope gives an app, in the words a user and a developer read, in the renderer's languages.
import type { Scope } from '@miniapps/host';
import { type Language, type Translate, translator } from '../i18n/messages.js';

/** Each scope's name and what it gives, in one language (the catalogue's `scope.<name>` messages). */
export function scopeLabelsIn(language: Language): Record<Scope, { title: string; gives: string }> {
  const t = translator(language);
  const label = (scope: Scope) => ({
    title: t(`scope.${scope}`),
    gives: t(`scope.${scope}.gives`),
  });
  return {
    identity: label('identity'),
    email: label('email'),
    profile: label('profile'),
    group: label('group'),
    notifications: label('notifications'),
  };
}

/** Scopes by their names in the reader's language, as a list in a sentence. */
export function scopeTitles(t: Translate, scopes: readonly Scope[]): string {
  return scopes.map((scope) => t(`scope.${scope}`)).join(', ');
}

/** English, as before the renderer spoke Russian too. */
export const scopeLabels = scopeLabelsIn('en');
