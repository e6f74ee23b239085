// The preview's sample state: a JSON object the developer types, laid over every screen's own `state`.
import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../i18n/language.js';

/** The preview takes the sample this long after the last keystroke, as it does the screens. */
const SAMPLE_DELAY_MS = 300;

export type SampleValues = Record<string, unknown>;

/** The text's object, or undefined while it is not one (a half-typed text, a list, a number). */
function sampleOf(text: string): SampleValues | undefined {
  if (text.trim() === '') return {};
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as SampleValues)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A text box; `onSample` hears each object it holds once typing pauses, never a broken one. */
export function SampleState({ onSample }: { onSample(values: SampleValues): void }) {
  const { t } = useLanguage();
  const [text, setText] = useState('{}');
  const hint = useId();
  const problem = useId();
  const valid = sampleOf(text) !== undefined;
  useEffect(() => {
    const values = sampleOf(text);
    if (values === undefined) return;
    const timer = setTimeout(() => onSample(values), SAMPLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSample]);
  return (
    <div className="form studio-sample">
      <label>
        {t('studio.preview.sample')}
        <textarea
          rows={4}
          spellCheck={false}
          value={text}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? hint : `${problem} ${hint}`}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {!valid && (
        <p id={problem} className="notice notice-error notice-hint">
          {t('studio.preview.sampleBroken')}
        </p>
      )}
      <p id={hint} className="muted notice-hint">
        {t('studio.preview.sampleHint')}
      </p>
    </div>
  );
}
