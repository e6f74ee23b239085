// The language setting: follow the browser, or a language the user picks (remembered on this device).
import { browserLanguage, type Language, languages, useLanguage } from './language.js';

// Each language is named in itself, so a reader finds theirs whatever the page's language.
export const ownNames: Record<Language, string> = { en: 'English', ru: 'Русский' };

export function LanguageSwitch() {
  const { choice, choose, t } = useLanguage();
  return (
    <label className="form language-switch">
      {t('settings.language')}
      <select
        name="language"
        value={choice ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          choose(languages.find((language) => language === value));
        }}
      >
        <option value="">{t('settings.languageAuto', { language: ownNames[browserLanguage()] })}</option>
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {ownNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
