// Both catalogues at once, as their translators wrote them (ICU source), for checks and tests; importing this also
// makes Russian available without waiting. The client never imports it: it bundles English and fetches Russian.
import { type Catalogue, type Language, provideLanguage } from './language.js';
import en from './messages-en.js';
import ru from './messages-ru.js';

export const catalogues: Record<Language, Catalogue> = { en, ru };
provideLanguage('ru', ru);
