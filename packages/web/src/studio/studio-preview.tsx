// The studio's live preview: the real renderer drawing the editor's screens, network calls shown instead of sent.
import { HostError, type ScreenSource } from '@miniapps/host';
import { MiniAppRuntime } from '@miniapps/react';
import { useMemo, useState } from 'react';
import { useLanguage } from '../i18n/language.js';

export interface PreviewScreens {
  /** The last screens that parsed, by path; a broken text keeps its last good version here. */
  screens: ReadonlyMap<string, unknown>;
  /** Increases with each redraw, so the runtime starts again on the new screens. */
  generation: number;
}

interface HeldCall {
  method: string;
  url: string;
  body?: unknown;
}

export function StudioPreview({ preview, page }: { preview: PreviewScreens; page: string }) {
  const { t, language } = useLanguage();
  const [calls, setCalls] = useState<HeldCall[]>([]);
  const source = useMemo<ScreenSource>(
    () => ({
      loadScreen: async (path) => {
        const screen = preview.screens.get(path);
        if (screen === undefined)
          throw new HostError('not_found', t('studio.preview.noScreen', { path }), { status: 404 });
        return screen;
      },
      // Held, not sent: the developer sees what the screen would send, the app's origin sees nothing.
      request: async (call) => {
        setCalls((held) => [
          { method: call.method, url: call.url, ...(call.body !== undefined && { body: call.body }) },
          ...held.slice(0, 4),
        ]);
        return {};
      },
    }),
    [preview, t],
  );
  return (
    <section className="studio-preview" aria-label={t('studio.preview.title')}>
      <h2>{t('studio.preview.title')}</h2>
      <div className="studio-phone" data-testid="studio-preview">
        <MiniAppRuntime
          key={`${preview.generation}:${page}`}
          source={source}
          startPath={page}
          mode="development"
          lang={language}
          title={t('studio.preview.title')}
        />
      </div>
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
