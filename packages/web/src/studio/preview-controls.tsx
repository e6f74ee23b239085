// The preview's own settings: the app's language (not the console's), its colour scheme and the phone's width.
import { type Language, languages, useLanguage } from '../i18n/language.js';
import { ownNames } from '../i18n/language-switch.js';

/** Common phone widths in CSS pixels: a small phone, today's usual one, a large one. */
export const PREVIEW_WIDTHS = [320, 390, 430] as const;
export const PREVIEW_SCHEMES = ['light', 'dark'] as const;

export interface PreviewSettings {
  language: Language;
  scheme: (typeof PREVIEW_SCHEMES)[number];
  width: (typeof PREVIEW_WIDTHS)[number];
}

interface Choice<T> {
  value: T;
  label: string;
  /** The option's own language, when it is named in it. */
  lang?: string;
}

/** A labelled select over a fixed list; the select's text is mapped back to the list's value. */
function Setting<T extends string | number>(props: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange(value: T): void;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value}
        onChange={(e) => {
          const chosen = props.choices.find((choice) => String(choice.value) === e.target.value);
          if (chosen) props.onChange(chosen.value);
        }}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value} lang={choice.lang}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PreviewControls({
  settings,
  onChange,
}: {
  settings: PreviewSettings;
  onChange(settings: PreviewSettings): void;
}) {
  const { t } = useLanguage();
  const change = (patch: Partial<PreviewSettings>) => onChange({ ...settings, ...patch });
  return (
    <fieldset className="form form-inline studio-preview-controls">
      <legend className="visually-hidden">{t('studio.preview.settings')}</legend>
      <Setting
        label={t('studio.preview.language')}
        value={settings.language}
        choices={languages.map((language) => ({
          value: language,
          label: ownNames[language],
          lang: language,
        }))}
        onChange={(language) => change({ language })}
      />
      <Setting
        label={t('studio.preview.scheme')}
        value={settings.scheme}
        choices={PREVIEW_SCHEMES.map((scheme) => ({
          value: scheme,
          label: t(`studio.preview.scheme.${scheme}`),
        }))}
        onChange={(scheme) => change({ scheme })}
      />
      <Setting
        label={t('studio.preview.width')}
        value={settings.width}
        choices={PREVIEW_WIDTHS.map((width) => ({
          value: width,
          label: t('studio.preview.widthPx', { width }),
        }))}
        onChange={(width) => change({ width })}
      />
    </fieldset>
  );
}
