// The studio's history: the editor against the live version, and the kept revisions to load into the editor.
import type { App } from '@miniapps/contract';
import { type ReactNode, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { type EditedScreen, StudioChanges } from './studio-changes.js';
import { type LoadedRevision, StudioRevisions } from './studio-revisions.js';

export type { EditedScreen } from './studio-changes.js';
export type { LoadedRevision } from './studio-revisions.js';

export interface StudioHistoryProps {
  app: App;
  /** The version the editor is based on: when a save or a load moves it, the list is read again. */
  version: number;
  screens: readonly EditedScreen[];
  dirty: boolean;
  onRestore(loaded: LoadedRevision): void;
}

export function StudioHistory({ app, version, screens, dirty, onRestore }: StudioHistoryProps) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const org = app.organizationId;
  const slug = app.slug;
  const list = useResource(
    () => api.request('GET /api/v1/orgs/:org/apps/:slug/revisions', { params: { org, slug } }),
    [api, org, slug, version],
  );
  return (
    <section className="studio-history" aria-labelledby="studio-history-title">
      <h2 id="studio-history-title">{t('studio.history')}</h2>
      <ErrorNotice error={list.error} />
      {list.data === undefined ? (
        list.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <Fold summary={t('studio.changes.title')}>
            <StudioChanges org={org} slug={slug} liveVersion={list.data.liveVersion} screens={screens} />
          </Fold>
          <Fold summary={t('studio.revisions.title')}>
            <StudioRevisions org={org} slug={slug} list={list.data} dirty={dirty} onLoad={onRestore} />
          </Fold>
        </>
      )}
    </section>
  );
}

/** A part opened on demand: closed, it neither reads revisions nor compares screens at each keystroke. */
function Fold({ summary, children }: { summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children}
    </details>
  );
}
