// What the editor holds now (unsaved edits included) against the app's live version, screen by screen.
import { isHostError } from '@miniapps/host';
import { useDeferredValue } from 'react';
import { ScreensDiff } from '../diff/diff-view.js';
import type { ScreenItem } from '../diff/screen-diff.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { parsedObject } from './studio-content.js';

/** A screen as the editor holds it: its text, which may not parse mid-edit. */
export interface EditedScreen {
  path: string;
  title?: string | undefined;
  text: string;
}

export function StudioChanges({
  org,
  slug,
  liveVersion,
  screens,
}: {
  org: string;
  slug: string;
  /** null: nothing approved yet, so every screen in the editor is new. */
  liveVersion: number | null;
  screens: readonly EditedScreen[];
}) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const live = useResource(
    async (): Promise<readonly ScreenItem[]> =>
      liveVersion === null
        ? []
        : ((
            await api.request('GET /api/v1/orgs/:org/apps/:slug/revisions/:version', {
              params: { org, slug, version: String(liveVersion) },
            })
          ).revision.screens ?? []),
    [api, org, slug, liveVersion],
  );
  // Typing stays quick on a large app: the comparison follows a moment behind the keystrokes.
  const edited = useDeferredValue(screens);

  if (live.error) {
    // Only the last revisions are kept: a live version older than them has no screens left to read here.
    return isHostError(live.error) && live.error.status === 404 && liveVersion !== null ? (
      <p className="notice">{t('studio.changes.liveGone', { version: liveVersion })}</p>
    ) : (
      <ErrorNotice error={live.error} />
    );
  }
  if (!live.data) return <Loading />;
  // A text that does not parse is left out on both sides rather than shown as removed.
  const parsed = edited.map((screen) => ({ screen, json: parsedObject(screen.text) }));
  const unparsed = new Set(parsed.filter((p) => p.json === undefined).map((p) => p.screen.path));
  const after = parsed.flatMap(({ screen, json }): ScreenItem[] =>
    json === undefined
      ? []
      : [{ path: screen.path, json, ...(screen.title !== undefined && { title: screen.title }) }],
  );
  const before = live.data.filter((screen) => !unparsed.has(screen.path));
  return (
    <div className="studio-changes">
      <p className="muted">
        {liveVersion === null
          ? t('studio.changes.noLive')
          : t('studio.changes.against', { version: liveVersion })}
      </p>
      {[...unparsed].map((path) => (
        <p key={path} className="notice">
          {t('studio.changes.unparsed', { path })}
        </p>
      ))}
      <ScreensDiff before={before} after={after} identical={t('studio.changes.none')} />
    </div>
  );
}
