// The studio's live preview: the real renderer drawing the editor's screens, network calls shown instead of sent.
import type { Revision } from '@miniapps/contract';
import { type MiniAppEffects, MiniAppRuntime } from '@miniapps/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { PreviewControls, type PreviewSettings } from './preview-controls.js';
import { type HeldCall, previewSource } from './preview-source.js';
import { SampleState, type SampleValues } from './sample-state.js';
import './studio-preview.css';

export interface PreviewScreens {
  /** The last screens that parsed, by path; a broken text keeps its last good version here. */
  screens: ReadonlyMap<string, unknown>;
  /** Increases with each redraw, so the runtime starts again on the new screens. */
  generation: number;
}

/** The held calls listed, newest first. */
const HELD_SHOWN = 5;

export interface StudioPreviewProps {
  preview: PreviewScreens;
  /** The screen the editor shows: the preview starts there. */
  page: string;
  /** The app's name, in the preview's title bar. */
  title: string;
  /** The app's datasets: another object starts the app again (screens read them on load), so keep it stable. */
  data: Revision['data'];
  /** The app's strings by locale: another object redraws the texts in place. */
  strings: Revision['strings'];
  /** Shows a screen the preview navigated to in the editor. */
  onShow?(path: string): void;
}

export function StudioPreview({ preview, page, title, data, strings, onShow }: StudioPreviewProps) {
  const { t, language } = useLanguage();
  const [settings, setSettings] = useState<PreviewSettings>(() => ({
    language,
    scheme: 'light',
    width: 390,
  }));
  const [sample, setSample] = useState({ values: {} as SampleValues, generation: 0 });
  const takeSample = useCallback(
    (values: SampleValues) =>
      setSample((before) =>
        JSON.stringify(values) === JSON.stringify(before.values)
          ? before
          : { values, generation: before.generation + 1 },
      ),
    [],
  );
  // Datasets are read by a screen's onLoad, so other datasets start the app again, as other screens do.
  const [dataRound, setDataRound] = useState(0);
  const drawnData = useRef(data);
  useEffect(() => {
    if (data === drawnData.current) return;
    drawnData.current = data;
    setDataRound((n) => n + 1);
  }, [data]);
  const [calls, setCalls] = useState<HeldCall[]>([]);
  const hold = useCallback(
    (call: HeldCall) => setCalls((held) => [call, ...held.slice(0, HELD_SHOWN - 1)]),
    [],
  );
  const source = useMemo(
    () =>
      previewSource(
        { screens: preview.screens, data, strings, language: settings.language, sampleState: sample.values },
        {
          noScreen: (path) => t('studio.preview.noScreen', { path }),
          noDataset: (name) => t('studio.preview.noDataset', { name }),
        },
        hold,
      ),
    [preview, data, strings, settings.language, sample, t, hold],
  );
  // The page the preview shows, which its own navigation changes and the editor's does not.
  const [shown, setShown] = useState(page);
  const effects = useMemo<Partial<MiniAppEffects>>(
    () => ({ navigate: ({ link }) => setShown(link.split('?')[0] ?? link) }),
    [],
  );
  const launch = useMemo(() => ({ locale: settings.language }), [settings.language]);
  return (
    <section className="studio-preview" aria-label={t('studio.preview.title')}>
      <h2>{t('studio.preview.title')}</h2>
      <PreviewControls settings={settings} onChange={setSettings} />
      <p className="studio-preview-page">
        {t('studio.preview.showing')} <code>{shown}</code>
        {onShow && shown !== page && preview.screens.has(shown) && (
          <>
            {' '}
            <button type="button" className="button button-text" onClick={() => onShow(shown)}>
              {t('studio.preview.showInEditor')}
            </button>
          </>
        )}
      </p>
      <div
        className="studio-phone"
        data-testid="studio-preview"
        lang={settings.language}
        style={{ width: `${settings.width}px` }}
      >
        <MiniAppRuntime
          // Edited screens, datasets or sample start the app again; a language or scheme redraws it in place.
          key={`${preview.generation}:${sample.generation}:${dataRound}:${page}`}
          source={source}
          startPath={page}
          mode="development"
          lang={settings.language}
          colorScheme={settings.scheme}
          launch={launch}
          effects={effects}
          title={title}
        />
      </div>
      <SampleState onSample={takeSample} />
      {calls.length > 0 && (
        <div className="studio-calls">
          <h3>{t('studio.preview.held')}</h3>
          <ul>
            {calls.map((call, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the newest first, the list is only shown.
              <li key={index}>
                <code>
                  {call.method} {call.url}
                </code>
                {call.body !== undefined && <pre>{JSON.stringify(call.body, null, 2)}</pre>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
