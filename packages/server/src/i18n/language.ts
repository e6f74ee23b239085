// Which of the API's languages a request asks for, from its Accept-Language header.
import { pickLanguage } from '@miniapps/sdk';
import { type Language, languages } from './messages.js';

/** Russian when it is the best supported match of Accept-Language (q-values respected), English otherwise. */
export function requestLanguage(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  // A header this long is no browser's; matching it would only cost time.
  if (header === undefined || header.length > 512) return 'en';
  return pickLanguage(header, languages, 'en');
}
