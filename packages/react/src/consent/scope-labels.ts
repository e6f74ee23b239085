// What each scope gives an app, in the words a user and a developer read, in the renderer's languages.
import type { Scope } from '@miniapps/host';
import { type Language, translator } from '../i18n/messages.js';

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

/** English, as before the renderer spoke Russian too. */
export const scopeLabels = scopeLabelsIn('en');
